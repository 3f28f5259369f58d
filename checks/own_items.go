package checks

import (
	"regexp"
	"strconv"
	"strings"
)

// A deliverable numbers its items in many layouts: a numbered list, bold
// or plain numbered titles, numbered sub-headings or the first column of a
// table, under a heading that names what they are ("Findings",
// "Recommended redlines", "VULNERABILITIES", "Comments"), or by an id
// prefix at the start of a heading, row or title ("T-3", "AI-2", "**P-4
// — ...**"). The helpers here collect those labels so that "Finding 9",
// "items 5 to 10", "see Comment 5" or "P-4 to P-6" resolve against what
// the text actually has.

// itemFamilyOf returns the item family a heading or reference word names
// ("Recommendations", "recommended", "rec" -> "recommendation"; "rows" ->
// "item"), or "" when it names none. Parts (section, part, paragraph) are
// not items.
func itemFamilyOf(word string) string {
	w := strings.ToLower(strings.Trim(word, ":*_.,;()"))
	switch {
	case w == "":
		return ""
	case strings.HasPrefix(w, "recommend") || w == "rec" || w == "recs":
		return "recommendation"
	case strings.HasPrefix(w, "vuln"):
		return "vulnerability"
	case w == "row" || w == "rows" || w == "item" || w == "items":
		return "item"
	}
	for _, f := range itemFamilies {
		if w == f || w == f+"s" {
			return f
		}
	}
	return ""
}

// itemFamilies are the families of numbered items a deliverable may label.
var itemFamilies = []string{"finding", "issue", "comment", "amendment", "observation", "step", "action", "question", "option", "point", "item"}

// itemTracker follows the headings of a text and assigns each numbered
// unit below a heading that names a family to that family; every numbered
// unit is also an "item". The family ends at the next heading of the same
// style (or a Markdown heading at the same level or above) that names
// none: a "Fix:" label inside a finding does not end the findings.
type itemTracker struct {
	family string
	style  string // headingStyle of the family heading
	level  int    // its Markdown level, 0 for other styles
}

// headingStyle names how a heading line is set: "#" (Markdown), "bold",
// "caps", "colon" or "plain" (a numbered title line).
func headingStyle(s string, lvl int) string {
	switch {
	case lvl > 0:
		return "#"
	case strings.HasPrefix(s, "**") || strings.HasPrefix(s, "__"):
		return "bold"
	case strings.HasSuffix(s, ":"):
		return "colon"
	case strings.ToUpper(s) == s:
		return "caps"
	}
	return "plain"
}

var (
	// numberedUnitRe matches a numbered unit at the start of a trimmed
	// line, after bold markup: "1. ...", "**2. ...**", "3) ...".
	numberedUnitRe = regexp.MustCompile(`^(?:\*\*|__)?(\d{1,3})[.)](?:\*\*|__)?[ \t]+\S`)
	// tableItemRe matches a table row whose first cell is a number.
	tableItemRe = regexp.MustCompile(`^\|[ \t]*(?:\*\*)?(\d{1,3})\.?(?:\*\*)?[ \t]*\|`)
	// prefixIDRe matches an id label at the start of a heading, table row,
	// list item or bold title: "| T-3 |", "### AI-2 —", "**P-4 — ...".
	// Outside a heading the id must end its cell or be set off by a
	// separator ("- T-2's fields" mentions T-2, it does not label it).
	prefixIDRe = regexp.MustCompile(`^(?:(#{1,6}[ \t]+)|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__)?([A-Z]{1,3})-?([0-9]{1,3})\b(?:\*\*|__)?([ \t]*(?:[|:.)—–-]|$))?`)
)

// headingFamily returns the first item family the words of a heading
// name, or "".
func headingFamily(h string) string {
	for _, w := range strings.Fields(h) {
		if f := itemFamilyOf(w); f != "" && f != "item" {
			return f
		}
	}
	return ""
}

// line reads one trimmed, non-blank line outside code and drafted blocks
// and adds the labels it defines.
func (t *itemTracker) line(s string, add func(fam, n string)) {
	unit := func(n string) {
		if t.family != "" {
			add(t.family, n)
		}
		add("item", n)
	}
	if m := matchIf(strings.HasPrefix(s, "|"), tableItemRe, s); m != nil {
		unit(s[m[2]:m[3]])
		return
	}
	lvl, off := headingLevel(s)
	body := s[off:]
	m := matchIf(startsWithAny(body, digitsAndStar+"_"), numberedUnitRe, body)
	if lvl == 0 && (m != nil || len(sectionHeadings(s)) == 0) {
		if m != nil {
			unit(body[m[2]:m[3]]) // "1. ...", "**2. ...**" in the running text
		}
		return
	}
	if f := headingFamily(body); f != "" {
		t.family, t.style, t.level = f, headingStyle(s, lvl), lvl // "## 3. Recommendations", "**Findings**"
		return
	}
	if m != nil && (t.family == "" || lvl == 0 || t.level == 0 || lvl > t.level) {
		unit(body[m[2]:m[3]]) // "### 1. Harmful story" under "## Vulnerabilities"
		return
	}
	if style := headingStyle(s, lvl); style == t.style && (lvl == 0 || lvl <= t.level) || lvl > 0 && t.level == 0 {
		t.family = "" // a sibling section that names no family
	}
}

