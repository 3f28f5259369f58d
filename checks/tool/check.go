package tool

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RuleMismatch: the deliverable restates a tool's result with another
// value (block). Rubric dimension: Tool Consistency.
const RuleMismatch = "tool.mismatch"

// DefaultKind is the evidence kind of a tool output.
const DefaultKind = "tool_output"

// Config configures New. The zero value means the defaults.
type Config struct {
	// Kinds are the evidence kinds (Metadata["kind"]) read as tool
	// outputs; nil means []string{DefaultKind}.
	Kinds []string
}

// Limits on the work and the findings of one document.
const (
	maxFindings    = 50
	maxOccurrences = 5000
)

// New returns the tool-output check: for every quantity a tool output
// returned (a number, or a rating word such as "High", under a key that
// is neither the tool's name, a subject such as "clause" or "finding_id",
// nor bookkeeping such as a timestamp), each place the deliverable names
// it outside quotations and code ("risk 2", "risk score: 2/5", "a High
// risk", a table column headed "Risk") with a value is matched to the
// tool's results: the result whose subject the sentence or table row names
// ("clause 2", "F-3"), or the heading above when the sentence names no
// subject; failing that, when the sentence names the tool or its evidence
// id and the tool gave that quantity one value. A value that differs (past
// the rounding the text shows, or a share written as a percentage) is
// RuleMismatch, severity block, unless the sentence also gives the tool's
// value (it discusses the difference). A tool that reported an error, or
// that the text says was unavailable, failed or timed out, is not held
// against the text. An empty kind in cfg.Kinds is an
// *evaluator.FieldError matching evaluator.ErrInvalidOption.
func New(cfg Config) (check.Check, error) {
	kinds := cfg.Kinds
	if kinds == nil {
		kinds = []string{DefaultKind}
	}
	c := &toolCheck{kinds: map[string]bool{}}
	for i, k := range kinds {
		if strings.TrimSpace(k) == "" {
			return nil, doctext.ConfigError(fmt.Sprintf("Config.Kinds[%d]", i), "empty kind")
		}
		c.kinds[k] = true
	}
	return c, nil
}

type toolCheck struct{ kinds map[string]bool }

func (c *toolCheck) Rule() string { return RuleMismatch }

func (c *toolCheck) Rules() []string { return []string{RuleMismatch} }

func (c *toolCheck) Check(doc check.Document) []check.Finding {
	var list []*output
	for _, e := range doc.Evidence {
		if !c.kinds[e.Metadata[evaluator.EvidenceKindKey]] {
			continue
		}
		o, err := parseOutput(e.ID, e.Source, e.Content)
		if err != nil {
			// Not JSON after all: read it as "key: value" lines.
			o = output{id: e.ID, tool: e.Source}
			o.lines(e.Content[:min(len(e.Content), maxOutputBytes)])
			o.name()
		}
		list = append(list, &o)
	}
	if len(list) == 0 {
		return nil
	}
	idx := index(list)
	if len(idx.byName) == 0 {
		return nil
	}
	a := doctext.AnalysisOf(doc)
	r := &run{text: doc.Text, idx: idx, excluded: a.Excluded(), lines: a.LineIndex(), seen: map[int]bool{}}
	r.tied = idx.tiedTo(strings.ToLower(doc.Text))
	r.unavailable = idx.unavailableIn(doc.Text, a.WordList())
	r.sentences(a.WordList())
	r.tables()
	check.SortFindings(r.out)
	return r.out
}

// run is one document's check.
type run struct {
	text        string
	idx         *outputs
	excluded    []doctext.Span
	lines       *doctext.LineIndex
	unavailable map[recKey]bool
	tied        map[*output]bool // outputs the document names somewhere
	seen        map[int]bool     // finding starts
	out         []check.Finding
}

