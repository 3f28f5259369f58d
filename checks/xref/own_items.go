package xref

import (
	"regexp"
	"strconv"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A deliverable numbers its items in many layouts: a numbered list, bold
// or plain numbered titles, numbered sub-headings or the first column of a
// table, under a heading that names what they are ("Findings",
// "Recommended redlines", "VULNERABILITIES", "Comments"), or by an id
// prefix (see shortRef). The helpers here collect those labels so that
// "Finding 9", "items 5 to 10" or "see Comment 5" resolve against what the
// text actually has.

// itemFamilyOf returns the item family a heading or reference word names
// ("Recommendations", "recommended", "rec" -> "recommendation"; "rows" ->
// "item"), or "" when it names none. Parts (section, part, paragraph) are
// not items.
func itemFamilyOf(word string) string {
	w := strings.Trim(word, ":*_.,;()")
	switch {
	case w == "":
		return ""
	case doctext.AsciiFoldPrefix(w, "recommend") || asciiFoldEqual(w, "rec") || asciiFoldEqual(w, "recs"):
		return "recommendation"
	case doctext.AsciiFoldPrefix(w, "vuln"):
		return "vulnerability"
	case asciiFoldEqual(w, "row") || asciiFoldEqual(w, "rows") || asciiFoldEqual(w, "item") || asciiFoldEqual(w, "items"):
		return "item"
	case asciiFoldEqual(w, "appendix") || asciiFoldEqual(w, "appendices"):
		return "appendix"
	case asciiFoldEqual(w, "annex") || asciiFoldEqual(w, "annexes"):
		return "annex"
	}
	for _, f := range itemFamilies {
		if asciiFoldEqual(w, f) || len(w) == len(f)+1 && w[len(f)]|0x20 == 's' && doctext.AsciiFoldPrefix(w, f) {
			return f
		}
	}
	return ""
}

// asciiFoldEqual reports whether w is p (lower-case ASCII), ASCII case
// aside.
func asciiFoldEqual(w, p string) bool { return len(w) == len(p) && doctext.AsciiFoldPrefix(w, p) }

// itemFamilies are the families of numbered items a deliverable may label.
var itemFamilies = []string{"finding", "issue", "comment", "amendment", "observation", "step", "action", "question", "option", "point", "item", "table", "figure", "attachment"}

// partLabelRe matches a line that opens one of the text's own appendices,
// annexes, tables or figures: "## Appendix C – Costs", "**Table 2:**
// Fees", "Figure 1. Flow".
var partLabelRe = regexp.MustCompile(`^(#{1,6}[ \t]+)?(?:\*\*|__)?(?i:(appendix|annex|table|figure|attachment))[ \t]+([A-Z]|\d{1,3})\b((?:\*\*|__)|[ \t]*[:.—–-]|[ \t]*$)?`)

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
	// "(4) ..." numbers a unit too, as amendments and a deed's operative
	// paragraphs are often numbered.
	numberedUnitRe = regexp.MustCompile(`^(?:\*\*|__)?(?:(\d{1,3})[.)]|\((\d{1,3})\))(?:\*\*|__)?[ \t]+\S`)
	// tableItemRe matches a table row whose first cell is a number.
	tableItemRe = regexp.MustCompile(`^\|[ \t]*(?:\*\*)?(\d{1,3})\.?(?:\*\*)?[ \t]*\|`)
)

// headingFamily returns the first item family the words of a heading
// name, or "" (appendices, tables and figures are parts, not lists).
func headingFamily(h string) string {
	for w := range strings.FieldsSeq(h) {
		if f := itemFamilyOf(w); f != "" && f != "item" {
			if attachmentFamily(f) {
				return ""
			}
			return f
		}
	}
	return ""
}

// attachmentFamily reports whether a family names parts a text labels by
// letter or number on a line of their own: appendices, annexes, tables,
// figures, attachments.
func attachmentFamily(f string) bool {
	switch f {
	case "appendix", "annex", "table", "figure", "attachment":
		return true
	}
	return false
}

