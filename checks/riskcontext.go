package checks

import (
	"regexp"
	"strconv"
	"strings"
)

// Where a recommendation's risk is stated. A review rates its findings in
// many layouts: in the recommendation itself ("R2 (F2, score 16)"), in a
// severity column of the table row it sits in, in the finding block above
// it ("### F-02 IDOR — High", "Rating: Critical — CVSS 9.1", "- **Severity:**
// High"), or in the finding it names ("On Finding 3", "C3 (B3)"). The
// recommendation inherits the first of these that says anything.

// maxBlockBack is how far back (bytes) a finding block's opening line is
// looked for.
const maxBlockBack = 6144

// maxBlockLines is how many lines back a finding block's opening line is
// looked for.
const maxBlockLines = 40

var (
	// scoreRe matches a likelihood × impact score: "score 16", "L4 × I4 =
	// 16", "risk score: 20/25".
	scoreRe = regexp.MustCompile(`(?i)\b(?:score[ \t]*[:=]?[ \t]*|L[1-5][ \t]*[×x*][ \t]*I[1-5][ \t]*=[ \t]*)([0-9]{1,2})(?:[ \t]*/[ \t]*25)?\b`)
	// gradeScaleRe matches a document's declaration of a letter scale:
	// "rated A (must be changed), B ..." or "Priority A".
	gradeScaleRe = regexp.MustCompile(`(?i)\b(?:rated|rating|graded|grades?|categor(?:y|ies|ised|ized)|classified|priorit(?:y|ies|ised|ized))[^.\n]{0,40}?\bA\b[ \t]*(?:\(|=|:|–|—|-)`)
	// gradeRe matches a letter grade next to rating punctuation: "(A)",
	// "– B", "Rating: C", "A-rated".
	gradeRe = regexp.MustCompile(`(?:\(|\[|[–—][ \t]*|(?i:rating|rated|grade|priority|category)[ \t]*:?[ \t]*)([ABC])(?:\)|\]|\b)|\b([ABC])-rated\b`)
	// refToFindingRe matches a recommendation's pointer to the finding it
	// answers: an id ("F2", "B3", "T-1", "AI-2") or "Finding 3", "Issue 2",
	// "item 4", "point 2", "vulnerability 1".
	refToFindingRe = regexp.MustCompile(`\b([A-Z]{1,3}-?[0-9]{1,3})\b|(?i:\b(finding|issue|item|point|risk|vulnerability|observation|row)[ \t]+#?([0-9]{1,3})\b)`)
	// leadIDRe matches the id or numbered family label a line starts with,
	// after heading, table, list and bold markup.
	leadIDRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__|\*|_)?(?:([A-Z]{1,3}-?[0-9]{1,3})|(?i:(finding|issue|item|point|risk|vulnerability|observation)[ \t]+#?([0-9]{1,3})))(?:[^A-Za-z0-9]|$)`)
)

// mayLeadID is a cheap exact prefilter for leadIDRe: false only when the
// regexp cannot match t. Past the heading, table, list and bold markup
// (all of it in the trim set) leadIDRe needs an id ("F-2": up to three
// capitals, then '-' or a digit) or a family word, whose first letter is
// one of f, i, p, r, v, o in either case (none folds to a non-ASCII rune).
func mayLeadID(t string) bool {
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

// leadIDSubmatch is leadIDRe.FindStringSubmatch(t), skipping the regexp
// when mayLeadID rules a match out.
func leadIDSubmatch(t string) []string {
	if !mayLeadID(t) {
		return nil
	}
	return leadIDRe.FindStringSubmatch(t)
}

// mayNumberedLead is a cheap exact prefilter for numberedLeadRe: past its
// heading, table and bold markup (all of it in the trim set) the pattern
// needs a digit.
func mayNumberedLead(t string) bool {
	s := strings.TrimLeft(t, "#| \t*_")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// numberedLeadSubmatch is numberedLeadRe.FindStringSubmatch(t), skipping
// the regexp when mayNumberedLead rules a match out.
func numberedLeadSubmatch(t string) []string {
	if !mayNumberedLead(t) {
		return nil
	}
	return numberedLeadRe.FindStringSubmatch(t)
}

// orderedItemAt reports whether orderedItemRe matches t ("12. Term"): one
// to three digits, '.' or ')', spaces or tabs, then any rune but \s. It
// reads the bytes itself: the regexp's backtracker clears a bitmap the
// length of the line on every call.
func orderedItemAt(t string) bool {
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

// emphasisMarks removes bold markup.
var emphasisMarks = strings.NewReplacer("**", "", "__", "")

// riskScale is what a document says about how it rates: whether letter
// grades A-C are a scale, and the rated findings a recommendation may name.
type riskScale struct {
	grades bool
	// defs maps a key naming a finding to the text its rating is read
	// from: "id:F2", "finding 3" (and "issue 3", "n:3" for the third
	// numbered finding), "ref:8.1" (a finding or table row about clause
	// 8.1). Only keys whose text rates are kept; the first one wins.
	defs map[string]string
	// topics are the rated paragraphs of finding sections, for a
	// recommendation that names its finding by topic ("On territory, ...").
	topics []string
}

var (
	// numberedLeadRe matches a numbered line or heading: "3. ...", "**3.
	// ...", "### 3 ...", "| 3 |".
	numberedLeadRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+|\|[ \t]*)?(?:\*\*|__)?([0-9]{1,2})(?:[.)][ \t]|[ \t]*\||[ \t]+[A-Z])`)
	// clauseRefRe matches a reference to a clause of the source.
	clauseRefRe = regexp.MustCompile(`(?i)\b(?:sections?|clauses?|articles?|paragraphs?|§+)[ \t]*([0-9]{1,3}(?:\.[0-9]{1,3})*(?:[ \t]?\([a-z0-9]{1,4}\))*)`)
	// ratingSentenceRe matches a rating written as a sentence of its own at
	// the end of a finding's title line: "... (Section 7.2). Critical.",
	// "... (clause 5). Major risk."
	ratingSentenceRe = regexp.MustCompile(`(?m)[.)][ \t]+(Critical|Severe|High|Major|Medium|Moderate|Low|Minor)(?:[ \t]+(?:risk|priority|severity))?\.?[ \t]*$`)
	// ratedRe matches a rating stated with "rated" or "graded": "rated
	// High", "which we rate Medium", "graded as critical".
	ratedRe = regexp.MustCompile(`(?i)\b(?:rated?|graded?|classed|classified)[ \t]+(?:it[ \t]+|them[ \t]+)?(?:as[ \t]+)?(critical|severe|high|major|medium|moderate|low|minor)\b`)
	// priorityNumRe matches a numbered priority: "Priority: 1", "priority 2".
	priorityNumRe = regexp.MustCompile(`(?i)\bpriority[ \t]*[:=]?[ \t]*([1-5])\b`)
	// topicLeadRe matches a recommendation that names its finding by topic:
	// "On territory, ...", "As to the restraint, ...", "Regarding fees: ...".
	topicLeadRe = regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*)?(?i:on|as[ \t]+to|as[ \t]+regards|regarding|re|for|turning[ \t]+to)[ \t]+((?:[\w'’-]+[ \t]+){0,3}[\w'’-]+)(?:\*\*)?[ \t]*[,:—–-]`)
	// findingHeadingRe matches the heading of a section of findings.
	findingHeadingRe = regexp.MustCompile(`(?i)\b(?:findings?|issues?|risks?|observations?|vulnerabilit(?:y|ies)|concerns?|analysis|key points|points)\b`)
)

