package judgecache_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// entryPath is where DiskStore keeps key (the layout is the store's own;
// tests read it to damage files on purpose).
func entryPath(dir, key string) string { return filepath.Join(dir, "entries", key[:2], key) }

func hexKey(i int) string { return fmt.Sprintf("%064x", i) }

func TestDiskStoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := judgecache.NewDiskStore(dir, 0)
	require.NoError(t, err)
	defer s.Close()
	ctx := context.Background()
	_, ok, err := s.Get(ctx, hexKey(1))
	require.NoError(t, err)
	assert.False(t, ok)
	d := digestDecision("j", sampleTask(), "a")
	stored := time.Now().Add(-time.Minute)
	require.NoError(t, s.Put(ctx, hexKey(1), judgecache.Entry{Decision: d, Stored: stored}))
	e, ok, err := s.Get(ctx, hexKey(1))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, digestOf(d), digestOf(e.Decision))
	assert.True(t, stored.Equal(e.Stored))
	st, err := s.Stats()
	require.NoError(t, err)
	info, err := os.Stat(entryPath(dir, hexKey(1)))
	require.NoError(t, err)
	assert.Equal(t, judgecache.DiskStats{Bytes: info.Size(), MaxBytes: judgecache.DefaultDiskBytes}, st)

	// Replacing an entry counts its size once.
	require.NoError(t, s.Put(ctx, hexKey(1), judgecache.Entry{Decision: d, Stored: stored}))
	assert.Equal(t, info.Size(), s.Bytes())

	// Another store on the folder (another process) sees it.
	s2, err := judgecache.NewDiskStore(dir, 0)
	require.NoError(t, err)
	defer s2.Close()
	_, ok, err = s2.Get(ctx, hexKey(1))
	require.NoError(t, err)
	assert.True(t, ok)
}

func TestDiskStoreRefusesBadInput(t *testing.T) {
	_, err := judgecache.NewDiskStore(t.TempDir(), -1)
	assert.ErrorIs(t, err, judgecache.ErrInvalidCache)
	assert.ErrorContains(t, err, "NewDiskStore: maxBytes: must be >= 0")
	_, err = judgecache.NewDiskStore("", 0)
	assert.ErrorContains(t, err, "NewDiskStore: dir: empty")
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	_, err = judgecache.NewDiskStore(file, 0)
	assert.ErrorIs(t, err, judgecache.ErrInvalidCache)

	s, err := judgecache.NewDiskStore(t.TempDir(), 0)
	require.NoError(t, err)
	defer s.Close()
	for _, key := range []string{"", "a", "../../etc/passwd", "ab/cd", strings.Repeat("a", 129), "ab\x00"} {
		_, _, err := s.Get(context.Background(), key)
		assert.ErrorContains(t, err, "DiskStore: key", "%q", key)
		assert.ErrorContains(t, s.Put(context.Background(), key, judgecache.Entry{}), "DiskStore: key", "%q", key)
	}
}

// TestDiskStoreTornWrites: whatever a crash leaves in an entry file (a
// prefix, zeros, a flipped byte, another key's entry, an older format) is
// never served: the cache judges anew and replaces it.
func TestDiskStoreTornWrites(t *testing.T) {
	dir := t.TempDir()
	s, err := judgecache.NewDiskStore(dir, 0)
	require.NoError(t, err)
	defer s.Close()
	j := &digestJudge[string]{id: "j"}
	c, err := judgecache.NewCache[string](j, nil, s)
	require.NoError(t, err)
	ctx, task := context.Background(), sampleTask()
	key, err := c.Key(task, "a")
	require.NoError(t, err)
	_, err = c.Evaluate(ctx, task, "a")
	require.NoError(t, err)
	good, err := os.ReadFile(entryPath(dir, key))
	require.NoError(t, err)
	other, err := judgecache.EncodeEntry(hexKey(7), judgecache.Entry{Decision: digestDecision("j", task, "b")})
	require.NoError(t, err)
	flipped := []byte(string(good))
	flipped[len(flipped)-20] ^= 1
	oldFormat := []byte(string(good))
	oldFormat[3] = 0
	damages := map[string][]byte{
		"prefix": good[:len(good)/2], "empty": {}, "zeros": make([]byte, len(good)),
		"flipped": flipped, "another key": other, "older format": oldFormat,
	}
	want := digestOf(digestDecision("j", task, "a"))
	for name, b := range damages {
		require.NoError(t, os.WriteFile(entryPath(dir, key), b, 0o600))
		calls := j.calls.Load()
		d, err := c.Evaluate(ctx, task, "a")
		require.NoError(t, err, name)
		assert.Equal(t, want, digestOf(d), name)
		assert.False(t, judgecache.IsCached(d), name)
		assert.Equal(t, calls+1, j.calls.Load(), "%s: judged anew", name)
		d, err = c.Evaluate(ctx, task, "a")
		require.NoError(t, err)
		assert.True(t, judgecache.IsCached(d), "%s: replaced by the fresh entry", name)
	}
	assert.Positive(t, c.Stats().StoreErrors, "damaged entries are counted")
}