// line reads one trimmed, non-blank line outside code and drafted blocks
// and adds the labels it defines.
func (t *itemTracker) line(s string, add func(fam, n string)) {
	if m := doctext.MatchIf(doctext.StartsWithAny(s, "#*_AaTtFf"), partLabelRe, s); m != nil && (m[2] >= 0 || m[8] >= 0) {
		add(itemFamilyOf(s[m[4]:m[5]]), strings.ToUpper(s[m[6]:m[7]])) // "## Appendix C", "Table 2:"
	}
	unit := func(n string) {
		if t.family != "" {
			add(t.family, n)
		}
		add("item", n)
	}
	if m := doctext.MatchIf(strings.HasPrefix(s, "|"), tableItemRe, s); m != nil {
		unit(s[m[2]:m[3]])
		return
	}
	lvl, off := doctext.HeadingLevel(s)
	body := s[off:]
	m := doctext.MatchIf(doctext.StartsWithAny(body, doctext.DigitsAndStar+"_("), numberedUnitRe, body)
	if m != nil && m[2] < 0 {
		m[2], m[3] = m[4], m[5] // "(4)": the number in parentheses
	}
	if lvl == 0 && m == nil && shortTitleLine(s) && len(doctext.SectionHeadings(s)) == 0 {
		// "Amendments", "Next steps": a plain-text heading of a few words
		// opens a family, or ends the one a title of its kind opened.
		if f := headingFamily(s); f != "" {
			t.family, t.style, t.level = f, "title", 0
		} else if t.style == "title" {
			t.family = ""
		}
		return
	}
	if lvl == 0 && (m != nil || len(doctext.SectionHeadings(s)) == 0) {
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

// refListItemRe reads one more element of a reference list after a
// number: ", 3", " and 5", " to 10", "–6".
var refListItemRe = regexp.MustCompile(`^\)?[ \t]*(,|and|or|&|to|through|–|-)[ \t]*(?:and[ \t]+|or[ \t]+)?(?:#|\()?([0-9]{1,3})\b\)?`)

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
		if k := pos + m[1]; k+1 < len(w) && w[k] == '.' && w[k+1] >= '0' && w[k+1] <= '9' {
			break // "item 1 and 164.312(a)": a dotted number is another kind of label, not one of the list
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

// refOfOtherRe matches what, right after an item reference, puts it in
// another document: "of Schedule 2", "in the ICO guidance", "under the
// Code", "in the attached price list", "of their comments".
var refOfOtherRe = regexp.MustCompile(`^,?[ \t]+(?:of|in|under|from)[ \t]+(?:(?:the|their|its|your|our|a|an)[ \t]+)?(?:[A-Z]|(?i:schedule|annex|appendix|exhibit|guidance|code|act|regulation|standard|policy|agreement|contract|draft|attached|enclosed|separate|previous|counterparty|supplier|customer|their|its)\b)`)

// ownPlaceRe matches, in the words after an item reference, a place in
// this text: "in this memo", "in the table above", "below".
var ownPlaceRe = regexp.MustCompile(`(?i)^[^.;\n]{0,40}?\b(?:this|these|above|below|earlier|later)\b`)

// refOfOther reports whether the item reference ending at e (and its
// list) names an item of another document.
func refOfOther(text string, e int) bool {
	if qualifiedByPart(text, e) {
		return true
	}
	if m := saysInRe.FindStringSubmatch(text[max(0, e-80):e]); m != nil && !ownPartNouns[strings.ToLower(m[1])] {
		return true // "as the authorisation asks in item 5": that document's item
	}
	rest := text[e:min(len(text), e+80)]
	if _, end := refListNumbers(text, e); end > e {
		rest = text[end:min(len(text), end+80)]
	}
	if ownPlaceRe.MatchString(rest) {
		return false
	}
	if refOfOtherRe.MatchString(rest) {
		return true
	}
	// "item 5 of the test plan": of a document the text names by a noun
	// phrase that is not one of its own parts.
	m := refOfNamedRe.FindStringSubmatch(rest)
	return m != nil && !ownPartNouns[strings.ToLower(m[1])] && !ownPartNouns[strings.ToLower(m[2])]
}

// saysInRe matches, before an item reference and its number, a document
// that says something in it: "as the authorisation asks in item 5".
var saysInRe = regexp.MustCompile(`(?i)\bthe[ \t]+([a-z]+)[ \t]+(?:asks|says|requires|states|provides|sets[ \t]+out|lists|allows|demands|specifies)[ \t]+(?:in|at|under|by)[ \t]+[a-z]+[ \t]+[0-9A-Za-z.()-]+$`)

// refOfNamedRe matches "of the <noun> <noun>" right after an item
// reference: the words of the noun phrase that names where the item is.
var refOfNamedRe = regexp.MustCompile(`^,?[ \t]+(?:of|in|under|from)[ \t]+(?:the|their|its|your|our)[ \t]+([a-z]+)(?:[ \t]+([a-z]+))?`)

// ownPartNouns name the deliverable itself or one of its parts: "item 5
// of the report", "item 3 in the table" are the text's own.
var ownPartNouns = map[string]bool{"memo": true, "memorandum": true, "report": true, "review": true, "document": true, "letter": true, "note": true, "notes": true, "analysis": true, "assessment": true, "reply": true, "response": true, "email": true, "table": true, "list": true, "summary": true, "findings": true, "recommendations": true, "section": true, "redline": true, "markup": true, "draft": true, "text": true, "following": true, "same": true, "next": true, "first": true, "last": true}

// idSetOff reports whether the id a trimmed line starts with (after
// heading, table, list and bold markup) labels the line: it heads a
// heading or a table row, or a separator follows it ("- **T-3** —",
// "- T-3: ..."). A list item that starts with an id in running text ("-
// T-2's fields were exposed") mentions it.
func idSetOff(s string) bool {
	if !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "*") && !strings.HasPrefix(s, "+") || strings.HasPrefix(s, "**") {
		return true
	}
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '*' || s[i] == '_') {
		i++
	}
	for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9' || s[i] == '-') {
		i++
	}
	rest := strings.TrimLeft(s[i:], " \t*_")
	return rest == "" || strings.ContainsAny(rest[:1], "|:.)—–-")
}

// idEnumeration reports whether the id of prefix pfx that opens line s
// starts a range or a list of ids of its prefix ("HMI-01 to HMI-03 run
// Windows 7", "FS01, FS02 and FS04 ..."): the line names things, such as
// hosts or assets, and labels no item of the text.
func idEnumeration(s, pfx string) bool {
	i := strings.Index(s, pfx)
	if i < 0 {
		return false
	}
	j := i + len(pfx)
	for j < len(s) && (s[j] == '-' || s[j] >= '0' && s[j] <= '9') {
		j++
	}
	rest := strings.TrimLeft(s[j:], " \t")
	for _, c := range []string{"to ", "through ", "and ", "or ", "& ", ", ", "–", "—", "- "} {
		if after, ok := strings.CutPrefix(rest, c); ok {
			return strings.HasPrefix(strings.TrimLeft(after, " \t"), pfx)
		}
	}
	if after, ok := strings.CutPrefix(rest, ","); ok {
		return strings.HasPrefix(strings.TrimLeft(after, " \t"), pfx)
	}
	return false
}

// itemDefRe matches an item label that starts a line and is set off from
// what follows: "Amendment 2 – clause 8.1", "V4. Graph tokens", "F4 (B) –
// Liability cap", "### Finding 3: ...", "| R-2 | ...", and a ticket
// header set in columns, "RT-01  CRITICAL  CVSS 9.1".
var itemDefRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__)?(?:([A-Za-z]{4,15})[ \t]+#?(\d{1,3})|([A-Z]{1,4})-?(\d{1,3}))(?:\*\*|__)?(?:[ \t]*(?:[|:.)(—–-])|[ \t]*$|[ \t]{2,}\S)`)

// itemDef is one item label a line defines.
type itemDef struct {
	family     string // an item family, or "id:" and the id prefix
	n          int
	start, end int
}

// itemDefs returns the item labels text defines at the start of its
// lines, in order, outside code, block quotes and indented (drafted)
// blocks.
func itemDefs(text string) []itemDef {
	var out []itemDef
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		if s == "" || doctext.LeadingSpaces(raw) >= 4 || strings.HasPrefix(s, ">") || !doctext.MayBeItemLabel(s) {
			return
		}
		m := itemDefIndex(s)
		if m == nil {
			return
		}
		fam, ns, ne := "", m[4], m[5]
		if m[2] >= 0 {
			fam = itemFamilyOf(s[m[2]:m[3]])
		} else {
			fam, ns, ne = "id:"+s[m[6]:m[7]], m[8], m[9]
			if classPrefixes[s[m[6]:m[7]]] {
				return // "P2", "Q3": a class, which many items share
			}
		}
		n, err := strconv.Atoi(s[ns:ne])
		if fam == "" || err != nil {
			return
		}
		at := l.Start + len(raw) - len(strings.TrimLeft(raw, " \t"))
		start := at + m[2]
		if m[2] < 0 {
			start = at + m[6]
		}
		out = append(out, itemDef{family: fam, n: n, start: start, end: at + ne})
	})
	return out
}

