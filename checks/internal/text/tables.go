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
// lines start with '|'.
func Tables(text string) []Table {
	var out []Table
	var cur *Table
	var prev []Span // the cells of the line before, a header candidate
	ForEachUnfencedLine(text, func(l Line, raw, s string) {
		if !strings.HasPrefix(s, "|") {
			cur, prev = nil, nil
			return
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
