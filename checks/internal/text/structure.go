package text

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// Line is one line of text: [start,end) excludes the line break.
type Line struct{ Start, End int }

// ForEachLine calls fn for every line of text, in order.
func ForEachLine(text string, fn func(l Line)) {
	ForEachLineUntil(text, func(l Line) bool { fn(l); return true })
}

// ForEachUnfencedLine calls fn for every line of text outside fenced code
// blocks (``` or ~~~), with the line's raw text and its trimmed text: the
// rules that read a document's own structure never read code, whose
// numbers and headings are not the document's. Fence lines themselves are
// skipped.
func ForEachUnfencedLine(text string, fn func(l Line, raw, s string)) {
	fence := false
	ForEachLine(text, func(l Line) {
		raw := text[l.Start:l.End]
		s := strings.TrimSpace(raw)
		if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
			fence = !fence
			return
		}
		if !fence {
			fn(l, raw, s)
		}
	})
}

// ForEachLineUntil calls fn for every line of text, in order, until fn
// returns false.
func ForEachLineUntil(text string, fn func(l Line) bool) {
	for i := 0; i <= len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			fn(Line{i, len(text)})
			return
		}
		end := i + j
		if end > i && text[end-1] == '\r' {
			end--
		}
		if !fn(Line{i, end}) {
			return
		}
		i += j + 1
	}
}