// clauseRefs returns clauseRefRe's first three matches in t, running the
// expression only when t holds one of its keywords ("§", or a word that
// starts like section, clause, article or paragraph).
func clauseRefs(t string) [][]string {
	if !strings.Contains(t, "§") && !foldsToASCII(t) && !clauseWordAt(t) {
		return nil
	}
	return clauseRefRe.FindAllStringSubmatch(t, 3)
}

// clauseWordAt reports whether a run of ASCII word characters in t starts
// with "section", "clause", "article" or "paragraph", case aside.
func clauseWordAt(t string) bool {
	for i := 0; i < len(t); {
		if !wordByte[t[i]] {
			i++
			continue
		}
		if refNounFirst[t[i]|0x20] && (asciiFoldPrefix(t[i:], "section") || asciiFoldPrefix(t[i:], "clause") || asciiFoldPrefix(t[i:], "article") || asciiFoldPrefix(t[i:], "paragraph")) {
			return true
		}
		for i < len(t) && wordByte[t[i]] {
			i++
		}
	}
	return false
}

// readRiskScale reads text's rating conventions and rated findings once.
func readRiskScale(text string) *riskScale {
	const blockRisk = 3 // whether a text rates does not depend on the level
	sc := &riskScale{defs: map[string]string{}}
	var header []string
	var sevCols []int
	prevTable := -1
	inFindings := false
	put := func(key, ctx string) {
		if _, ok := sc.defs[key]; !ok {
			sc.defs[key] = ctx
		}
	}
	forEachLine(text, func(l line) {
		s := text[l.start:l.end]
		t := strings.TrimSpace(s)
		if t == "" {
			prevTable = -1
			return
		}
		if !sc.grades && gradeAt(t) && gradeWordAt(t) && gradeScaleRe.MatchString(t) {
			sc.grades = true
		}
		if t[0] == '|' {
			cells := tableCells(text, l)
			switch {
			case prevTable >= 0 && header == nil && isRuleRow(cells, text):
				header = cellTexts(text, tableCells(text, line{prevTable, lineEndAt(text, prevTable)}))
				sevCols = sevCols[:0]
				for i, h := range header {
					if severityColumnRe.MatchString(h) {
						sevCols = append(sevCols, i)
					}
				}
			case header != nil && len(cells) > 0:
				ctx := rowRiskText(text, cells, header, sevCols)
				if sc.classify(ctx, blockRisk) == riskUnknown {
					break
				}
				first := strings.Trim(text[cells[0].start:cells[0].end], "*_ ")
				if first != "" && len(first) <= 8 {
					if first[0] >= '0' && first[0] <= '9' {
						put("n:"+first, ctx)
					} else {
						put("id:"+first, ctx)
					}
				}
				for _, m := range clauseRefs(t) {
					put("ref:"+clauseKey(m[1]), ctx)
				}
			}
			prevTable = l.start
			return
		}
		prevTable, header = -1, nil
		blankBefore := l.start < 2 || text[l.start-1] == '\n' && (text[l.start-2] == '\n' || text[l.start-2] == '\r')
		lvl, _ := headingLevel(t)
		if lvl == 0 && blankBefore {
			lvl, _ = reviewTitle(s)
		}
		if lvl > 0 && !(mayNumberedLead(t) && numberedLeadRe.MatchString(t)) && !(mayLeadID(t) && leadIDRe.MatchString(t)) {
			inFindings = findingHeadingRe.MatchString(t)
			return
		}
		// Only a line that can name a finding is read: a block's opening
		// line, an item or a paragraph of a findings section.
		opener := opensBlock(s)
		item := inFindings && listItemRe.MatchString(t)
		topic := inFindings && !opener && !item && blankBefore
		if !opener && !item && !topic {
			return
		}
		var keys []string
		if opener || item {
			if m := leadIDSubmatch(t); m != nil {
				if m[1] != "" {
					keys = append(keys, "id:"+m[1])
				} else {
					keys = append(keys, strings.ToLower(m[2])+" "+m[3])
				}
			}
			if inFindings {
				if m := numberedLeadSubmatch(t); m != nil {
					keys = append(keys, "n:"+m[1])
				}
			}
			for _, m := range clauseRefs(t[:min(len(t), 200)]) {
				keys = append(keys, "ref:"+clauseKey(m[1]))
			}
		}
		if len(keys) == 0 && !topic {
			return
		}
		ctx := text[l.start:min(paragraphEnd(text, l.start), l.start+600)]
		if lvl > 0 {
			ctx = text[l.start:min(len(text), l.start+400)]
		}
		if sc.classify(ctx, blockRisk) == riskUnknown {
			return
		}
		if topic {
			sc.topics = append(sc.topics, ctx)
		}
		for _, k := range keys {
			put(k, ctx)
		}
	})
	return sc
}

