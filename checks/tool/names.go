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
	list   []*output
	byName map[string][]ref // quantity name, lower-cased -> the quantities it names
	names  *doctext.PhraseMatcher
	tools  []toolName
	isTool map[string]bool // names that are a tool's name, not a quantity's
	// subjects indexes the records by the words of their subjects'
	// values, so that a sentence is matched against the few records
	// whose subject words it holds.
	subjects map[string][]recKey
}

// toolName is how a text names one tool of an output: its name with '_'
// as a space or not, its name without a version ("promptprobe" for
// "promptprobe 1.8"), or the output's evidence id.
type toolName struct {
	out   *output
	name  string   // the records' tool, as written
	forms []string // lower-cased
}

// index builds the quantity names of the outputs: each quantity's key
// ("risk score") and, when it ends in a generic word, the rest ("risk");
// for a tool that measured one quantity, the verbs of scoring ("scores
// 3", "rates clause 2 at 4"); and the tool's own name, which a text may
// use as the label of its value ("clause_risk 74").
func index(list []*output) *outputs {
	o := &outputs{list: list, byName: map[string][]ref{}, isTool: map[string]bool{}, subjects: map[string][]recKey{}}
	for _, out := range list {
		o.indexSubjects(out)
		tools := map[string][]ref{}
		var order []string
		for ri, r := range out.records {
			if _, seen := tools[r.tool]; !seen {
				tools[r.tool] = nil
				order = append(order, r.tool)
			}
			if out.failed || r.failed() {
				continue
			}
			for _, f := range r.fields {
				if !quantity(f) {
					continue
				}
				x := ref{out, ri, f}
				tools[r.tool] = append(tools[r.tool], x)
				for _, n := range quantityNames(f.key) {
					o.byName[n] = append(o.byName[n], x)
				}
				for _, n := range tailNames(f.key, r.fields) {
					o.byName[n] = append(o.byName[n], x)
				}
			}
		}
		if len(order) == 0 {
			order = append(order, out.tool) // no records: the text may still say the tool failed
		}
		for _, name := range order {
			tn := toolNameOf(out, name)
			o.tools = append(o.tools, tn)
			refs := tools[name]
			if soleKey(refs) {
				for _, n := range scoreVerbs {
					o.byName[n] = append(o.byName[n], refs...)
				}
			}
			if len(refs) > 0 && name != "" {
				for _, f := range tn.forms[:min(len(tn.forms), 4)] { // the name's forms, not the evidence id's
					o.byName[nameKey(f)] = append(o.byName[nameKey(f)], refs...)
					o.isTool[nameKey(f)] = true
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
	// A key that starts with an id names its measure by the rest
	// ("art28_coverage": "coverage").
	if len(ws) > 1 && hasLetterDigit(ws[0]) {
		out = append(out, strings.Join(ws[1:], " "))
	}
	return out
}

// tailNames returns the endings of a long key that a text may name its
// quantity by, a count before them: "12 were rejected for rate" for
// "otp_attempts_rejected_for_rate". An ending is at least two words, opens
// with no function word, and ends no other key of the record (its
// siblings share their openings: "otp attempts sent", "otp attempts
// rejected ...").
func tailNames(key string, fields []field) []string {
	ws := strings.Fields(key)
	var out []string
	for i := 1; i+2 <= len(ws); i++ {
		if tailStop[ws[i]] {
			continue
		}
		tail := strings.Join(ws[i:], " ")
		shared := false
		for _, f := range fields {
			shared = shared || f.key != key && strings.HasSuffix(" "+f.key, " "+tail)
		}
		if !shared {
			out = append(out, tail)
		}
	}
	return out
}

// tailStop are the words a key's ending may not open with.
var tailStop = map[string]bool{"for": true, "of": true, "in": true, "on": true, "to": true, "by": true, "per": true,
	"at": true, "and": true, "or": true, "with": true, "the": true, "a": true}

// scoreVerbs restate a tool's only quantity ("clause 4.2 scores 3", "the
// scorer rates clause 9(b) at 4").
var scoreVerbs = []string{"score", "scores", "scored", "rate", "rates", "rated", "rating"}

// soleKey reports whether refs (one tool's quantities) hold one key.
func soleKey(refs []ref) bool {
	if len(refs) == 0 {
		return false
	}
	for _, r := range refs[1:] {
		if r.f.key != refs[0].f.key {
			return false
		}
	}
	return true
}

// toolNameOf returns how a text may name the tool name of out: the name
// with '_' and '-' as spaces or not, without a trailing version
// ("promptprobe" for "promptprobe 1.8"), and the output's evidence id.
func toolNameOf(out *output, name string) toolName {
	tn := toolName{out: out, name: name}
	add := func(s string) {
		s = strings.ToLower(strings.TrimSpace(s))
		if len(s) >= 3 && !contains(tn.forms, s) {
			tn.forms = append(tn.forms, s)
			if sp := strings.NewReplacer("_", " ", "-", " ").Replace(s); sp != s {
				tn.forms = append(tn.forms, sp)
			}
		}
	}
	add(name)
	if f := strings.Fields(name); len(f) > 1 && strings.Trim(f[len(f)-1], "v0123456789.") == "" {
		add(strings.Join(f[:len(f)-1], " "))
	}
	nameForms := len(tn.forms)
	add(out.id)
	tn.forms = append(tn.forms[:nameForms:nameForms], tn.forms[nameForms:]...)
	return tn
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// namedTools returns the tools whose name or evidence id ctx
// (lower-cased) holds.
func (o *outputs) namedTools(ctx string) []toolName {
	var out []toolName
	for _, tn := range o.tools {
		for _, f := range tn.forms {
			if containsWord(ctx, f) {
				out = append(out, tn)
				break
			}
		}
	}
	return out
}

// returned reports whether tool tn returned the quantity r.
func (tn toolName) returned(r ref) bool {
	return r.out == tn.out && r.out.records[r.rec].tool == tn.name
}

// indexSubjects adds the words of out's subject values to o.subjects.
func (o *outputs) indexSubjects(out *output) {
	for ri, r := range out.records {
		seen := map[string]bool{}
		for _, f := range r.fields {
			if _, ok := subjectKey(f.key); !ok {
				continue
			}
			v := strings.ReplaceAll(strings.ToLower(f.value), "_", " ") // "system_prompt_extraction" by its parts
			for _, w := range doctext.WordSpans(v) {
				k := v[w.Start:w.End]
				if !seen[k] {
					seen[k] = true
					o.subjects[k] = append(o.subjects[k], recKey{out, ri})
				}
			}
		}
	}
}

// mayName returns the records whose subject ctx (lower-cased) may name:
// those one of whose subject words it holds.
func (o *outputs) mayName(ctx string) map[recKey]bool {
	out := map[recKey]bool{}
	for _, w := range doctext.WordSpans(ctx) {
		for _, k := range o.subjects[ctx[w.Start:w.End]] {
			out[k] = true
		}
	}
	return out
}

// named returns the records whose subject ctx names.
func (o *outputs) named(ctx string) map[recKey]bool {
	out := map[recKey]bool{}
	for k := range o.mayName(ctx) {
		if k.out.records[k.rec].namesSubject(ctx) {
			out[k] = true
		}
	}
	return out
}
