package loop

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// Config is a loop's configuration as data: everything the options set
// except the functions some of them carry (hooks, a logger, a revision check, a
// candidate reference). It survives JSON, so a driver other than RunLoop (a
// durable workflow, a job queue) can store it with the loop and hand it to
// Start. NewConfig builds one from options; Start checks it with Validate.
//
// The zero Config is valid and is the documented default, the loop
// RunLoop runs with no option: 2 revisions, no time or
// cost budget, no stall limit, one attempt per role call, the self-approval
// guard on. NewConfig with no option returns it.
type Config struct {
	// MaxRevisions is how many times the reviser may be called (see
	// WithMaxRevisions): 0 means the default, 2; NoRevision (-1)
	// none, the first candidate must pass as it is.
	MaxRevisions int `json:"maxRevisions"`
	// Timeout is the loop's own time budget, measured from Start; 0 means
	// none (see WithTimeout). In JSON it is a number of nanoseconds.
	Timeout time.Duration `json:"timeout,omitempty"`
	// MaxCost is the cost budget; 0 and +Inf mean none (see WithMaxCost,
	// which stores +Inf as 0). A non-finite value is written to JSON as
	// the text "+Inf" (or "NaN", which Validate refuses), never as an error.
	MaxCost float64 `json:"maxCost,omitempty"`
	// StallLimit is the stall limit; 0 means off (see WithStallLimit).
	StallLimit int `json:"stallLimit,omitempty"`
	// Attempts is the number of tries per role call, the first included;
	// 0 and 1 both mean no retry (see WithRetry).
	Attempts int `json:"attempts,omitempty"`
	// Backoff is the wait before the first retry; it doubles before each
	// next one. In JSON it is a number of nanoseconds.
	Backoff time.Duration `json:"backoff,omitempty"`
	// AllowSameModel turns the self-approval guard off (see AllowSameModel).
	AllowSameModel bool `json:"allowSameModel,omitempty"`
	// GeneratorModels, ReviserModels and EvaluatorModels are the models
	// the self-approval guard compares (see WithModels). Start sees
	// only these: a driver adds the models its roles report
	// (evaluator.ModelsOf), as RunLoop does.
	GeneratorModels []string `json:"generatorModels,omitempty"`
	ReviserModels   []string `json:"reviserModels,omitempty"`
	EvaluatorModels []string `json:"evaluatorModels,omitempty"`
	// RevisionCheck makes the loop call RoleRevisionCheck after every
	// evaluation of a revision (WithRevisionCheck sets it; the driver
	// supplies the check, see Roles).
	RevisionCheck bool `json:"revisionCheck,omitempty"`
	// CandidateRefs makes every trace step keep a reference to its
	// candidate (Step.CandidateRef) instead of the candidate itself
	// (WithCandidateRef sets it; see Machine.SetCandidateRef).
	CandidateRefs bool `json:"candidateRefs,omitempty"`
}

// NewConfig returns the Config opts describe, starting from
// 2 revisions and one attempt. Options that carry a
// function set the flag it implies (WithRevisionCheck sets RevisionCheck,
// WithCandidateRef sets CandidateRefs) and are otherwise dropped: the
// functions stay with the driver. An invalid option makes it return an
// error matching evaluator.ErrInvalidOption, naming the option.
func NewConfig(opts ...Option) (Config, error) {
	c := newConfig()
	c.apply(opts)
	return c.Config, errors.Join(c.errs...)
}

// NoRevision, as Config.MaxRevisions, allows no revision: the first
// candidate must pass as it is. WithMaxRevisions(0) stores it, since a
// zero MaxRevisions means the default.
const NoRevision = -1

// revisions returns the revision budget MaxRevisions stands for.
func (c Config) revisions() int {
	switch c.MaxRevisions {
	case 0:
		return defaultMaxRevisions
	case NoRevision:
		return 0
	}
	return c.MaxRevisions
}

// Validate reports every field out of range, each error naming the field
// and matching evaluator.ErrInvalidOption: a MaxRevisions below NoRevision,
// a negative Timeout, StallLimit, Attempts or Backoff, a NaN or negative
// MaxCost.
func (c Config) Validate() error {
	if c.inRange() {
		return nil
	}
	var errs []error
	bad := func(field string, got any) {
		errs = append(errs, fmt.Errorf("%w: %s: must be >= 0, got %v", evaluator.ErrInvalidOption, field, got))
	}
	if c.MaxRevisions < NoRevision {
		errs = append(errs, fmt.Errorf("%w: maxRevisions: must be >= -1 (0 means the default, %d; -1 none), got %d",
			evaluator.ErrInvalidOption, defaultMaxRevisions, c.MaxRevisions))
	}
	if c.Timeout < 0 {
		bad("timeout", c.Timeout)
	}
	if math.IsNaN(c.MaxCost) || c.MaxCost < 0 {
		bad("maxCost", c.MaxCost)
	}
	if c.StallLimit < 0 {
		bad("stallLimit", c.StallLimit)
	}
	if c.Attempts < 0 {
		bad("attempts", c.Attempts)
	}
	if c.Backoff < 0 {
		bad("backoff", c.Backoff)
	}
	return errors.Join(errs...)
}

// inRange reports whether Validate has nothing to report.
func (c *Config) inRange() bool {
	return c.MaxRevisions >= NoRevision && c.Timeout >= 0 && c.MaxCost >= 0 && // a NaN MaxCost fails >= 0
		c.StallLimit >= 0 && c.Attempts >= 0 && c.Backoff >= 0
}

// MarshalJSON writes the Config with a non-finite MaxCost as text.
func (c Config) MarshalJSON() ([]byte, error) {
	type plain Config // no methods: no recursion
	return json.Marshal(struct {
		plain
		MaxCost floatJSON `json:"maxCost,omitempty"`
	}{plain(c), floatJSON(c.MaxCost)})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Config) UnmarshalJSON(b []byte) error {
	type plain Config
	var w struct {
		plain
		MaxCost floatJSON `json:"maxCost,omitempty"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Config(w.plain)
	c.MaxCost = float64(w.MaxCost)
	return nil
}
