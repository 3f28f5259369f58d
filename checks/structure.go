package checks

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// line is one line of text: [start,end) excludes the line break.
type line struct{ start, end int }

// forEachLine calls fn for every line of text, in order.
func forEachLine(text string, fn func(l line)) {
	forEachLineUntil(text, func(l line) bool { fn(l); return true })
}

// forEachUnfencedLine calls fn for every line of text outside fenced code
// blocks (``` or ~~~), with the line's raw text and its trimmed text: the
// rules that read a document's own structure never read code, whose
// numbers and headings are not the document's. Fence lines themselves are
// skipped.
func forEachUnfencedLine(text string, fn func(l line, raw, s string)) {
	fence := false
	forEachLine(text, func(l line) {
		raw := text[l.start:l.end]
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

// forEachLineUntil calls fn for every line of text, in order, until fn
// returns false.
func forEachLineUntil(text string, fn func(l line) bool) {
	for i := 0; i <= len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			fn(line{i, len(text)})
			return
		}
		end := i + j
		if end > i && text[end-1] == '\r' {
			end--
		}
		if !fn(line{i, end}) {
			return
		}
		i += j + 1
	}
}

// headingLevel returns the ATX heading level of s (a line) and the offset
// of its text, or 0 when s is not a heading.
func headingLevel(s string) (level, textOff int) {
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

// leadingSpaces returns the number of leading blanks of s (a tab counts 4).
func leadingSpaces(s string) int {
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

// listItemRe matches the start of a Markdown list item: "- ", "* ", "+ ",
// "1. ", "1) ".
var listItemRe = regexp.MustCompile(`^(?:[-*+]|\d{1,3}[.)])[ \t]`)

// itemKind describes one kind of review item: recommendations or findings.
type itemKind struct {
	heading    *phraseMatcher // a heading with one of these words opens a section
	anyHeading bool           // every top-level heading opens a section
	label      *regexp.Regexp // a line that starts one item anywhere
	labelFirst string         // the bytes a label line can start with
}

var (
	recommendationKind = itemKind{
		heading:    newPhraseMatcher(recommendationsSection.Headings),
		label:      regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*|__|\*|_)?(?:(?:Recommendation|Rec\.|R)[ \t]*#?\d+\b|(?i:(?:recommended|suggested|proposed|required)[ \t]+)?(?i:fix|fixes|remediation|mitigation|recommendation|action|actions|resolution|countermeasure|next[ \t]+steps?)(?:[ \t]*[:.](?:\*\*|__|\*|_)?|(?:\*\*|__|\*|_)[ \t]*[:.]))`),
		labelFirst: "-*+_RrFfMmAaCcNnSsPp",
	}
	findingKind = itemKind{
		heading:    newPhraseMatcher([]string{"finding", "findings", "issue", "issues", "observation", "observations"}),
		label:      regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*|__)?(?:Finding|Issue|F)[ \t]*#?\d+\b`),
		labelFirst: "-*+_FI",
	}
)

// paraNumRe matches a numbered paragraph of a review ("3.1 ", "**3.1**
// "): in a memo's recommendations each is one item.
var paraNumRe = regexp.MustCompile(`^(?:\*\*)?\d{1,3}\.\d{1,3}\.?(?:\*\*)?[ \t]`)

// anySection is the item kind of the whole document: every top-level
// section's sub-headings, numbered paragraphs and list items. A review
// whose advice is not under a "Recommendations" heading (an "Analysis"
// with drafting under each point) is read with it.
var anySection = itemKind{anyHeading: true, heading: newPhraseMatcher(nil), label: regexp.MustCompile(`^\b\B`), labelFirst: ""}

// startsWithAny reports whether s starts with one of the bytes in set. It
// guards line regexps so that most lines cost one byte comparison.
func startsWithAny(s, set string) bool {
	return s != "" && strings.IndexByte(set, s[0]) >= 0
}

// digitsAndStar are the first bytes of a numbered line ("3.2", "**3.2**").
const digitsAndStar = "0123456789*"

// span is a byte range [start,end) of a text.
type span struct{ start, end int }

// items returns the byte ranges of the review items of one kind in text.
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
func items(text string, kind itemKind, review bool) []span {
	var out []span
	inSection := false
	sectionLevel := 0
	var sectionStart int
	var sectionItems int // items opened in the current section
	cur := -1            // index in out of the open item, or -1
	closeItem := func(at int) {
		if cur >= 0 {
			out[cur].end = trimRightSpace(text, out[cur].start, at)
			cur = -1
		}
	}
	// Paragraph fallback for a section without markers.
	closeSection := func(at int) {
		closeItem(at)
		if inSection && sectionItems == 0 {
			out = append(out, paragraphs(text, sectionStart, at)...)
		}
		inSection = false
	}
	prevBlank := true
	nonBlank := 0 // non-blank lines so far
	forEachLine(text, func(l line) {
		s := text[l.start:l.end]
		blankBefore := prevBlank
		prevBlank = strings.TrimSpace(s) == ""
		if !prevBlank {
			nonBlank++
		}
		lvl, off := headingLevel(s)
		if lvl == 0 && review && blankBefore {
			// A plain-text memo's title line ("3. Next steps", "ADVICE",
			// "**Issues**") is a heading; in its letterhead ("FILE NOTE
			// AND ADVICE") only a numbered one is.
			if l2, o2 := reviewTitle(s); l2 > 0 && (nonBlank > letterheadLines || startsWithAny(s, "0123456789")) {
				lvl, off = l2, o2
			}
		}
		if lvl == 0 && review && blankBefore && plainHeadingLine(s) {
			lvl, off = 2, 0 // "ADVICE", "**Recommendations**": a plain-text memo's section
		}
		if lvl > 0 {
			if inSection && lvl <= sectionLevel {
				closeSection(l.start)
			}
			// A numbered heading ("## 5. Issue of Shares") is a clause of a
			// contract, not a review section.
			if h := s[off:]; !inSection && (review || !headingNumRe.MatchString(h)) && (kind.anyHeading || kind.heading.contains(h, wordSpans(h), len(h))) {
				closeItem(l.start)
				inSection, sectionLevel, sectionStart, sectionItems = true, lvl, l.end, 0
				return
			}
			if inSection {
				closeItem(l.start)
				out = append(out, span(l))
				cur = len(out) - 1
				sectionItems++
				return
			}
			closeItem(l.start)
			return
		}
		trimmed := strings.TrimLeft(s, " \t")
		if startsWithAny(trimmed, kind.labelFirst) && kind.label.MatchString(trimmed) ||
			inSection && leadingSpaces(s) < 2 && startsWithAny(trimmed, "-*+0123456789") && listItemRe.MatchString(trimmed) ||
			inSection && review && leadingSpaces(s) < 2 && startsWithAny(trimmed, digitsAndStar) && paraNumRe.MatchString(trimmed) {
			closeItem(l.start)
			out = append(out, span(l))
			cur = len(out) - 1
			if inSection {
				sectionItems++
			}
		}
	})
	closeSection(len(text))
	closeItem(len(text))
	sortSpans(out)
	return out
}

// paragraphs returns the non-blank paragraphs of text[from:to].
func paragraphs(text string, from, to int) []span {
	var out []span
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
			out = append(out, span{start, trimRightSpace(text, start, i)})
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
		out = append(out, span{start, trimRightSpace(text, start, to)})
	}
	return out
}

// trimRightSpace returns end moved left past trailing white space, not
// before start.
func trimRightSpace(text string, start, end int) int {
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

// sortSpans sorts spans by start offset, keeping equal starts in order.
func sortSpans(ss []span) {
	slices.SortStableFunc(ss, func(a, b span) int { return cmp.Compare(a.start, b.start) })
}

// plainHeadingLine reports whether s is a heading in a plain-text or
// lightly formatted deliverable: a short line in capitals ("ADVICE", "KEY
// RISKS") or wholly in bold ("**Recommendations**").
func plainHeadingLine(s string) bool {
	t := strings.TrimSpace(s)
	if len(t) < 3 || len(t) > 60 {
		return false
	}
	if strings.HasPrefix(t, "**") && strings.HasSuffix(strings.TrimRight(t, ":"), "**") && strings.Count(t, "**") == 2 {
		// "**Recommendations:**" is a heading; "**On Finding 2 — Revise
		// Section 3.2 to read:**" introduces drafting.
		return !strings.HasSuffix(strings.TrimSuffix(t, "**"), ":") || wordCount(t, 0, len(t)) <= 4
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
