package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the one answer to "is this line a heading, and of what
// level and title": LineHeading. SectionHeadings, OwnSectionHeads, the
// signature regions and the values family's section levels all read a
// line's heading through it.

// HeadingForm is the layout a heading line is written in.
type HeadingForm uint8

const (
	// NotHeading: the line is no heading.
	NotHeading HeadingForm = iota
	// AtxHeading: a Markdown heading ("## Fees").
	AtxHeading
	// BoldHeading: a line that is wholly bold ("**Summary**", "**Fees:**",
	// "**Fees**:", "__Fees__").
	BoldHeading
	// NumberedHeading: a plain numbered title ("3. Next steps").
	NumberedHeading
	// LabelHeading: a short line ending in ':' ("Summary:").
	LabelHeading
	// CapitalsHeading: a short line written in capitals ("RECOMMENDATIONS").
	CapitalsHeading
	// BracketHeading: a title in East Asian lenticular or tortoise-shell
	// brackets, the heading of Japanese, Chinese and Korean business
	// writing ("【Proposed Countermeasures】", "〔Summary〕").
	BracketHeading
	// SymbolHeading: a short title after a section marker or a pictograph
	// ("■ Findings", "▶ Next steps", "🔍 What we found").
	SymbolHeading
	// HTMLHeading: a title in HTML heading markup, as chat interfaces and
	// exported notes write it ("<h2>Findings</h2>", "<summary><strong>F-01
	// · Token leak · High</strong></summary>").
	HTMLHeading
)

// BelowMarkdown is the level of a heading that is not a Markdown heading:
// below every '#' level.
const BelowMarkdown = 7

// Heading is what LineHeading reads from a heading line.
type Heading struct {
	Form HeadingForm
	// Level is the Markdown level (1-6) of an AtxHeading, BelowMarkdown
	// for the other forms.
	Level int
	// Title is the heading's words: after the '#' marks, inside the bold,
	// after the number, before the ':'.
	Title string
	// Capitals reports whether the title, emphasis and a final ':' aside,
	// is written in capitals and shorter than 60 bytes ("SIGNATURES:",
	// "**EXECUTION**"), whatever the form.
	Capitals bool
}

// LineHeading reports whether the line s (surrounding blanks allowed) is a
// heading and reads its form, level and title. The forms are tried in
// order: a Markdown heading; a wholly bold line (the bold run, then only
// ':' or '.'); a numbered plain title ("3. Next steps", see PlainTitle); a
// line under 60 bytes ending in ':' with no '.', ':' or ';' before it; a
// line under 60 bytes with capitals and no lower-case letter; a title in
// lenticular brackets ("【Summary of Evaluation】").
func LineHeading(s string) (Heading, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Heading{}, false
	}
	if t, lvl, ok := htmlTitle(s); ok {
		return Heading{Form: HTMLHeading, Level: lvl, Title: t, Capitals: capitalsTitle(t)}, true
	}
	lvl, off := HeadingLevel(s)
	h := Heading{Level: BelowMarkdown, Capitals: capitalsTitle(strings.Trim(s[off:], "*_ \t:"))}
	switch {
	case lvl > 0:
		h.Form, h.Level, h.Title = AtxHeading, lvl, s[off:]
	case strings.HasPrefix(s, "**") || strings.HasPrefix(s, "__"):
		t, mark := s[2:], s[:2]
		if i := strings.Index(t, mark); i > 0 && len(strings.TrimSpace(strings.TrimRight(t[i+2:], ":."))) == 0 {
			h.Form, h.Title = BoldHeading, t[:i]
		}
	}
	if h.Form == NotHeading {
		switch {
		case MatchIf(StartsWithAny(s, "0123456789"), OrderedItemRe, s) != nil && PlainTitle(s):
			h.Form, h.Title = NumberedHeading, s[strings.IndexByte(s, ' ')+1:]
		case strings.HasSuffix(s, ":") && len(s) < 60 && !strings.ContainsAny(s[:len(s)-1], ".:;"):
			h.Form, h.Title = LabelHeading, s[:len(s)-1]
		case len(s) < 60 && capitalsTitle(s):
			h.Form, h.Title = CapitalsHeading, s
		default:
			if t, ok := bracketTitle(s); ok {
				h.Form, h.Title = BracketHeading, t
			} else if t, ok := symbolTitle(s); ok {
				h.Form, h.Title = SymbolHeading, t
			}
		}
	}
	return h, h.Form != NotHeading
}

// Marked reports whether the heading is set apart by marks rather than by
// Markdown, emphasis or capitals: lenticular brackets, a section marker or
// pictograph, or HTML heading markup.
func (h Heading) Marked() bool {
	return h.Form == BracketHeading || h.Form == SymbolHeading || h.Form == HTMLHeading
}

// markedTitle reports whether line t (trimmed) is a title in lenticular
// brackets or after a section marker ("【Findings】", "■ Findings").
func markedTitle(t string) bool {
	if _, ok := bracketTitle(t); ok {
		return true
	}
	_, ok := symbolTitle(t)
	return ok
}

