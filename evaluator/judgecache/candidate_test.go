package judgecache_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

type Draft struct {
	Title string            `json:"title"`
	Body  string            `json:"body,omitempty"`
	Tags  []string          `json:"tags"`
	Meta  map[string]any    `json:"meta"`
	When  time.Time         `json:"when"`
	Refs  map[int]*Draft    `json:"refs"`
	Extra json.RawMessage   `json:"extra"`
	Notes map[string]string `json:"notes"`
}

type hidden struct {
	Title string
	notes string
}

type dashed struct {
	Title string
	Draft string `json:"-"`
}

type withChan struct{ C chan int }

type withFunc struct{ F func() }

type complexField struct{ Z complex128 }

type badMapKey struct{ M map[[2]int]string }

type Inner struct{ Name string }

type Other struct{ Name string }

type clash struct {
	Inner
	Other
}

type shadow struct {
	Name string
	Inner
}

type embeddedUnexported struct {
	inner // exported fields of an embedded unexported struct are encoded
	Title string
}

type inner struct{ Body string }

type embeddedPlain struct {
	myInt // an unexported non-struct embedded field is dropped
}

type myInt int

// keyed has unexported fields but keys itself.
type keyed struct{ text string }

func (k keyed) CandidateKey() ([]byte, error) { return []byte(k.text), nil }

// ptrKeyed keys itself through a pointer receiver.
type ptrKeyed struct{ text string }

func (k *ptrKeyed) CandidateKey() ([]byte, error) { return []byte("p:" + k.text), nil }

// marshaled has unexported fields but encodes them itself.
type marshaled struct{ text string }

func (m marshaled) MarshalJSON() ([]byte, error) { return json.Marshal(m.text) }

type Recursive struct {
	Name string
	Kids []*Recursive
}

func newCacheOf[C any](t *testing.T) error {
	t.Helper()
	_, err := judgecache.NewCache[C](&digestJudge[C]{}, nil, nil)
	return err
}

// TestNewCacheRefusesLossyCandidates: a candidate type whose JSON encoding
// would drop a difference between two candidates is refused at
// construction, with the type and field named.
func TestNewCacheRefusesLossyCandidates(t *testing.T) {
	// Values of the types whose hidden fields are the point of the test.
	_ = []any{hidden{notes: "n"}, embeddedPlain{myInt: 1}}
	refused := map[string]error{
		"unexported field":          newCacheOf[hidden](t),
		"json:\"-\"":                newCacheOf[dashed](t),
		"channel":                   newCacheOf[withChan](t),
		"func":                      newCacheOf[withFunc](t),
		"complex":                   newCacheOf[complexField](t),
		"array map key":             newCacheOf[badMapKey](t),
		"embedded clash":            newCacheOf[clash](t),
		"embedded shadow":           newCacheOf[shadow](t),
		"embedded unexported plain": newCacheOf[embeddedPlain](t),
		"pointer to lossy":          newCacheOf[*hidden](t),
		"slice of lossy":            newCacheOf[[]hidden](t),
		"map of lossy":              newCacheOf[map[string]hidden](t),
	}
	for name, err := range refused {
		require.ErrorIs(t, err, judgecache.ErrInvalidCache, name)
		assert.Contains(t, err.Error(), "candidate type", name)
		assert.Contains(t, err.Error(), "implement judgecache.CandidateKeyer", name)
	}
	assert.ErrorContains(t, refused["unexported field"], "field judgecache_test.hidden.notes is unexported, so JSON leaves it out")
	assert.ErrorContains(t, refused["embedded clash"], `share the JSON name "Name"`)
	assert.ErrorContains(t, refused["channel"], "JSON cannot encode a chan")

	for name, err := range map[string]error{
		"string": newCacheOf[string](t), "bytes": newCacheOf[[]byte](t), "draft": newCacheOf[Draft](t),
		"pointer": newCacheOf[*Draft](t), "int": newCacheOf[int](t), "keyer": newCacheOf[keyed](t),
		"pointer keyer": newCacheOf[ptrKeyed](t), "marshaler": newCacheOf[marshaled](t),
		"embedded unexported struct": newCacheOf[embeddedUnexported](t), "recursive": newCacheOf[Recursive](t),
		"any": newCacheOf[any](t), "map": newCacheOf[map[string]any](t),
	} {
		assert.NoError(t, err, name)
	}
}

