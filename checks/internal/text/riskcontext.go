package text

import (
	"regexp"
	"strings"
)

var (
	// ScoreRe matches a likelihood × impact score: "score 16", "L4 × I4 =
	// 16", "risk score: 20/25".
	ScoreRe = regexp.MustCompile(`(?i)\b(?:score[ \t]*[:=]?[ \t]*|L[1-5][ \t]*[×x*][ \t]*I[1-5][ \t]*=[ \t]*)([0-9]{1,2})(?:[ \t]*/[ \t]*25)?\b`)
	// GradeScaleRe matches a document's declaration of a letter scale:
	// "rated A (must be changed), B ..." or "Priority A".
	GradeScaleRe = regexp.MustCompile(`(?i)\b(?:rated|rating|graded|grades?|categor(?:y|ies|ised|ized)|classified|priorit(?:y|ies|ised|ized))[^.\n]{0,40}?\bA\b[ \t]*(?:\(|=|:|–|—|-)`)
	// GradeRe matches a letter grade next to rating punctuation: "(A)",
	// "– B", "Rating: C", "A-rated".
	GradeRe = regexp.MustCompile(`(?:\(|\[|[–—][ \t]*|(?i:rating|rated|grade|priority|category)[ \t]*:?[ \t]*)([ABC])(?:\)|\]|\b)|\b([ABC])-rated\b`)
	// RefToFindingRe matches a recommendation's pointer to the finding it
	// answers: an id ("F2", "B3", "T-1", "AI-2") or "Finding 3", "Issue 2",
	// "item 4", "point 2", "vulnerability 1".
	RefToFindingRe = regexp.MustCompile(`\b([A-Z]{1,3}-?[0-9]{1,3})\b|(?i:\b(finding|issue|item|point|risk|vulnerability|observation|row)[ \t]+#?([0-9]{1,3})\b)`)
	// LeadIDRe matches the id or numbered family label a line starts with,
	// after heading, table, list and bold markup.
	LeadIDRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__|\*|_)?(?:([A-Z]{1,3}-?[0-9]{1,3})|(?i:(finding|issue|item|point|risk|vulnerability|observation)[ \t]+#?([0-9]{1,3})))(?:[^A-Za-z0-9]|$)`)
)

// MayLeadID is a cheap exact prefilter for leadIDRe: false only when the
// regexp cannot match t. Past the heading, table, list and bold markup
// (all of it in the trim set) leadIDRe needs an id ("F-2": up to three
// capitals, then '-' or a digit) or a family word, whose first letter is
// one of f, i, p, r, v, o in either case (none folds to a non-ASCII rune).
func MayLeadID(t string) bool {
	s := strings.TrimLeft(t, "#|-*+_ \t")
	if s == "" {
		return false
	}
	switch s[0] | 0x20 {
	case 'f', 'i', 'p', 'r', 'v', 'o':
		return true
	}
	u := 0
	for u < len(s) && u < 3 && s[u] >= 'A' && s[u] <= 'Z' {
		u++
	}
	return u > 0 && u < len(s) && (s[u] == '-' || s[u] >= '0' && s[u] <= '9')
}

// OrderedItemAt reports whether orderedItemRe matches t ("12. Term"): one
// to three digits, '.' or ')', spaces or tabs, then any rune but \s. It
// reads the bytes itself: the regexp's backtracker clears a bitmap the
// length of the line on every call.
func OrderedItemAt(t string) bool {
	i := 0
	for i < len(t) && i < 4 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 3 || i == len(t) || t[i] != '.' && t[i] != ')' {
		return false
	}
	i++
	j := i
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if j == i || j == len(t) {
		return false
	}
	switch t[j] {
	case '\n', '\f', '\r':
		return false
	}
	return true
}

// RowRiskText returns the text a table row's rating is read from: its
// severity cells with their headings ("Priority: 1", "Severity: High"),
// or the whole row when the table has no severity column.
func RowRiskText(text string, cells []Span, header []string, sevCols []int) string {
	if len(sevCols) == 0 {
		var b strings.Builder
		for _, c := range cells {
			b.WriteString("| " + text[c.Start:c.End] + " ")
		}
		return b.String()
	}
	var b strings.Builder
	for _, i := range sevCols {
		if i < len(cells) && i < len(header) {
			c := strings.TrimSpace(text[cells[i].Start:cells[i].End])
			if m := cellGradeRe.FindStringSubmatch(c); m != nil {
				c = gradeWord(m[1])
			}
			b.WriteString(strings.Trim(header[i], "*_ ") + ": " + c + " | ")
		}
	}
	return b.String()
}

// LineEndAt returns the end of the line starting at ls (before '\n').
func LineEndAt(text string, ls int) int {
	if e := strings.IndexByte(text[ls:], '\n'); e >= 0 {
		return ls + e
	}
	return len(text)
}

// LineAbove returns the nearest line above at that holds more than
// blanks, as start and end (before its '\n'), or -1, -1; at is a line's
// start, or the end of text, whose last line without a '\n' is then the
// first one read. It reads at most reach bytes back, so that a long line
// costs bounded work: a line cut by reach starts where the window does.
func LineAbove(text string, at, reach int) (int, int) {
	lo := max(0, at-reach)
	e := at - 1 // the '\n' that ends the line above at
	if at == len(text) && at > 0 && text[at-1] != '\n' {
		e = at
	}
	for e > lo {
		s := strings.LastIndexByte(text[lo:e], '\n') + 1 + lo
		if strings.TrimSpace(text[s:e]) != "" {
			return s, e
		}
		e = s - 1
	}
	return -1, -1
}

// OpensBlock reports whether line s opens a block: an ATX heading, a title
// line, a bold run that is more than a one-word field label ("**Fix:**",
// "- **Severity:**" are fields of the block, not its start), or a line
// that starts with a finding id.
func OpensBlock(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	if lvl, _ := HeadingLevel(t); lvl > 0 {
		return true
	}
	if t[0] == '*' || t[0] == '_' {
		mark := "**"
		if strings.HasPrefix(t, "__") {
			mark = "__"
		}
		if b, ok := strings.CutPrefix(t, mark); ok {
			if i := strings.Index(b, mark); i > 0 {
				if strings.TrimSpace(b[i+len(mark):]) == "" && !strings.HasSuffix(strings.TrimSpace(b[:i]), ":") {
					return true // a wholly bold line is a heading ("**Advice**")
				}
				return !fieldLabel(b[:i])
			}
		}
	}
	if OrderedItemAt(t) && PlainTitle(t) {
		return true
	}
	if len(t) < 80 && CapsLine(t) && !strings.HasPrefix(t, "|") {
		return true
	}
	return MayBeItemLabel(t) && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "|") && MayLeadID(t) && LeadIDRe.MatchString(t)
}

// fieldLabel reports whether a bold run is a one-word field label
// ("Fix:", "Severity.", "Evidence").
func fieldLabel(b string) bool {
	b = strings.TrimRight(strings.TrimSpace(b), ":.")
	return b != "" && !strings.ContainsAny(b, " \t0123456789")
}
