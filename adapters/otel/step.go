package evalotel

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// stepView is what the spans and metrics read of a loop.Step, whatever
// its candidate type.
type stepView struct {
	index, attempt int
	role           loop.Role
	cost           float64
	usage          []provider.Usage
	decision       *evaluator.EvaluationDecision
	err            string
	errKind        loop.ErrorKind
	duration       time.Duration
}

// viewOf returns the view of s.
func viewOf[C any](s *loop.Step[C]) stepView {
	return stepView{index: s.Index, attempt: s.Attempt, role: s.Role, cost: s.Cost, usage: s.Usage,
		decision: &s.Decision, err: s.Err, errKind: s.ErrKind, duration: s.Duration}
}

// severalModels is what gen_ai.response.model says when a call's usages
// name more than one model (loop.Result.UsageByRole says the same).
const severalModels = "(several models)"

// responseModel returns the model the usages name: the one model, or
// severalModels, or "" when there is no usage.
func responseModel(usage []provider.Usage) string {
	if len(usage) == 0 {
		return ""
	}
	model := usage[0].Model
	for _, u := range usage[1:] {
		if u.Model != model {
			return severalModels
		}
	}
	return model
}

// inputTokens counts every input token of u, cached ones included, as the
// GenAI conventions count gen_ai.usage.input_tokens.
func inputTokens(u provider.Usage) int64 {
	return u.InputTokens + u.CachedInputTokens + u.CacheWriteTokens
}

// maxText bounds a text attribute of an event or a status, in bytes.
const maxText = 1024

// bounded returns s cut to maxText bytes on a rune boundary, marked with
// "…" when cut.
func bounded(s string) string {
	if len(s) <= maxText {
		return s
	}
	cut := maxText - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.Clone(s[:cut]) + "…"
}
