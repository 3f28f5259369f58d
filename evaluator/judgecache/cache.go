package judgecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// criterionCacheHit is the name of the criterion Cache adds to a decision
// the judge did not make for this call (served from the store, or shared
// with an identical call in flight), so that the trace shows it was not
// judged anew. Its reason gives the entry's age.
const criterionCacheHit = "cache.hit"

// ErrInvalidCache is matched (with errors.Is) by the errors of NewCache (a
// nil judge, a candidate type the cache cannot key), NewMemoryStore and
// NewDiskStore (a bad bound or folder).
var ErrInvalidCache = errors.New("judgecache: invalid cache")

// ErrKey is matched by Cache.Evaluate's error when the key of a call
// cannot be built (a KeyFunc or Keyer error or panic, a candidate JSON
// cannot encode); the judge is then not called.
var ErrKey = errors.New("judgecache: cannot key the call")

// errJudgePanic is matched by Cache.Evaluate's error when the judge
// panicked. The error is permanent (provider.Classify).
var errJudgePanic = errors.New("judgecache: judge panicked")

// Cache is an Evaluator that serves repeated judge calls from a CacheStore
// (see the package documentation for what the key covers). Errors and
// invalid decisions are never cached. It is safe for concurrent use if its
// judge, KeyFunc and store are.
//
// Wrap the cache around a Voter, never a Voter around the cache: the
// repeated votes of a cached judge would all be the first one.
type Cache[C any] struct {
	judge   evaluator.Evaluator[C]
	keyer   Keyer[C] // the judge's own key part, when it has one
	key     KeyFunc[C]
	store   CacheStore
	codec   codec[C]
	flights flights

	hits, misses, shared, storeErrs, keyErrs atomic.Int64
}

// NewCache returns a Cache in front of judge. key adds the caller's part to
// every key (nil adds nothing); store holds the entries (nil means
// NewMemoryStore(0), 64 MiB). It returns an error matching
// ErrInvalidCache for a nil judge, or for a candidate type C whose JSON
// encoding would lose data and that does not implement CandidateKeyer
// (the error names the type and the field).
func NewCache[C any](judge evaluator.Evaluator[C], key KeyFunc[C], store CacheStore) (*Cache[C], error) {
	if f, ok := judge.(evaluator.Func[C]); judge == nil || ok && f == nil {
		return nil, fmt.Errorf("%w: judge: nil evaluator", ErrInvalidCache)
	}
	cd, err := newCodec[C]()
	if err != nil {
		return nil, err
	}
	if store == nil {
		store, _ = NewMemoryStore(0) // 0: defaultMemoryBytes, never an error
	}
	c := &Cache[C]{judge: judge, key: key, store: store, codec: cd}
	c.keyer, _ = judge.(Keyer[C])
	return c, nil
}

// Stats counts a Cache's calls since it was made.
type Stats struct {
	// Hits are calls served from the store.
	Hits int64
	// Misses are calls that called the judge: each is one judge call.
	Misses int64
	// Shared are calls that waited for an identical call in flight and
	// were given its decision.
	Shared int64
	// StoreErrors counts failed Get and Put calls on the store (each Get
	// error was a miss) and damaged entries read.
	StoreErrors int64
	// KeyErrors counts calls whose key could not be built (ErrKey).
	KeyErrors int64
	// Bytes is the size of what the store holds, when it says (MemoryStore
	// and DiskStore do, with a Bytes method); 0 otherwise.
	Bytes int64
}

// Stats returns the counts so far and the store's size.
func (c *Cache[C]) Stats() Stats {
	s := Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Shared: c.shared.Load(),
		StoreErrors: c.storeErrs.Load(), KeyErrors: c.keyErrs.Load()}
	if b, ok := c.store.(interface{ Bytes() int64 }); ok {
		s.Bytes = b.Bytes()
	}
	return s
}

// Models returns the judge's models (see evaluator.ModelsOf), so that a
// cached judge still takes part in the loop's self-approval guard.
func (c *Cache[C]) Models() []string { return evaluator.ModelsOf(c.judge) }

// Key returns the store key of a call, as Evaluate computes it: the hex
// SHA-256 of the key format, the candidate's type and encoding, every field
// of the task, the judge's declared models, the judge's Keyer part and the
// KeyFunc's part, each length-prefixed. An error matches ErrKey.
func (c *Cache[C]) Key(task evaluator.Task, candidate C) (key string, err error) {
	defer func() {
		if p := recover(); p != nil {
			key, err = "", fmt.Errorf("%w: panic: %s", ErrKey, strictjson.Clip(fmt.Sprint(p)))
		}
	}()
	w := fieldWriter{h: sha256.New()}
	w.str(keyFormat)
	if err := c.codec.write(&w, candidate); err != nil {
		return "", fmt.Errorf("%w: %w", ErrKey, err)
	}
	w.task(task)
	w.strs(evaluator.ModelsOf(c.judge))
	for _, part := range [...]func(evaluator.Task, C) (CacheKey, error){c.keyerPart(), c.key} {
		if part == nil {
			w.part(nil)
			continue
		}
		k, err := part(task, candidate)
		if err != nil {
			return "", fmt.Errorf("%w: %w", ErrKey, err)
		}
		w.part(&k)
	}
	return hex.EncodeToString(w.h.Sum(nil)), nil
}

func (c *Cache[C]) keyerPart() func(evaluator.Task, C) (CacheKey, error) {
	if c.keyer == nil {
		return nil
	}
	return c.keyer.CacheKey
}

// Evaluate returns the stored decision for the call's key, marked with a
// passed "cache.hit" criterion, or calls the judge and stores its
// decision when it is valid and the judge returned no error. Identical
// concurrent calls make one judge call (see the package documentation). A
// stored decision that fails Validate is a miss; a store error on Get is a
// miss too, counted in StoreErrors. A key that cannot be built is an error
// matching ErrKey, and the judge is not called. A panicking judge is a
// permanent error (provider.Classify) naming the panic value, for every
// caller waiting on that call. A canceled ctx returns ctx.Err() at once,
// while an identical call in flight goes on for the other callers waiting
// for it.
func (c *Cache[C]) Evaluate(ctx context.Context, task evaluator.Task, candidate C) (evaluator.EvaluationDecision, error) {
	if err := ctx.Err(); err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	key, err := c.Key(task, candidate)
	if err != nil {
		c.keyErrs.Add(1)
		return evaluator.EvaluationDecision{}, err
	}
	if e, ok := c.get(ctx, key); ok {
		c.hits.Add(1)
		return markHit(e.Decision, key, e.Stored), nil
	}
	if err := ctx.Err(); err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	return c.fly(ctx, key, task, candidate)
}

// get reads the store, counting errors and refusing invalid decisions.
func (c *Cache[C]) get(ctx context.Context, key string) (Entry, bool) {
	e, ok, err := c.store.Get(ctx, key)
	if err != nil {
		if ctx.Err() == nil {
			c.storeErrs.Add(1)
		}
		return Entry{}, false
	}
	if !ok || e.Decision.Validate() != nil {
		return Entry{}, false
	}
	return e, true
}

// IsCached reports whether d was not judged anew for its call: it carries
// the "cache.hit" criterion Evaluate adds to a stored decision.
func IsCached(d evaluator.EvaluationDecision) bool {
	for _, c := range d.Criteria {
		if c.Name == criterionCacheHit {
			return true
		}
	}
	return false
}
