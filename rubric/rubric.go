package rubric

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Rubric is a weighted scoring scheme as data: it can be written as a Go
// literal, loaded from JSON (Load, LoadFile) and saved (Save), so a rubric
// file can be versioned next to the prompts that use it. A Rubric is a plain
// value; the functions of this package never modify the one they are given.
type Rubric struct {
	// Name identifies the rubric ("deliverable").
	Name string `json:"name"`
	// Version is the rubric's own version ("1.0.0"); it is copied into
	// every Verdict so that a score can be traced to the rules that made it.
	Version string `json:"version"`
	// Description says what the rubric judges.
	Description string `json:"description,omitempty"`
	// Dimensions are the scored aspects. Their weights are in [0,1] and sum
	// to 1 (within 1e-9); their names are unique and non-empty.
	Dimensions []Dimension `json:"dimensions"`
	// PassThreshold is the weighted overall score a deliverable needs to
	// pass (0.75 in the preset); a score exactly at the threshold passes.
	PassThreshold float64 `json:"passThreshold"`
	// Bands name ranges of the overall score. They must be listed in
	// ascending order and tile [0,1] with no gap and no overlap; see Band.
	Bands []Band `json:"bands"`
	// Rules hold the other thresholds; see Rules.
	Rules Rules `json:"rules"`
}

// Dimension is one scored aspect of a deliverable.
type Dimension struct {
	// Name identifies the dimension; the judge must use it verbatim.
	Name string `json:"name"`
	// Weight is the dimension's share of the overall score, in [0,1].
	Weight float64 `json:"weight"`
	// Description says what the dimension measures.
	Description string `json:"description"`
	// Checks say, one per entry, what the judge must check; the prompt
	// lists them under the dimension.
	Checks []string `json:"checks,omitempty"`
	// Floor, when above 0, is the minimum score: a score below it fails the
	// deliverable whatever the overall (a score equal to it does not).
	// 0 means no floor.
	Floor float64 `json:"floor,omitempty"`
	// AutoFail reports whether an auto-fail trigger may name this
	// dimension. A trigger fails the deliverable and zeroes the dimension.
	AutoFail bool `json:"autoFail,omitempty"`
	// Policy marks a dimension whose violation a revision cannot be trusted
	// to fix: an auto-fail on it blocks (Verdict.Decision returns
	// evaluator.StatusBlock) instead of asking for a revision. A policy
	// dimension must have AutoFail set.
	Policy bool `json:"policy,omitempty"`
}

// Band names a range of the weighted overall score ("marginal" for
// [0.75, 0.80]). Min and Max are inclusive unless MinExclusive or
// MaxExclusive says otherwise. Bands describe the score; whether the
// deliverable passed is Verdict.Passed, which also depends on the rules (a
// deliverable with an auto-fail can sit in a high band and still fail).
type Band struct {
	// Name identifies the band.
	Name string `json:"name"`
	// Min is the band's lower bound.
	Min float64 `json:"min"`
	// Max is the band's upper bound.
	Max float64 `json:"max"`
	// MinExclusive excludes Min itself from the band.
	MinExclusive bool `json:"minExclusive,omitempty"`
	// MaxExclusive excludes Max itself from the band.
	MaxExclusive bool `json:"maxExclusive,omitempty"`
	// Observations marks a band whose passes come "with observations": the
	// verdict's guidance is reported with the pass (Verdict.Observations)
	// rather than dropped.
	Observations bool `json:"observations,omitempty"`
	// Description says what the band means.
	Description string `json:"description,omitempty"`
}

// contains reports whether score (rounded to 1e-9) lies in the band.
func (b Band) contains(score float64) bool {
	s, lo, hi := round9(score), round9(b.Min), round9(b.Max)
	if s < lo || (b.MinExclusive && s == lo) {
		return false
	}
	if s > hi || (b.MaxExclusive && s == hi) {
		return false
	}
	return true
}

