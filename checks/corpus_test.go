package checks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/check"

	"github.com/evalopt/evalopt/evaluator"
)

// The deliverables corpus measures the default gate as a user would fear it:
// good deliverables it must let through, and bad twins, each a good one with
// exactly one planted defect, that it must stop with a finding on the defect
// itself (a bad twin stopped only by a finding elsewhere does not count).
//
// Layout: testdata/deliverables/SET/CASE/case.json, with the deliverable and
// any evidence files beside it. A bad twin is described, not copied: its
// text is the good text with Find (which must occur exactly once) replaced by
// Replace; the planted span is where Replace lands.

// corpusCase is one case.json.
type corpusCase struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Author string `json:"author"`
	Input  string `json:"input"`
	// Good is the file holding the good deliverable.
	Good         string                  `json:"good"`
	Criteria     []string                `json:"criteria,omitempty"`
	Evidence     []corpusEvidence        `json:"evidence,omitempty"`
	Requirements []evaluator.Requirement `json:"requirements,omitempty"`
	// Traps name the false-positive traps the good text holds.
	Traps []string    `json:"traps,omitempty"`
	Bad   []corpusBad `json:"bad"`

	dir  string
	good string
	task evaluator.Task
}

// corpusEvidence is one evidence item: its content inline or in a file.
type corpusEvidence struct {
	ID      string `json:"id"`
	Kind    string `json:"kind,omitempty"`
	Source  string `json:"source,omitempty"`
	File    string `json:"file,omitempty"`
	Content string `json:"content,omitempty"`
}

// corpusBad is one bad twin.
type corpusBad struct {
	ID      string `json:"id"`
	Class   string `json:"class"`
	Find    string `json:"find"`
	Replace string `json:"replace"`
	// AlsoAt lists other substrings of the bad text where a finding also
	// counts as on the defect (the other side of a contradiction).
	AlsoAt []string `json:"alsoAt,omitempty"`
	Note   string   `json:"note,omitempty"`
	// Weakness is the class of first-contact weakness the twin exercises
	// (weaknessClasses); the sets written before the classes were named
	// leave it empty.
	Weakness string `json:"weakness,omitempty"`
}

// weaknessClasses are the classes of weakness new material showed on first
// contact (layout, labels, roles of values, forms, what models write today).
var weaknessClasses = map[string]string{
	"layout":          "sections under headings that are not Markdown # lines, or no headings at all",
	"labels":          "labels mixing letters and digits, sources numbered without 'Section', attachments",
	"roles_of_values": "proposed against current values, examples against thresholds, one quantity stated differently",
	"forms":           "unfilled values and placeholders in new forms, text to the grader, new hedges and fixes",
	"models_today":    "call-outs and summary boxes, informal headings, identifiers of external standards",
}

// apartSets are the holdouts the gate reports apart and holds to no
// floor, so that the figure a user meets on new material stays visible:
// "first contact" for a holdout written blind that no rule has been tuned
// to yet (its figure recorded in docs/first-contact.md), "tuned" for one
// the rules were tuned on that has not reached the floors yet. A set
// counts toward the floors once the suite holds them with it.
var apartSets = map[string]string{"g": "tuned", "h": "tuned", "i": "tuned", "j": "tuned", "k": "tuned", "l": "tuned", "m": "tuned", "n": "tuned", "o": "tuned", "p": "tuned", "q": "tuned", "r": "tuned", "s": "tuned", "t": "tuned", "u": "tuned", "v": "tuned", "w": "tuned", "x": "tuned", "y": "tuned", "z": "tuned", "aa": "tuned", "ab": "tuned", "ac": "tuned", "ad": "tuned", "ae": "first contact"}

