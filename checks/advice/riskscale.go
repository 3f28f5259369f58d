package advice

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Reading a document's rating conventions (riskScale): whether it grades
// findings by letter, found by a scan of the lines that may say so, and,
// line by line when first asked for, the text each rated finding's rating
// is read from, by the keys a recommendation may name it with.

// readRiskScale reads whether text grades by letter; its rated findings
// are read on first use (riskScale.findings).
func readRiskScale(text string) *riskScale {
	return &riskScale{grades: declaresGrades(text), text: text}
}

// readRatedFindings reads text's rated findings, line by line. A line is
// classified with the letter scale only when a line at or above it has
// declared it, as a reader of the document meets the declaration.
func readRatedFindings(text string) ratedFindings {
	r := &scaleReader{text: text, sc: &riskScale{}, rf: ratedFindings{defs: map[string]string{}}, prevTable: -1}
	doctext.ForEachLine(text, r.line)
	return r.rf
}

// declaresGrades reports whether a line of text declares the letter scale
// (declaresGradesLine). gradeAt needs an 'A' after a space and before
// spaces and one of "(=:-–—": only the lines holding such an 'A' are read.
func declaresGrades(text string) bool {
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], 'A')
		if j < 0 {
			return false
		}
		p := i + j
		i = p + 1
		if p == 0 || text[p-1] != ' ' || !gradeMarkAfter(text, p+1) {
			continue
		}
		ls := strings.LastIndexByte(text[:p], '\n') + 1
		le := doctext.LineEndAt(text, p)
		if declaresGradesLine(strings.TrimSpace(text[ls:le])) {
			return true
		}
		i = le
	}
	return false
}

// gradeMarkAfter reports whether text[k:], past spaces, opens with one of
// the marks gradeAt wants after the 'A': "(", "=", ":" or a dash.
func gradeMarkAfter(text string, k int) bool {
	for k < len(text) && text[k] == ' ' {
		k++
	}
	if k >= len(text) {
		return false
	}
	switch text[k] {
	case '(', '=', ':', '-':
		return true
	}
	return strings.HasPrefix(text[k:], "–") || strings.HasPrefix(text[k:], "—")
}

// declaresGradesLine reports whether the trimmed line t declares the
// letter scale ("Findings are rated A (critical) to C (low)").
func declaresGradesLine(t string) bool {
	return gradeAt(t) && gradeWordAt(t) && doctext.GradeScaleRe.MatchString(t)
}

// scaleBlockRisk is the block level readRatedFindings classifies with:
// whether a text rates does not depend on the level.
const scaleBlockRisk = 3

// scaleReader is readRatedFindings' state between lines: the letter scale
// as declared so far (sc), the findings read, the table it is in (its
// header row, severity columns, and the start of the line before, to find
// the header when the rule row comes) and whether the lines are in a
// section of findings.
type scaleReader struct {
	text       string
	sc         *riskScale
	rf         ratedFindings
	header     []string
	sevCols    []int
	prevTable  int // start of the previous table line; -1 outside a table
	inFindings bool
}

// put records ctx as the rating text of key, unless an earlier line gave
// one: the first definition of a finding wins.
func (r *scaleReader) put(key, ctx string) {
	if _, ok := r.rf.defs[key]; !ok {
		r.rf.defs[key] = ctx
	}
}

// line reads one line: a blank line ends a table, any line may declare
// the letter scale, and table and other lines are read for rated findings.
func (r *scaleReader) line(l doctext.Line) {
	s := r.text[l.Start:l.End]
	t := strings.TrimSpace(s)
	if t == "" {
		r.prevTable = -1
		return
	}
	if !r.sc.grades && declaresGradesLine(t) {
		r.sc.grades = true
	}
	if t[0] == '|' {
		r.tableLine(l, t)
		r.prevTable = l.Start
		return
	}
	r.prevTable, r.header = -1, nil
	r.proseLine(l, s, t)
}