// sentences checks every value the text gives a tool's quantity in a
// sentence.
func (r *run) sentences(ws []doctext.Span) {
	text := r.text
	n := 0
	r.idx.names.Find(text, ws, len(text), func(s, e int) {
		if n++; n > maxOccurrences || doctext.InSpans(r.excluded, s, e) {
			return
		}
		refs := r.live(r.idx.byName[nameKey(text[s:e])])
		if len(refs) == 0 {
			return
		}
		ss, se := doctext.SentenceAround(text, s, e, 300)
		name := nameKey(text[s:e])
		var v stated
		var ok bool
		if isScoreVerb(name) {
			v, ok = statedAfterVerb(text, e, se) // "rates clause 9(b) at 4"
		} else if v, ok = statedAfter(text, e, se); !ok {
			v, ok = statedBefore(text, ss, s)
		}
		if !ok || doctext.InSpans(r.excluded, v.start, v.end) || estimate(text[ss:se]) {
			return // no value, or the text's own estimate ("our own estimate is 2%")
		}
		// The clause of the sentence the value stands in names its subject
		// first ("..., clauses 12 and 10 at 3"); the whole sentence next.
		local := strings.ToLower(text[clauseStart(text, ss, s):v.end])
		ctx := strings.ToLower(text[ss:se])
		full := fullName(name, refs)
		if !r.compareLocal(v, refs, local, full) && !r.compareLocal(v, refs, strings.ToLower(paragraphBefore(text, ss)), full) &&
			!r.compareLocal(v, refs, strings.ToLower(bodyOfTitle(text, ss, se)), full) {
			// the clause, then the paragraph so far ("B1. Cl. 7A.1 deems
			// ... The scorer rated it 3/5."), then the body under a title
			// line ("Issue 2 — High (risk score 4)" over "Clause 8.2
			// allows ..."), then the sentence and its heading
			r.compare(v, refs, ctx, strings.ToLower(doctext.HeadingAbove(text, ss)), full)
		}
		if n, ok := ratioBefore(text, ss, v); ok {
			r.ratio(n, v, refs, local, ctx, full) // "31 of 100 attempts"
		}
	})
}

// isScoreVerb reports whether a name is one of scoreVerbs.
func isScoreVerb(name string) bool {
	for _, v := range scoreVerbs {
		if v == name {
			return true
		}
	}
	return false
}

// clauseStart returns the start of the clause of the sentence [ss, ...)
// that holds off: after the last ',', ';' or ':' before it, or ss.
func clauseStart(text string, ss, off int) int {
	if i := strings.LastIndexAny(text[ss:off], ",;:"); i >= 0 {
		return ss + i + 1
	}
	return ss
}

// compareLocal compares v with the quantities its own clause names the
// subject of; it reports whether that clause named one.
func (r *run) compareLocal(v stated, refs []ref, local string, full bool) bool {
	named := refsOf(refs, r.idx.named(local))
	if len(named) == 0 {
		return false
	}
	r.compare(v, named, local, "", full)
	return true
}

// tables checks every table cell under a header that names a tool's
// quantity; the row's other cells, each with its header ("clause 2"),
// say what the row is about.
func (r *run) tables() {
	text := r.text
	for _, t := range doctext.Tables(text) {
		head := doctext.CellTexts(text, t.Header)
		r.rowColumnNames(t, head)
		for col, h := range head {
			// the header names the quantity, maybe with its scale or its
			// source ("Scorer risk (1-5)", "promptprobe ASR")
			name := ""
			r.idx.names.Find(h, doctext.WordSpans(h), len(h), func(s, e int) {
				if n := nameKey(h[s:e]); name == "" || r.idx.isTool[name] && !r.idx.isTool[n] {
					name = n
				}
			})
			if name == "" {
				continue
			}
			refs := r.live(r.idx.byName[name])
			if len(refs) == 0 {
				continue
			}
			for ri, row := range t.Rows {
				if col >= len(row) || doctext.InSpans(r.excluded, row[col].Start, row[col].End) {
					continue
				}
				v, ok := statedAfter(text, row[col].Start, row[col].End)
				if !ok {
					continue
				}
				var ctx strings.Builder
				for j, cell := range row {
					if j < len(head) {
						ctx.WriteString(strings.ToLower(head[j]) + " ")
					}
					ctx.WriteString(strings.ToLower(text[cell.Start:cell.End]) + " | ")
				}
				r.compare(v, refs, ctx.String(), strings.ToLower(doctext.HeadingAbove(text, t.RowLines[ri].Start)), false)
			}
		}
	}
}

