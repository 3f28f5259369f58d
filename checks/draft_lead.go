package checks

import (
	"regexp"
	"sort"
	"strings"
)

// Drafted language is introduced by what governs it, not only by a
// "Proposed text:" label: a drafting verb right before the quotation
// ("Delete the words "…" and substitute "…"", "the amount "…" is replaced
// by "…"", "revise clause 3.1 to read "…""), or the column of a table whose
// header names drafted language ("Our proposal", "Proposed wording").

// draftLeadRe matches the end of the words between a quotation and what
// precedes it on its line (the line start or the previous quotation) when
// they make it drafted text: an imperative drafting verb whose object is
// the quotation ("substitute", "insert", "add"), a change verb with its
// preposition ("replaced by", "change … to"), or "to read"/"becomes".
var draftLeadRe = regexp.MustCompile(`(?i)(?:\b(?:substitut(?:e|ing)|insert(?:ing)?|add(?:ing)?|append(?:ing)?|prepend(?:ing)?)|\b(?:replac|chang|amend|revis|updat|convert|turn)(?:e|ed|es|ing)?\b[^"“”\n]{0,40}?\b(?:with|by|to|into)|\b(?:to|shall|should|would|will|must|now|then|it)\s+(?:now\s+)?read(?:s)?(?:\s+as\s+follows)?|\breads?\s+as\s+follows|\bbecomes?|\bwith\s+the\s+(?:words?|following|text))[\s:,*_]*$`)

// draftedByLead reports whether the quotation starting at start is drafted
// text by the words that lead to it from from (the end of the previous
// quotation on its line, or the line start): draftLeadRe on at most the
// last 120 bytes.
func draftedByLead(text string, from, start int) bool {
	from = max(from, start-120)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	lead := text[from:start]
	if strings.TrimSpace(lead) == "" {
		return false
	}
	return draftLeadRe.MatchString(lead)
}

// tableBlock is one Markdown table: its extent and its header cells.
type tableBlock struct {
	start, end int
	header     []string
}

// tableBlocks returns the Markdown tables of text (runs of lines starting
// with '|' whose second line is a "|---|" separator), in order.
func tableBlocks(text string) []tableBlock {
	var out []tableBlock
	var cur *tableBlock
	prevStart, prevEnd := -1, -1 // the previous table line, a header candidate
	rows := 0
	forEachLine(text, func(l line) {
		s := strings.TrimSpace(text[l.start:l.end])
		if !strings.HasPrefix(s, "|") {
			cur, prevStart, rows = nil, -1, 0
			return
		}
		rows++
		if cur != nil {
			cur.end = l.end
			return
		}
		if rows == 2 && prevStart >= 0 && separatorRow(s) {
			out = append(out, tableBlock{start: prevStart, end: l.end, header: tableCells(text[prevStart:prevEnd])})
			cur = &out[len(out)-1]
			return
		}
		prevStart, prevEnd = l.start, l.end
	})
	return out
}

// separatorRow reports whether s is a table's header separator ("|---|:-:|").
func separatorRow(s string) bool {
	return strings.Trim(s, "|-: \t") == "" && strings.Contains(s, "-")
}

// tableCells splits a table row into its trimmed cells.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	row = strings.TrimSuffix(row, "|")
	cells := strings.Split(row, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// tableColumns finds, for an offset, the header of the table column it
// lies in. It builds the table list on first use.
type tableColumns struct {
	text   string
	built  bool
	tables []tableBlock
}

// header returns the header of the column holding offset at, and whether
// at lies in a table body row.
func (t *tableColumns) header(at int) (string, bool) {
	if !t.built {
		t.tables, t.built = tableBlocks(t.text), true
	}
	i := sort.Search(len(t.tables), func(i int) bool { return t.tables[i].end > at })
	if i == len(t.tables) || t.tables[i].start > at {
		return "", false
	}
	ls := strings.LastIndexByte(t.text[:at], '\n') + 1
	if ls <= t.tables[i].start {
		return "", false // the header row itself
	}
	col := strings.Count(strings.TrimLeft(t.text[ls:at], " \t"), "|") - 1
	if col < 0 || col >= len(t.tables[i].header) {
		return "", false
	}
	return t.tables[i].header[col], true
}

// draftColumn reports whether a column header names drafted language
// ("Our proposal", "Proposed wording", "Replacement text", "New clause").
func draftColumn(header string) bool {
	return header != "" && isDraftIntro(strings.Trim(header, "*_ "))
}

// draftTracker tells, for each quotation of a text in document order,
// whether it is drafted language: introduced by a marker on its line or
// the line above (introducesDraft, with a block quote's continuation lines
// sharing the verdict of its first), led to by a drafting verb
// (draftedByLead), or standing in a drafted-language table column.
type draftTracker struct {
	text    string
	cols    tableColumns
	block   bool // the verdict of the last block quote, for its continuation lines
	prevEnd int
}

func newDraftTracker(text string) *draftTracker {
	return &draftTracker{text: text, cols: tableColumns{text: text}}
}

// drafted must be called for every quotation span (as quotedSpans returns
// them) in document order.
func (d *draftTracker) drafted(s span) bool {
	text := d.text
	from := d.prevEnd
	d.prevEnd = s.end
	switch introducesDraft(text, s.start) {
	case isDraft:
		d.block = true
		return true
	case continuesQuote:
		return d.block
	}
	d.block = false
	if text[s.start] != '>' && draftedByLead(text, from, s.start) {
		return true // "substitute "…"", "is replaced by "…"": the new words
	}
	if h, ok := d.cols.header(s.start); ok && draftColumn(h) {
		return true // a quotation in an "Our proposal" column is the proposal
	}
	return false
}

// sourceQuotes returns the code and the quotations of text that are not
// drafted language (draftTracker), sorted and without overlaps: the
// passages whose references are the source's own, not the deliverable's.
func sourceQuotes(text string) []span {
	d := newDraftTracker(text)
	var qs []span
	for _, q := range quotesOutsideCode(text, 0, len(text)) {
		if !d.drafted(q) {
			qs = append(qs, q)
		}
	}
	code := codeSpans(text, 0, len(text))
	if len(code) == 0 {
		return qs
	}
	all := append(code, qs...)
	sortSpans(all)
	out := all[:0]
	for _, s := range all {
		if n := len(out); n > 0 && s.start < out[n-1].end {
			out[n-1].end = max(out[n-1].end, s.end)
			continue
		}
		out = append(out, s)
	}
	return out
}
