package loop

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestCandidateRefKeepsLargeDraftsOutOfTheTrace: with 600 KB drafts the
// trace holds references only, so the Result stays one draft large. Under
// -short (the local test command) the drafts are 150 KB, still far past
// the 8 KB of slack the size check allows; CI runs 600 KB.
func TestCandidateRefKeepsLargeDraftsOutOfTheTrace(t *testing.T) {
	size := 600 << 10
	if testing.Short() {
		size = 150 << 10
	}
	big := strings.Repeat("x", size)
	s := &script{
		decisions: []evaluator.EvaluationDecision{revise(0.4), revise(0.5), pass(0.9)},
		genHook:   func(context.Context, int) (string, error) { return big + "0", nil },
		revHook:   func(_ context.Context, n int, _ string) (string, error) { return big + string(rune('1'+n)), nil },
	}
	keys := map[string]string{}
	ref := func(c string) string {
		k := "blob/" + c[len(c)-1:]
		keys[k] = c
		return k
	}
	res, err := s.run(context.Background(), refundTask, WithCandidateRef(ref))
	require.NoError(t, err)
	assert.Equal(t, big+"2", res.Candidate, "the answer is kept whole")
	for _, st := range res.Trace {
		assert.Empty(t, st.Candidate, "step %d", st.Index)
		assert.Equal(t, st.Candidate == "", strings.HasPrefix(st.CandidateRef, "blob/"))
	}
	assert.Equal(t, "blob/2", res.Trace[res.CandidateStep].CandidateRef)
	assert.Equal(t, res.Candidate, keys[res.Trace[res.CandidateStep].CandidateRef])
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	assert.Less(t, len(raw), len(big)+8<<10, "one draft, not six")

	without, err := (&script{decisions: s.decisions, genHook: s.genHook, revHook: s.revHook}).run(context.Background(), refundTask)
	require.NoError(t, err)
	raw, err = json.Marshal(without)
	require.NoError(t, err)
	assert.Greater(t, len(raw), 6*len(big), "without the option every step holds its draft")
}

func TestCandidateRefOptionErrors(t *testing.T) {
	s := &script{}
	_, err := s.run(context.Background(), refundTask, WithCandidateRef(func(int) string { return "" }))
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	assert.Contains(t, err.Error(), "WithCandidateRef")
	_, err = s.run(context.Background(), refundTask, WithCandidateRef[string](nil))
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
}

func TestDigest(t *testing.T) {
	const want = "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" // sha256("hello")
	assert.Equal(t, want, Digest("hello"))
	assert.Equal(t, want, Digest([]byte("hello")))
	type memo struct{ Text string }
	assert.Equal(t, Digest(`{"Text":"hello"}`), Digest(memo{"hello"}), "other types: their JSON")
	assert.True(t, strings.HasPrefix(Digest(make(chan int)), "sha256:"), "no JSON form: its Go syntax")
}
