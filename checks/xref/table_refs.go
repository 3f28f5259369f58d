package xref

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A table whose column is headed by a reference word ("Clause", "Current
// section", "New clause") holds references without the word: "| 7 | 8(2)
// |" in an issues list, "| 9.6 Diminished value | 9.3.4 |" in a table of
// destinations. The column's header also says whose numbering they use:
// "Current", "Old", "Existing" or "Draft" is the source's, "New",
// "Proposed", "Revised" or "Restructured" the text's own.

// refColumnRe matches a header cell naming a reference column.
var refColumnRe = regexp.MustCompile(`(?i)^(?:(current|old|existing|original|draft|source|their|new|proposed|revised|restructured|amended)\s+)?(?:clause|section|article|paragraph|§|cl\.|para\.)s?(?:\s+(?:no\.?|number|ref\.?))?$`)

// tableCellIDRe matches the clause ids a cell starts with: "8(2)", "9.2.1,
// 9.2.2", "3(2), 3(3)", "**12.3**".
var tableCellIDRe = regexp.MustCompile(`^[ \t]*(?:\*\*)?((?:[A-Z]{1,2}\d{0,2}\.)?\d{1,4}[A-Z]?(?:\.\d{1,4})*(?:[ ]?\([a-z0-9]{1,4}\))*)(?:\*\*)?`)

// tableCellNextRe matches one more id of a cell's list.
var tableCellNextRe = regexp.MustCompile(`^[ \t]*(?:,|and|&|to|–|-)[ \t]*((?:[A-Z]{1,2}\d{0,2}\.)?\d{1,4}[A-Z]?(?:\.\d{1,4})*(?:[ ]?\([a-z0-9]{1,4}\))*)`)

// refSide says whose numbering a reference column uses.
type refSide int

const (
	sideEither refSide = iota // the text's own or the source's
	sideSource                // "Current clause": the source's
	sideOwn                   // "New clause": the text's own
)

// tableRef is one id in a reference column.
type tableRef struct {
	id         string // spaces removed: "8(2)"
	start, end int
	noun       string // the header's reference word, refNoun form
	side       refSide
}

// tableRefs returns the ids in the reference columns of text's Markdown
// tables, in order.
func tableRefs(text string) []tableRef {
	var out []tableRef
	type col struct {
		noun string
		side refSide
	}
	var cols map[int]col // reference columns of the current table, by index
	prevStart, prevEnd, rows := -1, -1, 0
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if !strings.HasPrefix(s, "|") {
			cols, rows = nil, 0
			return
		}
		rows++
		if rows == 2 && doctext.SeparatorRow(s) {
			cols = nil
			for i, h := range doctext.RowCellTexts(text[prevStart:prevEnd]) {
				m := refColumnRe.FindStringSubmatch(strings.Trim(h, "*_ "))
				if m == nil {
					continue
				}
				side := sideEither
				switch strings.ToLower(m[1]) {
				case "":
				case "new", "proposed", "revised", "restructured", "amended":
					side = sideOwn
				default:
					side = sideSource
				}
				if cols == nil {
					cols = map[int]col{}
				}
				fields := strings.Fields(strings.Trim(h, "*_ "))
				cols[i] = col{noun: refNoun(fields[len(fields)-1]), side: side}
			}
			return
		}
		prevStart, prevEnd = l.Start, l.End
		if len(cols) == 0 || rows < 3 {
			return
		}
		// Walk the row's cells, offsets kept.
		row := text[l.Start:l.End]
		first := strings.IndexByte(row, '|')
		for i, at := 0, first+1; at <= len(row); i++ {
			e := strings.IndexByte(row[at:], '|')
			if e < 0 {
				break
			}
			c, ok := cols[i]
			if ok {
				cell := row[at : at+e]
				if m := tableCellIDRe.FindStringSubmatchIndex(cell); m != nil {
					add := func(s, e int) {
						out = append(out, tableRef{id: strings.ReplaceAll(cell[s:e], " ", ""), start: l.Start + at + s, end: l.Start + at + e, noun: c.noun, side: c.side})
					}
					add(m[2], m[3])
					for pos := m[1]; ; {
						n := tableCellNextRe.FindStringSubmatchIndex(cell[pos:])
						if n == nil {
							break
						}
						add(pos+n[2], pos+n[3])
						pos += n[1]
					}
				}
			}
			at += e + 1
		}
	})
	return out
}

// tableRefFindings resolves the ids of text's reference columns: a
// "Current" column against the source, a "New" column against the text's
// own labels, any other against both (a review's against the source).
func tableRefFindings(text string, idx *doctext.LineIndex, o, src *xrefOutline, srcText string, review bool) []check.Finding {
	var out []check.Finding
	for _, r := range tableRefs(text) {
		key := "|" + r.id
		inOwn := func() bool { return outlineHolds(o, text, key) }
		inSrc := func() bool { return src != nil && outlineHolds(src, srcText, key) }
		var ok bool
		switch {
		case r.side == sideOwn && !review:
			if o.numLabels == 0 {
				continue
			}
			ok = inOwn()
		case r.side == sideSource || review:
			if src == nil || src.numLabels == 0 {
				continue
			}
			ok = inSrc() || srcLabelled(srcText, r.id, r.noun, o.numLabels > 0 && !review)
		default:
			if o.numLabels == 0 && src == nil {
				continue
			}
			ok = inOwn() || inSrc() || srcLabelled(srcText, r.id, r.noun, o.numLabels > 0 && !review)
		}
		if !ok {
			whose := "the document"
			if r.side == sideSource || review {
				whose = "the source"
			}
			out = append(out, check.Finding{Rule: RuleDanglingRef, Severity: check.SeverityBlock,
				Message:  fmt.Sprintf("reference to %s %s (in a table's %s column) points to no clause of %s", r.noun, r.id, r.noun, whose),
				Location: idx.Locate(r.start, r.end, text)})
		}
	}
	return out
}

// outlineHolds reports whether the outline of text defines key, or its
// clause lists the sub-item inline ("8(2)" where clause 8 reads "(1) ...
// (2) ...").
func outlineHolds(o *xrefOutline, text, key string) bool {
	if _, ok := o.byKey[key]; ok {
		return true
	}
	if base, sub, ok := strings.Cut(key, "("); ok {
		if i, found := o.byKey[base]; found && inlineSubItem(text, o, i, "("+sub) {
			return true
		}
	}
	return false
}
