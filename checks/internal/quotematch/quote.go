package quotematch

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalopt/evalopt/evaluator"
)

// MatchKind says how a quote was found in the source, from strongest to
// weakest.
type MatchKind string

const (
	// Exact: the quote (or each elided segment) appears verbatim.
	Exact MatchKind = "exact"
	// Normalized: it appears once both texts are normalised (NFKC, one
	// straight mark for every quotation mark and apostrophe, '-' for dashes,
	// one space for white space, case folded).
	Normalized MatchKind = "normalized"
	// NearVerbatim: a passage of the source has token similarity at or above
	// the threshold, but the quote does not appear even after normalisation.
	NearVerbatim MatchKind = "near_verbatim"
	// Fabricated: no passage of the source is similar enough.
	Fabricated MatchKind = "fabricated"
)

// rank orders kinds from strongest (0) to weakest (3).
func (k MatchKind) rank() int {
	switch k {
	case Exact:
		return 0
	case Normalized:
		return 1
	case NearVerbatim:
		return 2
	}
	return 3
}

// DefaultThreshold is the similarity at or above which a passage counts as
// near-verbatim when Config.Threshold is zero.
const DefaultThreshold = 0.85

// Config tunes Verify. The zero value means the defaults; a field out of
// range is an *evaluator.FieldError naming it ("Config.Threshold") that
// matches evaluator.ErrInvalidOption.
type Config struct {
	// Threshold is the lowest token similarity, in (0,1], accepted as
	// near-verbatim; 0 means DefaultThreshold (0.85).
	Threshold float64
}

// ErrEmptyQuote is returned for a quote with no word in it.
var ErrEmptyQuote = errors.New("quote: empty quote (no word after normalisation)")

// threshold returns the resolved Threshold, or the field error for one out
// of range.
func (c Config) threshold() (float64, error) {
	t := c.Threshold
	if t == 0 {
		return DefaultThreshold, nil
	}
	if math.IsNaN(t) || t <= 0 || t > 1 {
		return 0, fmt.Errorf("quote: %w", &evaluator.FieldError{Field: "Config.Threshold", Err: evaluator.ErrInvalidOption,
			Problem: fmt.Sprintf("must be in (0,1] (0 means the default, %v), got %v", DefaultThreshold, t)})
	}
	return t, nil
}

// Segment is the match of one part of a quote: the whole quote, or one of
// the pieces between "..." / "…" elisions.
type Segment struct {
	// Quote is the segment of the quote as given (trimmed).
	Quote string
	// Kind is how this segment was found.
	Kind MatchKind
	// Score is the token similarity in [0,1]; 1 for exact and normalized.
	Score float64
	// Start and End are the byte range of the matched passage in the source
	// (End exclusive). For a fabricated segment they are the closest
	// passage found below the threshold, or -1 when there was none.
	Start, End int
}

// Match is the result of verifying a quote against a source.
type Match struct {
	// Kind is the weakest kind among the segments.
	Kind MatchKind
	// Score is the lowest segment score, in [0,1].
	Score float64
	// Start and End span the matched passage in the source, from the first
	// segment's start to the last one's end; both are -1 when Kind is
	// Fabricated.
	Start, End int
	// Segments are the per-segment matches, in quote order; one when the
	// quote has no elision.
	Segments []Segment
}

// Verify reports whether quote appears in source verbatim or near-verbatim.
// It builds an Index of source for this one call; to verify several quotes
// against one source, build the Index once with NewIndex.
func Verify(source, quote string, cfg Config) (Match, error) {
	if _, err := cfg.threshold(); err != nil {
		return Match{}, err
	}
	return NewIndex(source).Verify(quote, cfg)
}
