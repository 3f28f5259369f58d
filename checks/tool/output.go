package tool

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// field is one scalar a tool returned.
type field struct {
	key   string // lower-cased, '_' and '-' as spaces ("risk score")
	raw   string // the key as the tool wrote it
	value string // as the tool wrote it ("4", "High")
	num   float64
	isNum bool
	decs  int     // decimals written ("0.35": 2)
	date  string  // an ISO date value ("2027-04-14", also the date of a timestamp), or ""
	pct   bool    // written as a percentage ("11.5%")
	of    float64 // the total of a ratio ("7/8": num 7, of 8), or 0
}

// record is one result of a tool: the scalars of one object (with those
// of the objects around it), or one block of "key: value" lines.
type record struct {
	fields []field
	tool   string    // the tool that returned it: its own "tool" field, else the output's
	subj   []subject // its subject fields, ready to match (name sets them)
}

// subject is one subject field of a record: the noun a text names it by
// ("clause"; "" for a bare id) and its value, lower-cased.
type subject struct {
	noun, plural, value string
}

// output is what one evidence item of kind tool_output holds.
type output struct {
	id, tool string // the evidence id and the tool's name ("" when unnamed)
	records  []record
	failed   bool // the tool reported an error and no result
}

// Limits on what one tool output contributes.
const (
	maxOutputBytes = 1 << 20
	maxRecords     = 2000
	maxFields      = 200 // per record
	maxDepth       = 16
)

// parseOutput reads a tool's output: JSON (an object or an array, nested
// at most maxDepth deep) or "key: value" lines (also "key = value"), a
// blank line or "---" between records. A JSON text that does not decode
// is an error naming its offset; text in neither form has no records.
func parseOutput(id, source, content string) (output, error) {
	o := output{id: id, tool: sourceTool(source)}
	if len(content) > maxOutputBytes {
		content = content[:maxOutputBytes]
	}
	s := strings.TrimSpace(content)
	if s == "" {
		return o, nil
	}
	if s[0] == '{' || s[0] == '[' {
		// One JSON value, or JSON Lines: one value after another.
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		for n := 0; dec.More() && len(o.records) < maxRecords; n++ {
			var v any
			if err := dec.Decode(&v); err != nil {
				return o, fmt.Errorf("tool output %s: value %d at byte %d: %w", id, n+1, dec.InputOffset(), err)
			}
			o.walk(v, nil, "", 0)
		}
	} else {
		o.lines(s)
	}
	o.name()
	return o, nil
}

// walk adds a record for every object of v that holds scalars; the
// scalars of the objects around it are inherited (a tool's name, a
// clause an inner list of scores is about).
func (o *output) walk(v any, inherited []field, key string, depth int) {
	if depth > maxDepth || len(o.records) >= maxRecords {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		fs := append([]field(nil), inherited...)
		var nested []string
		keys := sortedKeys(v)
		for _, k := range keys {
			if f, ok := scalar(k, v[k]); ok {
				fs = setField(fs, f)
			} else {
				nested = append(nested, k)
			}
		}
		if r := (record{fields: capFields(fs)}); len(fs) > len(inherited) && (r.failed() || !allIdentity(r) || subjectField(fs)) {
			o.records = append(o.records, r) // not a bare header such as {"tool": "x", "results": [...]}
		}
		for _, k := range nested {
			o.walk(v[k], fs, k, depth+1)
		}
	case []any:
		for _, e := range v {
			if f, ok := scalar(key, e); ok && key != "" {
				// a list of scalars under a key: one record each
				o.records = append(o.records, record{fields: capFields(setField(append([]field(nil), inherited...), f))})
				continue
			}
			o.walk(e, inherited, key, depth+1)
		}
	}
}

// setField sets f in fs, replacing an inherited field of the same key.
func setField(fs []field, f field) []field {
	for i := range fs {
		if fs[i].key == f.key {
			fs[i] = f
			return fs
		}
	}
	return append(fs, f)
}

func capFields(fs []field) []field {
	if len(fs) > maxFields {
		fs = fs[:maxFields]
	}
	return fs
}

// scalar converts a JSON scalar to a field.
func scalar(k string, v any) (field, bool) {
	f := field{key: normKey(k), raw: k}
	switch v := v.(type) {
	case json.Number:
		f.value = v.String()
		n, err := strconv.ParseFloat(f.value, 64)
		if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
			return f, false
		}
		f.num, f.isNum, f.decs = n, true, decimals(f.value)
	case string:
		f.value = strings.TrimSpace(v)
		if n, decs, ok := plainNumber(strings.TrimSuffix(f.value, "%")); ok {
			f.num, f.isNum, f.decs = n, true, decs
			f.pct = strings.HasSuffix(f.value, "%")
		} else if n, of, ok := fraction(f.value); ok {
			f.num, f.isNum, f.of = n, true, of
		} else if d, ok := doctext.ParseDateAt(f.value, 0); ok && d.Alt == "" && (d.End == len(f.value) || f.value[d.End] == 'T' || f.value[d.End] == ' ') {
			f.date = d.Key
		}
	case bool:
		f.value = strconv.FormatBool(v)
	default:
		return f, false
	}
	return f, f.key != ""
}

// lines reads "key: value" lines into records.
func (o *output) lines(s string) {
	var cur []field
	flush := func() {
		if len(cur) > 0 && len(o.records) < maxRecords {
			o.records = append(o.records, record{fields: capFields(cur)})
		}
		cur = nil
	}
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*•"))
		if t == "" || strings.HasPrefix(line, "---") || strings.HasPrefix(line, "===") {
			flush()
			continue
		}
		// "suite: T1 injection | attempts: 400 | asr: 11.5%": one line,
		// several pairs
		for i, part := range strings.Split(t, " | ") {
			k, v, ok := cutKeyValue(strings.TrimSpace(part))
			if !ok {
				continue
			}
			f, _ := scalar(k, v)
			if f.key == "" || f.value == "" {
				continue
			}
			for _, c := range cur {
				if c.key == f.key || i == 0 && strings.Contains(t, " | ") { // a key repeats, or a new row: a new record
					flush()
					break
				}
			}
			cur = append(cur, f)
		}
	}
	flush()
	// The fields of a first record of identity only ("tool: risk_scorer",
	// "run: 12") belong to every record.
	if len(o.records) > 1 && allIdentity(o.records[0]) {
		head := o.records[0].fields
		rest := o.records[1:]
		for i := range rest {
			for _, f := range head {
				if !rest[i].has(f.key) {
					rest[i].fields = append(rest[i].fields, f)
				}
			}
		}
	}
}

// cutKeyValue splits "key: value" or "key = value"; the key is at most
// six words of letters, digits, spaces, '_' and '-'.
func cutKeyValue(t string) (string, string, bool) {
	i := strings.IndexAny(t, ":=")
	if i <= 0 || i > 60 {
		return "", "", false
	}
	k := strings.Trim(strings.TrimSpace(t[:i]), "*_`\"")
	v := strings.Trim(strings.TrimSpace(t[i+1:]), "*_`\"")
	if k == "" || strings.Count(k, " ") > 5 {
		return "", "", false
	}
	for _, r := range k {
		if !(r == ' ' || r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "", "", false
		}
	}
	return k, v, true
}

// name gives each record the tool that returned it (its own identity
// field, else the output's, which the first record's gives when the
// evidence does not), and marks an output whose every record reports an
// error.
func (o *output) name() {
	failed := len(o.records) > 0
	for i := range o.records {
		r := &o.records[i]
		for _, f := range r.fields {
			if identityKeys[f.key] && f.key != "name" && !f.isNum && r.tool == "" {
				r.tool = f.value
			}
		}
		if o.tool == "" {
			o.tool = r.tool
		}
		if !r.failed() {
			failed = false
		}
	}
	for i := range o.records {
		r := &o.records[i]
		if r.tool == "" {
			r.tool = o.tool
		}
		for _, f := range r.fields {
			if noun, ok := subjectKey(f.key); ok && f.value != "" {
				r.subj = append(r.subj, subject{noun: noun, plural: noun + "s", value: strings.ToLower(f.value)})
			}
		}
	}
	o.dropSharedSubjects()
	o.failed = failed
}