// Rules hold the rubric's thresholds besides PassThreshold. A zero field
// means its default (given on each field), so Rules{} is the default
// rules, in Go and in a rubric file alike; RuleOff (-1) turns a
// rule off. Any other value outside a field's range is an error naming
// the field (Rubric.Validate).
type Rules struct {
	// LowScore is the score below which a dimension counts as low
	// (default 0.50; RuleOff: no dimension is ever low).
	LowScore float64 `json:"lowScore"`
	// LowDimensionsFail fails the deliverable when at least this many
	// dimensions score below LowScore (default 2, at most the number of
	// dimensions; RuleOff disables the rule).
	LowDimensionsFail int `json:"lowDimensionsFail"`
	// HumanReviewBelow: a judge confidence below it asks for human review
	// whatever the result (default 0.60; RuleOff: never).
	HumanReviewBelow float64 `json:"humanReviewBelow"`
	// LimitedVerificationBelow: a confidence below it (and at or above
	// HumanReviewBelow) is noted as limited verification (default 0.75,
	// so the band is [0.60, 0.75); RuleOff: never).
	LimitedVerificationBelow float64 `json:"limitedVerificationBelow"`
	// MismatchTolerance is how far a judge's own overallScore may stray
	// from the recomputed one before it is reported as a mismatch
	// (default 0.01, enough for a judge that rounds to two decimals; for
	// no tolerance at all use a tiny positive value such as 1e-9; RuleOff:
	// never reported).
	MismatchTolerance float64 `json:"mismatchTolerance"`
}

// RuleOff, as the value of a field of Rules, turns its rule off (zero
// means the default instead).
const RuleOff = -1

// resolved returns the rules with every zero field replaced by its
// default; RuleOff values stay, and disable their rule by never matching
// (no score or confidence lies below -1).
func (r Rules) resolved() Rules {
	// A rule the caller left at zero takes its default.
	d := defaultRules()
	for _, f := range []struct{ v, def *float64 }{
		{&r.LowScore, &d.LowScore}, {&r.HumanReviewBelow, &d.HumanReviewBelow},
		{&r.LimitedVerificationBelow, &d.LimitedVerificationBelow}, {&r.MismatchTolerance, &d.MismatchTolerance},
	} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	if r.LowDimensionsFail == 0 {
		r.LowDimensionsFail = d.LowDimensionsFail
	}
	return r
}

// defaultRules returns the rules of the issue that defined this package:
// low score 0.50, two low dimensions fail, human review below confidence
// 0.60, limited verification below 0.75, mismatch tolerance 0.01.
func defaultRules() Rules {
	return Rules{
		LowScore:                 0.50,
		LowDimensionsFail:        2,
		HumanReviewBelow:         0.60,
		LimitedVerificationBelow: 0.75,
		MismatchTolerance:        0.01,
	}
}

// DefaultBands returns the preset's bands: "fail" [0, 0.75), "marginal"
// [0.75, 0.80] (a pass with observations), "pass" (0.80, 0.90] and
// "strong" (0.90, 1].
func DefaultBands() []Band {
	return []Band{
		{Name: "fail", Min: 0, Max: 0.75, MaxExclusive: true, Description: "below the pass threshold"},
		{Name: "marginal", Min: 0.75, Max: 0.80, Observations: true, Description: "pass, with observations"},
		{Name: "pass", Min: 0.80, Max: 0.90, MinExclusive: true, Description: "pass"},
		{Name: "strong", Min: 0.90, Max: 1, MinExclusive: true, Description: "strong pass"},
	}
}

// Clone returns a deep copy of r.
func (r Rubric) Clone() Rubric {
	c := r
	c.Dimensions = make([]Dimension, len(r.Dimensions))
	for i, d := range r.Dimensions {
		d.Checks = append([]string(nil), d.Checks...)
		c.Dimensions[i] = d
	}
	c.Bands = append([]Band(nil), r.Bands...)
	return c
}

// Dimension returns the dimension with the given name and whether it exists.
func (r Rubric) Dimension(name string) (Dimension, bool) {
	if i := r.index(name); i >= 0 {
		return r.Dimensions[i], true
	}
	return Dimension{}, false
}