// itemNumberGaps reports, for each family of item labels numbered from 1
// (at least two), the first label whose predecessor no line defines:
// "V1, V2, V3, V5" skips V4. A register listed again later (a retest
// table naming T-1 and T-3 again) adds nothing to the set, so only a
// number the text never defines counts.
func itemNumberGaps(defs []itemDef) []itemDef {
	have := itemNumbersByFamily(defs)
	var out []itemDef
	done := map[string]bool{}
	for _, d := range defs {
		set := have[d.family]
		if done[d.family] || len(set) < 2 || !set[1] || d.n <= 1 || set[d.n-1] {
			continue
		}
		done[d.family] = true
		out = append(out, d)
	}
	return out
}

// seeTitleMatches returns seeTitleRe's matches in text, running the
// expression only on the short window before a "below" or "above" that
// follows blanks after a closing quote or a capital title's last character,
// so that a long text costs a substring scan, not a regexp pass.
func seeTitleMatches(text string) [][]int {
	var out [][]int
	next := 0        // matches may not overlap
	nb, na := -1, -1 // the next "below" and "above" at or after i, once found
	for i := 0; i < len(text); {
		if nb < i && nb != len(text) {
			nb = indexFrom(text, "below", i)
		}
		if na < i && na != len(text) {
			na = indexFrom(text, "above", i)
		}
		j := min(nb, na)
		if j == len(text) {
			break
		}
		end := j + 5
		i = end
		if !titleBefore(text, j) {
			continue
		}
		// A pointer lies within its line: the search starts there, not
		// 240 bytes back, and finds the same matches on the line.
		from := max(next, end-240, strings.LastIndexByte(text[:j], '\n')+1)
		var m []int
		for _, c := range seeTitleRe.FindAllStringSubmatchIndex(text[from:end], -1) {
			if c[1] == end-from {
				m = c // the pointer that ends at this "below"/"above"
			}
		}
		if m == nil {
			continue
		}
		for x := range m {
			if m[x] >= 0 {
				m[x] += from
			}
		}
		out = append(out, m)
		next = m[1]
	}
	return out
}

// indexFrom returns the index of the first sub in text at or after from,
// or len(text).
func indexFrom(text, sub string, from int) int {
	if k := strings.Index(text[from:], sub); k >= 0 {
		return from + k
	}
	return len(text)
}

// titleBefore reports whether the word at j can end a seeTitleRe pointer:
// blanks stand before it, and before them a closing quote or a character
// a capital title ends with.
func titleBefore(text string, j int) bool {
	k := j
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	if k == j || k == 0 {
		return false
	}
	switch c := text[k-1]; {
	case c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '"', c == '\'', c == '&', c == ',', c == '-':
		return true
	case c >= 0x80: // the last byte of a curly quote
		return true
	}
	return false
}

// ofOtherDocRe matches, right after a part reference, a document named by
// a common noun: "of our formal notice", "in the full notice", "of your
// lease" (an instrument named by title is refOfInstrument's).
var ofOtherDocRe = regexp.MustCompile(`^,?[ \t]+(?:of|in)[ \t]+(?:the|our|your|their|its|that)[ \t]+(?:[a-z][\w-]*[ \t]+){0,3}[a-z][\w-]*\b`)

