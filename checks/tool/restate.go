package tool

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// ref is one quantity a tool returned.
type ref struct {
	out *output
	rec int
	f   field
}

// outputs are the tool outputs of one document, indexed by the names a
// text may give their quantities.
type outputs struct {
	list    []*output
	byName  map[string][]ref // quantity name, lower-cased -> the quantities it names
	names   *doctext.PhraseMatcher
	toolsRe []toolName
}

// toolName is how a text names a tool: its name with '_' as a space or
// not, or its evidence id.
type toolName struct {
	out   *output
	forms []string // lower-cased
}

// index builds the quantity names of the outputs: each quantity's key
// ("risk score") and, when it ends in a generic word, the rest ("risk").
func index(list []*output) *outputs {
	o := &outputs{list: list, byName: map[string][]ref{}}
	for _, out := range list {
		o.toolsRe = append(o.toolsRe, toolNameOf(out)) // a failed tool too: the text may say it failed
		if out.failed {
			continue
		}
		for ri, r := range out.records {
			if r.failed() {
				continue
			}
			for _, f := range r.fields {
				if !quantity(f) {
					continue
				}
				for _, n := range quantityNames(f.key) {
					o.byName[n] = append(o.byName[n], ref{out, ri, f})
				}
			}
		}
		// A tool that measured one quantity: "scores 3", "is rated 4"
		// restate it without naming it.
		if k := soleQuantity(out); k != "" {
			for ri, r := range out.records {
				for _, f := range r.fields {
					if f.key == k && !r.failed() {
						for _, n := range scoreVerbs {
							o.byName[n] = append(o.byName[n], ref{out, ri, f})
						}
					}
				}
			}
		}
	}
	names := make([]string, 0, len(o.byName))
	for n := range o.byName {
		names = append(names, n)
	}
	o.names = doctext.NewPhraseMatcher(names)
	return o
}

// quantityNames returns the names a text may give the quantity key.
func quantityNames(key string) []string {
	out := []string{key}
	ws := strings.Fields(key)
	if len(ws) > 1 && genericTail[ws[len(ws)-1]] {
		out = append(out, strings.Join(ws[:len(ws)-1], " "))
	}
	return out
}

// namedTools returns the outputs whose tool name or evidence id ctx
// (lower-cased) holds.
func (o *outputs) namedTools(ctx string) []*output {
	var out []*output
	for _, tn := range o.toolsRe {
		for _, f := range tn.forms {
			if containsWord(ctx, f) {
				out = append(out, tn.out)
				break
			}
		}
	}
	return out
}

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
			if r.out == t {
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
	for _, t := range o.list {
		var mine []ref
		for _, r := range refs {
			// a whole key of two words or more, or a tool with one result
			// for the key, in a document that names the tool or its subject
			if r.out == t && (fullName || tied[t] && t.recordsWith(r.f.key) == 1) {
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
		tied[t] = true
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

// scoreVerbs restate a tool's only quantity ("clause 4.2 scores 3").
var scoreVerbs = []string{"score", "scores", "scored", "rated", "rating"}

// soleQuantity returns the key of the only quantity the output's records
// hold, or "" when they hold none or several.
func soleQuantity(out *output) string {
	key := ""
	for _, r := range out.records {
		for _, f := range r.fields {
			if !quantity(f) {
				continue
			}
			if key != "" && key != f.key {
				return ""
			}
			key = f.key
		}
	}
	return key
}

// toolNameOf returns how a text may name out: its tool's name or its
// evidence id, with '_' and '-' as spaces or not.
func toolNameOf(out *output) toolName {
	tn := toolName{out: out}
	for _, s := range []string{out.tool, out.id} {
		s = strings.ToLower(strings.TrimSpace(s))
		if len(s) >= 3 {
			tn.forms = append(tn.forms, s, strings.NewReplacer("_", " ", "-", " ").Replace(s))
		}
	}
	return tn
}