// gradeWordPrefixes are what a word must start with for gradeScaleRe to
// match at it.
var gradeWordPrefixes = []string{"rated", "rating", "graded", "grade", "categor", "classified", "priorit"}

// gradeWordAt is a cheap test that gradeScaleRe may match t: a run of
// ASCII word characters in t starts with one of gradeWordPrefixes.
func gradeWordAt(t string) bool {
	if foldsToASCII(t) {
		return true
	}
	for i := 0; i < len(t); {
		if !wordByte[t[i]] {
			i++
			continue
		}
		if t[i]|0x20 == 'r' || t[i]|0x20 == 'g' || t[i]|0x20 == 'c' || t[i]|0x20 == 'p' {
			for _, p := range gradeWordPrefixes {
				if asciiFoldPrefix(t[i:], p) {
					return true
				}
			}
		}
		for i < len(t) && wordByte[t[i]] {
			i++
		}
	}
	return false
}

// gradeAt is a cheap test that t may declare a letter scale: it holds the
// word "A" followed by "(", "=", ":" or a dash.
func gradeAt(t string) bool {
	// Search for the rare 'A', not the common ' ': most lines hold none.
	for i := 1; i+1 < len(t); {
		j := strings.IndexByte(t[i:], 'A')
		if j < 0 {
			return false
		}
		k := i + j + 1
		i = k
		if t[k-2] != ' ' {
			continue
		}
		for k < len(t) && t[k] == ' ' {
			k++
		}
		if k < len(t) && (t[k] == '(' || t[k] == '=' || t[k] == ':' || t[k] == '-' || strings.HasPrefix(t[k:], "–") || strings.HasPrefix(t[k:], "—")) {
			return true
		}
	}
	return false
}

