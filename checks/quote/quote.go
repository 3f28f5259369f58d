package quote

import (
	"errors"
	"fmt"
	"math"
)

// Kind says how a quote was found in the source, from strongest to weakest.
type Kind string

const (
	// Exact: the quote (or each elided segment) appears verbatim.
	Exact Kind = "exact"
	// Normalized: it appears once both texts are normalised (NFKC, one
	// straight mark for every quotation mark and apostrophe, '-' for dashes,
	// one space for white space, case folded).
	Normalized Kind = "normalized"
	// NearVerbatim: a passage of the source has token similarity at or above
	// the threshold, but the quote does not appear even after normalisation.
	NearVerbatim Kind = "near_verbatim"
	// Fabricated: no passage of the source is similar enough.
	Fabricated Kind = "fabricated"
)

// rank orders kinds from strongest (0) to weakest (3).
func (k Kind) rank() int {
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
// near-verbatim when Options.Threshold is zero.
const DefaultThreshold = 0.85

// Options tune Verify. The zero value means the defaults.
type Options struct {
	// Threshold is the lowest token similarity, in (0,1], accepted as
	// near-verbatim; 0 means DefaultThreshold (0.85).
	Threshold float64
}

// ErrEmptyQuote is returned for a quote with no word in it.
var ErrEmptyQuote = errors.New("quote: empty quote (no word after normalisation)")

// ErrInvalidOptions is matched (errors.Is) by errors about Options.
var ErrInvalidOptions = errors.New("quote: invalid options")

func (o Options) threshold() (float64, error) {
	t := o.Threshold
	if t == 0 {
		return DefaultThreshold, nil
	}
	if math.IsNaN(t) || t <= 0 || t > 1 {
		return 0, fmt.Errorf("%w: threshold: must be in (0,1], got %v", ErrInvalidOptions, t)
	}
	return t, nil
}

// Segment is the match of one part of a quote: the whole quote, or one of
// the pieces between "..." / "…" elisions.
type Segment struct {
	// Quote is the segment of the quote as given (trimmed).
	Quote string
	// Kind is how this segment was found.
	Kind Kind
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
	Kind Kind
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
func Verify(source, quote string, opts Options) (Match, error) {
	if _, err := opts.threshold(); err != nil {
		return Match{}, err
	}
	return NewIndex(source).Verify(quote, opts)
}