// defectClasses is the vocabulary of planted defects.
var defectClasses = map[string]string{
	"hedge":              "a risk >= 3 (or red/amber) recommendation hedged instead of drafted",
	"directional":        "a fix that only gives a direction, no drafted language or concrete step",
	"placeholder":        "an unfilled template placeholder",
	"inconsistent_value": "the same quantity stated two different ways",
	"reviewer_directed":  "text addressed to a reviewer, grader, QA or system, or a self-grade",
	"self_reference":     "a reference to a section or item of the deliverable that does not exist",
	"missing_section":    "a required section removed",
	"readability":        "consumer-facing text far above the reading level",
	"policy_violation":   "a promise the task's written policy forbids, or a grant needing evidence the task lacks",
	"fabricated_quote":   "a quotation the source does not hold",
	"dangling_reference": "a reference to a part of the source that does not exist",
	"numbering":          "a numbering error in the deliverable's own or the source's numbering",
	"wrong_jurisdiction": "a governing law or forum other than the source's",
	"tool_mismatch":      "a tool's output restated with a different value",
	"board_mismatch":     "posted findings and the text disagree: a severity, or a finding missing on one side",
}

// documentLevelRules maps the defect classes whose finding may stand
// anywhere (the defect is an absence or a property of the whole text) to the
// rule families that report them.
var documentLevelRules = map[string][]string{
	"missing_section": {"structure.missing_section", "completeness."},
	"readability":     {"readability."},
}

const corpusRoot = "testdata/deliverables"

func loadCorpus(t *testing.T) []*corpusCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusRoot, "*", "*", "case.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	paths = raceSample(t, paths)
	var out []*corpusCase
	for _, p := range paths {
		c, err := readCorpusCase(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		out = append(out, c)
	}
	return out
}

func readCorpusCase(path string) (*corpusCase, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var c corpusCase
	if err := dec.Decode(&c); err != nil {
		return nil, err
	}
	c.dir = filepath.Dir(path)
	if c.ID == "" {
		return nil, fmt.Errorf("id: empty")
	}
	good, err := os.ReadFile(filepath.Join(c.dir, c.Good))
	if err != nil {
		return nil, fmt.Errorf("good: %w", err)
	}
	c.good = string(good)
	c.task = evaluator.Task{ID: c.ID, Kind: evaluator.Kind(c.Kind), Input: c.Input, Criteria: c.Criteria, Requirements: c.Requirements}
	for i, e := range c.Evidence {
		content := e.Content
		if e.File != "" {
			b, err := os.ReadFile(filepath.Join(c.dir, e.File))
			if err != nil {
				return nil, fmt.Errorf("evidence[%d].file: %w", i, err)
			}
			content = string(b)
		}
		ev := evaluator.Evidence{ID: e.ID, Source: e.Source, Content: content}
		if e.Kind != "" {
			ev.Metadata = map[string]string{evaluator.EvidenceKindKey: e.Kind}
		}
		c.task.Evidence = append(c.task.Evidence, ev)
	}
	if err := c.task.Validate(); err != nil {
		return nil, fmt.Errorf("task: %w", err)
	}
	if len(c.Bad) < 2 {
		return nil, fmt.Errorf("bad: want at least 2 bad twins, got %d", len(c.Bad))
	}
	seen := map[string]bool{}
	for i, b := range c.Bad {
		if b.ID == "" || seen[b.ID] {
			return nil, fmt.Errorf("bad[%d].id: empty or duplicate %q", i, b.ID)
		}
		seen[b.ID] = true
		if _, ok := defectClasses[b.Class]; !ok {
			return nil, fmt.Errorf("bad[%d].class: unknown class %q", i, b.Class)
		}
		if _, ok := weaknessClasses[b.Weakness]; b.Weakness != "" && !ok {
			return nil, fmt.Errorf("bad[%d].weakness: unknown class %q", i, b.Weakness)
		}
		if n := strings.Count(c.good, b.Find); b.Find == "" || n != 1 {
			return nil, fmt.Errorf("bad[%d] %s: find must occur exactly once in %s, occurs %d times", i, b.ID, c.Good, n)
		}
		if b.Find == b.Replace {
			return nil, fmt.Errorf("bad[%d] %s: replace equals find", i, b.ID)
		}
		text, _, _ := c.plant(b)
		for j, a := range b.AlsoAt {
			if !strings.Contains(text, a) {
				return nil, fmt.Errorf("bad[%d].alsoAt[%d]: %q not in the bad text", i, j, a)
			}
		}
	}
	return &c, nil
}

