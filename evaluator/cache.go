package evaluator

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strconv"
	"strings"
	"sync/atomic"
)

// CacheKey is everything that can change a judge's verdict. Cache hashes
// it (SHA-256 over every field, each length-prefixed) into the store key.
type CacheKey struct {
	// Rubric and RubricVersion name the rubric the judge applies.
	Rubric        string `json:"rubric"`
	RubricVersion string `json:"rubricVersion"`
	// Prompt is the rendered prompt sent to the judge (system and user
	// messages, as the caller renders them).
	Prompt string `json:"prompt"`
	// Model is the judge's model; Cache fills it from the judge's declared
	// models when empty.
	Model string `json:"model"`
	// Candidate is the candidate as the judge sees it.
	Candidate string `json:"candidate"`
	// Evidence is the digest of the task's evidence; Cache always sets it
	// to EvidenceDigest(task), whatever the KeyFunc returned.
	Evidence string `json:"evidence"`
	// Salt is the caller's own: change it to invalidate every entry (a new
	// judge deployment, a temperature change).
	Salt string `json:"salt"`
}

// Digest returns the hex SHA-256 of the key's fields, each length-prefixed
// so that no two different keys collide by concatenation.
func (k CacheKey) Digest() string {
	h := sha256.New()
	for _, f := range []string{"evalopt.cache.v1", k.Rubric, k.RubricVersion, k.Prompt, k.Model, k.Candidate, k.Evidence, k.Salt} {
		writeField(h, f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func writeField(h hash.Hash, s string) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(s)))
	h.Write(n[:])
	h.Write([]byte(s))
}

// EvidenceDigest returns the hex SHA-256 of the task's evidence (every
// item's ID, source, content and metadata, in order).
func EvidenceDigest(task Task) string {
	h := sha256.New()
	for _, e := range task.Evidence {
		writeField(h, e.ID)
		writeField(h, e.Source)
		writeField(h, e.Content)
		writeField(h, strconv.Itoa(len(e.Metadata)))
		for _, k := range sortedKeys(e.Metadata) {
			writeField(h, k)
			writeField(h, e.Metadata[k])
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ { // insertion sort: metadata maps are small
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// KeyFunc returns the cache key of a judge call on candidate for task.
// Cache fills its Evidence field, and its Model field when empty.
type KeyFunc[C any] func(task Task, candidate C) (CacheKey, error)

// CriterionCacheHit is the name of the criterion Cache adds to a decision
// it serves from the store, so that the trace shows it was not judged anew.
const CriterionCacheHit = "cache.hit"

// ErrInvalidCache is matched (with errors.Is) by NewCache's error for a
// nil judge or a nil KeyFunc.
var ErrInvalidCache = errors.New("evaluator: invalid cache")

// Cache is an Evaluator that serves repeated judge calls from a CacheStore.
// Errors and invalid decisions are never cached. It is safe for concurrent
// use if its judge and store are.
//
// Wrap the cache around a Voter, never a Voter around the cache: the
// repeated votes of a cached judge would all be the first one.
type Cache[C any] struct {
	judge  Evaluator[C]
	key    KeyFunc[C]
	store  CacheStore
	hits   atomic.Int64
	misses atomic.Int64
	errs   atomic.Int64
}

// NewCache returns a Cache in front of judge. key builds each call's key;
// store holds the decisions (nil means NewMemoryStore(DefaultCacheBytes)).
// It returns an error matching ErrInvalidCache for a nil judge or key.
func NewCache[C any](judge Evaluator[C], key KeyFunc[C], store CacheStore) (*Cache[C], error) {
	var errs []error
	if f, ok := judge.(Func[C]); judge == nil || ok && f == nil {
		errs = append(errs, fmt.Errorf("%w: judge: nil evaluator", ErrInvalidCache))
	}
	if key == nil {
		errs = append(errs, fmt.Errorf("%w: key: nil KeyFunc", ErrInvalidCache))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if store == nil {
		store = NewMemoryStore(DefaultCacheBytes)
	}
	return &Cache[C]{judge: judge, key: key, store: store}, nil
}

// CacheStats counts a Cache's lookups.
type CacheStats struct {
	// Hits are calls served from the store; Misses calls passed to the
	// judge (including those whose key could not be built).
	Hits, Misses int64
	// StoreErrors counts failed Get and Put calls on the store.
	StoreErrors int64
}

// Stats returns the counts so far.
func (c *Cache[C]) Stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), StoreErrors: c.errs.Load()}
}

// Key returns the full key of a call, as Evaluate computes it.
func (c *Cache[C]) Key(task Task, candidate C) (CacheKey, error) {
	k, err := c.key(task, candidate)
	if err != nil {
		return CacheKey{}, err
	}
	k.Evidence = EvidenceDigest(task)
	if strings.TrimSpace(k.Model) == "" {
		k.Model = strings.Join(judgeModels(c.judge), ",")
	}
	return k, nil
}

// Evaluate returns the stored decision for the call's key, marked with a
// passed CriterionCacheHit criterion, or calls the judge and stores its
// decision when it is valid and the judge returned no error. A stored
// decision that fails Validate (a corrupt external store) is a miss. A store
// error on Get is a miss too, counted in StoreErrors. A KeyFunc
// error is returned, wrapped, and the judge is not called: a call whose
// inputs cannot be named must not be judged behind the cache's back.
func (c *Cache[C]) Evaluate(ctx context.Context, task Task, candidate C) (EvaluationDecision, error) {
	k, err := c.Key(task, candidate)
	if err != nil {
		c.misses.Add(1)
		return EvaluationDecision{}, fmt.Errorf("evaluator: cache key: %w", err)
	}
	key := k.Digest()
	d, ok, err := c.store.Get(ctx, key)
	if err != nil {
		c.errs.Add(1)
	}
	if ok && err == nil && d.Validate() == nil {
		c.hits.Add(1)
		d.Criteria = append(d.Criteria, Criterion{
			Name: CriterionCacheHit, Passed: true, EvidenceRefs: []string{},
			Reason: "decision served from the judge-call cache (key " + key[:16] + "), not judged anew",
		})
		return d, nil
	}
	c.misses.Add(1)
	d, err = c.judge.Evaluate(ctx, task, candidate)
	if err != nil || d.Validate() != nil {
		return d, err
	}
	if perr := c.store.Put(ctx, key, d); perr != nil {
		c.errs.Add(1)
	}
	return d, nil
}

// IsCached reports whether d was served by a Cache (it carries the
// CriterionCacheHit criterion).
func IsCached(d EvaluationDecision) bool {
	for _, c := range d.Criteria {
		if c.Name == CriterionCacheHit {
			return true
		}
	}
	return false
}