// rowRiskText returns the text a table row's rating is read from: its
// severity cells with their headings ("Priority: 1", "Severity: High"),
// or the whole row when the table has no severity column.
func rowRiskText(text string, cells []span, header []string, sevCols []int) string {
	if len(sevCols) == 0 {
		var b strings.Builder
		for _, c := range cells {
			b.WriteString("| " + text[c.start:c.end] + " ")
		}
		return b.String()
	}
	var b strings.Builder
	for _, i := range sevCols {
		if i < len(cells) && i < len(header) {
			c := strings.TrimSpace(text[cells[i].start:cells[i].end])
			if m := cellGradeRe.FindStringSubmatch(c); m != nil {
				c = gradeWord(m[1])
			}
			b.WriteString(strings.Trim(header[i], "*_ ") + ": " + c + " | ")
		}
	}
	return b.String()
}

// clauseKey normalises a clause number: "5 (2)" and "5(2)" are one key.
func clauseKey(n string) string {
	return strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(n, " ", ""), "\t", ""))
}

// classify returns what s says about risk, with the document's scales:
// classifyRisk, likelihood × impact scores (high from 10 of 25), and letter
// grades when the document declares them (A and B high, C low).
func (sc *riskScale) classify(s string, blockRisk int) riskClass {
	if strings.Contains(s, "**") || strings.Contains(s, "__") {
		s = emphasisMarks.Replace(s) // "**Severity:** Low" reads "Severity: Low"
	}
	rates := rateMask(s)
	if !sc.grades && rates == 0 {
		return riskUnknown
	}
	c := riskUnknown
	if rates != 0 {
		c = classifyRated(s, rates, blockRisk)
	}
	if c == riskHigh {
		return c
	}
	if rates&rateLevel != 0 {
		if m := ratingSentenceRe.FindStringSubmatch(s); m != nil {
			if m[1] != "Low" && m[1] != "Minor" {
				return riskHigh
			}
			c = riskLow
		}
		if m := ratedRe.FindStringSubmatch(s); m != nil {
			switch strings.ToLower(m[1]) {
			case "low", "minor":
				c = riskLow
			default:
				return riskHigh
			}
		}
	}
	if rates&ratePriority != 0 {
		if m := priorityNumRe.FindStringSubmatch(s); m != nil {
			if m[1] <= "2" {
				return riskHigh
			}
			c = riskLow
		}
	}
	if rates&rateScore != 0 {
		if m := scoreRe.FindStringSubmatch(s); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > 5 {
				if n >= 10 {
					return riskHigh
				}
				c = riskLow
			}
		}
	}
	if sc.grades {
		if m := gradeRe.FindStringSubmatch(s); m != nil {
			if m[1]+m[2] != "C" {
				return riskHigh
			}
			if c == riskUnknown {
				c = riskLow
			}
		}
	}
	return c
}

