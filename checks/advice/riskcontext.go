package advice

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
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

// leadIDSubmatch is leadIDRe.FindStringSubmatch(t), skipping the regexp
// when mayLeadID rules a match out.
func leadIDSubmatch(t string) []string {
	if !doctext.MayLeadID(t) {
		return nil
	}
	return doctext.LeadIDRe.FindStringSubmatch(t)
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

// emphasisMarks removes bold markup.
var emphasisMarks = strings.NewReplacer("**", "", "__", "")

// riskScale is what a document says about how it rates: whether letter
// grades A-C are a scale, and the rated findings a recommendation may name.
// The findings are read on first use (see findings): most recommendations
// are rated by their own text or their finding block, and reading every
// line of a long review for the few that name their finding would cost
// more than the rest of the analysis.
type riskScale struct {
	grades bool
	text   string // the document, for findings
	once   sync.Once
	rated  ratedFindings
}

// findings returns the document's rated findings, read on first use.
func (sc *riskScale) findings() *ratedFindings {
	sc.once.Do(func() { sc.rated = readRatedFindings(sc.text) })
	return &sc.rated
}

// ratedFindings are the rated findings of a document, by the keys a
// recommendation may name them with.
type ratedFindings struct {
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

// ratingSentenceAt is ratingSentenceRe anchored at the start of its input.
var ratingSentenceAt = anchored(ratingSentenceRe)

// ratingSentenceSubmatch returns what ratingSentenceRe.FindStringSubmatch(s)
// does, trying the expression, anchored, only where a match can start: at
// a '.' or ')' followed by spaces or tabs and a capital that opens one of
// its level words. Unanchored, the regexp package tried it at every byte
// of each rated paragraph. FuzzRatingSentence checks it against the
// expression.
func ratingSentenceSubmatch(s string) []string {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '.' && s[i] != ')' || s[i+1] != ' ' && s[i+1] != '\t' {
			continue
		}
		j := i + 2
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j == len(s) {
			break
		}
		switch s[j] {
		case 'C', 'S', 'H', 'M', 'L':
			if m := ratingSentenceAt.FindStringSubmatch(s[i:]); m != nil {
				return m
			}
		}
	}
	return nil
}

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
		if !doctext.WordByte[t[i]] {
			i++
			continue
		}
		if doctext.RefNounFirst[t[i]|0x20] && (doctext.AsciiFoldPrefix(t[i:], "section") || doctext.AsciiFoldPrefix(t[i:], "clause") || doctext.AsciiFoldPrefix(t[i:], "article") || doctext.AsciiFoldPrefix(t[i:], "paragraph")) {
			return true
		}
		for i < len(t) && doctext.WordByte[t[i]] {
			i++
		}
	}
	return false
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
		c = classifyRated(&ratedText{s: s}, rates, blockRisk)
	}
	if c == riskHigh {
		return c
	}
	if rates&rateLevel != 0 {
		if m := ratingSentenceSubmatch(s); m != nil {
			if m[1] != "Low" && m[1] != "Minor" {
				return riskHigh
			}
			c = riskLow
		}
		if m := ratedLevel.submatch(s); m != nil {
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
		if m := doctext.ScoreRe.FindStringSubmatch(s); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > 5 {
				if n >= 10 {
					return riskHigh
				}
				c = riskLow
			}
		}
	}
	if sc.grades {
		if m := doctext.GradeRe.FindStringSubmatch(s); m != nil {
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
		if doctext.OpensBlock(text[ls:doctext.LineEndAt(text, ls)]) {
			return ls
		}
		if ls == 0 {
			break
		}
		ls = strings.LastIndexByte(text[:ls-1], '\n') + 1
	}
	return -1
}

// unitRisk returns the risk class of the recommendation u and the text it
// was read from: u's own text, its table row, its finding block, or the
// findings it names, whichever first says anything. lines, when not nil,
// caches the class of each line read (by its start) across units.
func (sc *riskScale) unitRisk(text string, u doctext.RecUnit, blockRisk int, lines map[int]riskClass) (riskClass, string) {
	own := text[u.Start:u.End]
	if c := sc.classify(own, blockRisk); c != riskUnknown {
		return c, own
	}
	if u.Row.End > u.Row.Start {
		if c := sc.classify(u.RowRisk, blockRisk); c != riskUnknown {
			return c, u.RowRisk
		}
	}
	bs := blockStart(text, u.Start)
	if bs >= 0 && bs < u.Start {
		// The rating nearest above the fix is its finding's: read the
		// block's lines from the fix upwards. lines caches each line's
		// class, as the units of one block read the same lines.
		for e, n := u.Start, 0; e > bs && n < maxBlockLines; n++ {
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
		opener = text[bs:min(doctext.LineEndAt(text, bs), bs+200)]
	}
	for _, key := range findingKeys(lead, opener) {
		if ctx, ok := sc.findings().defs[key]; ok {
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
		for _, m := range doctext.RefToFindingRe.FindAllStringSubmatch(t, 4) {
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
	for _, p := range sc.findings().topics {
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
		return doctext.LineEndAt(text, ls)
	}
	for i := ls; i < len(text); {
		e := doctext.LineEndAt(text, i)
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
