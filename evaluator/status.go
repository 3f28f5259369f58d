package evaluator

// Status is an evaluator's verdict on one candidate.
type Status string

// The four statuses an EvaluationDecision may carry.
const (
	// StatusPass accepts the candidate as it is.
	StatusPass Status = "pass"
	// StatusRevise asks for a targeted revision; the decision's
	// RevisionInstructions say what to change.
	StatusRevise Status = "revise"
	// StatusBlock rejects the candidate for a reason a revision cannot fix
	// (a policy violation, missing evidence); BlockingFailures say why.
	StatusBlock Status = "block"
	// StatusEscalate hands the candidate to a human.
	StatusEscalate Status = "escalate"
)

// Statuses lists the valid statuses from the most lenient to the strictest.
func Statuses() []Status {
	return []Status{StatusPass, StatusRevise, StatusEscalate, StatusBlock}
}

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool {
	return s.rank() >= 0
}

// rank orders statuses by strictness: pass < revise < escalate < block.
// An unknown status ranks -1.
func (s Status) rank() int {
	switch s {
	case StatusPass:
		return 0
	case StatusRevise:
		return 1
	case StatusEscalate:
		return 2
	case StatusBlock:
		return 3
	}
	return -1
}

// Stricter returns the stricter of a and b in the order
// block > escalate > revise > pass. An unknown status is treated as stricter
// than every valid one, so that a malformed status can never relax a verdict.
func Stricter(a, b Status) Status {
	ra, rb := a.rank(), b.rank()
	if ra < 0 {
		return a
	}
	if rb < 0 {
		return b
	}
	if rb > ra {
		return b
	}
	return a
}

// StopReason says why a loop stopped. The empty string means "no stop reason".
type StopReason string

// The stop reasons a decision or a loop result may carry.
const (
	// StopPassed: the candidate passed.
	StopPassed StopReason = "passed"
	// StopMaxRevisions: the revision budget was spent without a pass.
	StopMaxRevisions StopReason = "max_revisions"
	// StopPolicyBlock: a blocking failure stopped the loop.
	StopPolicyBlock StopReason = "policy_block"
	// StopMissingEvidence: the decision relied on evidence the task does not hold,
	// or the evidence a policy needs is absent.
	StopMissingEvidence StopReason = "missing_evidence"
	// StopEscalated: the evaluator handed the candidate to a human.
	StopEscalated StopReason = "escalated"
	// StopTimeout: the loop's own time budget was spent.
	StopTimeout StopReason = "timeout"
	// StopCostBudget: the loop's cost budget was spent.
	StopCostBudget StopReason = "cost_budget"
	// StopStalled: the best score stopped improving.
	StopStalled StopReason = "stalled"
	// StopCanceled: the caller's context was canceled or its deadline passed.
	StopCanceled StopReason = "canceled"
	// StopError: a role failed (an error, a panic, an invalid decision).
	StopError StopReason = "error"
)

// StopReasons lists every valid non-empty stop reason.
func StopReasons() []StopReason {
	return []StopReason{
		StopPassed, StopMaxRevisions, StopPolicyBlock, StopMissingEvidence,
		StopEscalated, StopTimeout, StopCostBudget, StopStalled, StopCanceled,
		StopError,
	}
}

// Valid reports whether r is one of the listed stop reasons or empty.
func (r StopReason) Valid() bool {
	switch r {
	case "", StopPassed, StopMaxRevisions, StopPolicyBlock, StopMissingEvidence,
		StopEscalated, StopTimeout, StopCostBudget, StopStalled, StopCanceled,
		StopError:
		return true
	}
	return false
}

// JudgeStopReasons lists the stop reasons a judge may give, in the order
// the decision schema offers them (after ""): passed, policy_block,
// missing_evidence, escalated. The others (max_revisions, timeout,
// cost_budget, stalled, canceled, error) are the controller's: it sets them
// when its budgets or the roles end a loop, and a decision that carries one
// is informative only (see package loop's decision rule).
func JudgeStopReasons() []StopReason {
	return []StopReason{StopPassed, StopPolicyBlock, StopMissingEvidence, StopEscalated}
}
