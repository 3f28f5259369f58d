package evaluator

import (
	"context"
	"strings"
)

// Modeler is implemented by a role that runs on one or more models: a model
// judge, a chain whose stages call models, a generator or reviser backed by
// a model client. The loop's self-approval guard compares the models of the
// evaluator with those of the generator and the reviser (see ModelsOf and
// SameFamily).
//
// Models returns the model names as the provider spells them ("gpt-4.1",
// "anthropic/claude-sonnet-4-5-20250929"); empty names are ignored. A role
// that calls no model returns nil.
type Modeler interface {
	Models() []string
}

// ModelsOf returns the models v declares: the result of its Models method
// when v is a Modeler, or of its Model method when v has a
// Model() string method instead. Names are trimmed; empty names and exact
// duplicates are dropped; the order is kept. It returns nil for a value that
// declares no model (including nil).
func ModelsOf(v any) []string {
	switch m := v.(type) {
	case Modeler:
		return cleanModels(nil, m.Models())
	case interface{ Model() string }:
		return cleanModels(nil, []string{m.Model()})
	}
	return nil
}

// cleanModels appends to dst the trimmed, non-empty names of add that dst
// does not hold yet.
func cleanModels(dst, add []string) []string {
	for _, s := range add {
		if s = strings.TrimSpace(s); s != "" && !contains(dst, s) {
			dst = append(dst, s)
		}
	}
	return dst
}

// WithModel returns e declaring that it runs on models, for evaluators that
// cannot say so themselves (an evaluator.Func wrapping a model client). The
// returned Evaluator evaluates exactly as e does; its Models are e's own
// (ModelsOf(e)) followed by models, so a declaration never hides what e
// already reports. A nil e gives an Evaluator whose Evaluate returns an
// error.
func WithModel[C any](e Evaluator[C], models ...string) Evaluator[C] {
	return &modelEvaluator[C]{e: e, models: cleanModels(nil, models)}
}

// modelEvaluator is the Evaluator WithModel returns.
type modelEvaluator[C any] struct {
	e      Evaluator[C]
	models []string
}

// Evaluate calls the wrapped evaluator.
func (m *modelEvaluator[C]) Evaluate(ctx context.Context, task Task, candidate C) (EvaluationDecision, error) {
	if m.e == nil {
		return EvaluationDecision{}, errNilEvaluator
	}
	return m.e.Evaluate(ctx, task, candidate)
}

// Models returns the wrapped evaluator's models, asked at each call, then
// the declared ones.
func (m *modelEvaluator[C]) Models() []string { return cleanModels(ModelsOf(m.e), m.models) }

// ModelFamily returns the family key of a model name: the name with case,
// surrounding space, provider prefixes and date or version suffixes
// removed, so that every spelling of one model gives the same key:
//
//	"gpt-4.1", " GPT-4.1 ", "openai/gpt-4.1-2025-04-14"        -> "gpt-4.1"
//	"claude-sonnet-4-5@20250929", "anthropic.claude-sonnet-4-5-20250929-v1:0"
//	                                                           -> "claude-sonnet-4-5"
//
// Removed, repeatedly: everything up to the last "/" (openai/, models/,
// accounts/x/models/); leading all-letter segments ending in "." (Bedrock's
// "anthropic.", "us."); an OpenAI fine-tune's "ft:" wrapper (the base model
// is kept); and at the end "@..." (Vertex versions), "-vN" and "-vN:M"
// (Bedrock), "-latest", ":latest", "-preview", dates ("-2025-04-14",
// "-08-2024", "-04-14") and numeric stamps of three or more digits
// ("-20250514", "-0613", "-001"). Size and variant names ("-mini", "-8b")
// are kept: they are different models. It returns "" for a blank name.
func ModelFamily(name string) string {
	s := strings.ToLower(strings.TrimSpace(name))
	if strings.HasPrefix(s, "ft:") { // ft:gpt-4o-mini-2024-07-18:org::id
		s = s[len("ft:"):]
		if i := strings.IndexByte(s, ':'); i >= 0 {
			s = s[:i]
		}
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, '@'); i >= 0 {
		s = s[:i]
	}
	for {
		i := strings.IndexByte(s, '.')
		if i <= 0 || i == len(s)-1 || !allLetters(s[:i]) || !isLetter(s[i+1]) {
			break
		}
		s = s[i+1:]
	}
	for {
		t := trimVersionSuffix(s)
		if t == s {
			break
		}
		s = t
	}
	return strings.TrimSpace(s)
}

// SameFamily reports whether a and b name the same model family
// (ModelFamily). Two blank names are not the same family: a role that names
// no model is never matched.
func SameFamily(a, b string) bool {
	fa := ModelFamily(a)
	return fa != "" && fa == ModelFamily(b)
}

// trimVersionSuffix removes one date or version suffix from s, or returns s.
func trimVersionSuffix(s string) string {
	for _, suf := range []string{"-latest", ":latest", "-preview"} {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			return t
		}
	}
	// -vN or -vN:M (Bedrock).
	if i := strings.LastIndex(s, "-v"); i > 0 {
		rest := s[i+2:]
		major, minor, hasMinor := strings.Cut(rest, ":")
		if allDigits(major) && (!hasMinor || allDigits(minor)) {
			return s[:i]
		}
	}
	// Dates: -YYYY-MM-DD, -MM-YYYY, -MM-DD.
	for _, shape := range []string{"-dddd-dd-dd", "-dd-dddd", "-dd-dd"} {
		if len(s) > len(shape) && matchesShape(s[len(s)-len(shape):], shape) {
			return s[:len(s)-len(shape)]
		}
	}
	// A numeric stamp of three or more digits: -20250514, -0613, -001.
	if i := strings.LastIndexByte(s, '-'); i > 0 && len(s)-i-1 >= 3 && allDigits(s[i+1:]) {
		return s[:i]
	}
	return s
}

// matchesShape reports whether s has shape's layout, 'd' standing for a
// digit and any other byte for itself.
func matchesShape(s, shape string) bool {
	for i := 0; i < len(shape); i++ {
		if shape[i] == 'd' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != shape[i] {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return s != ""
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }
