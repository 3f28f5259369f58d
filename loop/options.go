package loop

import (
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/option"
)

// Option configures RunLoop and Steps. The zero configuration is: at most 2
// revisions, no time budget, no cost budget, no hooks, no logger, no stall
// limit, one attempt per role call (no retry), and the self-approval guard
// on.
type Option func(*config)

// config is the resolved set of options: the data (Config) and the
// functions some options carry, which stay with RunLoop.
type config struct {
	Config
	hooks         []any // each a Hooks[C]; checked against C in functions
	logger        *slog.Logger
	revisionCheck any // a RevisionCheck[C]; checked against C in functions
	candidateRef  any // a func(C) string; checked against C in functions
	errs          []error
}

// newConfig returns the defaults the options apply over: the zero Config.
func newConfig() config {
	return config{}
}

// apply applies opts in order, recording a nil option as an error.
func (c *config) apply(opts []Option) {
	for i, o := range opts {
		if o == nil {
			c.invalid("opts[%d]: nil option", i)
			continue
		}
		o(c)
	}
}

// defaultMaxRevisions is the revision budget when WithMaxRevisions is not
// given.
const defaultMaxRevisions = 2

func (c *config) invalid(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("%w: "+format, append([]any{evaluator.ErrInvalidOption}, args...)...))
}

// WithMaxRevisions sets how many times the reviser may be called (default
// 2). When a decision asks for a revision and n revisions are done, the loop
// stops with StopMaxRevisions, so the evaluator runs at most n+1 times.
// 0 means the first candidate must pass as it is (Config.MaxRevisions
// NoRevision). A negative n is an error.
func WithMaxRevisions(n int) Option {
	if n == 0 {
		return func(c *config) { c.MaxRevisions = NoRevision }
	}
	return nonNegative("WithMaxRevisions", n, func(c *config) *int { return &c.MaxRevisions })
}

// nonNegative is option.NonNegative for loop options.
func nonNegative[T int | time.Duration](name string, v T, field func(*config) *T) Option {
	return option.NonNegative(name, v, field, (*config).invalid)
}

// WithTimeout sets the loop's own time budget, measured from the start of
// RunLoop (default: none; 0 means none). When it runs out the loop stops
// with StopTimeout and a nil error: a spent budget is an outcome, not a
// failure. The budget reaches roles through their context, so a role that
// ignores its context delays the stop until it returns. A negative d is an
// error.
func WithTimeout(d time.Duration) Option {
	return nonNegative("WithTimeout", d, func(c *config) *time.Duration { return &c.Timeout })
}

// WithMaxCost sets the cost budget (default: none; 0 means none). Roles
// report cost with provider.AddCost. After every role call the loop compares the
// total with limit; when the total reaches or exceeds limit it calls no further
// role and stops with StopCostBudget. A decision that ends the loop by itself
// (pass, block, escalate) still stands: its cost is already spent. A
// negative or NaN limit is an error; +Inf means no budget and is stored as
// 0, the form "no budget" has in Config and in JSON.
func WithMaxCost(limit float64) Option {
	return func(c *config) {
		if math.IsNaN(limit) || limit < 0 {
			c.invalid("WithMaxCost(%v): must be >= 0", limit)
			return
		}
		if math.IsInf(limit, 1) {
			limit = 0 // the JSON-friendly form of "no budget"
		}
		c.MaxCost = limit
	}
}

// WithStallLimit stops the loop with StopStalled when the best score has not
// improved (strictly) for k consecutive evaluations and the latest decision
// asks for another revision (default 0: off). The first evaluation always
// sets the best score. A negative k is an error.
func WithStallLimit(k int) Option {
	return nonNegative("WithStallLimit", k, func(c *config) *int { return &c.StallLimit })
}

// WithRetry retries a role call that returned an error, up to attempts tries
// in all (the first included; default 1: no retry), waiting backoff before
// the first retry and doubling the wait before each next one. The wait ends
// early when the context ends. Retried: errors provider.Classify calls
// transient (timeouts, 408, 409, 429, 5xx, dropped connections, a per-call
// context.DeadlineExceeded) and errors it cannot classify. Never retried:
// permanent errors (marked with provider.Permanent; other 4xx provider errors;
// refusals; truncated replies; unparseable or invalid decisions, which
// match evaluator.ErrInvalidDecision), the end of the loop's or the
// caller's context, panics and invalid costs. Every attempt is its own Step
// and is exactly one call of the role: set the model SDK's own retries to 0
// so that one attempt is one request.
// attempts < 1 or a negative backoff is an error.
func WithRetry(attempts int, backoff time.Duration) Option {
	return func(c *config) {
		if attempts < 1 {
			c.invalid("WithRetry(%d, %v): attempts must be >= 1", attempts, backoff)
			return
		}
		if backoff < 0 {
			c.invalid("WithRetry(%d, %v): backoff must be >= 0", attempts, backoff)
			return
		}
		c.Attempts, c.Backoff = attempts, backoff
	}
}

