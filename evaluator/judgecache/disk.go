package judgecache

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// defaultDiskBytes is the byte bound of NewDiskStore(dir, 0): 256 MiB.
const defaultDiskBytes = 256 << 20

// DiskStore is a CacheStore in a folder on the local disk, shared by every
// process of the machine that opens the same folder (Linux and macOS; on
// other systems NewDiskStore returns an error). Each entry is one file,
// written to a temporary file and renamed into place, so that a reader
// sees a whole entry or none; its checksum (EncodeEntry) makes an entry
// torn by a crash a miss, never a decision.
//
// The folder is bounded in bytes across all the processes sharing it: the
// total size of its entry files is kept in a ledger file that every Put
// updates under an exclusive file lock (flock), and a Put that would pass
// the bound first removes the least recently used entries (by modification
// time, which a Get refreshes) down to 90% of it. The ledger never counts
// less than the folder holds, even when a process dies mid-Put; each
// eviction recounts the folder. Processes sharing a folder should use the
// same bound: each Put keeps the folder within its own. Temporary files of
// Puts in progress are not counted; those a crash left behind are removed
// after an hour.
//
// A DiskStore is safe for concurrent use. Close it when done.
type DiskStore struct {
	dir, entries, tmp string
	maxBytes          int64
	touchAfter        time.Duration // a hit refreshes an entry's time when older than this (a write: not on every hit)

	mu        sync.Mutex // flock is per open file: goroutines take turns here first
	ledger    *os.File
	evictions atomic.Int64
}

// NewDiskStore opens (creating when needed, mode 0700) the store in dir,
// bounded at maxBytes bytes of entries. A maxBytes of 0 means
// 256 MiB; a negative one, an empty dir or a folder that cannot be
// created or locked is an error matching ErrInvalidCache.
func NewDiskStore(dir string, maxBytes int64) (*DiskStore, error) {
	switch {
	case maxBytes < 0:
		return nil, fmt.Errorf("%w: NewDiskStore: maxBytes: must be >= 0 (0 means the default, %d), got %d", ErrInvalidCache, defaultDiskBytes, maxBytes)
	case maxBytes == 0:
		maxBytes = defaultDiskBytes
	}
	if dir == "" {
		return nil, fmt.Errorf("%w: NewDiskStore: dir: empty", ErrInvalidCache)
	}
	if err := lockSupported(); err != nil {
		return nil, fmt.Errorf("%w: NewDiskStore: %w", ErrInvalidCache, err)
	}
	s := &DiskStore{dir: dir, entries: filepath.Join(dir, "entries"), tmp: filepath.Join(dir, "tmp"),
		maxBytes: maxBytes, touchAfter: time.Minute}
	for _, d := range []string{s.entries, s.tmp} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("%w: NewDiskStore: %w", ErrInvalidCache, err)
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, "ledger"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("%w: NewDiskStore: %w", ErrInvalidCache, err)
	}
	s.ledger = f
	// A first look under the lock: a missing or damaged ledger is recounted.
	if _, err := s.Stats(); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: NewDiskStore: %w", ErrInvalidCache, err)
	}
	return s, nil
}

// Close releases the ledger file. The folder and its entries stay.
func (s *DiskStore) Close() error { return s.ledger.Close() }

// path returns the file of key, refusing keys that are not plain names.
func (s *DiskStore) path(key string) (string, error) {
	if len(key) < 2 || len(key) > 128 {
		return "", fmt.Errorf("judgecache: DiskStore: key %s: must be 2 to 128 characters", strictjson.Quote(key))
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			return "", fmt.Errorf("judgecache: DiskStore: key %s: byte %d: only letters, digits, '_' and '-' are allowed", strictjson.Quote(key), i)
		}
	}
	return filepath.Join(s.entries, key[:2], key), nil
}