// HeadingLevel returns the ATX heading level of s (a line) and the offset
// of its text, or 0 when s is not a heading.
func HeadingLevel(s string) (level, textOff int) {
	i := 0
	for i < len(s) && i < 3 && s[i] == ' ' {
		i++
	}
	n := 0
	for i+n < len(s) && s[i+n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (i+n < len(s) && s[i+n] != ' ' && s[i+n] != '\t') {
		return 0, 0
	}
	j := i + n
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return n, j
}

// LeadingSpaces returns the number of leading blanks of s (a tab counts 4).
func LeadingSpaces(s string) int {
	n := 0
	for _, c := range []byte(s) {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// ListItemRe matches the start of a Markdown list item: "- ", "* ", "+ ",
// "1. ", "1) ".
var ListItemRe = regexp.MustCompile(`^(?:[-*+]|\d{1,3}[.)])[ \t]`)

// itemKind describes one kind of review item: recommendations or findings.
type itemKind struct {
	heading    *PhraseMatcher // a heading with one of these words opens a section
	anyHeading bool           // every top-level heading opens a section
	label      *regexp.Regexp // a line that starts one item anywhere
	labelFirst string         // the bytes a label line can start with
	// labelWords are the words, lower-cased, a label line's first word
	// can be (firstWordIn): most lines that open with a byte of
	// labelFirst ("Risk: 4.", "Replacement text:") need no expression.
	labelWords map[string]bool
}

// The item kinds of a review: RecommendationKind finds recommendations (a
// section headed like RecommendationsSection, or a line labelled
// "Recommendation 3", "R3", "Fix:", "Mitigation:" anywhere), FindingKind
// findings (a section headed "Findings", "Issues" or "Observations", or a
// line labelled "Finding 2", "Issue 2", "F2").
var (
	RecommendationKind = itemKind{
		heading:    NewPhraseMatcher(RecommendationsSection.Headings),
		label:      regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*|__|\*|_)?(?:(?:Recommendation|Rec\.|R)[ \t]*#?\d+\b|(?i:(?:recommended|suggested|proposed|required)[ \t]+)?(?i:fix|fixes|remediation|mitigation|recommendation|action|actions|resolution|countermeasure|next[ \t]+steps?)(?:[ \t]*[:.](?:\*\*|__|\*|_)?|(?:\*\*|__|\*|_)[ \t]*[:.]))`),
		labelFirst: "-*+_RrFfMmAaCcNnSsPp",
		labelWords: wordSet("recommendation", "rec", "r", "recommended", "suggested", "proposed", "required", "fix", "fixes",
			"remediation", "mitigation", "action", "actions", "resolution", "countermeasure", "next"),
	}
	FindingKind = itemKind{
		heading:    NewPhraseMatcher([]string{"finding", "findings", "issue", "issues", "observation", "observations"}),
		label:      regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*|__)?(?:Finding|Issue|F)[ \t]*#?\d+\b`),
		labelFirst: "-*+_FI",
		labelWords: wordSet("finding", "issue", "f"),
	}
)

// paraNumRe matches a numbered paragraph of a review ("3.1 ", "**3.1**
// "): in a memo's recommendations each is one item.
var paraNumRe = regexp.MustCompile(`^(?:\*\*)?\d{1,3}\.\d{1,3}\.?(?:\*\*)?[ \t]`)

// AnySection is the item kind of the whole document: every top-level
// section's sub-headings, numbered paragraphs and list items. A review
// whose advice is not under a "Recommendations" heading (an "Analysis"
// with drafting under each point) is read with it.
var AnySection = itemKind{anyHeading: true, heading: NewPhraseMatcher(nil), label: regexp.MustCompile(`^\b\B`), labelFirst: ""}

// StartsWithAny reports whether s starts with one of the bytes in set. It
// guards line regexps so that most lines cost one byte comparison.
func StartsWithAny(s, set string) bool {
	return s != "" && strings.IndexByte(set, s[0]) >= 0
}

// DigitsAndStar are the first bytes of a numbered line ("3.2", "**3.2**").
const DigitsAndStar = "0123456789*"

// Span is a byte range [start,end) of a text.
type Span struct{ Start, End int }

// Items returns the byte ranges of the review items of one kind in text.
//
// An item is either a line matching kind.label (anywhere in the text), or,
// inside a section whose heading holds one of kind.heading's words and does
// not start with a number (up to the next heading of the same or a higher
// level), a sub-heading or a top-level list item. An item runs to the start of the next item or the end of its
// section. A section with none of these markers has one item per paragraph.
// Items are returned in document order. In a review deliverable (review is
// true: a memo, redline or red-team report) a numbered heading
// ("## 3. Recommendations") is the deliverable's own section and opens one
// too.
func Items(text string, kind itemKind, review bool) []Span {
	var out []Span
	inSection := false
	sectionLevel := 0
	var sectionStart int
	var sectionItems int // items opened in the current section
	cur := -1            // index in out of the open item, or -1
	closeItem := func(at int) {
		if cur >= 0 {
			out[cur].End = TrimRightSpace(text, out[cur].Start, at)
			cur = -1
		}
	}
	// Paragraph fallback for a section without markers.
	closeSection := func(at int) {
		closeItem(at)
		if inSection && sectionItems == 0 {
			out = append(out, Paragraphs(text, sectionStart, at)...)
		}
		inSection = false
	}
	prevBlank := true
	nonBlank := 0 // non-blank lines so far
	ForEachLine(text, func(l Line) {
		s := text[l.Start:l.End]
		blankBefore := prevBlank
		prevBlank = strings.TrimSpace(s) == ""
		if !prevBlank {
			nonBlank++
		}
		lvl, off, fold := itemsHeading(s, review, blankBefore, nonBlank)
		if fold {
			closeItem(l.Start) // a collapsible block ends the item before it
			return
		}
		if lvl > 0 {
			if inSection && lvl <= sectionLevel {
				closeSection(l.Start)
			}
			// A numbered heading ("## 5. Issue of Shares") is a clause of a
			// contract, not a review section.
			if h := s[off:]; !inSection && (review || !HeadingNumRe.MatchString(h)) && (kind.anyHeading || kind.heading.Contains(h, WordSpans(h), len(h))) {
				closeItem(l.Start)
				inSection, sectionLevel, sectionStart, sectionItems = true, lvl, l.End, 0
				return
			}
			if inSection {
				closeItem(l.Start)
				out = append(out, Span(l))
				cur = len(out) - 1
				sectionItems++
				return
			}
			closeItem(l.Start)
			return
		}
		trimmed := strings.TrimLeft(s, " \t")
		if StartsWithAny(trimmed, kind.labelFirst) && firstWordIn(trimmed, kind.labelWords) && kind.label.MatchString(trimmed) ||
			inSection && LeadingSpaces(s) < 2 && StartsWithAny(trimmed, "-*+0123456789") && ListItemRe.MatchString(trimmed) ||
			inSection && review && LeadingSpaces(s) < 2 && StartsWithAny(trimmed, DigitsAndStar) && paraNumRe.MatchString(trimmed) {
			closeItem(l.Start)
			out = append(out, Span(l))
			cur = len(out) - 1
			if inSection {
				sectionItems++
			}
		}
	})
	closeSection(len(text))
	closeItem(len(text))
	SortSpans(out)
	return out
}

// itemsHeading returns the heading level and text offset Items reads
// line s at (0 for none), and whether s is the edge of a collapsible
// block ("<details>", "</details>"), which ends the item before it. A
// <summary> or <hN> line is a heading wherever it stands; in a review
// after a blank line, so is a plain-text memo's title line ("3. Next
// steps", "ADVICE", "**Issues**"), in its letterhead ("FILE NOTE AND
// ADVICE") only a numbered one.
func itemsHeading(s string, review, blankBefore bool, nonBlank int) (lvl, off int, fold bool) {
	lvl, off = HeadingLevel(s)
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "<") && lvl == 0 {
		if detailsEdge(t) {
			return 0, 0, true
		}
		if _, _, ok := htmlTitle(t); ok {
			return 2, 0, false
		}
	}
	if lvl == 0 && review && blankBefore {
		if l2, o2 := ReviewTitle(s); l2 > 0 && (nonBlank > LetterheadLines || StartsWithAny(s, "0123456789")) {
			lvl, off = l2, o2
		}
	}
	if lvl == 0 && review && blankBefore && plainHeadingLine(s) {
		lvl, off = 2, 0 // "ADVICE", "**Recommendations**": a plain-text memo's section
	}
	return lvl, off, false
}

// Paragraphs returns the non-blank paragraphs of text[from:to].
func Paragraphs(text string, from, to int) []Span {
	var out []Span
	start := -1
	i := from
	for i < to {
		j := strings.IndexByte(text[i:to], '\n')
		end := to
		if j >= 0 {
			end = i + j
		}
		blank := strings.TrimSpace(text[i:end]) == ""
		if blank && start >= 0 {
			out = append(out, Span{start, TrimRightSpace(text, start, i)})
			start = -1
		} else if !blank && start < 0 {
			start = i
		}
		if j < 0 {
			break
		}
		i = end + 1
	}
	if start >= 0 {
		out = append(out, Span{start, TrimRightSpace(text, start, to)})
	}
	return out
}

// TrimRightSpace returns end moved left past trailing white space, not
// before start.
func TrimRightSpace(text string, start, end int) int {
	for end > start {
		switch text[end-1] {
		case ' ', '\t', '\n', '\r':
			end--
			continue
		}
		break
	}
	return end
}

// SortSpans sorts spans by start offset, keeping equal starts in order.
func SortSpans(ss []Span) {
	slices.SortStableFunc(ss, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
}

// plainHeadingLine reports whether s is a heading in a plain-text or
// lightly formatted deliverable: a short line in capitals ("ADVICE", "KEY
// RISKS"), wholly in bold ("**Recommendations**") or in lenticular
// brackets (bracketTitle).
func plainHeadingLine(s string) bool {
	t := strings.TrimSpace(s)
	if markedTitle(t) {
		return true // "【Proposed Countermeasures】", "■ Findings"
	}
	if len(t) < 3 || len(t) > 60 {
		return false
	}
	if strings.HasPrefix(t, "**") && strings.HasSuffix(strings.TrimRight(t, ":"), "**") && strings.Count(t, "**") == 2 {
		// "**Recommendations:**" is a heading; "**On Finding 2 — Revise
		// Section 3.2 to read:**" introduces drafting.
		return !strings.HasSuffix(strings.TrimSuffix(t, "**"), ":") || WordCount(t, 0, len(t)) <= 4
	}
	letters := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= 'a' && c <= 'z':
			return false
		case c >= 'A' && c <= 'Z':
			letters++
		}
	}
	return letters >= 3
}
