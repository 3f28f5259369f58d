package values

import (
	"sort"
	"strings"
)

// This file links a value to the part of the document it says it is set
// out in: "the 25 photos listed in the Schedule", "£850 per day, as set out
// in Schedule 1".

// vPartVerbs say where a value is given in full: "listed in", "set out in".
var vPartVerbs = map[string]bool{
	"listed": true, "set": true, "shown": true, "specified": true, "described": true, "stated": true,
	"detailed": true, "itemised": true, "itemized": true, "given": true,
}

// vPartNouns name the parts a value may be set out in.
var vPartNouns = map[string]bool{
	"schedule": true, "annex": true, "appendix": true, "exhibit": true, "attachment": true,
}

// maxPartWords bounds how far after a value its "as set out in" is read:
// one clause of a sentence.
const maxPartWords = 30

// citedPart returns the part a value says it is set out in, lower case
// with its number if any ("schedule", "schedule 1"), reading at most
// maxPartWords tokens after the value (token next); "" when there is none.
func (d *valueDoc) citedPart(next int) string {
	toks := d.toks
	for k := next; k < len(toks) && k < next+maxPartWords; k++ {
		if s := d.sym(k); s == "." || s == ";" {
			return ""
		}
		if !d.wordIn(k, wPartVerb, vPartVerbs) {
			continue
		}
		j := k + 1
		if d.tokIs(j, "out") {
			j++
		}
		if !d.tokIs(j, "in") {
			continue
		}
		j++
		if d.tokIs(j, "the") {
			j++
		}
		if j >= len(toks) || !vPartNouns[d.lowerTok(j)] {
			continue
		}
		part := d.lowerTok(j)
		if j+1 < len(toks) && toks[j+1].kind == tNum {
			part += " " + d.text[toks[j+1].start:toks[j+1].end]
		}
		return part
	}
	return ""
}

// maxPartTitle bounds a part's title line: "Schedule 1 - Services,
// Deliverables and Fees", not a sentence that opens with "Schedule".
const maxPartTitle = 80

// partTitles returns the line starts of the short lines that open with a
// part noun ("Schedule 1 - Fees" with no "#"), in order.
func (d *valueDoc) partTitles() []int {
	if d.partsRead {
		return d.parts
	}
	d.partsRead = true
	text := d.text
	for ls := 0; ls < len(text); {
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text) - ls
		}
		line := strings.TrimLeft(text[ls:ls+le], "# *_")
		if le <= maxPartTitle {
			if sp := strings.IndexAny(line, " :"); sp > 0 && vPartNouns[strings.ToLower(line[:sp])] {
				d.parts = append(d.parts, ls)
			}
		}
		ls += le + 1
	}
	return d.parts
}

// inPart reports whether the value at pos sits in the section whose
// heading or part title opens with part ("Schedule: the photos",
// "Schedule 1 - Fees").
func (d *valueDoc) inPart(pos int, part string) bool {
	start := -1
	if i := sort.SearchInts(d.headings, pos+1) - 1; i >= 0 {
		start = d.headings[i]
	}
	if ps := d.partTitles(); len(ps) > 0 {
		if i := sort.SearchInts(ps, pos+1) - 1; i >= 0 && ps[i] > start {
			start = ps[i]
		}
	}
	if start < 0 {
		return false
	}
	end := strings.IndexByte(d.text[start:], '\n')
	if end < 0 {
		end = len(d.text) - start
	}
	title := strings.ToLower(strings.TrimLeft(d.text[start:start+end], "# *_"))
	if !strings.HasPrefix(title, part) {
		return false
	}
	rest := title[len(part):]
	return rest == "" || rest[0] < '0' || rest[0] > '9'
}