// titleBrackets are the bracket pairs a whole-line title stands in.
var titleBrackets = [...][2]string{{"【", "】"}, {"〔", "〕"}, {"［", "］"}, {"〖", "〗"}}

// bracketTitle returns the title of a line wholly in titleBrackets, under
// 80 bytes with no sentence inside.
func bracketTitle(s string) (string, bool) {
	for _, b := range titleBrackets {
		if t, ok := strings.CutPrefix(s, b[0]); ok && len(s) < 80 {
			if t, ok = strings.CutSuffix(t, b[1]); ok && t != "" && !strings.ContainsAny(t, ".;!?") {
				return strings.TrimSpace(t), true
			}
		}
	}
	return "", false
}

// inlineTags are the HTML tags a heading's text may sit in.
var inlineTags = map[string]bool{"strong": true, "b": true, "em": true, "i": true, "u": true, "span": true, "p": true}

// htmlTitle returns the text of a line wholly in HTML heading markup — an
// <h1>-<h6> element (its level) or a <summary> (BelowMarkdown), with inline
// tags inside — and whether it is one.
func htmlTitle(s string) (string, int, bool) {
	inner, open := StripLineTags(s)
	if inner == "" || strings.Contains(inner, "<") {
		return "", 0, false
	}
	switch {
	case open == "summary":
		return inner, BelowMarkdown, true
	case len(open) == 2 && open[0] == 'h' && open[1] >= '1' && open[1] <= '6':
		return inner, int(open[1] - '0'), true
	}
	return "", 0, false
}

// StripLineTags returns line s without the HTML tags that open and close
// it (<summary>, <h2>, <strong>, <b>, ...), trimmed, and the first block
// tag it opened with ("summary", "h2"; "" for none). A line that does not
// open with a tag is returned as it is.
func StripLineTags(s string) (string, string) {
	s = strings.TrimSpace(s)
	block := ""
	for strings.HasPrefix(s, "<") {
		end := strings.IndexByte(s, '>')
		if end < 0 {
			break
		}
		name := strings.ToLower(strings.Fields(s[1:end] + " ")[0])
		if name != "summary" && !(len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6') && !inlineTags[name] {
			break
		}
		if block == "" && !inlineTags[name] {
			block = name
		}
		s = strings.TrimSpace(s[end+1:])
	}
	for strings.HasSuffix(s, ">") {
		start := strings.LastIndex(s, "</")
		if start < 0 {
			break
		}
		s = strings.TrimSpace(s[:start])
	}
	return s, block
}

// symbolTitle returns the title of a line that opens with a section
// marker (a square, a triangle, a diamond, a star) or a pictograph, then a
// blank and at most six words that start with a capital and end with no
// sentence mark: "■ One-line summary", "🔍 What we found". The small
// bullets of a list ("•", "▪", "◦", "‣") mark items, not sections.
func symbolTitle(s string) (string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if !sectionMarker(r) || len(s) > 80 {
		return "", false
	}
	t := strings.TrimLeft(s[n:], "\uFE0F \t")
	if len(t) == len(s[n:]) || t == "" || t[0] < 'A' || t[0] > 'Z' && (t[0] < '0' || t[0] > '9') {
		return "", false // no blank after the marker, or no capital
	}
	if strings.ContainsAny(t[len(t)-1:], ".;!?,") || len(strings.Fields(t)) > 6 {
		return "", false
	}
	return strings.TrimRight(t, ": "), true
}

// sectionMarker reports whether r marks a section: a geometric square,
// triangle, diamond or star, or a pictograph (emoji).
func sectionMarker(r rune) bool {
	switch r {
	case '■', '□', '▶', '►', '▷', '◆', '◇', '★', '☆', '❖', '✦', '➤', '➜':
		return true
	}
	return r >= 0x1F300 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x26FF || r >= 0x2700 && r <= 0x27BF && r != '✓' && r != '✔' && r != '✗' && r != '✘'
}

// capitalsTitle reports whether s is under 60 bytes with a capital and no
// lower-case letter: what strings.ToUpper(s) == s && strings.ToLower(s) !=
// s says, rune by rune and without allocating (LineHeading reads every
// line).
func capitalsTitle(s string) bool {
	if len(s) >= 60 {
		return false
	}
	upper := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			return false // ToUpper would replace the invalid byte
		case unicode.ToUpper(r) != r:
			return false
		case unicode.ToLower(r) != r:
			upper = true
		}
	}
	return upper
}

// titleReach bounds the opening read for a text's title.
const titleReach = 1200

// TitleLine returns the first non-blank line of text, within its first
// titleReach bytes, without Markdown marks: the title a document opens
// with ("Amendment No. 2 to the Supply Agreement").
func TitleLine(text string) string {
	var t string
	ForEachLineUntil(text[:min(len(text), titleReach)], func(l Line) bool {
		t = strings.Trim(strings.TrimSpace(text[l.Start:l.End]), "#*_ \t")
		return t == ""
	})
	return t
}
