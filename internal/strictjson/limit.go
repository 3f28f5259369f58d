package strictjson

import "errors"

// MaxProblems is how many problems a reader that reports every problem at
// once (CheckAll, the golden-set and rubric loaders) lists before it only
// counts the rest: a file with a million bad entries gives twenty located
// errors and "... and 999980 more", not a 95 MB message.
const MaxProblems = 20

// Problems collects the problems of one input, keeping the first Max (0
// means MaxProblems) and counting the rest. The zero value is ready to use.
type Problems struct {
	// Max is how many problems are kept; 0 means MaxProblems.
	Max  int
	errs []error
	more int
}

func (p *Problems) max() int {
	if p.Max > 0 {
		return p.Max
	}
	return MaxProblems
}

// Full reports whether the next problem will only be counted, so that a
// caller can skip building it.
func (p *Problems) Full() bool { return len(p.errs) >= p.max() }

// Add keeps err, or counts it when Max problems are kept already. A nil err
// is ignored.
func (p *Problems) Add(err error) {
	switch {
	case err == nil:
	case p.Full():
		p.more++
	default:
		p.errs = append(p.errs, err)
	}
}

// Count adds n problems that were only counted elsewhere.
func (p *Problems) Count(n int) { p.more += n }

// Len returns how many problems were added, kept or counted.
func (p *Problems) Len() int { return len(p.errs) + p.more }

// Kept returns the problems kept, in the order added.
func (p *Problems) Kept() []error { return p.errs }

// Err returns the kept problems joined, followed by more(n) when n further
// problems were only counted; nil when there was none. more builds the
// closing error so that it matches the same sentinel as the others.
func (p *Problems) Err(more func(n int) error) error {
	if p.more > 0 {
		return errors.Join(append(p.errs[:len(p.errs):len(p.errs)], more(p.more))...)
	}
	return errors.Join(p.errs...)
}

// Unjoin returns the errors joined in err (by errors.Join or Problems.Err),
// or err alone.
func Unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
