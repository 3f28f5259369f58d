package loop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// The JSON forms of Step, Result and CallResult are those of their fields,
// in order, except that a float that is not finite (an invalid decision's
// score, a cost that overflowed) is written as the text "NaN", "+Inf" or
// "-Inf" instead of failing the whole encoding: a loop that ended on an
// invalid decision must still be storable, since that is when its trace
// matters most. Reading accepts both forms.

// floatJSON is a float64 with that JSON form.
type floatJSON float64

// MarshalJSON writes a finite value as a number, the others as text.
func (f floatJSON) MarshalJSON() ([]byte, error) {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return []byte(`"NaN"`), nil
	case math.IsInf(v, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(v, -1):
		return []byte(`"-Inf"`), nil
	}
	return json.Marshal(v)
}

// UnmarshalJSON reads a number or one of the three texts.
func (f *floatJSON) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		switch string(b) {
		case `"NaN"`:
			*f = floatJSON(math.NaN())
		case `"+Inf"`:
			*f = floatJSON(math.Inf(1))
		case `"-Inf"`:
			*f = floatJSON(math.Inf(-1))
		default:
			if len(b) > 40 {
				b = append(b[:37:37], "..."...)
			}
			return fmt.Errorf("loop: a number, \"NaN\", \"+Inf\" or \"-Inf\" expected, got %s", b)
		}
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = floatJSON(v)
	return nil
}

// decisionJSON is an evaluator.EvaluationDecision whose JSON form survives
// a non-finite score.
type decisionJSON evaluator.EvaluationDecision