// TestCandidateEncodings: candidates differing in any encoded part get
// different keys, through each way of encoding them.
func TestCandidateEncodings(t *testing.T) {
	ctx := context.Background()
	task := sampleTask()
	t.Run("struct", func(t *testing.T) {
		j := &digestJudge[Draft]{}
		c, err := judgecache.NewCache[Draft](j, nil, nil)
		require.NoError(t, err)
		base := Draft{Title: "t", Tags: []string{"a"}, Meta: map[string]any{"n": 1}}
		variants := []Draft{base, {Title: "t", Tags: []string{"a", "b"}, Meta: map[string]any{"n": 1}},
			{Title: "t", Tags: []string{"a"}, Meta: map[string]any{"n": 2}}, {Title: "t2", Tags: []string{"a"}, Meta: map[string]any{"n": 1}}}
		for range 2 {
			for _, v := range variants {
				_, err := c.Evaluate(ctx, task, v)
				require.NoError(t, err)
			}
		}
		assert.Equal(t, int64(len(variants)), j.calls.Load())
	})
	t.Run("keyers", func(t *testing.T) {
		jk := &digestJudge[keyed]{}
		ck, err := judgecache.NewCache[keyed](jk, nil, nil)
		require.NoError(t, err)
		jp := &digestJudge[ptrKeyed]{}
		cp, err := judgecache.NewCache[ptrKeyed](jp, nil, nil)
		require.NoError(t, err)
		for range 2 {
			for _, s := range []string{"a", "b"} {
				_, err := ck.Evaluate(ctx, task, keyed{s})
				require.NoError(t, err)
				_, err = cp.Evaluate(ctx, task, ptrKeyed{s})
				require.NoError(t, err)
			}
		}
		assert.Equal(t, int64(2), jk.calls.Load())
		assert.Equal(t, int64(2), jp.calls.Load())
	})
	t.Run("types apart", func(t *testing.T) {
		store, err := judgecache.NewMemoryStore(0)
		require.NoError(t, err)
		cs, err := judgecache.NewCache[string](&digestJudge[string]{}, nil, store)
		require.NoError(t, err)
		cb, err := judgecache.NewCache[[]byte](&digestJudge[[]byte]{}, nil, store)
		require.NoError(t, err)
		ks, err := cs.Key(task, "x")
		require.NoError(t, err)
		kb, err := cb.Key(task, []byte("x"))
		require.NoError(t, err)
		assert.NotEqual(t, ks, kb, "two candidate types never share an entry")
	})
}

// TestDynamicCandidates: an interface-typed candidate is checked at each
// call; one holding a lossy value is an ErrKey, never a shared key.
func TestDynamicCandidates(t *testing.T) {
	j := &digestJudge[any]{}
	c, err := judgecache.NewCache[any](j, nil, nil)
	require.NoError(t, err)
	ctx := context.Background()
	for _, ok := range []any{"a", 1, "1", nil, Draft{Title: "x"}, map[string]any{"d": Draft{}}, keyed{"k"}, []any{1, "x"}} {
		_, err := c.Evaluate(ctx, evaluator.Task{}, ok)
		assert.NoError(t, err, "%#v", ok)
	}
	assert.Equal(t, int64(8), j.calls.Load(), "1 and \"1\", nil and the rest all apart")
	for _, bad := range []any{hidden{Title: "a"}, map[string]any{"x": []any{hidden{}}}, func() {}, math.NaN()} {
		_, err := c.Evaluate(ctx, evaluator.Task{}, bad)
		assert.ErrorIs(t, err, judgecache.ErrKey, "%T", bad)
	}
	assert.Equal(t, int64(8), j.calls.Load())

	// A candidate key method's error stops the call too.
	_, err = c.Evaluate(ctx, evaluator.Task{}, failingKeyed{})
	assert.ErrorIs(t, err, judgecache.ErrKey)
	var cyc Recursive
	cyc.Kids = []*Recursive{&cyc}
	_, err = c.Evaluate(ctx, evaluator.Task{}, &cyc)
	assert.ErrorIs(t, err, judgecache.ErrKey, "a cyclic value")
}

type failingKeyed struct{}

func (failingKeyed) CandidateKey() ([]byte, error) { return nil, errors.New("no key") }
