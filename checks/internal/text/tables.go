package text

import "strings"

// Table is a Markdown pipe table of a text: a header row, its rule row
// ("|---|---|"), and the data rows under it.
type Table struct {
	// Header holds the header cells, trimmed.
	Header []Span
	// Rows holds each data row's cells, trimmed; RowLines the rows' lines.
	Rows     [][]Span
	RowLines []Line
}

// maxTableRows bounds the rows Tables keeps of one table.
const maxTableRows = 5000

// Tables returns the pipe tables of text outside fenced code, in order:
// a row of cells followed by a rule row starts one, and it runs while
// lines start with '|'. A plain-text table written without the outer
// pipes and the rule row ("Probe family | Attempts | Rate", then one row
// a line) is one too: at least three lines in a row, each of at least
// three cells and as many as the first, which is the header.
func Tables(text string) []Table {
	var out []Table
	var cur *Table
	var prev []Span // the cells of the line before, a header candidate
	var loose looseRun
	ForEachUnfencedLine(text, func(l Line, raw, s string) {
		if !strings.HasPrefix(s, "|") {
			cur, prev = nil, nil
			if t, ok := loose.line(text, l, s); ok {
				out = append(out, t)
			}
			return
		}
		if t, ok := loose.line(text, l, ""); ok {
			out = append(out, t)
		}
		cells := TableCells(text, l)
		switch {
		case cur != nil:
			if len(cur.Rows) < maxTableRows {
				cur.Rows = append(cur.Rows, cells)
				cur.RowLines = append(cur.RowLines, l)
			}
		case prev != nil && IsRuleRow(cells, text):
			out = append(out, Table{Header: prev})
			cur = &out[len(out)-1]
		default:
			prev = cells
		}
	})
	if t, ok := loose.line(text, Line{}, ""); ok {
		out = append(out, t)
	}
	return out
}

// looseRun follows the lines of a plain-text pipe table.
type looseRun struct {
	rows  [][]Span
	lines []Line
}

// line reads the next line (s trimmed, "" for a line that ends a run) and
// returns the table a run it ends made.
func (r *looseRun) line(text string, l Line, s string) (Table, bool) {
	if cells := looseCells(text, l, s); len(cells) >= 3 && (len(r.rows) == 0 || len(cells) == len(r.rows[0])) && len(r.rows) < maxTableRows {
		r.rows, r.lines = append(r.rows, cells), append(r.lines, l)
		return Table{}, false
	}
	t, ok := Table{}, len(r.rows) >= 3
	if ok {
		t = Table{Header: r.rows[0], Rows: r.rows[1:], RowLines: r.lines[1:]}
	}
	r.rows, r.lines = nil, nil
	if s != "" {
		if cells := looseCells(text, l, s); len(cells) >= 3 {
			r.rows, r.lines = [][]Span{cells}, []Line{l}
		}
	}
	return t, ok
}

// looseCells splits a line with no outer pipes at its " | " separators,
// each cell trimmed and none empty; nil for any other line.
func looseCells(text string, l Line, s string) []Span {
	if s == "" || strings.HasPrefix(s, "|") || strings.HasSuffix(s, "|") || !strings.Contains(s, " | ") {
		return nil
	}
	var out []Span
	i := l.Start
	for i <= l.End {
		j := strings.Index(text[i:l.End], " | ")
		e := l.End
		if j >= 0 {
			e = i + j
		}
		a, b := trimBlanks(text, i, e)
		if b > a && text[b-1] == '\r' {
			a, b = trimBlanks(text, a, b-1) // a CRLF line's last cell
		}
		if a == b {
			return nil
		}
		out = append(out, Span{a, b})
		if j < 0 {
			break
		}
		i = e + 3
	}
	return out
}

// headingReach bounds how far above an offset HeadingAbove looks.
const headingReach = 4000

// HeadingAbove returns the nearest heading line above off (a Markdown "#"
// heading or a line in bold only, "**F2 — Clause 4**"), at most
// headingReach bytes up, trimmed; empty when there is none.
func HeadingAbove(text string, off int) string {
	lo := max(0, off-headingReach)
	nl := strings.LastIndexByte(text[lo:off], '\n') // ends the line above off
	for nl >= 0 {
		nl += lo
		start := strings.LastIndexByte(text[lo:nl], '\n') + 1 + lo
		if start == lo && lo > 0 {
			return "" // a line cut by the reach
		}
		s := strings.TrimSpace(text[start:nl])
		if lvl, _ := HeadingLevel(s); lvl > 0 {
			return s
		}
		if len(s) > 4 && strings.HasPrefix(s, "**") && strings.HasSuffix(strings.TrimRight(s, ":"), "**") {
			return s
		}
		if start == lo {
			return ""
		}
		nl = start - 1 - lo
	}
	return ""
}
