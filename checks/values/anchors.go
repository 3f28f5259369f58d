package values

import (
	"strings"
)

// This file reads the anchors of a sentence: the clauses, items and
// periods its values belong to.

// vRefWords name a part of a document before its number.
var vRefWords = map[string]bool{
	"clause": true, "clauses": true, "section": true, "sections": true, "article": true, "articles": true,
	"paragraph": true, "paragraphs": true, "cl": true, "para": true, "schedule": true, "schedules": true,
	"annex": true, "appendix": true,
}

// vPeriodWords name a period or an event before its number: "Year 3",
// "Phase 2", "Call 23".
var vPeriodWords = map[string]bool{
	"Year": true, "Phase": true, "Month": true, "Week": true, "Day": true, "Quarter": true, "Stage": true,
	"Milestone": true, "Call": true, "Session": true, "Round": true, "Run": true, "Sprint": true, "Wave": true,
	"Tranche": true, "Instalment": true, "Installment": true, "Option": true, "Tier": true, "Level": true,
	"Band": true, "Plan": true,
}

// tokenAnchors appends the anchors of the current sentence's tokens (see
// lineAnchors) to dst: a token scan, as the sentence is tokenised anyway.
func (d *valueDoc) tokenAnchors(dst []string) []string {
	toks, text := d.toks, d.text
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch t.kind {
		case tSym:
			if d.sym(k) == "§" {
				j := k + 1
				if d.sym(j) == "§" {
					j++
				}
				if j < len(toks) && toks[j].kind == tNum {
					dst = append(dst, "ref:"+d.refNumber(j))
				}
			}
		case tWord:
			w := text[t.start:t.end]
			if c := w[0] | 0x20; (c == 'c' || c == 's' || c == 'a' || c == 'p') && len(w) <= 10 && d.refWordAt(k) {
				j := k + 1
				if d.sym(j) == "." {
					j++
				}
				if j < len(toks) && toks[j].kind == tNum {
					dst = append(dst, "ref:"+d.refNumber(j))
				}
				continue
			}
			if w[0] < 'A' || w[0] > 'Z' {
				continue // period words and item ids are capitalised
			}
			if k+1 < len(toks) && toks[k+1].kind == tNum && toks[k+1].end-toks[k+1].start <= 3 && vPeriodWords[w] {
				dst = append(dst, "per:"+strings.ToLower(w)+" "+text[toks[k+1].start:toks[k+1].end])
				continue
			}
			if len(w) <= 4 && w[0] >= 'A' && w[0] <= 'Z' && k+2 < len(toks) && d.sym(k+1) == "-" && d.adjacent(k+1) && toks[k+2].kind == tNum && d.adjacent(k+2) {
				if id := vItemID(w + "-" + text[toks[k+2].start:toks[k+2].end]); id != "" {
					dst = append(dst, "id:"+id)
				}
			}
		}
	}
	return dst
}

// refWordAt reports whether token k is one of vRefWords: read from its
// interned word when it has one.
func (d *valueDoc) refWordAt(k int) bool {
	if t := d.toks[k]; t.word > 0 {
		return d.words[t.word-1].ref
	}
	return vRefWords[d.lowerTok(k)]
}

// refNumber returns the reference number at token j with its bracketed
// parts: "7(2)(c)", "2.1(b)".
func (d *valueDoc) refNumber(j int) string {
	toks, text := d.toks, d.text
	end := toks[j].end
	for k := j + 1; k+2 < len(toks) && d.sym(k) == "(" && d.adjacent(k) && toks[k+1].end-toks[k+1].start <= 3 && d.sym(k+2) == ")"; k += 3 {
		end = toks[k+2].end
	}
	return text[toks[j].start:end]
}
