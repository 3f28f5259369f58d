package loop

import (
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// Outcome is how a loop ended.
type Outcome string

// The four outcomes of a loop. Each pairs with a fixed set of stop reasons:
//   - OutcomeSucceeded: StopPassed;
//   - OutcomeBlocked: StopPolicyBlock or StopMissingEvidence;
//   - OutcomeEscalated: StopEscalated;
//   - OutcomeFailed: StopMaxRevisions, StopStalled, StopTimeout,
//     StopCostBudget, StopError or StopCanceled.
const (
	// OutcomeSucceeded: the evaluator passed the candidate.
	OutcomeSucceeded Outcome = "succeeded"
	// OutcomeFailed: a budget ran out, a role failed, or the caller canceled.
	OutcomeFailed Outcome = "failed"
	// OutcomeBlocked: a blocking failure or missing evidence stopped the loop.
	OutcomeBlocked Outcome = "blocked"
	// OutcomeEscalated: the evaluator handed the candidate to a human.
	OutcomeEscalated Outcome = "escalated"
)

// Role names the role a trace step called.
type Role string

// The roles a Step may record.
const (
	// RoleGenerate is a call to Generator.Generate.
	RoleGenerate Role = "generate"
	// RoleEvaluate is a call to evaluator.Evaluator.Evaluate.
	RoleEvaluate Role = "evaluate"
	// RoleRevise is a call to Reviser.Revise.
	RoleRevise Role = "revise"
	// RoleStop marks the final Step that Steps yields after the role steps;
	// it is not a role call and never appears in Result.Trace.
	RoleStop Role = "stop"
)

// Step records one role call (one attempt, when retries are enabled).
//
// Its slices (Decision's, Instructions) are shared with the decision the
// evaluator returned: treat them as read-only.
type Step[C any] struct {
	// Index is the step's position in the trace, from 0.
	Index int `json:"index"`
	// Role is the role called.
	Role Role `json:"role"`
	// Attempt is 1 for the first try of a role call and counts up on
	// retries (see WithRetry).
	Attempt int `json:"attempt"`
	// Candidate is what the role produced (generate, revise) or judged
	// (evaluate). For a failed generate or revise it is whatever the role
	// returned with its error, usually the zero value.
	Candidate C `json:"candidate"`
	// CandidateRef stands for Candidate when the loop keeps candidates out
	// of its trace (WithCandidateRef): the reference or digest of the
	// candidate, Candidate then being the zero value. Empty otherwise.
	CandidateRef string `json:"candidateRef,omitempty"`
	// Decision is the decision the evaluator returned, exactly as returned
	// (evaluate steps only).
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Instructions are the revision instructions handed to the reviser
	// (revise steps only).
	Instructions []string `json:"instructions,omitempty"`
	// Start is when the call began (wall clock).
	Start time.Time `json:"start"`
	// Duration is how long the call took.
	Duration time.Duration `json:"duration"`
	// Cost is what the role reported through provider.AddCost during this call.
	Cost float64 `json:"cost"`
	// Usage is every token usage the role reported during this call
	// (provider.AddUsage, or PriceTable.ReportUsage, which model adapters
	// call once per model call), in order, each with the model the
	// provider says answered; empty when the role reported none.
	Usage []provider.Usage `json:"usage,omitempty"`
	// Err is the text of the error the call returned or caused (a panic, an
	// invalid cost, an invalid decision); empty when it succeeded.
	Err string `json:"err,omitempty"`
	// ErrKind classifies Err (see ErrorKind); empty when Err is.
	ErrKind ErrorKind `json:"errKind,omitempty"`
	// Result is set only on the final RoleStop step yielded by Steps: the
	// Result RunLoop would have returned. It is nil on every role step.
	Result *Result[C] `json:"result,omitempty"`
}

// Result is what a loop produced. RunLoop fills it whatever happens,
// including when it returns an error.
type Result[C any] struct {
	// Outcome is how the loop ended.
	Outcome Outcome `json:"outcome"`
	// StopReason says why; see Outcome for the legal pairs.
	StopReason evaluator.StopReason `json:"stopReason"`
	// Candidate is the accepted candidate when the loop succeeded.
	// Otherwise it is the best-scoring candidate any valid decision judged
	// (ties: the latest), or the zero value when none was judged: an
	// unjudged draft is never handed back.
	Candidate C `json:"candidate"`
	// CandidateStep is the index in Trace of the evaluate step that judged
	// Candidate, or -1 when no candidate was judged.
	CandidateStep int `json:"candidateStep"`
	// Decision is the last decision the controller acted on, with its
	// StopReason set to the loop's StopReason (the zero decision with only
	// StopReason set when no evaluation completed). When a pass was refused
	// for citing evidence the task does not hold, it is the block the
	// controller turned it into; the trace keeps the evaluator's original.
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Revisions counts the revise calls that returned a candidate.
	Revisions int `json:"revisions"`
	// Trace holds one Step per role call, in order.
	Trace []Step[C] `json:"trace"`
	// Cost is the sum of Trace[i].Cost: everything the roles reported
	// through provider.AddCost while the loop ran.
	Cost float64 `json:"cost"`
	// CostByRole splits Cost by the role whose call reported it.
	CostByRole RoleCosts `json:"costByRole"`
	// UsageByRole sums the token usage of Trace by role, the way
	// CostByRole sums cost (a revision check counts as evaluate): keys
	// RoleGenerate, RoleEvaluate and RoleRevise, each present once its role
	// reported a usage. A sum's Model is the model every usage summed
	// named, or "(several models)" when they differ. Nil when no role
	// reported usage.
	UsageByRole map[Role]provider.Usage `json:"usageByRole,omitempty"`
}

// RoleCosts is cost split by role.
type RoleCosts struct {
	// Generate is what the generate calls reported.
	Generate float64 `json:"generate"`
	// Evaluate is what the evaluate calls reported.
	Evaluate float64 `json:"evaluate"`
	// Revise is what the revise calls reported.
	Revise float64 `json:"revise"`
}

// add adds c to role's share.
func (rc *RoleCosts) add(role Role, c float64) {
	switch role {
	case RoleGenerate:
		rc.Generate += c
	case RoleEvaluate, RoleRevisionCheck: // checking a revision is evaluating it
		rc.Evaluate += c
	case RoleRevise:
		rc.Revise += c
	}
}

// severalModels is the Model of a usage summing usages of different models.
const severalModels = "(several models)"

// addUsage adds the usages a call of role reported to UsageByRole.
func (r *Result[C]) addUsage(role Role, usage []provider.Usage) {
	if role == RoleRevisionCheck {
		role = RoleEvaluate // checking a revision is evaluating it, as for cost
	}
	if r.UsageByRole == nil {
		r.UsageByRole = make(map[Role]provider.Usage, 3)
	}
	sum, seen := r.UsageByRole[role]
	for _, u := range usage {
		switch {
		case !seen:
			sum.Model, seen = u.Model, true
		case sum.Model != u.Model:
			sum.Model = severalModels
		}
		sum.InputTokens += u.InputTokens
		sum.CachedInputTokens += u.CachedInputTokens
		sum.CacheWriteTokens += u.CacheWriteTokens
		sum.OutputTokens += u.OutputTokens
	}
	r.UsageByRole[role] = sum
}