// plant returns the bad twin's text and the planted span [start, end).
func (c *corpusCase) plant(b corpusBad) (string, int, int) {
	at := strings.Index(c.good, b.Find)
	return c.good[:at] + b.Replace + c.good[at+len(b.Find):], at, at + len(b.Replace)
}

// onDefect reports whether a finding that stops the candidate lies on the
// planted defect: it overlaps the planted span widened to whole lines (or a
// span of AlsoAt), or, for a document-level class, comes from a rule that
// reports that class.
func onDefect(fs []check.Finding, text string, start, end int, b corpusBad) (bool, []string) {
	spans := [][2]int{lineSpan(text, start, end)}
	for _, a := range b.AlsoAt {
		for off := 0; ; {
			i := strings.Index(text[off:], a)
			if i < 0 {
				break
			}
			spans = append(spans, [2]int{off + i, off + i + len(a)})
			off += i + len(a)
		}
	}
	var elsewhere []string
	for _, f := range fs {
		if f.Severity == check.SeverityInfo {
			continue
		}
		for _, fam := range documentLevelRules[b.Class] {
			if strings.HasPrefix(f.Rule, fam) {
				return true, nil
			}
		}
		for _, s := range spans {
			if f.Location.Start < s[1] && s[0] < f.Location.End || f.Location.Start == f.Location.End && s[0] <= f.Location.Start && f.Location.Start <= s[1] {
				return true, nil
			}
		}
		elsewhere = append(elsewhere, f.Rule+" "+f.Location.String())
	}
	return false, elsewhere
}

