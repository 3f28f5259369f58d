package rubric

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/template"

	"github.com/evalopt/evalopt/evaluator"
)

//go:embed prompt.tmpl
var promptTemplate string

// userClosing ends the rubric judge's user message.
const userClosing = "\nJudge the deliverable against the rubric and reply with the JSON object only.\n"

// templates are parsed once; they are package data, so a parse error is a
// bug the package's tests catch, not a user error.
var (
	systemTmpl = template.Must(template.New("prompt.tmpl").Funcs(template.FuncMap{
		"num":   formatScore,
		"inc":   func(i int) int { return i + 1 },
		"names": dimensionNames,
		"bands": bandList,
	}).Parse(promptTemplate))
)

// promptData is what prompt.tmpl renders.
type promptData struct {
	Rubric       Rubric
	Profile      *Profile
	Role         string
	AutoFailDims []Dimension
	PolicyDims   []Dimension
	FloorDims    []Dimension
	Example      string
	Schema       string
}

// RenderPrompt renders the evaluator's system prompt from r and, when p is
// not nil, a specialist profile: the role (with the profile's focus areas
// and common failures), each dimension with its weight, floor, auto-fail and
// policy marks and its checks, the pass/fail rules with r's own numbers (so
// the prompt and the scoring come from one source of truth), the failure-
// reason format, and r's output schema (Rubric.OutputSchema; left out with
// evaluator.WithoutSchema, for a provider that enforces the schema). It
// validates r (ErrInvalidRubric) and p (ErrInvalidInput). The output is
// deterministic.
func RenderPrompt(r Rubric, p *Profile, opts ...evaluator.PromptOption) (string, error) {
	cfg, err := evaluator.ResolvePromptOptions(opts...)
	if err != nil {
		return "", err
	}
	if err := r.Validate(); err != nil {
		return "", err
	}
	r.Rules = r.Rules.resolved() // the prompt states the numbers in force
	data := promptData{Rubric: r, Role: "evaluator"}
	if p != nil {
		if err := p.Validate(); err != nil {
			return "", fmt.Errorf("rubric: profile: %w", err)
		}
		data.Profile, data.Role = p, p.Name
	}
	for _, d := range r.Dimensions {
		if d.AutoFail {
			data.AutoFailDims = append(data.AutoFailDims, d)
			if data.Example == "" {
				data.Example = d.Name
			}
		}
		if d.Policy {
			data.PolicyDims = append(data.PolicyDims, d)
		}
		if d.Floor > 0 {
			data.FloorDims = append(data.FloorDims, d)
		}
	}
	if data.Example == "" {
		data.Example = r.Dimensions[0].Name
	}
	if !cfg.OmitSchema {
		var schema bytes.Buffer
		if err := json.Indent(&schema, r.OutputSchema(), "", "  "); err != nil {
			return "", fmt.Errorf("rubric: output schema: %w", err)
		}
		data.Schema = schema.String()
	}
	var b strings.Builder
	if err := systemTmpl.Execute(&b, data); err != nil {
		return "", fmt.Errorf("rubric: render prompt: %w", err)
	}
	return b.String(), nil
}

// userMessage renders the judge's user message: the task input (with
// its ID), its criteria, each evidence item inside an <evidence id=...>
// element so the judge can cite its ID, and the candidate inside a
// <deliverable> element (evaluator.RenderUserMessage), then the instruction
// to judge against the rubric. It validates the task (evidence IDs unique
// and non-empty).
func userMessage(task evaluator.Task, candidate string) (string, error) {
	msg, err := evaluator.RenderUserMessage(task, candidate)
	if err != nil {
		return "", err
	}
	return msg + userClosing, nil
}

// dimensionNames quotes names for the prompt: "A", "B" and "C".
func dimensionNames(ds []Dimension) string {
	q := make([]string, len(ds))
	for i, d := range ds {
		q[i] = strconv.Quote(d.Name)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// bandList writes bands as "fail [0, 0.75) (below the pass threshold);
// marginal [0.75, 0.8] (...)".
func bandList(bands []Band) string {
	parts := make([]string, len(bands))
	for i, b := range bands {
		parts[i] = b.Name + " " + interval(b)
		if b.Description != "" {
			parts[i] += " (" + b.Description + ")"
		}
	}
	return strings.Join(parts, "; ")
}

// interval writes a band as [0.75, 0.8] or (0.8, 0.9].
func interval(b Band) string {
	open, closeB := "[", "]"
	if b.MinExclusive {
		open = "("
	}
	if b.MaxExclusive {
		closeB = ")"
	}
	return open + formatScore(b.Min) + ", " + formatScore(b.Max) + closeB
}
