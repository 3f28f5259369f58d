package values

import (
	"bytes"
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads the start of a line: list markers, labels ("Platform
// fee:"), lead-ins, clause numbers and item ids.

// vListMarkerAt reports whether a line starts with a list marker.
func vListMarkerAt(raw string) bool {
	s := strings.TrimLeft(raw, " \t")
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "+ ") {
		return true
	}
	// "2. ", "10) "
	i := 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && (s[i+1] == ' ' || s[i+1] == '\t')
}

// vSkipListMarker returns the offset after a list marker ("- ", "2. ",
// "(a) ") at i, or i.
func vSkipListMarker(text string, i, end int) int {
	j := i
	if j+1 < end && (text[j] == '-' || text[j] == '*' || text[j] == '+') && text[j+1] == ' ' {
		return vSkipBlanks(text, j+2, end)
	}
	k := j
	for k < end && k-j < 3 && text[k] >= '0' && text[k] <= '9' {
		k++
	}
	if k > j && k+1 < end && (text[k] == '.' || text[k] == ')') && text[k+1] == ' ' {
		return vSkipBlanks(text, k+2, end)
	}
	if j < end && text[j] == '(' {
		k = j + 1
		for k < end && k-j <= 4 && (vIsLetterByte(text[k]) || text[k] >= '0' && text[k] <= '9') {
			k++
		}
		if k < end && k > j+1 && text[k] == ')' && k+1 < end && text[k+1] == ' ' {
			return vSkipBlanks(text, k+2, end)
		}
	}
	return i
}

func vSkipBlanks(text string, i, end int) int {
	for i < end && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// vLineLabel finds a label at the start of a line: up to seven words
// before a colon ("Platform fee:", "**Severity:**", "New amount:"). It
// returns where the label's text ends (ls) and where the body starts (le).
func vLineLabel(text string, i, end int) (le, ls int, ok bool) {
	limit := min(end, i+80)
	words := 0
	inWord := false
	for j := i; j < limit; j++ {
		c := text[j]
		switch {
		case c == ':':
			if words == 0 || j+1 < end && text[j+1] != ' ' && text[j+1] != '*' && text[j+1] != '\t' {
				return 0, 0, false // "10:30", "http://"
			}
			ls = j
			for ls > i && (text[ls-1] == '*' || text[ls-1] == '_' || text[ls-1] == ' ') {
				ls--
			}
			le = j + 1
			for le < end && (text[le] == '*' || text[le] == '_' || text[le] == ' ' || text[le] == '\t') {
				le++
			}
			return le, ls, words <= 5
		case c == '.' || c == ';' || c == '!' || c == '?' || c == '(' || c == ',' && words > 4 || c == '-' && j+1 < limit && text[j+1] == ' ':
			return 0, 0, false
		case c == 0xE2 && j+2 < limit && text[j+1] == 0x80 && (text[j+2] == 0x94 || text[j+2] == 0x93):
			return 0, 0, false // an em or en dash: a title, not a label
		case doctext.IsWordByte(c) || c >= vUtf8RuneSelf:
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = false
		}
	}
	return 0, 0, false
}

const vUtf8RuneSelf = 0x80

// vBoldLead finds a bold lead-in at i ("**Transition assistance (90
// days).** The following ..."): it returns the end of its text.
func vBoldLead(text string, i, end int) (int, bool) {
	if !strings.HasPrefix(text[i:end], "**") {
		return 0, false
	}
	j := strings.Index(text[i+2:end], "**")
	if j < 0 || j > 160 {
		return 0, false
	}
	return i + 2 + j, true
}

// ownLabel returns the anchor of a line's own number ("8.1 This Agreement
// ...", "2.4 **Exit**", "### F-02 IDOR"), or "". A contract's own clause
// numbers are what references name ("ref:"); a review's are its own
// ("own:").
func (d *valueDoc) ownLabel(s string) string {
	if d.review {
		return vOwnLabel(s, "own:")
	}
	return vOwnLabel(s, "ref:")
}

// vOwnLabel returns the anchor of a line's own number, in namespace ns
// ("own:" or "ref:"; an item id is always "id:").
func vOwnLabel(s, ns string) string {
	s = strings.TrimLeft(s, " \t*_")
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || s[0] >= 'A' && s[0] <= 'Z' && strings.IndexByte(s[:min(len(s), 6)], '-') > 0) {
		return "" // neither "8.1 ..." nor "F-02 ..."
	}
	if s[0] >= '0' && s[0] <= '9' {
		// "8.1 ", "10.2.3 ": digits with at least one dot, then a break.
		i, dots := 0, 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
			if s[i] == '.' {
				dots++
			}
			i++
		}
		if dots == 0 || i < len(s) && doctext.WordByte[s[i]] {
			return ""
		}
		return ns + s[:i]
	}
	if m := valueLabelRe.FindStringSubmatch(s); m != nil {
		if m[2] != "" {
			if id := vItemID(m[2]); id != "" {
				return "id:" + id
			}
			return ""
		}
		return ns + m[1]
	}
	return ""
}

