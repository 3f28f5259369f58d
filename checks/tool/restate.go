package tool

import "strings"

// resolve returns the quantities of refs that ctx (the sentence or row of
// a stated value, lower-cased, and the heading above it) is about: those
// whose record's subject it names; failing that, when it names the tool
// and the tool gave that quantity one value only, every one of them;
// failing that, the tool's one value for the quantity when the name is
// its whole key of two words or more ("refund amount"), or when the
// document names the tool or its subject somewhere (tied) and one record
// holds the key.
func (o *outputs) resolve(refs []ref, ctx, heading string, fullName bool, tied map[*output]bool) []ref {
	var bySubject []ref
	for _, r := range refs {
		if r.out.records[r.rec].namesSubject(ctx) {
			bySubject = append(bySubject, r)
		}
	}
	if len(bySubject) > 0 {
		return bySubject
	}
	if heading != "" && !o.namesAnySubject(refs, ctx) {
		for _, r := range refs {
			if r.out.records[r.rec].namesSubject(heading) {
				bySubject = append(bySubject, r)
			}
		}
		if len(bySubject) > 0 {
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
// tool's name, evidence id or one of their subjects.
func (o *outputs) tiedTo(low string) map[*output]bool {
	tied := map[*output]bool{}
	for _, t := range o.namedTools(low) {
		tied[t.out] = true
	}
	for _, out := range o.list {
		for _, r := range out.records {
			if !tied[out] && r.hasSubject() && r.namesSubject(low) {
				tied[out] = true
			}
		}
	}
	return tied
}

// namesAnySubject reports whether ctx names the subject of any record of
// the outputs refs come from: then the heading above is not what it is
// about.
func (o *outputs) namesAnySubject(refs []ref, ctx string) bool {
	seen := map[*output]bool{}
	for _, r := range refs {
		if seen[r.out] {
			continue
		}
		seen[r.out] = true
		for _, rec := range r.out.records {
			if rec.hasSubject() && rec.namesSubject(ctx) {
				return true
			}
		}
	}
	return false
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
