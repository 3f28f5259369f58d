package rubric

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// JudgeFunc is the caller's model client: it sends the prompt to a model and
// returns the model's raw reply. An error means the call itself failed
// (network, quota, context); it is returned by Evaluate as an error, never
// turned into a verdict. A JudgeFunc shared by a Judge must be safe for
// concurrent use if the Judge is.
type JudgeFunc func(ctx context.Context, p evaluator.Prompt) (string, error)

// errJudgePanic is matched by the error Evaluate returns when the judge
// function, the renderer or the checks function panics.
var errJudgePanic = errors.New("rubric: judge function panicked")

// Config configures a Judge. The zero value is the documented default.
type Config[C any] struct {
	// Profile, when not nil, is the specialist profile the system prompt
	// includes for every task (see Profiles). Default (nil): the profile
	// of the task's Kind (ProfileForKind), so that a review memo is judged
	// by the contract reviewer and a customer reply by the support agent;
	// none for generic text (the empty Kind), whose prompt names the
	// specialistRole "evaluator".
	Profile *Profile
	// Render turns a candidate into the text the judge reads. Default: a
	// string as is, a []byte as text, a fmt.Stringer's String, anything
	// else as indented JSON.
	Render func(candidate C) (string, error)
	// AutoFails, when set, runs deterministic checks before the judge is
	// called and returns their auto-fail triggers; an empty RaisedBy is set to
	// RaisedByCheck. A trigger from a check fails the deliverable however the
	// judge scores it. An error is returned by Evaluate as an error.
	AutoFails func(ctx context.Context, task evaluator.Task, candidate C) ([]AutoFail, error)
	// Warnings, when set, runs deterministic checks before the judge is
	// called and returns their verified findings, each mapped to a
	// dimension (checks.Dimension maps the default suite's rules): they go
	// into the judge's prompt, and a dimension with one cannot score at or
	// above the pass threshold, so the verdict fails and the decision asks
	// for a revision. An error is returned by Evaluate as an error.
	Warnings func(ctx context.Context, task evaluator.Task, candidate C) ([]Warning, error)
	// Model names the model the judge function calls ("gpt-4.1"). The
	// Evaluator reports it through Models, so that loop.RunLoop's
	// self-approval guard can refuse a judge on the generator's model.
	// Default: none (the Judge then declares no model; set it).
	Model string
	// OmitSchema leaves the output schema out of the system prompt
	// (evaluator.WithoutSchema), for a judge function whose provider
	// enforces Rubric.OutputSchema itself. Default: false, the schema is in
	// the prompt.
	OmitSchema bool
}

// Judge is an evaluator.Evaluator built from a rubric and a judge
// function: it renders the prompt, calls the judge, parses its reply
// strictly, applies the rubric and returns the verdict's decision. It is
// safe for concurrent use when the judge, Render and AutoFails functions
// are.
type Judge[C any] struct {
	rubric Rubric
	system string                    // with Config.Profile, or for generic text
	byKind map[evaluator.Kind]string // per kind's profile, when Config.Profile is nil
	digest string                    // of the whole rubric, for CacheKey
	judge  JudgeFunc
	cfg    Config[C]
}

// NewJudge returns a Judge for r that asks judge. It validates r
// (ErrInvalidRubric) and the profile, renders the system prompts once (one
// per deliverable kind when Config.Profile is nil), and fails if judge is
// nil. r and the profile are copied: later changes to the caller's values
// do not affect the Judge.
func NewJudge[C any](r Rubric, judge JudgeFunc, cfg Config[C]) (*Judge[C], error) {
	if judge == nil {
		return nil, errors.New("rubric: NewJudge: judge function is nil")
	}
	r = r.Clone()
	if cfg.Profile != nil {
		p := cfg.Profile.clone()
		cfg.Profile = &p
	}
	var opts []evaluator.PromptOption
	if cfg.OmitSchema {
		opts = append(opts, evaluator.WithoutSchema())
	}
	system, err := RenderPrompt(r, cfg.Profile, opts...)
	if err != nil {
		return nil, err
	}
	whole, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("rubric: NewJudge: %w", err)
	}
	sum := sha256.Sum256(whole)
	j := &Judge[C]{rubric: r, system: system, digest: hex.EncodeToString(sum[:]), judge: judge, cfg: cfg}
	if cfg.Profile == nil {
		j.byKind = make(map[evaluator.Kind]string, len(evaluator.Kinds()))
		for _, kind := range evaluator.Kinds() {
			p, ok := ProfileForKind(kind)
			if !ok {
				continue
			}
			if j.byKind[kind], err = RenderPrompt(r, &p, opts...); err != nil {
				return nil, err
			}
		}
	}
	return j, nil
}

// Models returns the judge's model (Config.Model), or nil when none was
// declared. It makes the Judge an evaluator.Modeler.
func (e *Judge[C]) Models() []string {
	if m := strings.TrimSpace(e.cfg.Model); m != "" {
		return []string{m}
	}
	return nil
}

// SystemPrompt returns the system prompt the judge is sent for a task of
// the given kind: with Config.Profile's profile when one was set, else with
// the kind's own (ProfileForKind), else (generic text, an unknown kind)
// with none.
func (e *Judge[C]) SystemPrompt(kind evaluator.Kind) string {
	if s, ok := e.byKind[kind]; ok {
		return s
	}
	return e.system
}