// Get returns the entry stored under key. A missing entry or one written in
// another format is a miss; a damaged one is a miss with an error matching
// ErrEntryCorrupt. A hit refreshes the entry's modification time, which
// eviction reads as its last use. Get takes no lock: entries are replaced
// by rename, never written in place.
func (s *DiskStore) Get(_ context.Context, key string) (Entry, bool, error) {
	path, err := s.path(key)
	if err != nil {
		return Entry{}, false, err
	}
	b, used, err := readEntryFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Entry{}, false, nil
	case errors.Is(err, ErrEntryCorrupt):
		return Entry{}, false, err
	case err != nil:
		return Entry{}, false, fmt.Errorf("judgecache: DiskStore: %w", err)
	}
	e, err := DecodeEntry(key, b)
	switch {
	case errors.Is(err, ErrEntryFormat):
		return Entry{}, false, nil
	case err != nil:
		return Entry{}, false, fmt.Errorf("%s: %w", path, err)
	}
	if now := time.Now(); now.Sub(used) > s.touchAfter {
		_ = os.Chtimes(path, now, now) // only a hint for eviction: a failure costs nothing
	}
	return e, true, nil
}

// Put stores e under key. The entry is written to a temporary file without
// the lock, then, under the lock, room is made and the file renamed into
// place. An entry larger than the bound is not stored (no error).
func (s *DiskStore) Put(_ context.Context, key string, e Entry) error {
	path, err := s.path(key)
	if err != nil {
		return err
	}
	b, err := EncodeEntry(key, e)
	if err != nil {
		return err
	}
	size := int64(len(b))
	if size > s.maxBytes {
		return nil
	}
	tmp, err := s.writeTemp(b)
	if err != nil {
		return err
	}
	err = s.locked(func() error { return s.install(tmp, path, size) })
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("judgecache: DiskStore: %w", err)
	}
	return nil
}

// writeTemp writes b to a new temporary file and returns its name.
func (s *DiskStore) writeTemp(b []byte) (string, error) {
	f, err := os.CreateTemp(s.tmp, "put-*")
	if err != nil {
		return "", fmt.Errorf("judgecache: DiskStore: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("judgecache: DiskStore: %w", err)
	}
	return f.Name(), nil
}

// install moves the temporary file tmp of size bytes to path, evicting
// first when the folder would pass its bound. The lock is held. The ledger
// is written before the rename, so that a crash leaves it counting more
// than the folder holds, never less.
func (s *DiskStore) install(tmp, path string, size int64) error {
	total, err := s.readTotal()
	if err != nil {
		return err
	}
	var old int64
	if st, err := os.Stat(path); err == nil {
		old = st.Size()
	}
	if total-old+size > s.maxBytes {
		if total, old, err = s.evict(path, size); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	if err := s.writeTotal(total - old + size); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// DiskStats describes a DiskStore's folder.
type DiskStats struct {
	// Bytes is the size of the entry files, as the ledger counts it (never
	// less than the folder holds); it stays at or below MaxBytes.
	Bytes, MaxBytes int64
	// Evictions counts the entries this process removed to stay within
	// MaxBytes.
	Evictions int64
}

// Stats reads the ledger under the lock (recounting the folder when the
// ledger is missing or damaged).
func (s *DiskStore) Stats() (DiskStats, error) {
	var total int64
	err := s.locked(func() (err error) {
		total, err = s.readTotal()
		return err
	})
	if err != nil {
		return DiskStats{}, fmt.Errorf("judgecache: DiskStore: %w", err)
	}
	return DiskStats{Bytes: total, MaxBytes: s.maxBytes, Evictions: s.evictions.Load()}, nil
}

// Bytes returns DiskStats.Bytes, or -1 when the ledger cannot be read;
// Cache.Stats reports it.
func (s *DiskStore) Bytes() int64 {
	st, err := s.Stats()
	if err != nil {
		return -1
	}
	return st.Bytes
}

// locked runs f holding the process's mutex and the folder's file lock.
func (s *DiskStore) locked(f func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := lockFile(s.ledger); err != nil {
		return err
	}
	defer unlockFile(s.ledger)
	return f()
}
