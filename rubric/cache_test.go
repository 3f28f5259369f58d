package rubric

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// TestJudgeKeysItsCalls: a cached Judge needs no KeyFunc. Its calls are
// served again, and two Judges that differ in the rubric's version, a
// weight, the profile or the rendering never share an entry, though they
// share a store and a model.
func TestJudgeKeysItsCalls(t *testing.T) {
	reply := string(marshal(t, goodOutput(0.9)))
	judge, seen := scripted(reply, nil)
	store, err := judgecache.NewMemoryStore(0)
	require.NoError(t, err)
	v2 := Deliverable()
	v2.Version += "-2"
	reweighted := Deliverable()
	reweighted.Dimensions[0].Weight, reweighted.Dimensions[1].Weight = reweighted.Dimensions[1].Weight, reweighted.Dimensions[0].Weight
	profile := Profiles()[0]
	configs := map[string]struct {
		r   Rubric
		cfg Config[string]
	}{
		"base":       {Deliverable(), Config[string]{Model: "m"}},
		"version":    {v2, Config[string]{Model: "m"}},
		"weights":    {reweighted, Config[string]{Model: "m"}},
		"profile":    {Deliverable(), Config[string]{Model: "m", Profile: &profile}},
		"no schema":  {Deliverable(), Config[string]{Model: "m", OmitSchema: true}},
		"rendering":  {Deliverable(), Config[string]{Model: "m", Render: func(c string) (string, error) { return "> " + c, nil }}},
		"base again": {Deliverable(), Config[string]{Model: "m"}},
	}
	task := evaluator.Task{Input: "Review the contract.", Evidence: []evaluator.Evidence{{ID: "E1", Content: "clause 4.1"}}}
	keys := map[string]string{}
	for name, c := range configs {
		j, err := NewJudge(c.r, judge, c.cfg)
		require.NoError(t, err, name)
		cache, err := judgecache.NewCache[string](j, nil, store)
		require.NoError(t, err)
		k, err := cache.Key(task, "memo")
		require.NoError(t, err)
		keys[name] = k
		if name == "weights" { // the scripted reply states the old weights: only the key is compared
			continue
		}
		for range 2 {
			_, err := cache.Evaluate(context.Background(), task, "memo")
			require.NoError(t, err, name)
		}
	}
	assert.Equal(t, keys["base"], keys["base again"])
	distinct := map[string]bool{}
	for _, k := range keys {
		distinct[k] = true
	}
	assert.Len(t, distinct, len(configs)-1, "every variant but the repeat has its own key")
	assert.Len(t, *seen, len(configs)-2, "one judge call per variant evaluated")

	bad, err := NewJudge(Deliverable(), judge, Config[string]{Render: func(string) (string, error) { return "", assert.AnError }})
	require.NoError(t, err)
	cache, err := judgecache.NewCache[string](bad, nil, store)
	require.NoError(t, err)
	_, err = cache.Evaluate(context.Background(), task, "memo")
	assert.ErrorIs(t, err, judgecache.ErrKey)
}
