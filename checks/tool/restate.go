package tool

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// resolve returns the quantities of refs that ctx (the sentence or row of
// a stated value, lower-cased, and the heading above it) is about: those
// whose record's subject it names; failing that, when it names the tool
// and the tool gave that quantity one value only, every one of them;
// failing that, the tool's one value for the quantity when the name is
// its whole key of two words or more ("refund amount"), or when the
// document names the tool or its subject somewhere (tied) and one record
// holds the key.
func (o *outputs) resolve(refs []ref, ctx, heading string, fullName bool, tied map[*output]bool) []ref {
	named := o.named(ctx)
	bySubject := refsOf(refs, named)
	if len(bySubject) > 0 {
		return bySubject
	}
	if len(named) > 0 {
		return nil // about another result (one that failed, or another quantity's)
	}
	if heading != "" {
		if bySubject = refsOf(refs, o.named(heading)); len(bySubject) > 0 {
			return bySubject
		}
	}
	var byTool []ref
	for _, t := range o.namedTools(ctx) {
		var mine []ref
		for _, r := range refs {
			if t.returned(r) {
				mine = append(mine, r)
			}
		}
		if oneValue(mine) {
			byTool = append(byTool, mine...)
		}
	}
	if len(byTool) > 0 {
		return byTool
	}
	for _, t := range o.tools {
		var mine []ref
		for _, r := range refs {
			// a whole key of two words or more, or a tool with one result
			// for the key, in a document that names the tool or its subject
			if t.returned(r) && (fullName || tied[r.out] && r.out.recordsWith(r.f.key) == 1) {
				mine = append(mine, r)
			}
		}
		if oneValue(mine) {
			byTool = append(byTool, mine...)
		}
	}
	return byTool
}

// recordsWith counts the records of out that hold key.
func (out *output) recordsWith(key string) int {
	n := 0
	for _, r := range out.records {
		if r.has(key) {
			n++
		}
	}
	return n
}

// tiedTo returns the outputs the document (lower-cased) names by their
// tool's name, evidence id or, for a small output, one of their subjects
// (every word of the subject's value occurs in the document).
func (o *outputs) tiedTo(low string) map[*output]bool {
	tied := map[*output]bool{}
	for _, t := range o.namedTools(low) {
		tied[t.out] = true
	}
	words := map[string]bool{}
	for k := range o.subjects {
		words[k] = false
	}
	for _, w := range doctext.WordSpans(low) {
		if _, ok := words[low[w.Start:w.End]]; ok {
			words[low[w.Start:w.End]] = true
		}
	}
	for _, out := range o.list {
		if tied[out] || len(out.records) > maxTiedRecords {
			continue
		}
		for _, r := range out.records {
			if r.hasSubject() && allWordsIn(r, words) {
				tied[out] = true
				break
			}
		}
	}
	return tied
}

// maxTiedRecords bounds the outputs tiedTo ties by a subject: a tie lets a
// single result stand for its quantity, which only a small output has.
const maxTiedRecords = 20

// allWordsIn reports whether every word of r's subject values is true in
// words.
func allWordsIn(r record, words map[string]bool) bool {
	for _, f := range r.fields {
		if _, ok := subjectKey(f.key); !ok {
			continue
		}
		v := strings.ReplaceAll(strings.ToLower(f.value), "_", " ")
		for _, w := range doctext.WordSpans(v) {
			if !words[v[w.Start:w.End]] {
				return false
			}
		}
	}
	return true
}

// refsOf returns the refs whose record is in recs.
func refsOf(refs []ref, recs map[recKey]bool) []ref {
	if len(recs) == 0 {
		return nil
	}
	var out []ref
	for _, r := range refs {
		if recs[recKey{r.out, r.rec}] {
			out = append(out, r)
		}
	}
	return out
}

// oneValue reports whether refs give one value (and are not empty).
func oneValue(refs []ref) bool {
	if len(refs) == 0 {
		return false
	}
	for _, r := range refs[1:] {
		if !strings.EqualFold(r.f.value, refs[0].f.value) {
			return false
		}
	}
	return true
}
