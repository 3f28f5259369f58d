package loop

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// WithCandidateRef keeps candidates out of the trace: every Step records
// ref(candidate) in CandidateRef and the zero C in Candidate, so that a
// trace of large drafts stays small (a durable engine stores the Result as
// one payload, and Temporal's limit is 2 MB). Result.Candidate, the
// answer, is kept whole. ref returns a reference the caller can resolve
// (a key in its blob store) or a digest; pass Digest[C] for a SHA-256.
// ref must be deterministic. C must be the loop's candidate type; a
// mismatch or a nil ref makes RunLoop return an error matching
// evaluator.ErrInvalidOption. Default: the trace keeps candidates.
func WithCandidateRef[C any](ref func(C) string) Option {
	return func(c *config) {
		if ref == nil {
			c.invalid("WithCandidateRef: nil function")
			return
		}
		c.CandidateRefs = true
		c.candidateRef = ref
	}
}

// Digest returns "sha256:" and the hex SHA-256 of c: of its bytes for a
// string or a []byte, of its JSON encoding otherwise (or of its %#v text
// when it has none). It is the reference WithCandidateRef's machine uses
// when it has no function of its own.
func Digest[C any](c C) string {
	var b []byte
	switch v := any(c).(type) {
	case string:
		b = []byte(v)
	case []byte:
		b = v
	default:
		var err error
		if b, err = json.Marshal(v); err != nil {
			b = fmt.Appendf(nil, "%#v", v)
		}
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