// blockStart returns the start of the line that opens the block holding
// offset at: the nearest line at or before it that is a heading, a title
// line, a bold lead ("**2. Xero outside SSO — Critical.**") or starts with
// a finding id ("P-2 —", "F3:"), looking back at most maxBlockBack bytes;
// -1 when there is none.
func blockStart(text string, at int) int {
	from := max(0, at-maxBlockBack)
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	for n := 0; ls >= from && n < maxBlockLines; n++ {
		if opensBlock(text[ls:lineEndAt(text, ls)]) {
			return ls
		}
		if ls == 0 {
			break
		}
		ls = strings.LastIndexByte(text[:ls-1], '\n') + 1
	}
	return -1
}

// lineEndAt returns the end of the line starting at ls (before '\n').
func lineEndAt(text string, ls int) int {
	if e := strings.IndexByte(text[ls:], '\n'); e >= 0 {
		return ls + e
	}
	return len(text)
}

// opensBlock reports whether line s opens a block: an ATX heading, a title
// line, a bold run that is more than a one-word field label ("**Fix:**",
// "- **Severity:**" are fields of the block, not its start), or a line
// that starts with a finding id.
func opensBlock(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	if lvl, _ := headingLevel(t); lvl > 0 {
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
	if orderedItemAt(t) && plainTitle(t) {
		return true
	}
	if len(t) < 80 && capsLine(t) && !strings.HasPrefix(t, "|") {
		return true
	}
	return mayBeItemLabel(t) && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "|") && mayLeadID(t) && leadIDRe.MatchString(t)
}

// fieldLabel reports whether a bold run is a one-word field label
// ("Fix:", "Severity.", "Evidence").
func fieldLabel(b string) bool {
	b = strings.TrimRight(strings.TrimSpace(b), ":.")
	return b != "" && !strings.ContainsAny(b, " \t0123456789")
}

