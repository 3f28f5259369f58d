package golden

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalopt/evalopt/evaluator"
)

// MetricVerdict is a three-valued judgment of a metric against its threshold.
type MetricVerdict string

// The three verdicts.
const (
	// VerdictPass: the metric meets its threshold.
	VerdictPass MetricVerdict = "pass"
	// VerdictFail: the metric misses its threshold by more than the band.
	VerdictFail MetricVerdict = "fail"
	// VerdictInconclusive: the metric misses its threshold by no more than
	// the band (too close to call on a noisy measurement), or there was
	// nothing to measure.
	VerdictInconclusive MetricVerdict = "inconclusive"
)

// Default thresholds (those of dd-agents) and the default ambiguity band,
// which DefaultThresholds returns and a zero Thresholds field takes.
const (
	// defaultRecall is the minimum finding recall.
	defaultRecall = 0.80
	// defaultCitationAccuracy is the minimum citation accuracy.
	defaultCitationAccuracy = 0.90
	// defaultSeverityAccuracy is the minimum severity accuracy.
	defaultSeverityAccuracy = 0.75
	// defaultFalsePositiveRate is the maximum false-positive rate.
	defaultFalsePositiveRate = 0.15
	// defaultBand is the ambiguity band beside each threshold.
	defaultBand = 0.02
)

// floatSlack absorbs float rounding in comparisons (a mean of 0.9s may come
// out as 0.8999999999999999) so that it never flips a verdict or a gate.
const floatSlack = 1e-9

// verdictOf returns the verdict for one metric. For a metric where higher
// is better it is pass when value >= threshold, fail when value < threshold
// - band, and inconclusive in between; for one where lower is better (the
// false-positive rate) pass when value <= threshold, fail when value >
// threshold + band, inconclusive in between. The band lies on the failing
// side only, so a value that meets its threshold always passes. Differences
// under 1e-9 count as equal. A NaN value is inconclusive.
func verdictOf(value, threshold, band float64, higherIsBetter bool) MetricVerdict {
	if math.IsNaN(value) {
		return VerdictInconclusive
	}
	if !higherIsBetter {
		value, threshold = -value, -threshold
	}
	switch {
	case value >= threshold-floatSlack:
		return VerdictPass
	case value < threshold-band-floatSlack:
		return VerdictFail
	}
	return VerdictInconclusive
}

// Thresholds are the bars an agent's metrics must clear. A zero field means
// its default, so Thresholds{} is DefaultThresholds(); -1 turns a bar off
// (the metric always passes; for Band: no ambiguity band). Any other value
// outside [0,1] is an error naming the field (Validate).
type Thresholds struct {
	// Recall is the minimum FindingRecall (default 0.80).
	Recall float64
	// CitationAccuracy is the minimum CitationAccuracy (default 0.90).
	CitationAccuracy float64
	// SeverityAccuracy is the minimum SeverityAccuracy (default 0.75).
	SeverityAccuracy float64
	// FalsePositiveRate is the maximum FalsePositiveRate (default 0.15; to
	// allow none at all, use a tiny positive value such as 1e-9).
	FalsePositiveRate float64
	// Band is the ambiguity band beside each threshold (default 0.02): a
	// value that misses its threshold by no more than Band is inconclusive
	// rather than failing.
	Band float64
}

// off, as a Thresholds field, turns its bar off.
const off = -1

// resolved returns t with zero fields at their defaults and -1 fields at
// the bound every value meets (0 for a minimum, 1 for the false-positive
// maximum, no band).
func (t Thresholds) resolved() Thresholds {
	d := DefaultThresholds()
	for _, f := range []struct {
		v          *float64
		def, slack float64
	}{
		{&t.Recall, d.Recall, 0}, {&t.CitationAccuracy, d.CitationAccuracy, 0},
		{&t.SeverityAccuracy, d.SeverityAccuracy, 0}, {&t.FalsePositiveRate, d.FalsePositiveRate, 1},
		{&t.Band, d.Band, 0},
	} {
		switch *f.v {
		case 0:
			*f.v = f.def
		case off:
			*f.v = f.slack
		}
	}
	return t
}