// Evaluate judges candidate and returns Verdict.Decision (see there for the
// mapping to pass, revise, block and escalate). It fails closed: every
// error below comes with the zero decision, never a pass:
//   - a task whose evidence IDs are empty or duplicated, or a candidate
//     Render cannot render;
//   - an error from AutoFails or from the judge (wrapped, so errors.Is
//     finds context.Canceled and the like), or a panic in any of them
//     (an error naming the panic value);
//   - a reply ParseJudgeOutput rejects: the error (ParseJudgeOutput's,
//     unwrapped) matches ErrInvalidJudgeOutput and
//     evaluator.ErrInvalidDecision. An unreadable reply is reported as an
//     error rather than as a revise or an escalate because the library
//     cannot tell a garbled reply from a broken client. It is permanent
//     (provider.Classify): loop.WithRetry does not ask again.
//
// The judge's own errors (an *provider.ProviderError, RefusalError or
// TruncatedError from an adapter) are wrapped once ("rubric: judge: ..."),
// so errors.As finds them with their code, message and request ID.
func (e *Judge[C]) Evaluate(ctx context.Context, task evaluator.Task, candidate C) (evaluator.EvaluationDecision, error) {
	v, err := e.Verdict(ctx, task, candidate)
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	return v.Decision(), nil
}

// Verdict is Evaluate returning the full Verdict instead of its decision:
// every rule that fired, the guidance, the mismatch if any. Its error text
// is at most 4 KiB (64 KiB for a reply with several problems): a longer
// one, a 50 MB provider message or panic value, is cut to a prefix and its
// size, the error still unwrapping to the original.
func (e *Judge[C]) Verdict(ctx context.Context, task evaluator.Task, candidate C) (v Verdict, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = Verdict{}, fmt.Errorf("%w: %s", errJudgePanic, strictjson.ValueText(p, strictjson.MaxError))
		}
		err = strictjson.Bound(err)
	}()
	if err := ctx.Err(); err != nil {
		return Verdict{}, fmt.Errorf("rubric: %w", err)
	}
	text, err := e.render(candidate)
	if err != nil {
		return Verdict{}, strictjson.Wrap("rubric: render candidate", err)
	}
	user, err := userMessage(task, text)
	if err != nil {
		return Verdict{}, err
	}
	var checks []AutoFail
	if e.cfg.AutoFails != nil {
		checks, err = e.cfg.AutoFails(ctx, task, candidate)
		if err != nil {
			return Verdict{}, strictjson.Wrap("rubric: auto-fail checks", err)
		}
		for i := range checks {
			if checks[i].RaisedBy == "" {
				checks[i].RaisedBy = RaisedByCheck
			}
		}
	}
	var warnings []Warning
	if e.cfg.Warnings != nil {
		warnings, err = e.cfg.Warnings(ctx, task, candidate)
		if err != nil {
			return Verdict{}, strictjson.Wrap("rubric: warning checks", err)
		}
		user += warningsSection(warnings)
	}
	reply, err := e.judge(ctx, evaluator.Prompt{System: e.SystemPrompt(task.Kind), User: user})
	if err != nil {
		return Verdict{}, strictjson.Wrap("rubric: judge", err)
	}
	var in Input
	out, err := ParseJudgeOutput([]byte(reply), e.rubric)
	if err == nil {
		in, err = out.Input(e.rubric)
	}
	if err != nil {
		return Verdict{}, judgeOutputErr(err)
	}
	in.AutoFails = append(checks, in.AutoFails...)
	in.Warnings = append(warnings, in.Warnings...)
	v, err = e.rubric.Verdict(in)
	if err != nil {
		return Verdict{}, fmt.Errorf("rubric: %w", err)
	}
	return v, nil
}

// judgeOutputErr gives an invalid reply's error one prefix: a reply that
// does not parse has its own ("rubric: parse judge output: ..."); field
// problems get "rubric: judge output: ".
func judgeOutputErr(err error) error {
	var pe *evaluator.ParseError
	if errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("rubric: judge output: %w", err)
}

// render applies Config.Render or the default rendering.
func (e *Judge[C]) render(candidate C) (string, error) {
	if e.cfg.Render != nil {
		return e.cfg.Render(candidate)
	}
	switch c := any(candidate).(type) {
	case string:
		return c, nil
	case []byte:
		return string(c), nil
	case fmt.Stringer:
		return c.String(), nil
	}
	b, err := json.MarshalIndent(candidate, "", "  ")
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// CacheKey returns what the Judge's verdict depends on beyond the task,
// the candidate and its model, so that a judgecache.Cache in front of it
// needs no KeyFunc: the rubric's name and version, the system prompt sent
// for the task's kind (profile and schema included), the user message rendered for this call
// (Config.Render included) and, as the salt, the SHA-256 of the whole
// rubric (weights, floors, bands and rules, stated in the prompt or not).
// Config.AutoFails is code the key cannot see: when it changes, add a salt
// with a judgecache.KeyFunc. A candidate Render cannot render, or a task
// the user message refuses, is an error.
func (e *Judge[C]) CacheKey(task evaluator.Task, candidate C) (judgecache.CacheKey, error) {
	text, err := e.render(candidate)
	if err != nil {
		return judgecache.CacheKey{}, fmt.Errorf("rubric: render candidate: %w", err)
	}
	user, err := userMessage(task, text)
	if err != nil {
		return judgecache.CacheKey{}, err
	}
	return judgecache.CacheKey{Rubric: e.rubric.Name, RubricVersion: e.rubric.Version, System: e.SystemPrompt(task.Kind), Prompt: user,
		Salt: "rubric-sha256:" + e.digest}, nil
}

// The Judge satisfies the contract, declares its model and keys its calls.
var (
	_ evaluator.Evaluator[string] = (*Judge[string])(nil)
	_ evaluator.Modeler           = (*Judge[string])(nil)
	_ judgecache.Keyer[string]    = (*Judge[string])(nil)
)
