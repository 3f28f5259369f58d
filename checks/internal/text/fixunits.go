package text

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// Recommendation units. A review gives its advice in many layouts besides a
// "Recommendations" section: a "Fix:" or "Remediation:" paragraph under each
// finding (or inline after it), a Fix or Proposal column of a findings
// table, a "Proposed:" line under the current wording of a clause, a "+"
// line of a diff, a "New 10.4" clause of a redline, a bracketed comment in
// a mark-up. Each of these is a unit of its own, read with its own drafted
// text and its own risk, so that drafting elsewhere in a long item does not
// excuse it and its risk is not taken from a neighbour.

// RecUnit is one recommendation as written.
type RecUnit struct {
	Span
	// body is where the unit's own words start, after its label ("Fix:")
	// or markup.
	Body int
	// row is a table cell's row and rowRisk the text its risk is read from
	// (the row's severity cells, or the rest of the row).
	Row     Span
	RowRisk string
	// fine marks a unit found by its own form (label, cell, proposal line):
	// within an item that holds it, it is read instead of the item.
	Fine bool
	// proposal marks a place where drafted text belongs (a proposal cell, a
	// "+" line, a new clause): an instruction there is directional only
	// when the unit opens with it.
	Proposal bool
	// advice marks a paragraph read only because it holds a hedged
	// recommendation (adviceUnits): it is not searched for directions.
	Advice bool
}

var (
	// fixLabelRe matches a fix label at the start of a line, after list
	// markup: "Fix:", "*Fix:*", "**Fix.**", "- **Recommendation:**",
	// "Remediation:", "Suggested fix:", "Proposed:", "Proposal:".
	fixLabelRe = regexp.MustCompile(`^(?:[-*+][ \t]+)?(?:\*\*|__|\*|_)?(?i:(?:recommended|suggested|proposed|required|our|requested|immediate|short[- ]term|long[- ]term)[ \t]+)?(?i:(fix(?:es)?|remediation|remed(?:y|ies)|treatment|mitigations?|recommendations?|recommended[ \t]+actions?|actions?|resolution|countermeasures?|next[ \t]+steps?|(proposed|proposal|proposed[ \t]+(?:change|amendment|wording|text|language|clause)|counter-?proposal|requested[ \t]+change|suggested[ \t]+(?:change|wording))))(?:[ \t]*(?:\*\*|__|\*|_)?[ \t]*:|(?:\*\*|__|\*|_)[ \t]*[:.]|[ \t]*[.:](?:\*\*|__|\*|_))[ \t]*`)
	// inlineFixLabelRe matches a fix label after a sentence end inside a
	// paragraph: "... (2 of 10). Fix: show the full body ...".
	inlineFixLabelRe = regexp.MustCompile(`[.!?)][ \t]+((?:\*\*|__|\*|_)?(?:Fix|Fixes|Remediation|Remedy|Recommendation|Mitigation|Recommended fix|Suggested fix|Action|Proposed|Proposal)(?:\*\*|__|\*|_)?:(?:\*\*|__|\*|_)?[ \t]+)`)
	// newClauseRe matches a redline's new clause label followed by its text
	// on the same line: "**New 10.4** ...", "Insert new clause 7.5: ...".
	newClauseRe = regexp.MustCompile(`^(?:\*\*|__)?(?i:(?:insert(?:ed)?[ \t]+)?new)[ \t]+(?i:(?:clause|section|article|paragraph|§)[ \t]*)?[0-9]{1,3}(?:\.[0-9]{1,3})*(?:\([a-z0-9]{1,4}\))?(?:\*\*|__)?[ \t]*[:.–—-]?[ \t]*(?:\*\*|__)?[ \t]*`)
	// noteLabelRe matches the label of a bracketed note: "Customer comment:",
	// "Note:", "Drafting note:".
	noteLabelRe = regexp.MustCompile(`^(?:[\w'’-]+[ \t]+){0,2}(?i:comment|note|nb|query|instruction|todo)[ \t]*:[ \t]*`)
	// fixColumnRe matches a table heading of a column of fixes or
	// proposals.
	fixColumnRe = regexp.MustCompile(`(?i)\b(?:fix(?:es)?|remediation|remed(?:y|ies)|treatment|countermeasures?|recommend\w*|mitigation|proposals?|proposed|propose|actions?|changes?|amendments?|suggest\w*|requested|response|counter-?proposal|resolution|next[ \t]+steps?|position|wording|to[ \t]+do)\b`)
	// proposalColumnRe matches a column heading that asks for drafted text.
	proposalColumnRe = regexp.MustCompile(`(?i)\b(?:proposals?|proposed|wording|text|language|amendments?|counter-?proposal|redline|drafting|clause)\b`)
	// SeverityColumnRe matches a table heading of a rating column.
	SeverityColumnRe = regexp.MustCompile(`(?i)\b(?:severity|risk|rating|priority|rag|impact|level|sev|criticality|grade|score|cvss)\b`)
	// cellGradeRe matches a rating cell written as a letter: H, M, L, C.
	cellGradeRe = regexp.MustCompile(`^(?:\*\*)?(H|M|L|C|Hi|Med|Lo|VH)(?:\*\*)?$`)
)