// unitRisk returns the risk class of the recommendation u and the text it
// was read from: u's own text, its table row, its finding block, or the
// findings it names, whichever first says anything. lines, when not nil,
// caches the class of each line read (by its start) across units.
func (sc *riskScale) unitRisk(text string, u recUnit, blockRisk int, lines map[int]riskClass) (riskClass, string) {
	own := text[u.start:u.end]
	if c := sc.classify(own, blockRisk); c != riskUnknown {
		return c, own
	}
	if u.row.end > u.row.start {
		if c := sc.classify(u.rowRisk, blockRisk); c != riskUnknown {
			return c, u.rowRisk
		}
	}
	bs := blockStart(text, u.start)
	if bs >= 0 && bs < u.start {
		// The rating nearest above the fix is its finding's: read the
		// block's lines from the fix upwards. lines caches each line's
		// class, as the units of one block read the same lines.
		for e, n := u.start, 0; e > bs && n < maxBlockLines; n++ {
			ls := strings.LastIndexByte(text[bs:e-1], '\n') + 1 + bs
			c, ok := lines[ls]
			if !ok {
				c = sc.classify(text[ls:e], blockRisk)
				if lines != nil {
					lines[ls] = c
				}
			}
			if c != riskUnknown {
				return c, text[ls:e]
			}
			e = ls
		}
	}
	lead := own[:min(len(own), 120)]
	opener := ""
	if bs >= 0 {
		opener = text[bs:min(lineEndAt(text, bs), bs+200)]
	}
	for _, key := range findingKeys(lead, opener) {
		if ctx, ok := sc.defs[key]; ok {
			return sc.classify(ctx, blockRisk), ctx
		}
	}
	if m := topicLeadRe.FindStringSubmatch(strings.TrimSpace(lead)); m != nil {
		if ctx := sc.topic(m[1]); ctx != "" {
			return sc.classify(ctx, blockRisk), ctx
		}
	}
	return riskUnknown, ""
}

// findingKeys returns the keys of the findings a recommendation names in
// its lead ("R2 (F2, score 16)", "On Finding 3", "On section 8.1") and, after
// them, those its block's opening line names ("**3. Clause 5(2) — ...**").
func findingKeys(lead, opener string) []string {
	var out []string
	for _, s := range []string{lead, opener} {
		t := strings.TrimSpace(s)
		for _, m := range refToFindingRe.FindAllStringSubmatch(t, 4) {
			if m[1] != "" {
				out = append(out, "id:"+m[1])
			} else {
				fam := strings.ToLower(m[2])
				out = append(out, fam+" "+m[3], "n:"+m[3])
				if fam != "finding" {
					out = append(out, "finding "+m[3])
				}
				if fam != "issue" {
					out = append(out, "issue "+m[3])
				}
			}
		}
		if s == opener {
			if m := numberedLeadSubmatch(t); m != nil {
				out = append(out, "n:"+m[1])
			}
		}
		for _, m := range clauseRefs(t) {
			out = append(out, "ref:"+clauseKey(m[1]))
		}
	}
	return out
}

// topic returns the rated finding paragraph that holds every content word
// of topic (by its first five letters, so "territory" finds "territorial"),
// or "" when none or more than one does.
func (sc *riskScale) topic(topic string) string {
	var stems []string
	for _, w := range strings.Fields(strings.ToLower(topic)) {
		if len(w) < 4 || w == "the" || w == "your" || w == "their" || w == "this" || w == "that" {
			continue
		}
		stems = append(stems, w[:min(len(w), 5)])
	}
	if len(stems) == 0 {
		return ""
	}
	found := ""
	for _, p := range sc.topics {
		lp := strings.ToLower(p)
		all := true
		for _, st := range stems {
			if !strings.Contains(lp, st) {
				all = false
				break
			}
		}
		if all {
			if found != "" {
				return ""
			}
			found = p
		}
	}
	return found
}

// paragraphEnd returns the end of the paragraph (or table row) that starts
// at ls: the next blank line, or the end of the line for a table row.
func paragraphEnd(text string, ls int) int {
	if strings.HasPrefix(strings.TrimLeft(text[ls:min(len(text), ls+8)], " \t"), "|") {
		return lineEndAt(text, ls)
	}
	for i := ls; i < len(text); {
		e := lineEndAt(text, i)
		if strings.TrimSpace(text[i:e]) == "" {
			return i
		}
		if e >= len(text) {
			return e
		}
		i = e + 1
	}
	return len(text)
}
