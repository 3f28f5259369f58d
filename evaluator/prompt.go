package evaluator

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"
)

// Prompt is what a model judge receives: a system prompt and a user
// message. Package rubric's judge functions receive the same type.
type Prompt struct {
	// System is the judge's instructions.
	System string
	// User is the task, its criteria and evidence, and the deliverable.
	User string
}

// PromptOption configures DecisionPrompt and package rubric's prompts.
type PromptOption func(*PromptConfig)

// PromptConfig is the resolved set of PromptOptions. The zero value is the
// default: the schema text is in the system prompt.
type PromptConfig struct {
	// OmitSchema leaves the JSON Schema out of the system prompt (see
	// WithoutSchema).
	OmitSchema bool
}

// WithoutSchema leaves the JSON Schema text out of the system prompt, for a
// provider that enforces the schema itself (OpenAI's strict json_schema
// response format, Anthropic's strict tool or output format): the model
// sees the schema there, and sending it twice only costs tokens. The prompt
// then asks for "the format the response schema sets". Default: the schema
// is in the prompt.
func WithoutSchema() PromptOption {
	return func(c *PromptConfig) { c.OmitSchema = true }
}

// ResolvePromptOptions applies opts (nil entries are skipped) to the zero
// PromptConfig.
func ResolvePromptOptions(opts ...PromptOption) PromptConfig {
	var c PromptConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

//go:embed decision_prompt.tmpl
var decisionPromptText string

//go:embed user_message.tmpl
var userMessageText string

// The templates are package data: a parse error is a bug the tests catch.
var (
	decisionTmpl = template.Must(template.New("decision_prompt.tmpl").Parse(decisionPromptText))
	userTmpl     = template.Must(template.New("user_message.tmpl").Parse(userMessageText))
)

// decisionClosing ends DecisionPrompt's user message.
const decisionClosing = "\nJudge the deliverable against the task and reply with the JSON object only.\n"

// DecisionPrompt returns the prompt for a judge that replies with an
// EvaluationDecision directly (read the reply with ParseDecision): a system
// prompt that defines the four statuses, every field and the stop reasons a
// judge may give, followed by DecisionSchema (unless WithoutSchema), and
// the user message RenderUserMessage renders. It validates the task. The
// output is deterministic.
func DecisionPrompt(task Task, candidate string, opts ...PromptOption) (Prompt, error) {
	cfg := ResolvePromptOptions(opts...)
	user, err := RenderUserMessage(task, candidate)
	if err != nil {
		return Prompt{}, err
	}
	var data struct{ Schema string }
	if !cfg.OmitSchema {
		var s bytes.Buffer
		if err := json.Indent(&s, decisionSchema, "", "  "); err != nil {
			return Prompt{}, fmt.Errorf("evaluator: decision prompt: %w", err)
		}
		data.Schema = s.String()
	}
	var b strings.Builder
	if err := decisionTmpl.Execute(&b, data); err != nil {
		return Prompt{}, fmt.Errorf("evaluator: decision prompt: %w", err)
	}
	return Prompt{System: b.String(), User: user + decisionClosing}, nil
}

// RenderUserMessage renders the part of a judge's user message that every
// judge shares: the task input (with its ID), its criteria, each evidence
// item inside an <evidence id=...> element so the judge can cite its ID,
// and the candidate inside a <deliverable> element. It validates the task
// (evidence IDs unique and non-empty). DecisionPrompt and package rubric
// append their closing instruction.
func RenderUserMessage(task Task, candidate string) (string, error) {
	if err := task.Validate(); err != nil {
		return "", fmt.Errorf("evaluator: task: %w", err)
	}
	var b strings.Builder
	err := userTmpl.Execute(&b, struct {
		Task      Task
		Candidate string
	}{task, candidate})
	if err != nil {
		return "", fmt.Errorf("evaluator: render user message: %w", err)
	}
	return b.String(), nil
}