// vItemID normalises an item id ("F-02" -> "F-2", "AI-2", "NA-02") or
// returns "".
func vItemID(s string) string {
	dash := strings.IndexByte(s, '-')
	if dash < 1 || dash > 4 || dash == len(s)-1 || len(s)-dash-1 > 3 {
		return ""
	}
	for i := 0; i < dash; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return ""
		}
	}
	n := strings.TrimLeft(s[dash+1:], "0")
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return ""
		}
	}
	if n == "" {
		n = "0"
	}
	return s[:dash+1] + n
}

// textAnchors returns the anchors of text[from:to] (see tokenAnchors).
func (d *valueDoc) textAnchors(from, to int) []string {
	d.toks = vTokenize(d.toks[:0], d.text, from, to)
	return d.tokenAnchors(nil)
}

// valueLabelRe finds a line's own number: "8.1 This Agreement ...",
// "2.4 **Exit**" (group 1), "### F-02 IDOR" (group 2).
var valueLabelRe = regexp.MustCompile(`^(?:\*\*)?(?:(\d{1,3}(?:\.\d{1,3})+)\b|([A-Z]{1,4}-\d{1,3})\b)`)

// valueClauseNumber reports whether s is a multi-level number ("11.3").
func valueClauseNumber(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.' && i > 0 && i < len(s)-1 && s[i-1] != '.':
			dot = true
		case s[i] < '0' || s[i] > '9':
			return false
		}
	}
	return dot
}

// vClauseList returns the clause numbers of a cell that lists only clause
// numbers ("7.1 / 5.1", "3.2, 3.4 and 9.1"), or nil.
func vClauseList(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ',' || r == ';' || r == '&' || r == ' ' })
	var out []string
	for _, p := range f {
		if p == "and" {
			continue
		}
		if !valueClauseNumber(p) {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// sectionLevel returns the level of a section title line: a Markdown
// heading's level, 7 for a line that is all bold ("**Recommendations**"),
// 0 for other lines.
func sectionLevel(raw string) int {
	// Both forms open with '#', "**" or "__" once trimmed: most lines are
	// neither, and spare LineHeading's tests of the other forms
	// (FuzzSectionLevel).
	s := strings.TrimSpace(raw)
	if s == "" || s[0] != '#' && s[0] != '*' && s[0] != '_' {
		return 0
	}
	if s[0] == '#' {
		// An ATX heading or no section title: the level HeadingLevel reads,
		// without LineHeading's reading of the title's capitals.
		lvl, _ := doctext.HeadingLevel(s)
		return lvl
	}
	switch h, _ := doctext.LineHeading(raw); h.Form {
	case doctext.AtxHeading, doctext.BoldHeading:
		return h.Level
	}
	return 0
}

// vRecommendationTitle reports whether a section title opens the
// recommendations (what the deliverable proposes) and not findings too:
// "## Recommendations", "**Proposed changes**", "Next steps".
func vRecommendationTitle(s string) bool {
	var buf [256]byte
	// Lower-cased as strings.ToLower would, on the stack for a short title
	// (most hold a dash or a quote mark: not ASCII), not into a new string.
	l := doctext.LowerInto(buf[:], s)
	for _, w := range vNotRecommendationWords {
		if bytes.Contains(l, w) {
			return false
		}
	}
	for _, w := range vRecommendationWords {
		if bytes.Contains(l, w) {
			return true
		}
	}
	return false
}

// vNotRecommendationWords mark a title of findings; vRecommendationWords
// one of recommendations (vRecommendationTitle).
var (
	vNotRecommendationWords = [][]byte{[]byte("finding"), []byte("issue"), []byte("observation"), []byte("analysis")}
	vRecommendationWords    = [][]byte{[]byte("recommend"), []byte("proposed change"), []byte("proposed amendment"), []byte("our proposal"),
		[]byte("next step"), []byte("suggested change"), []byte("requested change"), []byte("action")}
)

// vTotalLabel reports whether a label names a total: "Total", "Total
// fixed fee", "Amount due", "Grand total", "Subtotal".
func vTotalLabel(label string) bool {
	l := strings.ToLower(label)
	return strings.Contains(l, "total") || strings.Contains(l, "amount due") || strings.Contains(l, "balance due") || strings.Contains(l, "sum due")
}

// vBreakdownIntro reports whether a line ending in ":" introduces the
// parts of an amount stated just before: "This is made up of:", "as
// follows:", "broken down as:".
func vBreakdownIntro(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"made up of", "consists of", "comprises", "comprising", "broken down", "breakdown", "as follows", "itemised", "itemized", "calculated as", "works out as"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// vDefinite reports whether a label is a definite noun phrase: "Your
// credit", "The total", "Our fee".
func vDefinite(label string) bool {
	l := strings.ToLower(strings.TrimLeft(label, " *_"))
	for _, p := range []string{"the ", "your ", "our ", "this ", "that "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}