// FineUnits returns the units of text found by their own form, in document
// order: label runs, inline labels, fix and proposal cells of tables, "+"
// lines, new clauses and bracketed notes. Lines inside fenced code are
// skipped.
func FineUnits(text string) []RecUnit {
	var out []RecUnit
	var header []string // the open table's header cells
	var fixCols, sevCols []int
	proposalCols := map[int]bool{}
	inFence := false
	prevTableLine := -1 // start of the previous line when it was a table row
	ForEachLine(text, func(l Line) {
		s := text[l.Start:l.End]
		t := strings.TrimLeft(s, " \t")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			return
		}
		if inFence || t == "" {
			prevTableLine = -1
			return
		}
		if t[0] == '|' {
			cells := TableCells(text, l)
			switch {
			case prevTableLine >= 0 && header == nil && IsRuleRow(cells, text):
				// the separator row: the previous line was the header
				header = CellTexts(text, TableCells(text, Line{prevTableLine, LineEndAt(text, prevTableLine)}))
				fixCols, sevCols = nil, nil
				clear(proposalCols)
				for i, h := range header {
					switch {
					case SeverityColumnRe.MatchString(h):
						sevCols = append(sevCols, i)
					case fixColumnRe.MatchString(h) && !reasonColumn(h):
						fixCols = append(fixCols, i)
						proposalCols[i] = proposalColumnRe.MatchString(h)
					}
				}
			case header != nil:
				out = append(out, tableUnits(text, l, cells, header, fixCols, sevCols, proposalCols)...)
			}
			prevTableLine = l.Start
			return
		}
		prevTableLine, header = -1, nil
		if u, ok := labelUnit(text, l, t); ok {
			out = append(out, u)
			return
		}
		for _, m := range inlineMatches(s) {
			st := l.Start + m
			out = append(out, RecUnit{Span: Span{st, runEnd(text, st)}, Body: st + labelLen(text[st:l.End]), Fine: true})
		}
		out = append(out, bracketUnits(text, l)...)
	})
	SortUnits(out)
	return out
}

// labelUnit returns the unit a line opens with its form: a fix label, a
// "+" diff line, or a new clause label with its text.
func labelUnit(text string, l Line, t string) (RecUnit, bool) {
	st := l.End - len(t)
	switch {
	case mayOpenFixLabel(t):
		if m := fixLabelRe.FindStringSubmatchIndex(SolidWindow(t, fixLabelSolid)); m != nil {
			return RecUnit{Span: Span{st, runEnd(text, st)}, Body: st + m[1], Fine: true, Proposal: m[4] >= 0}, true
		}
	case len(t) > 2 && t[0] == '+' && (t[1] == ' ' || t[1] == '\t'):
		return RecUnit{Span: Span{st, l.End}, Body: st + 2, Fine: true, Proposal: true}, true
	case StartsWithAny(t, "*_NnIi") && newClauseRe.MatchString(t):
		m := newClauseRe.FindStringIndex(t)
		if m[1] < len(t) {
			return RecUnit{Span: Span{st, runEnd(text, st)}, Body: st + m[1], Fine: true, Proposal: true}, true
		}
	}
	return RecUnit{}, false
}

// inlineMatches returns the offsets in s of fix labels that follow a
// sentence end inside the line.
func inlineMatches(s string) []int {
	if !strings.Contains(s, ": ") && !strings.Contains(s, ":**") && !strings.Contains(s, ":*") {
		return nil
	}
	var out []int
	for _, m := range inlineFixLabels(s, 4) {
		out = append(out, m[2])
	}
	return out
}

