// Package ensemble asks several judges, or one judge several times, and
// turns their answers into one decision; and it compares two candidates
// with a judge that is asked in both orders.
//
// Vote and NewVoter build a Voter, an evaluator.Evaluator that casts
// votes × judges ballots (at most 1,000 in all, 4 calls at a time by
// default) and reduces them with Reduce: by default a pass only when every
// ballot is a valid pass (ReduceUnanimous); WithStrictMajority lets a strict
// majority win instead. A ballot that fails (an error, a panic, an invalid
// decision, a pass citing evidence the task does not hold) stays in the
// denominator as a non-passing vote; when every ballot fails with an
// infrastructure error the Voter returns an error matching
// ErrAllVotesFailed, never a decision. Tally keeps the full record of a
// vote.
//
// Compare asks a PairJudge about two candidates in both orders and names a
// winner only when both orders agree, so that a judge biased toward a
// position yields a tie, never a false winner (loop.BestOfTwo uses it).
//
// The package builds on package evaluator and nothing else of the module;
// its errors are bounded in size (see Voter.Evaluate).
package ensemble
