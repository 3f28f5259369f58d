package judgecache

import (
	"encoding/binary"
	"hash"
	"slices"

	"github.com/evalopt/evalopt/evaluator"
)

// CacheKey names what a judge's verdict depends on beyond what the cache
// keys itself (the candidate, the task and the judge's declared models). A
// judge states it through Keyer, a caller through KeyFunc; both are added
// to the key, in separate sections, so neither can stand in for the other.
// Every field is optional.
type CacheKey struct {
	// Rubric and RubricVersion name the rubric the judge applies.
	Rubric        string `json:"rubric"`
	RubricVersion string `json:"rubricVersion"`
	// System is the system prompt sent to the judge.
	System string `json:"system"`
	// Prompt is the rendered user prompt sent to the judge.
	Prompt string `json:"prompt"`
	// Model names a model the judge uses that it does not declare through
	// evaluator.ModelsOf (declared models are keyed anyway).
	Model string `json:"model"`
	// Candidate is the candidate as the judge sees it, when that differs
	// from the candidate's own encoding (which is keyed anyway).
	Candidate string `json:"candidate"`
	// Salt is free: change it to invalidate every entry (a new judge
	// deployment, a temperature change, a new version of the judge's code).
	Salt string `json:"salt"`
}

// KeyFunc returns a caller's part of the key of a judge call on candidate
// for task. It adds to the key the cache builds; it cannot remove anything
// from it. An error is returned by Cache.Evaluate, and the judge is not
// called. A nil KeyFunc adds nothing.
type KeyFunc[C any] func(task evaluator.Task, candidate C) (CacheKey, error)

// Keyer is implemented by a judge that knows what its verdict depends on
// beyond the task, the candidate and its models: rubric.Judge returns its
// rubric's name and version and the prompt it renders. The Cache calls it
// for the judge it wraps (not for judges inside a wrapper), so that a user
// writes no KeyFunc for such a judge. An error is returned by
// Cache.Evaluate, and the judge is not called.
type Keyer[C any] interface {
	CacheKey(task evaluator.Task, candidate C) (CacheKey, error)
}

// keyFormat opens every key: a change to what a key covers or how it is
// written changes it, so that no entry written under an older layout is
// ever read as a newer one.
const keyFormat = "evalopt.judgecache.key.v1"

// fieldWriter writes length-prefixed fields into a hash, so that no two
// different sequences of fields write the same bytes.
type fieldWriter struct {
	h   hash.Hash
	buf [8]byte
}

func (w *fieldWriter) num(n int) {
	binary.BigEndian.PutUint64(w.buf[:], uint64(n))
	w.h.Write(w.buf[:])
}

func (w *fieldWriter) str(s string) {
	w.num(len(s))
	w.h.Write([]byte(s))
}

func (w *fieldWriter) bytes(b []byte) {
	w.num(len(b))
	w.h.Write(b)
}

func (w *fieldWriter) strs(ss []string) {
	w.num(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

// labels writes a map sorted by key.
func (w *fieldWriter) labels(m map[string]string) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.num(len(keys))
	for _, k := range keys {
		w.str(k)
		w.str(m[k])
	}
}

// part writes one optional CacheKey section: a presence mark, then every
// field in a fixed order.
func (w *fieldWriter) part(k *CacheKey) {
	if k == nil {
		w.num(0)
		return
	}
	w.num(1)
	for _, f := range [...]string{k.Rubric, k.RubricVersion, k.System, k.Prompt, k.Model, k.Candidate, k.Salt} {
		w.str(f)
	}
}

// task writes every field of the task. TestTaskFieldsKeyed fails when
// evaluator.Task, Evidence or Requirement gains a field this does not
// write.
func (w *fieldWriter) task(t evaluator.Task) {
	w.str(t.ID)
	w.str(t.Input)
	w.strs(t.Criteria)
	w.num(len(t.Evidence))
	for _, e := range t.Evidence {
		w.str(e.ID)
		w.str(e.Source)
		w.str(e.Content)
		w.labels(e.Metadata)
	}
	w.labels(t.Metadata)
	w.str(string(t.Kind))
	w.num(len(t.Requirements))
	for _, r := range t.Requirements {
		w.str(r.Name)
		w.str(r.When)
		w.strs(r.Needs)
		w.str(r.Must)
		w.str(r.Instruction)
	}
}