// MarshalJSON writes the decision as evaluator does, with a non-finite
// score as text.
func (d decisionJSON) MarshalJSON() ([]byte, error) {
	e := evaluator.EvaluationDecision(d)
	if !math.IsNaN(e.Score) && !math.IsInf(e.Score, 0) {
		return e.MarshalJSON()
	}
	score, _ := floatJSON(e.Score).MarshalJSON()
	e.Score = 0
	b, err := e.MarshalJSON()
	if err != nil {
		return nil, err
	}
	// Status is written first and is a JSON string, inside which a quote
	// is always escaped: the first `,"score":0,` is the score.
	const zero = `,"score":0,`
	i := bytes.Index(b, []byte(zero))
	if i < 0 {
		return nil, fmt.Errorf("loop: cannot write score %s of decision", score)
	}
	out := make([]byte, 0, len(b)+len(score))
	out = append(append(append(out, b[:i]...), `,"score":`...), score...)
	return append(out, b[i+len(zero)-1:]...), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *decisionJSON) UnmarshalJSON(b []byte) error {
	var w struct {
		evaluator.EvaluationDecision
		Score floatJSON `json:"score"` // shadows the embedded Score
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	w.EvaluationDecision.Score = float64(w.Score)
	*d = decisionJSON(w.EvaluationDecision)
	return nil
}

// stepJSON is the JSON form of Step.
type stepJSON[C any] struct {
	Index        int              `json:"index"`
	Role         Role             `json:"role"`
	Attempt      int              `json:"attempt"`
	Candidate    C                `json:"candidate"`
	CandidateRef string           `json:"candidateRef,omitempty"`
	Decision     decisionJSON     `json:"decision"`
	Instructions []string         `json:"instructions,omitempty"`
	Start        time.Time        `json:"start"`
	Duration     time.Duration    `json:"duration"`
	Cost         floatJSON        `json:"cost"`
	Usage        []provider.Usage `json:"usage,omitempty"`
	Err          string           `json:"err,omitempty"`
	ErrKind      ErrorKind        `json:"errKind,omitempty"`
	Result       *Result[C]       `json:"result,omitempty"`
}

// MarshalJSON writes the step's fields; see the JSON form above.
func (s Step[C]) MarshalJSON() ([]byte, error) {
	return json.Marshal(stepJSON[C]{
		Index: s.Index, Role: s.Role, Attempt: s.Attempt, Candidate: s.Candidate, CandidateRef: s.CandidateRef,
		Decision: decisionJSON(s.Decision), Instructions: s.Instructions, Start: s.Start, Duration: s.Duration,
		Cost: floatJSON(s.Cost), Usage: s.Usage, Err: s.Err, ErrKind: s.ErrKind, Result: s.Result,
	})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Step[C]) UnmarshalJSON(b []byte) error {
	var w stepJSON[C]
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = Step[C]{
		Index: w.Index, Role: w.Role, Attempt: w.Attempt, Candidate: w.Candidate, CandidateRef: w.CandidateRef,
		Decision: evaluator.EvaluationDecision(w.Decision), Instructions: w.Instructions, Start: w.Start, Duration: w.Duration,
		Cost: float64(w.Cost), Usage: w.Usage, Err: w.Err, ErrKind: w.ErrKind, Result: w.Result,
	}
	return nil
}

// resultJSON is the JSON form of Result.
type resultJSON[C any] struct {
	Outcome       Outcome                 `json:"outcome"`
	StopReason    evaluator.StopReason    `json:"stopReason"`
	Candidate     C                       `json:"candidate"`
	CandidateStep int                     `json:"candidateStep"`
	Decision      decisionJSON            `json:"decision"`
	Revisions     int                     `json:"revisions"`
	Trace         []Step[C]               `json:"trace"`
	Cost          floatJSON               `json:"cost"`
	CostByRole    roleCostsJSON           `json:"costByRole"`
	UsageByRole   map[Role]provider.Usage `json:"usageByRole,omitempty"`
}

// roleCostsJSON is the JSON form of RoleCosts.
type roleCostsJSON struct {
	Generate floatJSON `json:"generate"`
	Evaluate floatJSON `json:"evaluate"`
	Revise   floatJSON `json:"revise"`
}

// MarshalJSON writes the result's fields; see the JSON form above.
func (r Result[C]) MarshalJSON() ([]byte, error) {
	return json.Marshal(resultJSON[C]{
		Outcome: r.Outcome, StopReason: r.StopReason, Candidate: r.Candidate, CandidateStep: r.CandidateStep,
		Decision: decisionJSON(r.Decision), Revisions: r.Revisions, Trace: r.Trace, Cost: floatJSON(r.Cost),
		CostByRole:  roleCostsJSON{floatJSON(r.CostByRole.Generate), floatJSON(r.CostByRole.Evaluate), floatJSON(r.CostByRole.Revise)},
		UsageByRole: r.UsageByRole,
	})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Result[C]) UnmarshalJSON(b []byte) error {
	var w resultJSON[C]
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Result[C]{
		Outcome: w.Outcome, StopReason: w.StopReason, Candidate: w.Candidate, CandidateStep: w.CandidateStep,
		Decision: evaluator.EvaluationDecision(w.Decision), Revisions: w.Revisions, Trace: w.Trace, Cost: float64(w.Cost),
		CostByRole:  RoleCosts{float64(w.CostByRole.Generate), float64(w.CostByRole.Evaluate), float64(w.CostByRole.Revise)},
		UsageByRole: w.UsageByRole,
	}
	return nil
}

// callResultJSON is the JSON form of CallResult.
type callResultJSON[C any] struct {
	Candidate C                `json:"candidate"`
	Decision  decisionJSON     `json:"decision"`
	Cost      floatJSON        `json:"cost"`
	Usage     []provider.Usage `json:"usage,omitempty"`
	Err       *Error           `json:"err,omitempty"`
	CostErr   *Error           `json:"costErr,omitempty"`
}

// MarshalJSON writes the outcome's fields; see the JSON form above.
func (r CallResult[C]) MarshalJSON() ([]byte, error) {
	return json.Marshal(callResultJSON[C]{r.Candidate, decisionJSON(r.Decision), floatJSON(r.Cost), r.Usage, r.Err, r.CostErr})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *CallResult[C]) UnmarshalJSON(b []byte) error {
	var w callResultJSON[C]
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = CallResult[C]{w.Candidate, evaluator.EvaluationDecision(w.Decision), float64(w.Cost), w.Usage, w.Err, w.CostErr}
	return nil
}