// index returns the position of the dimension named name, or -1.
func (r Rubric) index(name string) int {
	for i, d := range r.Dimensions {
		if d.Name == name {
			return i
		}
	}
	return -1
}

// bandOf returns the band that contains score, and false when none does (which
// Validate rules out for scores in [0,1]).
func (r Rubric) bandOf(score float64) (Band, bool) {
	for _, b := range r.Bands {
		if b.contains(score) {
			return b, true
		}
	}
	return Band{}, false
}

// weightSumTolerance is how far the weights may sum from 1.
const weightSumTolerance = 1e-9

// Validate checks the rubric and returns every problem found, joined, each a
// *FieldError naming its field and matching ErrInvalidRubric:
//   - name is not empty; there is at least one dimension;
//   - every dimension has a unique, non-empty name, a weight in [0,1], a
//     floor in [0,1], non-empty checks, and AutoFail set if Policy is;
//   - the weights sum to 1 within 1e-9;
//   - passThreshold and every rule threshold are in [0,1];
//     lowDimensionsFail is between 0 and the number of dimensions;
//     humanReviewBelow is at most limitedVerificationBelow;
//   - the bands have unique, non-empty names and tile [0,1] in ascending
//     order: the first starts at 0 inclusive, each ends where the next
//     starts with exactly one of the two excluding the shared bound, the
//     last ends at 1 inclusive;
//   - no number is NaN or infinite.
//
// It returns nil for a valid rubric.
func (r Rubric) Validate() error {
	p := problems{kind: ErrInvalidRubric}
	if strings.TrimSpace(r.Name) == "" {
		p.add("name", "empty")
	}
	if len(r.Dimensions) == 0 {
		p.add("dimensions", "a rubric needs at least one dimension")
	}
	seen := make(map[string]int, len(r.Dimensions))
	sum := 0.0
	for i, d := range r.Dimensions {
		f := loc{"dimensions", i}
		uniqueName(&p, f, d.Name, seen)
		if unitOK(&p, f, ".weight", d.Weight) {
			sum += d.Weight
		}
		unitOK(&p, f, ".floor", d.Floor)
		for j, c := range d.Checks {
			if strings.TrimSpace(c) == "" {
				p.add(f.at(fmt.Sprintf(".checks[%d]", j)), "empty")
			}
		}
		if d.Policy && !d.AutoFail {
			p.add(f.at(".policy"), "a policy dimension must allow auto-fail (set autoFail)")
		}
	}
	if len(r.Dimensions) > 0 && math.Abs(sum-1) > weightSumTolerance {
		p.add("dimensions", fmt.Sprintf("weights must sum to 1 (within 1e-9), got %s", formatScore(sum)))
	}
	unitOK(&p, loc{}, "passThreshold", r.PassThreshold)
	rules := r.Rules.resolved()
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"rules.lowScore", r.Rules.LowScore}, {"rules.humanReviewBelow", r.Rules.HumanReviewBelow},
		{"rules.limitedVerificationBelow", r.Rules.LimitedVerificationBelow}, {"rules.mismatchTolerance", r.Rules.MismatchTolerance},
	} {
		if f.v != RuleOff && (math.IsNaN(f.v) || f.v < 0 || f.v > 1) {
			p.add(f.name, fmt.Sprintf("must be in [0,1] (0 means the default) or -1 (off), got %v", f.v))
		}
	}
	if n := r.Rules.LowDimensionsFail; n != RuleOff && (n < 0 || n > len(r.Dimensions)) {
		p.add("rules.lowDimensionsFail", fmt.Sprintf("must be in [0,%d] (the number of dimensions; 0 means the default, 2) or -1 (off), got %d", len(r.Dimensions), n))
	}
	if rules.HumanReviewBelow != RuleOff && rules.LimitedVerificationBelow != RuleOff && rules.HumanReviewBelow > rules.LimitedVerificationBelow {
		p.add("rules.humanReviewBelow", fmt.Sprintf("must not exceed rules.limitedVerificationBelow (%v), got %v",
			rules.LimitedVerificationBelow, rules.HumanReviewBelow))
	}
	validateBands(&p, r.Bands)
	return p.err()
}