// DefaultThresholds returns recall >= 0.80, citation accuracy >= 0.90,
// severity accuracy >= 0.75, false-positive rate <= 0.15, band 0.02.
func DefaultThresholds() Thresholds {
	return Thresholds{
		Recall:            defaultRecall,
		CitationAccuracy:  defaultCitationAccuracy,
		SeverityAccuracy:  defaultSeverityAccuracy,
		FalsePositiveRate: defaultFalsePositiveRate,
		Band:              defaultBand,
	}
}

// Validate reports every threshold outside [0,1] that is not -1 (off),
// each an *evaluator.FieldError naming its field ("Thresholds.Recall") and
// matching evaluator.ErrInvalidOption.
func (t Thresholds) Validate() error {
	var errs []error
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"Recall", t.Recall}, {"CitationAccuracy", t.CitationAccuracy},
		{"SeverityAccuracy", t.SeverityAccuracy}, {"FalsePositiveRate", t.FalsePositiveRate},
		{"Band", t.Band},
	} {
		if f.v != off && (math.IsNaN(f.v) || f.v < 0 || f.v > 1) {
			errs = append(errs, &evaluator.FieldError{Field: "Thresholds." + f.name, Err: evaluator.ErrInvalidOption,
				Problem: fmt.Sprintf("must be in [0,1] (0 means the default) or -1 (off), got %v", f.v)})
		}
	}
	return errors.Join(errs...)
}

// ForGroundTruth returns t with Band replaced by the ground truth's own
// ambiguity_zone when the file sets one (a zone of 0: no band).
func (t Thresholds) ForGroundTruth(gt GroundTruth) Thresholds {
	if z := gt.AmbiguityZone; z != nil {
		t.Band = *z
		if *z == 0 {
			t.Band = off
		}
	}
	return t
}

// Verdicts are the per-metric verdicts and their combination.
type Verdicts struct {
	// Recall judges FindingRecall against Thresholds.Recall.
	Recall MetricVerdict `json:"finding_recall"`
	// CitationAccuracy judges CitationAccuracy against its threshold.
	CitationAccuracy MetricVerdict `json:"citation_accuracy"`
	// SeverityAccuracy judges SeverityAccuracy against its threshold.
	SeverityAccuracy MetricVerdict `json:"severity_accuracy"`
	// FalsePositiveRate judges FalsePositiveRate (lower is better).
	FalsePositiveRate MetricVerdict `json:"false_positive_rate"`
	// Overall is fail when any metric fails, else inconclusive when any is
	// inconclusive, else pass.
	Overall MetricVerdict `json:"overall"`
}

// Verdicts returns the verdict of each metric in m against t, zero fields
// of t at their defaults. For a metric where higher is better a verdict is
// pass when the value is >= the threshold, fail when it is below the
// threshold minus the band, and inconclusive in between; for the
// false-positive rate, where lower is better, pass when it is <= the
// threshold, fail when above the threshold plus the band. The band lies on
// the failing side only, so a value that meets its threshold always
// passes. Differences under 1e-9 count as equal. A NaN value is
// inconclusive.
func (t Thresholds) Verdicts(m Metrics) Verdicts {
	t = t.resolved()
	v := Verdicts{
		Recall:            verdictOf(m.FindingRecall, t.Recall, t.Band, true),
		CitationAccuracy:  verdictOf(m.CitationAccuracy, t.CitationAccuracy, t.Band, true),
		SeverityAccuracy:  verdictOf(m.SeverityAccuracy, t.SeverityAccuracy, t.Band, true),
		FalsePositiveRate: verdictOf(m.FalsePositiveRate, t.FalsePositiveRate, t.Band, false),
	}
	v.Overall = combine(v.Recall, v.CitationAccuracy, v.SeverityAccuracy, v.FalsePositiveRate)
	return v
}

// AgentVerdicts returns the Verdicts of an aggregated agent result; an
// agent with no scored contract is inconclusive on every metric.
func (t Thresholds) AgentVerdicts(r AgentResult) Verdicts {
	if !r.Conclusive() {
		i := VerdictInconclusive
		return Verdicts{Recall: i, CitationAccuracy: i, SeverityAccuracy: i, FalsePositiveRate: i, Overall: i}
	}
	return t.Verdicts(r.Metrics)
}

func combine(vs ...MetricVerdict) MetricVerdict {
	out := VerdictPass
	for _, v := range vs {
		switch v {
		case VerdictFail:
			return VerdictFail
		case VerdictInconclusive:
			out = VerdictInconclusive
		}
	}
	return out
}