// AllowSameModel turns off the self-approval guard. By default RunLoop
// refuses to start, with an error matching ErrSameModel, when a model of the
// evaluator and a model of the generator or the reviser are of the same
// family (evaluator.SameFamily: case, surrounding space, provider prefixes
// and date or version suffixes ignored, so "gpt-4.1" matches
// "openai/gpt-4.1-2025-04-14"): two instances of one model make the same
// mistakes, so a model must not approve its own work. A role's models are
// those it reports (evaluator.ModelsOf: a Models() []string or a
// Model() string method; evaluator.Chain and rubric.Judge report
// theirs) plus those declared with WithModels. A role that declares no
// model is not checked.
func AllowSameModel() Option {
	return func(c *config) { c.AllowSameModel = true }
}

// WithModels declares the models role runs on, for a role that cannot say
// so itself (a GeneratorFunc, a ReviserFunc, an evaluator.Func calling a
// model) or a driver whose Machine sees only its Config (a durable
// workflow: the roles run elsewhere); they are added to those the role
// reports. role is RoleGenerate, RoleRevise or RoleEvaluate; any other is
// an error matching evaluator.ErrInvalidOption. The self-approval guard
// compares the evaluator's models with the generator's and the reviser's
// (see AllowSameModel). Blank names are ignored. For an evaluator,
// evaluator.WithModel does the same and travels with it into a Chain.
// Default: only the models the roles report.
func WithModels(role Role, models ...string) Option {
	return func(c *config) {
		switch role {
		case RoleGenerate:
			c.GeneratorModels = append(c.GeneratorModels, models...)
		case RoleRevise:
			c.ReviserModels = append(c.ReviserModels, models...)
		case RoleEvaluate:
			c.EvaluatorModels = append(c.EvaluatorModels, models...)
		default:
			c.invalid("WithModels(%.40q): want RoleGenerate, RoleRevise or RoleEvaluate", role)
		}
	}
}

// configs holds the scratch configs RunLoop applies its options to.
var configs = sync.Pool{New: func() any { return new(config) }}

// pooledConfig returns a scratch config holding the defaults with opts
// applied, for release once its content is copied. An option is called
// through a pointer, which makes the config it changes escape to the heap;
// a pooled scratch config spares every loop that allocation (its bytes
// count: at 10,000 concurrent loops the collector's work grows with every
// byte a loop allocates; see BenchmarkConcurrentLoops10k).
func pooledConfig(opts []Option) *config {
	c := configs.Get().(*config)
	*c = newConfig()
	c.apply(opts)
	return c
}

// release zeroes c, so that the pool keeps no loop's hooks, roles'
// models or errors alive, and hands it back to the pool (pooledConfig
// starts the next loop from the defaults, so nothing is shared).
func (c *config) release() {
	*c = config{}
	configs.Put(c)
}

// functions returns the functions the options carry, checked for
// candidate type C: the hooks and the logger (off when neither is set), the
// revision check and the candidate reference (nil when not set). A
// function built for another candidate type is recorded in c.errs.
func functions[C any](c *config) (obs observers[C], check RevisionCheck[C], ref func(C) string) {
	obs.on, obs.log = len(c.hooks) > 0 || c.logger != nil, c.logger
	if len(c.hooks) > 0 {
		obs.hooks = make([]hookState[C], 0, len(c.hooks))
		for _, h := range c.hooks {
			if fn, ok := typed[Hooks[C]](c, h, "WithHooks: hooks"); ok {
				obs.hooks = append(obs.hooks, hookState[C]{Hooks: fn})
			}
		}
	}
	check, _ = typed[RevisionCheck[C]](c, c.revisionCheck, "WithRevisionCheck: check")
	ref, _ = typed[func(C) string](c, c.candidateRef, "WithCandidateRef: ref")
	return obs, check, ref
}

// typed returns v as a T. When v is set but is not a T (an option built
// for another candidate type than the loop's), it records an error naming
// what (the option and its argument) and both types.
func typed[T any](cfg *config, v any, what string) (T, bool) {
	t, ok := v.(T)
	if !ok && v != nil {
		cfg.invalid("%s is a %T, the loop needs a %T", what, v, t)
	}
	return t, ok
}