// uniqueName reports the name at f (its ".name") when it is blank or when
// an earlier element of the same list has it; seen maps each name to 1 +
// the index of its first element and gains name.
func uniqueName(p *problems, f loc, name string, seen map[string]int) {
	switch {
	case strings.TrimSpace(name) == "":
		p.add(f.at(".name"), "empty")
	case seen[name] > 0:
		first := loc{f.prefix, seen[name] - 1}
		p.add(f.at(".name"), fmt.Sprintf("duplicate of %s %s", first.at(".name"), strictjson.Quote(name)))
	default:
		seen[name] = f.i + 1
	}
}

// loc locates a value as prefix[i] followed by a sub-path. The path string
// is built only when a problem is reported, so validating a valid value
// allocates nothing for it.
type loc struct {
	prefix string
	i      int
}

// at returns the path of sub inside l: "dimensions[3].weight", or sub
// alone (without a leading dot) for the zero loc.
func (l loc) at(sub string) string {
	if l.prefix == "" {
		return strings.TrimPrefix(sub, ".")
	}
	return l.prefix + "[" + strconv.Itoa(l.i) + "]" + sub
}

// unitOK adds a problem at l.at(sub) unless v is a finite number in [0,1],
// and reports whether it was.
func unitOK(p *problems, l loc, sub string, v float64) bool {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		p.add(l.at(sub), fmt.Sprintf("must be a finite number in [0,1], got %v", v))
	case v < 0 || v > 1:
		p.add(l.at(sub), fmt.Sprintf("must be in [0,1], got %v", v))
	default:
		return true
	}
	return false
}

// validateBands checks that bands tile [0,1] in ascending order.
func validateBands(p *problems, bands []Band) {
	if len(bands) == 0 {
		p.add("bands", "a rubric needs at least one band covering [0,1]")
		return
	}
	names := make(map[string]int, len(bands))
	for i, b := range bands {
		f := loc{"bands", i}
		uniqueName(p, f, b.Name, names)
		minOK := unitOK(p, f, ".min", b.Min)
		maxOK := unitOK(p, f, ".max", b.Max)
		if !minOK || !maxOK {
			continue
		}
		if b.Min > b.Max || (b.Min == b.Max && (b.MinExclusive || b.MaxExclusive)) {
			p.add(f.at(""), fmt.Sprintf("empty range: min %v, max %v", b.Min, b.Max))
		}
		if i == 0 && (b.Min != 0 || b.MinExclusive) {
			p.add(f.at(".min"), fmt.Sprintf("the first band must start at 0 inclusive, got %v", b.Min))
		}
		if i == len(bands)-1 && (b.Max != 1 || b.MaxExclusive) {
			p.add(f.at(".max"), fmt.Sprintf("the last band must end at 1 inclusive, got %v", b.Max))
		}
		if i > 0 {
			prev := bands[i-1]
			if b.Min != prev.Max {
				p.add(f.at(".min"), fmt.Sprintf("must equal bands[%d].max (%v) so the bands leave no gap or overlap, got %v", i-1, prev.Max, b.Min))
			} else if prev.MaxExclusive == b.MinExclusive {
				p.add(f.at(".minExclusive"), fmt.Sprintf("exactly one of bands[%d].maxExclusive and bands[%d].minExclusive must be true at the shared bound %v", i-1, i, b.Min))
			}
		}
	}
}

// round9 rounds x to 9 decimal places. Weighted sums of decimal weights
// carry binary rounding error (0.18*0.75 + ... can land at
// 0.7499999999999999); comparing rounded values makes a score of exactly the
// threshold pass, as a reader of the rubric expects.
func round9(x float64) float64 {
	return math.Round(x*1e9) / 1e9
}