// rowColumnNames checks the cells a table names by its row and its
// column together: the row "cross-member data" under the column
// "Attempts" is the tool's "cross_member_data.attempts". A header that
// names a quantity alone is read by tables.
func (r *run) rowColumnNames(t doctext.Table, head []string) {
	text := r.text
	for ri, row := range t.Rows {
		if len(row) == 0 || doctext.InSpans(r.excluded, row[0].Start, row[0].End) {
			continue
		}
		label := text[row[0].Start:row[0].End]
		for col := 1; col < len(row) && col < len(head); col++ {
			refs := r.live(r.idx.byName[nameKey(label+" "+head[col])])
			if len(refs) == 0 {
				continue
			}
			v, ok := statedAfter(text, row[col].Start, row[col].End)
			if !ok {
				continue
			}
			ctx := strings.ToLower(label + " " + head[col])
			r.compare(v, refs, ctx, strings.ToLower(doctext.HeadingAbove(text, t.RowLines[ri].Start)), true)
		}
	}
}

// live drops the quantities of tools the text says were unavailable.
func (r *run) live(refs []ref) []ref {
	if len(r.unavailable) == 0 {
		return refs
	}
	var out []ref
	for _, x := range refs {
		if !r.unavailable[recKey{x.out, x.rec}] {
			out = append(out, x)
		}
	}
	return out
}

// compare reports v when the quantities it is about all differ from it.
func (r *run) compare(v stated, refs []ref, ctx, heading string, full bool) {
	if targetOfChange(r.text, v.start) {
		return // "Move the central system to Security Profile 2": the value a fix asks for
	}
	var cands []ref
	for _, x := range r.idx.resolve(refs, ctx, heading, full, r.tied) {
		if comparable(v, x.f) {
			cands = append(cands, x)
		}
	}
	if len(cands) == 0 || r.seen[v.start] || len(r.out) >= maxFindings || !soleKey(cands) {
		return // nothing to compare, or several quantities the value may be
	}
	for _, x := range cands {
		if equal(v, x.f) || mentionsValue(ctx, x.f) {
			return
		}
	}
	r.seen[v.start] = true
	x := cands[0]
	tool := x.out.records[x.rec].tool
	if tool == "" {
		tool = "the tool"
	}
	msg := fmt.Sprintf("%s (evidence %s) returned %s %s%s; the text says %s: restate the tool's value, or say why it differs",
		clip.Runes(tool, 40), clip.Runes(x.out.id, 40), x.f.raw, clip.Runes(x.f.value, 40), subjectOf(x.out.records[x.rec]), clip.Runes(r.text[v.start:v.end], 40))
	r.out = append(r.out, check.Finding{Rule: RuleMismatch, Severity: check.SeverityBlock, Message: msg,
		Location: r.lines.Locate(v.start, v.end, r.text)})
}

// subjectOf describes a record's subject (" for clause 2"), or "".
func subjectOf(rec record) string {
	for _, f := range rec.fields {
		if noun, ok := subjectKey(f.key); ok && f.value != "" {
			if noun == "" {
				return " for " + clip.Runes(f.value, 40)
			}
			return " for " + noun + " " + clip.Runes(f.value, 40)
		}
	}
	return ""
}

// mentionsValue reports whether ctx also gives the tool's value f: the
// text discusses the difference ("the scorer says 4; we rate it 3").
func mentionsValue(ctx string, f field) bool {
	if !f.isNum {
		return containsWord(ctx, strings.ToLower(f.value))
	}
	for i := 0; i < len(ctx); i++ {
		if ctx[i] < '0' || ctx[i] > '9' || i > 0 && (ctx[i-1] >= '0' && ctx[i-1] <= '9' || ctx[i-1] == '.' || ctx[i-1] == ',') {
			continue
		}
		if v, ok := numberAt(ctx, i, len(ctx)); ok && equal(v, f) {
			return true
		}
	}
	return false
}

// nameKey normalises a quantity's name as the text wrote it.
func nameKey(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '\t' || r == '\n' }), " ")
}

