package jurisdiction

import (
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// mention is one term of the table found in a text.
type mention struct {
	start, end int
	place      int
	roles      role // the roles of the terms written so (a name may be an adjective too)
}

// maxGap is the most bytes between two words of one term in a text
// ("Washington, D.C.", "England & Wales", "Regulation (EU) 2016/679").
const maxGap = 3

// gapOK reports whether s, the text between two words of a term, may join
// them: at most maxGap bytes of spaces and joining punctuation, no line
// break.
func gapOK(s string) bool {
	if len(s) == 0 || len(s) > maxGap {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '.', ',', '-', '(', ')', '/', '&', '\'':
		default:
			return false
		}
	}
	return true
}

// mentions returns the terms of the table that start at one of the words
// ws of text, leftmost first, the longest term at a position, without
// overlaps, and keeps those whose role is in want: "California" inside
// "California Consumer Privacy Act" is a statute, never a name. ws must be
// sorted.
func (t *table) mentions(text string, ws []doctext.Span, want role) []mention {
	var out []mention
	var buf []byte
	for i := 0; i < len(ws); i++ {
		w := text[ws[i].Start:ws[i].End]
		if c := w[0]; c < 0x80 && (c < 'A' || c > 'Z') && !t.plainFirst[w] {
			continue // a lower-case word starts no capitalised term
		}
		buf = doctext.LowerInto(buf, w)
		n := t.root.next[string(buf)]
		if n == nil {
			continue
		}
		best, bestEnd, bestRoles, bestPlace := -1, 0, role(0), -1
		for j := i; ; {
			if p, r := t.accept(n, text, ws[i:j+1]); r != 0 {
				best, bestEnd, bestRoles, bestPlace = j, ws[j].End, r, p
			}
			j++
			if j >= len(ws) || j-i >= maxTermWords || !gapOK(text[ws[j-1].End:ws[j].Start]) {
				break
			}
			buf = doctext.LowerInto(buf, text[ws[j].Start:ws[j].End])
			if n = n.next[string(buf)]; n == nil {
				break
			}
		}
		if best >= 0 {
			if bestRoles&want != 0 {
				out = append(out, mention{start: ws[i].Start, end: bestEnd, place: bestPlace, roles: bestRoles})
			}
			i = best
		}
	}
	return out
}

// accept returns the place and the roles of the terms ending at n that the
// words ws of text may stand for, as far as case goes.
func (t *table) accept(n *node, text string, ws []doctext.Span) (int, role) {
	place, roles := -1, role(0)
	for _, ti := range n.terms {
		tm := &t.terms[ti]
		if len(tm.words) != len(ws) {
			continue
		}
		ok := true
		for k, w := range ws {
			if !caseOK(text[w.Start:w.End], tm.words[k]) {
				ok = false
				break
			}
		}
		if ok {
			if place < 0 {
				place = tm.place
			}
			roles |= tm.role
		}
	}
	return place, roles
}