// idLabels collects id-prefix labels ("T-3", "AI-2") by prefix.
type idLabels map[string]map[int]bool

// line records the id label a trimmed line starts with, if any.
func (ids idLabels) line(s string) {
	m := matchIf(mayBeIDLabel(s), prefixIDRe, s)
	if m == nil || m[2] < 0 && m[8] < 0 {
		return
	}
	n, err := strconv.Atoi(s[m[6]:m[7]])
	if err != nil {
		return
	}
	p := s[m[4]:m[5]]
	if ids[p] == nil {
		ids[p] = map[int]bool{}
	}
	ids[p][n] = true
}

// mayBeIDLabel is a cheap test that a trimmed line may start with an id
// label: after markup, an upper-case letter.
func mayBeIDLabel(s string) bool {
	s = strings.TrimLeft(s, "#|-*+_ \t")
	return s != "" && s[0] >= 'A' && s[0] <= 'Z'
}

// beyond reports whether n lies past the register of prefix p: the text
// labels at least two ids with p, numbered from 1 without a gap, and n is
// above the last. A number inside the range, or a prefix used for a
// rating or a quarter ("P1", "Q3"), is left alone.
func (ids idLabels) beyond(p string, n int) bool {
	set := ids[p]
	if len(set) < 2 {
		return false
	}
	for i := 1; i <= len(set); i++ {
		if !set[i] {
			return false
		}
	}
	return n > len(set)
}

// refListItemRe reads one more element of a reference list after a
// number: ", 3", " and 5", " to 10", "–6".
var refListItemRe = regexp.MustCompile(`^[ \t]*(,|and|or|&|to|through|–|-)[ \t]*(?:and[ \t]+|or[ \t]+)?#?([0-9]{1,3})\b`)

// refListNumbers returns the further numbers of a reference list whose
// first number ends at e, and the end of the list. Comma-separated numbers
// count only when the list closes with "and", "or", "to" or a dash
// ("Findings 2, 3 and 5"), so "Finding 2, 3 days later" reads one.
func refListNumbers(text string, e int) ([]string, int) {
	w := text[e:min(len(text), e+80)]
	var nums []string
	keep, end := 0, e
	for pos := 0; len(nums) < 12; {
		m := refListItemRe.FindStringSubmatchIndex(w[pos:])
		if m == nil {
			break
		}
		nums = append(nums, w[pos+m[4]:pos+m[5]])
		if w[pos+m[2]:pos+m[3]] != "," {
			keep, end = len(nums), e+pos+m[1]
		}
		pos += m[1]
	}
	if keep == 0 {
		return nil, e
	}
	return nums[:keep], end
}

// idRef reads an id reference at word w: "T6", "AI-5" (the word "AI"
// followed by "-5"), "T-2's". It returns the prefix, the number and the
// end of the reference.
func idRef(text string, w span) (prefix string, n, end int, ok bool) {
	i := w.start
	for i < w.end && i-w.start < 4 && text[i] >= 'A' && text[i] <= 'Z' {
		i++
	}
	if i == w.start || i-w.start > 3 {
		return "", 0, 0, false
	}
	d := i
	if i == w.end && i+1 < len(text) && text[i] == '-' {
		d = i + 1 // "AI-5": the word is "AI"
	}
	e := d
	for e < len(text) && e-d < 4 && text[e] >= '0' && text[e] <= '9' {
		e++
	}
	if e == d || e-d > 3 || e < len(text) && (isWordByte(text[e]) || text[e] == '.' && e+1 < len(text) && text[e+1] >= '0' && text[e+1] <= '9') {
		return "", 0, 0, false // not a whole id: "AI-5x", "T2.3"
	}
	if d == i && e != w.end {
		return "", 0, 0, false
	}
	n, err := strconv.Atoi(text[d:e])
	return text[w.start:i], n, e, err == nil
}

// refOfOtherRe matches what, right after an item reference, puts it in
// another document: "of Schedule 2", "in the ICO guidance", "under the
// Code".
var refOfOtherRe = regexp.MustCompile(`^,?[ \t]+(?:of|in|under|from)[ \t]+(?:the[ \t]+)?(?:[A-Z]|(?i:schedule|annex|appendix|exhibit|guidance|code|act|regulation|standard|policy|agreement|contract|draft|their|its)\b)`)

// refOfOther reports whether the item reference ending at e (and its
// list) names an item of another document.
func refOfOther(text string, e int) bool {
	rest := text[e:min(len(text), e+80)]
	if _, end := refListNumbers(text, e); end > e {
		rest = text[end:min(len(text), end+80)]
	}
	m := refOfOtherRe.FindStringIndex(rest)
	return m != nil && !refOfThisRe.MatchString(rest[m[1]-1:])
}