// labelLen returns the length of the label s starts with ("Fix: ").
func labelLen(s string) int {
	if m := inlineFixLabels(". "+s, 1); m != nil {
		m := m[0]
		return m[1] - 2
	}
	return 0
}

// bracketUnits returns the bracketed notes of line l that give an
// instruction: "[Customer comment: carve out ...]", "[extend the survival
// period as appropriate]". Only a bracket whose words (after a note label)
// open with a fix verb is a unit.
func bracketUnits(text string, l Line) []RecUnit {
	var out []RecUnit
	for i := l.Start; i < l.End; {
		o := strings.IndexByte(text[i:l.End], '[')
		if o < 0 {
			break
		}
		o += i
		c := strings.IndexByte(text[o:l.End], ']')
		if c < 0 {
			break
		}
		c += o
		inner := text[o+1 : c]
		body := o + 1
		if m := noteLabelRe.FindStringIndex(inner); m != nil {
			body += m[1]
		}
		if w := text[body:c]; WordCount(w, 0, len(w)) >= 3 && OpensWithFixVerb(w) {
			out = append(out, RecUnit{Span: Span{o, c + 1}, Body: body, Fine: true, Proposal: true})
		}
		i = c + 1
	}
	return out
}

// OpensWithFixVerb reports whether s starts with a goal verb or a
// negotiation verb.
func OpensWithFixVerb(s string) bool {
	s = strings.TrimLeft(s, " \t*_")
	return directionalGoalAtRe.MatchString(s) || vagueVerbAtRe.MatchString(s)
}

// directionalGoalAtRe and vagueVerbAtRe are DirectionalGoalRe and
// VagueVerbRe anchored at the start: they match where the leftmost match
// of the unanchored pattern starts at 0, without trying every later start
// of a long unit.
var (
	directionalGoalAtRe = regexp.MustCompile(`^(?:` + DirectionalGoalRe.String() + `)`)
	vagueVerbAtRe       = regexp.MustCompile(`^(?:` + VagueVerbRe.String() + `)`)
)

// runEnd returns the end of the unit that starts at st: the end of its
// paragraph, stopping before a line that opens something else (a heading,
// a list item no deeper than the unit's line, a table row, a bold lead, a
// fix label). When the unit introduces drafting (its text so far ends in
// ':' or is only a label) it runs on over the indented, quoted, fenced or
// list blocks that follow.
func runEnd(text string, st int) int {
	ls := strings.LastIndexByte(text[:st], '\n') + 1
	indent := LeadingSpaces(text[ls:st])
	end := LineEndAt(text, st)
	intro := func() bool {
		s := strings.TrimRight(text[st:end], " \t*_")
		if strings.HasSuffix(s, ":") {
			return true
		}
		// A line that is a fix label and nothing else; fixLabelRe only
		// where it can open (mayOpenFixLabel).
		if t := strings.TrimLeft(s, " \t"); t == "" || mayOpenFixLabel(t) && fixLabelRe.FindString(t) == t {
			return true
		}
		return len(s)-labelLen(s) <= 0
	}
	for i := end + 1; i < len(text); {
		e := LineEndAt(text, i)
		s := text[i:e]
		t := strings.TrimSpace(s)
		switch {
		case htmlBlockLine(t):
			return end // "</details>", "<summary>…": the block's markup ends the run
		case t == "":
			if !intro() {
				return end
			}
			j := i
			for j < len(text) && strings.TrimSpace(text[j:LineEndAt(text, j)]) == "" {
				if LineEndAt(text, j) >= len(text) {
					return end
				}
				j = LineEndAt(text, j) + 1
			}
			nt := text[j:LineEndAt(text, j)]
			if !Continuation(nt, indent) {
				return end
			}
			i = j
			continue
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			if !intro() {
				return end
			}
			// consume the fenced block
			k := e + 1
			for k < len(text) {
				ke := LineEndAt(text, k)
				kt := strings.TrimSpace(text[k:ke])
				if strings.HasPrefix(kt, "```") || strings.HasPrefix(kt, "~~~") {
					end = ke
					break
				}
				end = ke
				k = ke + 1
			}
			if end >= len(text) || k >= len(text) {
				return end
			}
			i = end + 1
			continue
		case OpensBlock(s) || t[0] == '|' || fixLabelRe.MatchString(strings.TrimLeft(s, " \t")):
			return end
		case ListItemRe.MatchString(strings.TrimLeft(s, " \t")) && LeadingSpaces(s) <= indent && !intro():
			return end
		}
		end = e
		i = e + 1
	}
	return end
}

