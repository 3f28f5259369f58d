package ensemble

import (
	"context"
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Preference is a pairwise judge's answer about the two candidates it was
// shown, by position.
type Preference string

// The preferences a PairJudge may return.
const (
	// PreferFirst: the candidate shown first is better.
	PreferFirst Preference = "first"
	// PreferSecond: the candidate shown second is better.
	PreferSecond Preference = "second"
	// PreferNeither: the judge sees no difference worth a verdict.
	PreferNeither Preference = "neither"
)

// Valid reports whether p is one of the three preferences.
func (p Preference) Valid() bool {
	return p == PreferFirst || p == PreferSecond || p == PreferNeither
}

// PairJudge compares two candidates for a task, shown in the order given.
// It returns an error only for infrastructure failures.
type PairJudge[C any] interface {
	Prefer(ctx context.Context, task evaluator.Task, first, second C) (Preference, error)
}

// PairFunc adapts a function to PairJudge.
type PairFunc[C any] func(ctx context.Context, task evaluator.Task, first, second C) (Preference, error)

// Prefer calls f(ctx, task, first, second).
func (f PairFunc[C]) Prefer(ctx context.Context, task evaluator.Task, first, second C) (Preference, error) {
	return f(ctx, task, first, second)
}

// Winner is the outcome of a position-swapped comparison of candidates A
// and B.
type Winner string

// The outcomes of Compare.
const (
	// WinnerA: A won in both orders.
	WinnerA Winner = "a"
	// WinnerB: B won in both orders.
	WinnerB Winner = "b"
	// WinnerTie: the orders disagreed, or the judge preferred neither.
	WinnerTie Winner = "tie"
)

// Comparison records a position-swapped comparison.
type Comparison struct {
	// Winner is the verdict: A or B only when both orders agree.
	Winner Winner `json:"winner"`
	// AFirst is the judge's preference with A shown first; BFirst with B
	// shown first.
	AFirst Preference `json:"aFirst"`
	BFirst Preference `json:"bFirst"`
	// Disagreement says why the result is a tie when the two orders
	// disagreed (the sign of position bias); empty otherwise.
	Disagreement string `json:"disagreement,omitempty"`
}

// errInvalidPreference is wrapped by Compare's error when the judge returns
// a preference other than the three defined.
var errInvalidPreference = errors.New("ensemble: invalid preference")

// Compare asks judge about a and b in both orders, (a, b) then (b, a), and
// returns A or B only when both orders name the same candidate; otherwise a
// tie with the disagreement recorded. A judge that always prefers the
// first answer therefore yields a tie, never a false winner. An error from
// either call, or a preference that is not valid, is returned (wrapped,
// naming the order) with a tie.
func Compare[C any](ctx context.Context, task evaluator.Task, judge PairJudge[C], a, b C) (Comparison, error) {
	tie := Comparison{Winner: WinnerTie}
	if f, ok := judge.(PairFunc[C]); judge == nil || ok && f == nil {
		return tie, errors.New("ensemble: compare: nil pair judge")
	}
	p1, err := judge.Prefer(ctx, task, a, b)
	if err == nil && !p1.Valid() {
		err = fmt.Errorf("%w: %s", errInvalidPreference, strictjson.Quote(string(p1)))
	}
	if err != nil {
		return tie, fmt.Errorf("ensemble: compare (a first): %w", err)
	}
	p2, err := judge.Prefer(ctx, task, b, a)
	if err == nil && !p2.Valid() {
		err = fmt.Errorf("%w: %s", errInvalidPreference, strictjson.Quote(string(p2)))
	}
	if err != nil {
		return Comparison{Winner: WinnerTie, AFirst: p1}, fmt.Errorf("ensemble: compare (b first): %w", err)
	}
	c := Comparison{AFirst: p1, BFirst: p2}
	w1, w2 := pick(p1, WinnerA, WinnerB), pick(p2, WinnerB, WinnerA)
	switch {
	case w1 == w2:
		c.Winner = w1
	default:
		c.Winner = WinnerTie
		c.Disagreement = fmt.Sprintf("with A first the judge preferred %s, with B first %s: the verdict follows the position, not the content", side(w1), side(w2))
	}
	return c, nil
}

// pick maps a preference to a winner, given which candidate was shown first.
func pick(p Preference, first, second Winner) Winner {
	switch p {
	case PreferFirst:
		return first
	case PreferSecond:
		return second
	}
	return WinnerTie
}

func side(w Winner) string {
	switch w {
	case WinnerA:
		return "A"
	case WinnerB:
		return "B"
	}
	return "neither"
}