// notInGood returns the findings of a bad twin that its good twin does
// not also have (the same rule on the same text): a finding the good text
// has too is not a finding on the planted defect, even where it overlaps
// it.
func notInGood(fs, good []check.Finding) []check.Finding {
	seen := make(map[[2]string]int, len(good))
	for _, f := range good {
		seen[[2]string{f.Rule, f.Location.Text}]++
	}
	out := make([]check.Finding, 0, len(fs))
	for _, f := range fs {
		k := [2]string{f.Rule, f.Location.Text}
		if seen[k] > 0 {
			seen[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// lineSpan widens [start, end) to the whole lines it touches.
func lineSpan(text string, start, end int) [2]int {
	s := strings.LastIndexByte(text[:start], '\n') + 1
	e := strings.IndexByte(text[end:], '\n')
	if e < 0 {
		e = len(text)
	} else {
		e += end
	}
	return [2]int{s, e}
}

// approveAll is the judge a user fears: it passes everything, so only the
// deterministic layer stands between a bad deliverable and the user.
var approveAll = evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{}}, nil
})

// corpusTally counts outcomes for one row of the report.
type corpusTally struct{ good, falseRejected, bad, falseApproved, onDefect int }

func (t *corpusTally) add(o corpusTally) {
	t.good += o.good
	t.falseRejected += o.falseRejected
	t.bad += o.bad
	t.falseApproved += o.falseApproved
	t.onDefect += o.onDefect
}

// TestCorpusFormat checks every case file: known kinds and classes, each
// Find unique in the good text, evidence files present, valid requirements.
func TestCorpusFormat(t *testing.T) {
	cases := loadCorpus(t)
	ids := map[string]string{}
	for _, c := range cases {
		if prev, dup := ids[c.ID]; dup {
			t.Errorf("%s: id %q also used in %s", c.dir, c.ID, prev)
		}
		ids[c.ID] = c.dir
		if c.Kind == "" || !evaluator.Kind(c.Kind).Known() {
			t.Errorf("%s: kind %q is not a known deliverable kind", c.dir, c.Kind)
		}
	}
}

// TestCorpusGate runs the README's gate, Chain(DefaultSuite(), judge), over
// the corpus with a judge that approves everything and with an honest judge,
// prints the table per set, kind and defect class, and fails when more than
// 5% of good deliverables are rejected, when fewer bad ones than the floor
// (corpusOnDefectFloor; the goal is 90%) are stopped with a finding on the
// planted defect, or when an honest judge's gate approves any bad one.
func TestCorpusGate(t *testing.T) {
	cases := loadCorpus(t)
	if len(cases) == 0 {
		t.Skip("no corpus cases under " + corpusRoot)
	}
	ctx := context.Background()
	prefetchCorpus(t, cases)
	byKind := map[string]*corpusTally{}
	byClass := map[string]*corpusTally{}
	byWeakness := map[string]*corpusTally{}
	firstByClass, firstByWeakness, firstByKind := map[string]*corpusTally{}, map[string]*corpusTally{}, map[string]*corpusTally{}
	bySet := map[string]*corpusTally{}
	var total, first corpusTally
	row := func(m map[string]*corpusTally, k string) *corpusTally {
		if m[k] == nil {
			m[k] = &corpusTally{}
		}
		return m[k]
	}
	var misses []string
	for _, c := range cases {
		set := filepath.Base(filepath.Dir(c.dir))
		var kt corpusTally
		gate := evaluator.Chain[string](corpusEvaluator(t, c), approveAll)
		d, err := gate.Evaluate(ctx, c.task, c.good)
		if err != nil {
			t.Fatalf("%s: good: %v", c.ID, err)
		}
		goodFs := corpusFindings(t, c, c.good)
		kt.good++
		if d.Status != evaluator.StatusPass {
			kt.falseRejected++
			misses = append(misses, fmt.Sprintf("FALSE REJECTION %s/%s: %s %s", set, c.ID, d.Status, strings.Join(append(d.BlockingFailures, d.RevisionInstructions...), " | ")))
		}
		for _, b := range c.Bad {
			var ct corpusTally
			text, start, end := c.plant(b)
			d, err := gate.Evaluate(ctx, c.task, text)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.ID, b.ID, err)
			}
			fs := corpusFindings(t, c, text)
			ct.bad++
			hit, elsewhere := onDefect(notInGood(fs, goodFs), text, start, end, b)
			switch {
			case d.Status == evaluator.StatusPass:
				ct.falseApproved++
				misses = append(misses, fmt.Sprintf("FALSE APPROVAL %s/%s/%s [%s]", set, c.ID, b.ID, b.Class))
			case hit:
				ct.onDefect++
			default:
				misses = append(misses, fmt.Sprintf("OFF-DEFECT %s/%s/%s [%s]: stopped only by %s", set, c.ID, b.ID, b.Class, strings.Join(elsewhere, ", ")))
			}
			cls, weak := byClass, byWeakness
			if apartSets[set] != "" {
				cls, weak = firstByClass, firstByWeakness
			}
			row(cls, b.Class).add(ct)
			if b.Weakness != "" {
				row(weak, b.Weakness).add(ct)
			}
			kt.add(ct)
		}
		row(bySet, set).add(kt)
		if apartSets[set] != "" {
			row(firstByKind, c.Kind).add(kt)
			first.add(kt)
			continue
		}
		row(byKind, c.Kind).add(kt)
		total.add(kt)
	}
	var sb strings.Builder
	table := func(title string, m map[string]*corpusTally) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&sb, "\n| %s | good | false rejections | bad | false approvals | stopped on the defect |\n|---|---|---|---|---|---|\n", title)
		for _, k := range keys {
			r := m[k]
			fmt.Fprintf(&sb, "| %s | %d | %d | %d | %d | %d (%s) |\n", k, r.good, r.falseRejected, r.bad, r.falseApproved, r.onDefect, pct(r.onDefect, r.bad))
		}
	}
	table("set", bySet)
	table("kind", byKind)
	table("defect class", byClass)
	if len(byWeakness) > 0 {
		table("weakness class", byWeakness)
	}
	fmt.Fprintf(&sb, "\ntotal: %d good, %d false rejections (%s); %d bad, %d false approvals, %d stopped on the defect (%s)\n",
		total.good, total.falseRejected, pct(total.falseRejected, total.good), total.bad, total.falseApproved, total.onDefect, pct(total.onDefect, total.bad))
	if first.good+first.bad > 0 {
		sb.WriteString("\nSets held to no floor (" + apartList() + "):\n")
		table("kind", firstByKind)
		table("defect class", firstByClass)
		table("weakness class", firstByWeakness)
		fmt.Fprintf(&sb, "\nheld to no floor ("+apartList()+"): %d good, %d false rejections (%s); %d bad, %d false approvals, %d stopped on the defect (%s)\n",
			first.good, first.falseRejected, pct(first.falseRejected, first.good), first.bad, first.falseApproved, first.onDefect, pct(first.onDefect, first.bad))
	}
	t.Log(sb.String())
	for _, m := range misses {
		t.Log(m)
	}
	// The goal is at least 90% of bad deliverables stopped on the defect;
	// the floor (corpusOnDefectFloor) holds what the suite reaches, so
	// that no change loses ground.
	if checks.RaceEnabled {
		return // a sample (raceSample): the floors and the honest judge are held by the run without -race
	}
	if total.onDefect*1000 < total.bad*corpusOnDefectFloor {
		t.Errorf("stopped on the defect: %d of %d bad deliverables, below the floor of %.1f%% (goal >= 90%%)", total.onDefect, total.bad, float64(corpusOnDefectFloor)/10)
	}
	if total.onDefect*10 < total.bad*9 {
		t.Logf("GOAL NOT MET: stopped on the defect: %d of %d bad deliverables, goal >= 90%%", total.onDefect, total.bad)
	}
	if total.falseRejected*20 > total.good {
		t.Errorf("false rejections: %d of %d good deliverables, goal <= 5%%", total.falseRejected, total.good)
	}

	// An honest judge passes the good and sends back the bad: behind it the
	// gate must approve no bad twin at all.
	for _, c := range cases {
		good := c.good
		honest := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, s string) (evaluator.EvaluationDecision, error) {
			if s == good {
				return approveAll(ctx, task, s)
			}
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.2, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{"fix the planted defect"}}, nil
		})
		for _, b := range c.Bad {
			text, _, _ := c.plant(b)
			d, err := evaluator.Chain[string](corpusEvaluator(t, c), honest).Evaluate(ctx, c.task, text)
			if err != nil || d.Status == evaluator.StatusPass {
				t.Errorf("%s/%s: honest judge: false approval (%v, %v)", c.ID, b.ID, d.Status, err)
			}
		}
	}
}

// corpusOnDefectFloor is the share, in tenths of a percent, of bad
// deliverables the gate must stop with a finding on the planted defect.
// The goal is 90%; the floor holds what the suite reaches so that no
// change loses ground, and the test logs GOAL NOT MET until 90% is
// reached. It was 86.5% (697 of 802 once the blind holdouts d and e were
// folded in) until value conflicts that only shared words tie became
// information rather than warnings (a suspicion needs a second signal
// before it warns): 675 of 802, 84.2%, the 22 stops lost all on a, b and
// c, the sets the value rules were tuned on, while the holdouts d to i
// kept every stop and lost 8 false rejections. The third session's recall
// rules (stacked hedging devices, vague directions, text for the checker)
// brought it to 692 of 802, 86.3%, and the floor up to hold that.
const corpusOnDefectFloor = 862

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(d))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// apartList names the apartSets with why each is held apart: "g (tuned),
// i (first contact)".
func apartList() string {
	var out []string
	for _, k := range sortedKeys(apartSets) {
		out = append(out, k+" ("+apartSets[k]+")")
	}
	return strings.Join(out, ", ")
}