// TestDiskStoreBoundAndLRU: the folder stays within its bound; the least
// recently used entries go first, and a Get counts as a use.
func TestDiskStoreBoundAndLRU(t *testing.T) {
	dir := t.TempDir()
	e := judgecache.Entry{Decision: evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1,
		Criteria: []evaluator.Criterion{{Name: "pad", Reason: strings.Repeat("x", 900)}}}}
	b, _ := judgecache.EncodeEntry(hexKey(0), e)
	size := int64(len(b))
	s, err := judgecache.NewDiskStore(dir, 10*size) // room for ten
	require.NoError(t, err)
	defer s.Close()
	ctx := context.Background()
	base := time.Now().Add(-time.Hour)
	for i := range 10 {
		require.NoError(t, s.Put(ctx, hexKey(i), e))
		// Spread the times of use: entry i was used i minutes after the first.
		at := base.Add(time.Duration(i) * time.Minute)
		require.NoError(t, os.Chtimes(entryPath(dir, hexKey(i)), at, at))
	}
	_, ok, err := s.Get(ctx, hexKey(0)) // the oldest is used again
	require.NoError(t, err)
	require.True(t, ok)
	require.NoError(t, s.Put(ctx, hexKey(10), e)) // over the bound: down to 90%
	st, err := s.Stats()
	require.NoError(t, err)
	assert.LessOrEqual(t, st.Bytes, 9*size)
	assert.Equal(t, int64(2), st.Evictions)
	for i, kept := range map[int]bool{0: true, 1: false, 2: false, 3: true, 10: true} {
		_, ok, err := s.Get(ctx, hexKey(i))
		require.NoError(t, err)
		assert.Equal(t, kept, ok, "entry %d", i)
	}
	for i := 11; i < 200; i++ {
		require.NoError(t, s.Put(ctx, hexKey(i), e))
		st, err := s.Stats()
		require.NoError(t, err)
		require.LessOrEqual(t, st.Bytes, st.MaxBytes)
		require.Equal(t, folderBytes(t, dir), st.Bytes, "the ledger counts the folder")
	}
	// An entry over the bound is not stored.
	huge := judgecache.Entry{Decision: evaluator.EvaluationDecision{Status: evaluator.StatusPass,
		Criteria: []evaluator.Criterion{{Name: "pad", Reason: strings.Repeat("x", int(20*size))}}}}
	require.NoError(t, s.Put(ctx, hexKey(500), huge))
	_, ok, _ = s.Get(ctx, hexKey(500))
	assert.False(t, ok)
}

// TestDiskStoreLedgerRecount: a damaged or missing ledger is recounted
// from the folder, never trusted.
func TestDiskStoreLedgerRecount(t *testing.T) {
	dir := t.TempDir()
	s, err := judgecache.NewDiskStore(dir, 0)
	require.NoError(t, err)
	ctx := context.Background()
	for i := range 5 {
		require.NoError(t, s.Put(ctx, hexKey(i), entryOf(digestDecision("j", evaluator.Task{}, i))))
	}
	require.NoError(t, s.Close())
	want := folderBytes(t, dir)
	for name, ledger := range map[string][]byte{"garbage": []byte("0123456789abcdef"), "short": {1, 2}, "empty": nil} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "ledger"), ledger, 0o600))
		s, err := judgecache.NewDiskStore(dir, 0)
		require.NoError(t, err, name)
		assert.Equal(t, want, s.Bytes(), name)
		s.Close()
	}
}

// folderBytes sums the entry files in dir.
func folderBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(filepath.Join(dir, "entries"), func(_ string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	require.NoError(t, err)
	return n
}
