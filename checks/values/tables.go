package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads table rows: the header gives each column its tense, rate
// and currency, the row label names the values of its cells.

// vColumn is what a table's header cell gives the cells under it, read
// once per table: its tense, rate and currency, and its words (ids read
// on first need; shared, read only).
type vColumn struct {
	tense     int8
	rate, cur string
	ids       []int32
	idsDone   bool
}

// vSplitCells splits a Markdown table row into its cells.
func vSplitCells(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	s = strings.TrimSuffix(s, "|")
	return strings.Split(s, "|")
}

// vIsHeaderRow reports whether the line after the one ending at end is a
// table rule, which makes that line a header.
func vIsHeaderRow(text string, end int) bool {
	if end >= len(text) {
		return false
	}
	next := text[end+1:]
	if i := strings.IndexByte(next, '\n'); i >= 0 {
		next = next[:i]
	}
	next = strings.TrimSpace(next)
	return strings.HasPrefix(next, "|") && valueTableRule(vSplitCells(next))
}

// tableRow reads the values of one table row: each cell's values take the
// row's label (its first cell that is not an id or a number) and the
// cell's column heading as their noun phrase.
func (d *valueDoc) tableRow(l doctext.Line, s string, cells, header []string, cols []vColumn, table, block int, heading []int32, headAnchors []string, proposed bool) {
	text := d.text
	off := l.Start + strings.IndexByte(text[l.Start:l.End], '|') + 1
	label := ""
	var anchors []string
	for i, c := range cells {
		c = strings.Trim(strings.TrimSpace(c), "*_ ")
		if c == "" {
			continue
		}
		if id := vItemID(c); id != "" {
			anchors = append(anchors, "id:"+id)
			continue
		}
		ref := i < len(header) && vRefHeader(header[i])
		if valueClauseNumber(c) && (ref || i == 0) || vIsSmallInt(c) && i == 0 {
			ns := "own:"
			if ref || !d.review {
				ns = "ref:"
			}
			anchors = append(anchors, ns+c)
			continue
		}
		if nums := vClauseList(c); ref && len(nums) > 1 {
			// "7.1 / 5.1", "3.2, 3.4": a row about several clauses
			// refers to each.
			for _, n := range nums {
				anchors = append(anchors, "ref:"+n)
			}
			continue
		}
		if label == "" && !vStartsWithValue(c) {
			label = c
		}
	}
	anchors = append(anchors, d.textAnchors(l.Start, l.End)...)
	labelIDs := d.wordIDs(nil, label, false)
	rowTotal := vTotalLabel(label)
	for i, c := range cells {
		cs := off
		off += len(c) + 1
		if strings.TrimSpace(c) == "" {
			continue
		}
		var colIDs []int32
		tense := tenseDefault
		colRate, colCur := "", ""
		if i < len(header) {
			col := &cols[i]
			if !col.idsDone {
				// Read when a row first needs it, as each row once did: the
				// word ids are given in the same order.
				col.ids, col.idsDone = d.wordIDs(nil, header[i], false), true
			}
			colIDs, tense, colRate, colCur = col.ids, col.tense, col.rate, col.cur
		}
		words := append(append([]int32(nil), labelIDs...), colIDs...)
		if strings.TrimSpace(c) == label {
			words = colIDs
		}
		// The row and column name the value of a short cell; a cell of
		// prose names its own values.
		labelEnd := cs
		if doctext.WordCount(text, cs, cs+len(c)) > 8 {
			labelEnd = -1
		}
		d.sentence(cs, cs+len(c), sentCtx{block: block, table: table, label: words, labelEnd: labelEnd, topic: heading, anchors: anchors, inherited: headAnchors, cellTense: tense, col: colIDs, colRate: colRate, proposed: proposed, row: l.Start, colIdx: i, total: rowTotal, cellCurrency: colCur, labelDef: vDefinite(label)})
	}
}

// vRefHeader reports whether a column heading names source references.
func vRefHeader(h string) bool {
	h = strings.ToLower(h)
	for _, w := range []string{"clause", "section", "ref", "§", "art", "para", "provision", "cl."} {
		if strings.Contains(h, w) {
			return true
		}
	}
	return false
}

// vIsSmallInt reports whether s is a whole number of one to three digits.
func vIsSmallInt(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// vStartsWithValue reports whether a cell starts with a figure or a
// currency: it is a value, not a label.
func vStartsWithValue(c string) bool {
	if c == "" {
		return false
	}
	if c[0] >= '0' && c[0] <= '9' || c[0] == '$' || c[0] == '~' || strings.HasPrefix(c, "€") || strings.HasPrefix(c, "£") {
		return true
	}
	if len(c) >= 4 && c[3] == ' ' {
		if _, ok := doctext.CurrencyWords[strings.ToLower(c[:3])]; ok && c[4] >= '0' && c[4] <= '9' {
			return true
		}
	}
	return false
}

// valueTableRule reports whether cells are a Markdown table's rule row.
func valueTableRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" {
			return false
		}
	}
	return true
}

// vHeaderRate returns the rate a column heading gives its amounts:
// "Monthly fee" gives "month", "Rate per hour" gives "hour".
func vHeaderRate(h string) string {
	for _, w := range strings.Fields(strings.ToLower(strings.Trim(h, " *_"))) {
		if r := vRateAlias(w); r != "" {
			return r
		}
	}
	if i := strings.Index(strings.ToLower(h), "per "); i >= 0 {
		f := strings.Fields(strings.ToLower(h[i+4:]))
		if len(f) > 0 {
			return vRateUnits[strings.Trim(f[0], "*_.,)")]
		}
	}
	return ""
}

// vHeaderCurrency returns the currency a column heading gives the bare
// figures under it: the code or sign it names ("Fee (USD)", "Amount £"),
// "?" for an amount in no named currency ("Fee", "Price"), "" otherwise.
func vHeaderCurrency(h string) string {
	for sign, code := range doctext.CurrencySigns {
		if strings.Contains(h, sign) {
			return code
		}
	}
	l := strings.ToLower(h)
	for _, w := range strings.FieldsFunc(l, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if c, ok := doctext.CurrencyWords[w]; ok && len(w) == 3 {
			return c
		}
	}
	for _, w := range []string{"fee", "price", "cost", "amount", "charge", "payment", "total"} {
		if strings.Contains(l, w) {
			return "?"
		}
	}
	return ""
}