// shortTitleLine reports whether s (a trimmed line) reads as a plain-text
// heading: one to four words, the first capitalised, no sentence
// punctuation.
func shortTitleLine(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || len(s) > 48 || strings.ContainsAny(s, ".:;,!?()[]|\"“”") {
		return false
	}
	return len(strings.Fields(s)) <= 4
}

// itemRepeats reports an item label that repeats the one right before it
// where the next number belongs: "RT-01, RT-02, RT-03, RT-03" with no
// RT-04 anywhere. Both must be set the same way (the same markup before
// the label on their lines), and the run up to them must be complete from
// 1, with no heading between them, so that a register listed again (a
// summary table after the findings, a retest naming them again) is never
// a repeat.
func itemRepeats(text string, defs []itemDef) []itemDef {
	have := itemNumbersByFamily(defs)
	var out []itemDef
	last := map[string]int{}    // index in defs of the family's previous label
	count := map[string]int{}   // labels of the family so far
	broken := map[string]bool{} // the run so far is not 1, 2, 3, ...
	for i, d := range defs {
		j, seen := last[d.family]
		last[d.family] = i
		count[d.family]++
		if !seen {
			broken[d.family] = d.n != 1
			continue
		}
		p := defs[j]
		if d.n == p.n && !broken[d.family] && p.n == count[d.family]-1 && !have[d.family][d.n+1] && linePrefix(text, d.start) == linePrefix(text, p.start) && !titleBetween(text, p.end, d.start) {
			out = append(out, d)
			broken[d.family] = true
			continue
		}
		if d.n != p.n+1 {
			broken[d.family] = true
		}
	}
	return out
}

// linePrefix returns the text of the line before offset i.
func linePrefix(text string, i int) string {
	return text[strings.LastIndexByte(text[:i], '\n')+1 : i]
}

// titleBetween reports whether a heading (Markdown, or a short plain title
// line) stands between offsets a and b on lines of its own.
func titleBetween(text string, a, b int) bool {
	i := strings.IndexByte(text[a:b], '\n')
	if i < 0 {
		return false
	}
	for ln := range strings.SplitSeq(text[a+i+1:strings.LastIndexByte(text[:b], '\n')+1], "\n") {
		s := strings.TrimSpace(ln)
		if lvl, _ := doctext.HeadingLevel(s); lvl > 0 || shortTitleLine(s) {
			return true
		}
	}
	return false
}

// itemNumbersByFamily returns, per item family, the numbers its labels
// define.
func itemNumbersByFamily(defs []itemDef) map[string]map[int]bool {
	have := map[string]map[int]bool{}
	for _, d := range defs {
		if have[d.family] == nil {
			have[d.family] = map[int]bool{}
		}
		have[d.family][d.n] = true
	}
	return have
}

// partQualifierRe matches, right before an item reference, the part of a
// document it is counted in: "Part A item 5", "Schedule 2, item 3",
// "Annex II paragraph 4".
var partQualifierRe = regexp.MustCompile(`\b(?i:part|schedule|annex(?:ure)?|appendix|exhibit|attachment|table)[ \t]+(?:[A-Z]{1,3}|[0-9]{1,3}[A-Z]?|[IVX]{1,5}),?[ \t]+$`)

// qualifiedByPart reports whether the item reference ending at e is
// qualified by a part ("Part A item 5"): it counts the items of that part
// (of the source, or of another document), not the deliverable's own.
func qualifiedByPart(text string, e int) bool {
	s := e - 1
	for s > 0 && text[s-1] != ' ' && text[s-1] != '\t' && text[s-1] != '(' && text[s-1] != '\n' {
		s-- // the number
	}
	for s > 0 && (text[s-1] == ' ' || text[s-1] == '\t') {
		s-- // the space before it
	}
	for s > 0 && doctext.IsWordByte(text[s-1]) {
		s-- // the noun ("item")
	}
	return partQualifierRe.MatchString(text[max(0, s-40):s])
}