// tableLine reads a table line: the rule row under a header names the
// table's severity columns; a row under a header that rates keys its
// rating by its first cell (a number or a finding id) and by the clauses
// it names.
func (r *scaleReader) tableLine(l doctext.Line, t string) {
	text := r.text
	cells := doctext.TableCells(text, l)
	switch {
	case r.prevTable >= 0 && r.header == nil && doctext.IsRuleRow(cells, text):
		r.header = doctext.CellTexts(text, doctext.TableCells(text, doctext.Line{Start: r.prevTable, End: doctext.LineEndAt(text, r.prevTable)}))
		r.sevCols = r.sevCols[:0]
		for i, h := range r.header {
			if doctext.SeverityColumnRe.MatchString(h) {
				r.sevCols = append(r.sevCols, i)
			}
		}
	case r.header != nil && len(cells) > 0:
		ctx := doctext.RowRiskText(text, cells, r.header, r.sevCols)
		if r.sc.classify(ctx, scaleBlockRisk) == riskUnknown {
			return
		}
		first := strings.Trim(text[cells[0].Start:cells[0].End], "*_ ")
		if first != "" && len(first) <= 8 {
			if first[0] >= '0' && first[0] <= '9' {
				r.put("n:"+first, ctx)
			} else {
				r.put("id:"+first, ctx)
			}
		}
		for _, m := range clauseRefs(t) {
			r.put("ref:"+clauseKey(m[1]), ctx)
		}
	}
}

// proseLine reads a line outside a table: a heading (other than a
// numbered or id-led one, which opens a finding) says whether the section
// holds findings; a line that can name a finding (a block's opening line,
// an item or a paragraph of a findings section) keys its rating, read from
// its paragraph (or, for a heading, the text below it), when it rates.
func (r *scaleReader) proseLine(l doctext.Line, s, t string) {
	text := r.text
	blankBefore := l.Start < 2 || text[l.Start-1] == '\n' && (text[l.Start-2] == '\n' || text[l.Start-2] == '\r')
	lvl, _ := doctext.HeadingLevel(t)
	if lvl == 0 && blankBefore {
		lvl, _ = doctext.ReviewTitle(s)
	}
	if lvl > 0 && !(mayNumberedLead(t) && numberedLeadRe.MatchString(t)) && !(doctext.MayLeadID(t) && doctext.LeadIDRe.MatchString(t)) {
		r.inFindings = findingHeading.match(t)
		return
	}
	opener := doctext.OpensBlock(s)
	item := r.inFindings && doctext.ListItemRe.MatchString(t)
	topic := r.inFindings && !opener && !item && blankBefore
	if !opener && !item && !topic {
		return
	}
	var keys []string
	if opener || item {
		keys = r.findingKeysOf(t)
	}
	if len(keys) == 0 && !topic {
		return
	}
	ctx := text[l.Start:min(paragraphEnd(text, l.Start), l.Start+600)]
	if lvl > 0 {
		ctx = text[l.Start:min(len(text), l.Start+400)]
	}
	if r.sc.classify(ctx, scaleBlockRisk) == riskUnknown {
		return
	}
	if topic {
		r.rf.topics = append(r.rf.topics, ctx)
	}
	for _, k := range keys {
		r.put(k, ctx)
	}
}

// findingKeysOf returns the keys a finding's opening line or item t
// defines: its id ("F2", or "finding 3"), its number in a findings
// section, and the clauses its first 200 bytes name.
func (r *scaleReader) findingKeysOf(t string) []string {
	var keys []string
	if m := leadIDSubmatch(t); m != nil {
		if m[1] != "" {
			keys = append(keys, "id:"+m[1])
		} else {
			keys = append(keys, strings.ToLower(m[2])+" "+m[3])
		}
	}
	if r.inFindings {
		if m := numberedLeadSubmatch(t); m != nil {
			keys = append(keys, "n:"+m[1])
		}
	}
	for _, m := range clauseRefs(t[:min(len(t), 200)]) {
		keys = append(keys, "ref:"+clauseKey(m[1]))
	}
	return keys
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
		if !doctext.WordByte[t[i]] {
			i++
			continue
		}
		if t[i]|0x20 == 'r' || t[i]|0x20 == 'g' || t[i]|0x20 == 'c' || t[i]|0x20 == 'p' {
			for _, p := range gradeWordPrefixes {
				if doctext.AsciiFoldPrefix(t[i:], p) {
					return true
				}
			}
		}
		for i < len(t) && doctext.WordByte[t[i]] {
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
