package judgecache_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

func TestEntryRoundTrip(t *testing.T) {
	d := digestDecision("j", sampleTask(), "a")
	stored := time.Unix(1700000000, 123456789)
	b, err := judgecache.EncodeEntry("k1", judgecache.Entry{Decision: d, Stored: stored})
	require.NoError(t, err)
	e, err := judgecache.DecodeEntry("k1", b)
	require.NoError(t, err)
	want, _ := json.Marshal(d)
	got, _ := json.Marshal(e.Decision)
	assert.JSONEq(t, string(want), string(got), "nil slices come back empty, as the decision's JSON writes them")
	assert.True(t, stored.Equal(e.Stored))

	_, err = judgecache.DecodeEntry("k2", b)
	assert.ErrorIs(t, err, judgecache.ErrEntryCorrupt, "another key's entry")
	// Every torn prefix and every flipped byte. Under -short (the local
	// test command) every position of the header and the payload's first
	// bytes, then one in sixteen of the rest: past the header each one
	// fails the same checksum. CI (no -short) runs every position.
	every := func(i int) bool { return true }
	if testing.Short() {
		every = func(i int) bool { return i < 64 || i%16 == 0 }
	}
	for n := 0; n < len(b); n++ {
		if !every(n) {
			continue
		}
		_, err := judgecache.DecodeEntry("k1", b[:n])
		require.Error(t, err, "prefix of %d bytes", n)
	}
	for i := 0; i < len(b); i++ {
		if !every(i) {
			continue
		}
		c := bytes.Clone(b)
		c[i] ^= 0x20
		_, err := judgecache.DecodeEntry("k1", c)
		require.Error(t, err, "byte %d flipped", i)
	}
	next := bytes.Clone(b)
	next[3] = 2
	_, err = judgecache.DecodeEntry("k1", next)
	assert.ErrorIs(t, err, judgecache.ErrEntryFormat, "a later format is a miss, not damage")
	_, err = judgecache.DecodeEntry("k1", []byte(`{"status":"pass"}`))
	assert.ErrorIs(t, err, judgecache.ErrEntryFormat)

	big := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Criteria: []evaluator.Criterion{{Name: "x", Reason: string(bytes.Repeat([]byte("a"), judgecache.MaxEntryBytes))}}}
	_, err = judgecache.EncodeEntry("k", judgecache.Entry{Decision: big})
	assert.ErrorContains(t, err, "more than the limit of")
}

// FuzzDecodeEntry: no input panics DecodeEntry, and whatever it accepts is
// what EncodeEntry wrote for that key (re-encoding gives the same bytes).
func FuzzDecodeEntry(f *testing.F) {
	good, _ := judgecache.EncodeEntry("k", judgecache.Entry{Decision: digestDecision("j", sampleTask(), "a"), Stored: time.Unix(5, 0)})
	f.Add("k", good)
	f.Add("k", good[:40])
	f.Add("x", good)
	f.Add("k", []byte("EJC\x01"))
	f.Add("k", []byte{})
	f.Fuzz(func(t *testing.T, key string, b []byte) {
		e, err := judgecache.DecodeEntry(key, b)
		if err != nil {
			return
		}
		again, err := judgecache.EncodeEntry(key, e)
		if err != nil {
			t.Fatalf("accepted entry does not encode: %v", err)
		}
		if _, err := judgecache.DecodeEntry(key, again); err != nil {
			t.Fatalf("re-encoded entry does not decode: %v", err)
		}
	})
}