// dropSharedSubjects removes a subject every record shares (the target
// of a run, inherited from its header): it tells no result from another.
func (o *output) dropSharedSubjects() {
	if len(o.records) < 2 {
		return
	}
	count := map[subject]int{}
	for _, r := range o.records {
		for _, sj := range r.subj {
			count[sj]++
		}
	}
	for i := range o.records {
		r := &o.records[i]
		kept := r.subj[:0]
		for _, sj := range r.subj {
			if count[sj] < len(o.records) {
				kept = append(kept, sj)
			}
		}
		r.subj = kept
	}
}

// sourceTool returns the tool an evidence item's source names: its first
// word when that is an identifier ("promptprobe 1.8 run on staging",
// "clause_risk cr-4 scores"), else "".
func sourceTool(source string) string {
	f := strings.Fields(source)
	if len(f) == 0 {
		return ""
	}
	w := f[0]
	if len(w) >= 3 && (strings.ContainsAny(w, "_") || strings.ToLower(w) == w && !strings.ContainsAny(w, ".,:;")) {
		return w
	}
	return ""
}

func (r record) has(key string) bool {
	for _, f := range r.fields {
		if f.key == key {
			return true
		}
	}
	return false
}

// failed reports whether the record is a tool's error report: an error
// field with a message, or a status of error, failed, timeout or
// unavailable.
func (r record) failed() bool {
	for _, f := range r.fields {
		v := strings.ToLower(f.value)
		switch {
		case f.key == "error" && v != "" && v != "none" && v != "null" && v != "false":
			return true
		case f.key == "status" || f.key == "state" || f.key == "result":
			switch v {
			case "error", "failed", "failure", "timeout", "timed out", "unavailable", "not available":
				return true
			}
		}
	}
	return false
}

// allIdentity reports whether a record holds no quantity: only what names
// the tool, the run and its target, which every record after it shares.
func allIdentity(r record) bool {
	for _, f := range r.fields {
		if quantity(f) {
			return false
		}
	}
	return true
}

// normKey lower-cases a key and turns '_', '-' and '.' into spaces.
func normKey(k string) string {
	k = strings.ToLower(strings.TrimSpace(k))
	k = strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(k)
	return strings.Join(strings.Fields(k), " ")
}

// plainNumber parses a string that is only a number ("4", "0.35",
// "1,250.00").
func plainNumber(s string) (float64, int, bool) {
	if s == "" || len(s) > 32 {
		return 0, 0, false
	}
	c := strings.ReplaceAll(s, ",", "")
	n, err := strconv.ParseFloat(c, 64)
	if err != nil || math.IsInf(n, 0) || math.IsNaN(n) || strings.ContainsAny(c, "eExXpP_") {
		return 0, 0, false
	}
	return n, decimals(c), true
}

// decimals counts the digits after the decimal point of a number.
func decimals(s string) int {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// subjectField reports whether one of fs names a subject.
func subjectField(fs []field) bool {
	for _, f := range fs {
		if _, ok := subjectKey(f.key); ok && f.value != "" {
			return true
		}
	}
	return false
}

// fraction parses "7/8" or "7 of 8": a count and its total.
func fraction(s string) (float64, float64, bool) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		a, b, ok = strings.Cut(s, " of ")
	}
	if !ok {
		return 0, 0, false
	}
	n, _, ok1 := plainNumber(strings.TrimSpace(a))
	of, _, ok2 := plainNumber(strings.TrimSpace(b))
	return n, of, ok1 && ok2 && of > 0
}