// fullName reports whether name is a whole key of two words or more of
// one of refs ("refund amount", not "refund").
func fullName(name string, refs []ref) bool {
	if !strings.Contains(name, " ") {
		return false
	}
	for _, x := range refs {
		if x.f.key == name {
			return true
		}
	}
	return false
}

// ratio checks the count n of a ratio whose total v restates a
// quantity ("31 of 100 attempts"): the record that quantity belongs to
// must hold a count equal to n among its other counts no greater than the
// total ("failures": 31), when it holds any.
func (r *run) ratio(n, v stated, refs []ref, local, ctx string, full bool) {
	resolved := r.idx.resolve(refs, local, "", full, r.tied)
	if len(resolved) == 0 {
		resolved = r.idx.resolve(refs, ctx, "", full, r.tied)
	}
	var counts []ref
	for _, x := range resolved {
		if !equal(v, x.f) {
			return // the total itself differs: compare reported it
		}
		for _, f := range x.out.records[x.rec].fields {
			if f.key != x.f.key && f.isNum && !f.pct && f.num >= 0 && f.num <= x.f.num && f.num == float64(int64(f.num)) && quantity(f) {
				if equal(n, f) {
					return
				}
				counts = append(counts, ref{x.out, x.rec, f})
			}
		}
	}
	if len(counts) == 0 || r.seen[n.start] || len(r.out) >= maxFindings {
		return
	}
	r.seen[n.start] = true
	x := counts[0]
	r.out = append(r.out, check.Finding{Rule: RuleMismatch, Severity: check.SeverityBlock,
		Message: fmt.Sprintf("%s (evidence %s) returned %s %s of %s %s%s; the text says %s of %s: restate the tool's value, or say why it differs",
			clip.Runes(x.out.records[x.rec].tool, 40), clip.Runes(x.out.id, 40), x.f.raw, x.f.value, resolved[0].f.raw, resolved[0].f.value,
			subjectOf(x.out.records[x.rec]), clip.Runes(r.text[n.start:n.end], 20), clip.Runes(r.text[v.start:v.end], 20)),
		Location: r.lines.Locate(n.start, n.end, r.text)})
}

// estimate reports whether a sentence gives the text's own estimate.
func estimate(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "estimate") || strings.Contains(l, "our own") || strings.Contains(l, "my own")
}

// paragraphReach bounds how far back paragraphBefore reads.
const paragraphReach = 600

// paragraphBefore returns the text of the paragraph holding off from its
// start to off (at most paragraphReach bytes): where an "it" in the
// sentence at off finds what it is.
// bodyOfTitle returns the first line under the sentence [ss, se) when
// that sentence is a title line of its own (no sentence stop at its end)
// with text right under it: an item's headline and the line that says
// what it is about. It returns "" otherwise.
func bodyOfTitle(text string, ss, se int) string {
	ls := strings.LastIndexByte(text[:ss], '\n') + 1
	le := doctext.LineEndAt(text, ss)
	line := strings.TrimSpace(text[ls:le])
	if se < le || line == "" || strings.ContainsAny(line[len(line)-1:], ".!?;") || le+1 >= len(text) {
		return ""
	}
	return text[le+1 : doctext.LineEndAt(text, le+1)]
}

func paragraphBefore(text string, off int) string {
	lo := max(0, off-paragraphReach)
	if i := strings.LastIndex(text[lo:off], "\n\n"); i >= 0 {
		lo += i + 2
	}
	return text[lo:off]
}

// changeToRe matches, right before a value, a verb of change and "to":
// "move the central system to OCPP Security Profile ", "raise the limit
// to ". What follows is the value asked for, not one a tool returned.
var changeToRe = regexp.MustCompile(`(?i)\b(?:move|moving|raise|raising|set|setting|change|changing|upgrade|upgrading|increase|increasing|reduce|reducing|lower|lowering|migrate|migrating|switch|switching|bump|bring|tighten|cap|limit)\b[^.;:\n]{0,60}\bto[ \t]+(?:[\w-]+[ \t]+){0,3}$`)

// targetOfChange reports whether the value at i is the target of a change
// the text asks for.
func targetOfChange(text string, i int) bool {
	return changeToRe.MatchString(text[max(0, i-90):i])
}
