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

// emphasisMarks removes bold markup.
var emphasisMarks = strings.NewReplacer("**", "", "__", "")

// riskScale is what a document says about how it rates: whether letter
// grades A-C are a scale, and which lines open a finding with an id.
type riskScale struct {
	grades bool
	// defs maps a finding id ("F2", "issue 3") to the start of the first
	// line that opens with it.
	defs map[string]int
}

// readRiskScale reads text's rating conventions once.
func readRiskScale(text string) *riskScale {
	s := &riskScale{grades: gradeScaleRe.MatchString(text), defs: map[string]int{}}
	forEachLine(text, func(l line) {
		t := strings.TrimLeft(text[l.start:l.end], " \t")
		if !mayBeItemLabel(t) && !strings.HasPrefix(t, "|") {
			return
		}
		m := leadIDRe.FindStringSubmatch(t)
		if m == nil {
			return
		}
		id := m[1]
		if id == "" {
			id = strings.ToLower(m[2]) + " " + m[3]
		}
		if _, ok := s.defs[id]; !ok {
			s.defs[id] = l.start
		}
	})
	return s
}

// classify returns what s says about risk, with the document's scales:
// classifyRisk, likelihood × impact scores (high from 10 of 25), and letter
// grades when the document declares them (A and B high, C low).
func (sc *riskScale) classify(s string, blockRisk int) riskClass {
	if strings.Contains(s, "**") || strings.Contains(s, "__") {
		s = emphasisMarks.Replace(s) // "**Severity:** Low" reads "Severity: Low"
	}
	c := classifyRisk(s, blockRisk)
	if c == riskHigh {
		return c
	}
	if m := scoreRe.FindStringSubmatch(s); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 5 {
			if n >= 10 {
				return riskHigh
			}
			c = riskLow
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
	for ls >= from {
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
	if startsWithAny(t, "0123456789") && orderedItemRe.MatchString(t) && plainTitle(t) {
		return true
	}
	if len(t) < 80 && strings.ToUpper(t) == t && strings.ToLower(t) != t && !strings.HasPrefix(t, "|") {
		return true
	}
	return mayBeItemLabel(t) && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "|") && leadIDRe.MatchString(t)
}

// fieldLabel reports whether a bold run is a one-word field label
// ("Fix:", "Severity.", "Evidence").
func fieldLabel(b string) bool {
	b = strings.TrimRight(strings.TrimSpace(b), ":.")
	return b != "" && !strings.ContainsAny(b, " \t0123456789")
}

// unitRisk returns the risk class of the recommendation u and the text it
// was read from: u's own text, its table row, its finding block, or the
// findings it names, whichever first says anything.
func (sc *riskScale) unitRisk(text string, u recUnit, blockRisk int) (riskClass, string) {
	own := text[u.start:u.end]
	if c := sc.classify(own, blockRisk); c != riskUnknown {
		return c, own
	}
	if u.row.end > u.row.start {
		if c := sc.classify(u.rowRisk, blockRisk); c != riskUnknown {
			return c, u.rowRisk
		}
	}
	if bs := blockStart(text, u.start); bs >= 0 && bs < u.start {
		// The rating nearest above the fix is its finding's: read the
		// block's lines from the fix upwards.
		for e := u.start; e > bs; {
			ls := strings.LastIndexByte(text[bs:e-1], '\n') + 1 + bs
			if e-1 < bs {
				break
			}
			ctx := text[ls:e]
			if c := sc.classify(ctx, blockRisk); c != riskUnknown {
				return c, ctx
			}
			e = ls
		}
	}
	lead := own[:min(len(own), 120)]
	for _, m := range refToFindingRe.FindAllStringSubmatch(lead, 4) {
		id := m[1]
		if id == "" {
			id = strings.ToLower(m[2]) + " " + m[3]
		}
		at, ok := sc.defs[id]
		if !ok || at >= u.start && at < u.end {
			continue
		}
		ctx := text[at:paragraphEnd(text, at)]
		if c := sc.classify(ctx, blockRisk); c != riskUnknown {
			return c, ctx
		}
	}
	return riskUnknown, ""
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