// Continuation reports whether line s (after a blank line) continues a
// unit that introduces drafting: it is indented deeper than the unit, a
// block quote, a fence, or a list item.
func Continuation(s string, indent int) bool {
	t := strings.TrimLeft(s, " \t")
	return LeadingSpaces(s) > indent || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || ListItemRe.MatchString(t) || strings.HasPrefix(t, "\"") || strings.HasPrefix(t, "“")
}

// TableCells returns the cell spans of table row l (between pipes, trimmed).
func TableCells(text string, l Line) []Span {
	var out []Span
	s := text[l.Start:l.End]
	first := strings.IndexByte(s, '|')
	if first < 0 {
		return nil
	}
	i := l.Start + first + 1
	for i <= l.End {
		j := strings.IndexByte(text[i:l.End], '|')
		e := l.End
		if j >= 0 {
			e = i + j
		}
		a, b := trimBlanks(text, i, e)
		if j < 0 {
			if a < b {
				out = append(out, Span{a, b})
			}
			break
		}
		out = append(out, Span{a, b})
		i = e + 1
	}
	return out
}

// CellTexts returns the texts of cells.
func CellTexts(text string, cells []Span) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = text[c.Start:c.End]
	}
	return out
}

// IsRuleRow reports whether cells are a table's separator row ("|---|:-:|").
func IsRuleRow(cells []Span, text string) bool {
	if len(cells) == 0 {
		return false
	}
	for _, c := range cells {
		s := strings.Trim(text[c.Start:c.End], ":")
		if s == "" || strings.Trim(s, "-") != "" {
			return false
		}
	}
	return true
}

// reasonColumn reports whether a heading names a reason or the current
// text, not a fix ("Reason for change", "Current wording").
func reasonColumn(h string) bool {
	l := strings.ToLower(h)
	for _, w := range []string{"reason", "rationale", "why", "current", "existing", "original", "comment", "status", "owner", "evidence", "impact"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// tableUnits returns the fix cells of row l as units, with the row's
// severity cells (or, without a severity column, the row less its fix
// cells) as the text their risk is read from.
func tableUnits(text string, l Line, cells []Span, header []string, fixCols, sevCols []int, proposal map[int]bool) []RecUnit {
	if len(fixCols) == 0 {
		return nil
	}
	var risk string
	if len(sevCols) > 0 {
		risk = RowRiskText(text, cells, header, sevCols)
	} else {
		var b strings.Builder
		for i, c := range cells {
			if !containsInt(fixCols, i) {
				b.WriteString("| " + text[c.Start:c.End] + " ")
			}
		}
		risk = b.String()
	}
	var out []RecUnit
	for _, i := range fixCols {
		if i >= len(cells) || cells[i].End-cells[i].Start < 3 {
			continue
		}
		c := cells[i]
		out = append(out, RecUnit{Span: c, Body: c.Start, Row: Span(l), RowRisk: risk, Fine: true, Proposal: proposal[i]})
	}
	return out
}

// gradeWord spells out a one-letter rating cell.
func gradeWord(g string) string {
	switch g {
	case "H", "Hi", "VH":
		return "High"
	case "M", "Med":
		return "Medium"
	case "L", "Lo":
		return "Low"
	}
	return "Critical"
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// SortUnits sorts units by start, keeping equal starts in order.
func SortUnits(us []RecUnit) {
	slices.SortStableFunc(us, func(a, b RecUnit) int { return cmp.Compare(a.Start, b.Start) })
}

// htmlBlockLine reports whether t (a trimmed line) is HTML block markup
// of its own: a <details> or </details> line, a <summary> or heading.
func htmlBlockLine(t string) bool {
	if !strings.HasPrefix(t, "<") {
		return false
	}
	if detailsEdge(t) {
		return true
	}
	_, _, ok := htmlTitle(t)
	return ok
}

// detailsEdge reports whether t (a trimmed line) opens or closes an HTML
// collapsible block.
func detailsEdge(t string) bool {
	return strings.HasPrefix(t, "<details") || strings.HasPrefix(t, "</details")
}

// trimBlanks returns [a, b) without the blanks and tabs at its ends.
func trimBlanks(text string, a, b int) (int, int) {
	for a < b && (text[a] == ' ' || text[a] == '\t') {
		a++
	}
	for b > a && (text[b-1] == ' ' || text[b-1] == '\t') {
		b--
	}
	return a, b
}
