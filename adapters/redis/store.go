// Package redisstore is a judgecache.CacheStore on Redis, so that the
// judge cache is shared by every process and machine that reaches one
// Redis: workers of a durable engine, replicas of a service, CI runs.
//
// Import it as github.com/evalopt/evalopt/adapters/redis (its own module,
// so that the core never depends on a Redis client); its package name is
// redisstore, apart from go-redis's redis:
//
//	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
//	store, err := redisstore.New(rdb, redisstore.Options{TTL: 24 * time.Hour})
//	cache, err := judgecache.NewCache(judge, nil, store)
//
// Entries are judgecache.EncodeEntry's bytes under Options.Prefix, with a
// TTL: versioned (an entry of another format is a miss, not an error) and
// checksummed. A Redis error is a miss and an error, which the cache counts
// in Stats.StoreErrors: a down Redis costs judge calls, never an
// evaluation. With Options.Lock set, processes judging the same call at
// the same time make one judge call (see Options.Lock).
package redisstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// Defaults of Options.
const (
	DefaultPrefix   = "evalopt:judgecache:"
	DefaultTTL      = 7 * 24 * time.Hour
	DefaultLockPoll = 25 * time.Millisecond
)

// Options configures a Store. The zero value is the documented default:
// prefix DefaultPrefix, entries kept DefaultTTL, no cross-process lock.
type Options struct {
	// Prefix starts every Redis key the store writes, so that several
	// caches (or applications) share a Redis apart. Default: DefaultPrefix.
	Prefix string
	// TTL is how long an entry is kept after it is stored. Default:
	// DefaultTTL (7 days). It must not be negative.
	TTL time.Duration
	// Lock, when positive, makes a Get that misses take a short-lived lock
	// on the key (SET NX with this expiry) before the cache calls the
	// judge; the Put of the decision releases it. A Get in another process
	// that finds the key locked waits, polling every LockPoll for at most
	// LockWait, for the entry the lock holder will store, and returns it,
	// so that one judge call serves every process. If the holder's judge
	// call fails (no Put), the lock expires after Lock and the waiters judge
	// themselves after LockWait. Set it a little above a judge call's usual
	// time (say 30s). Default: 0, no lock (each process judges its own
	// misses; within a process the cache's single flight still holds).
	Lock time.Duration
	// LockWait bounds how long a Get waits for another process's entry.
	// Default: Lock.
	LockWait time.Duration
	// LockPoll is the interval between looks while waiting. Default:
	// DefaultLockPoll (25 ms).
	LockPoll time.Duration
}

// Store is a judgecache.CacheStore on Redis. It is safe for concurrent use.
type Store struct {
	rdb   redis.Cmdable
	opts  Options
	token string // this store's lock value: a Put releases only its own locks

	errs, corrupt, formatMisses, lockWaits, lockServed atomic.Int64
}

// New returns a Store on rdb (a *redis.Client, *redis.ClusterClient,
// *redis.Ring or any redis.UniversalClient). Short client timeouts
// (DialTimeout, ReadTimeout, WriteTimeout of a few hundred milliseconds)
// keep a Redis that hangs from slowing evaluations: each failed call costs
// at most that, then a judge call. A nil rdb or a negative duration is an
// error naming the field.
func New(rdb redis.Cmdable, opts Options) (*Store, error) {
	var errs []error
	if rdb == nil {
		errs = append(errs, errors.New("redisstore: New: nil client"))
	}
	for name, d := range map[string]time.Duration{"TTL": opts.TTL, "Lock": opts.Lock, "LockWait": opts.LockWait, "LockPoll": opts.LockPoll} {
		if d < 0 {
			errs = append(errs, fmt.Errorf("redisstore: New: Options.%s: must be >= 0 (0 means the default), got %s", name, d))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if opts.Prefix == "" {
		opts.Prefix = DefaultPrefix
	}
	if opts.TTL == 0 {
		opts.TTL = DefaultTTL
	}
	if opts.LockWait == 0 {
		opts.LockWait = opts.Lock
	}
	if opts.LockPoll == 0 {
		opts.LockPoll = DefaultLockPoll
	}
	var tok [16]byte
	if _, err := rand.Read(tok[:]); err != nil {
		return nil, fmt.Errorf("redisstore: New: lock token: %w", err)
	}
	return &Store{rdb: rdb, opts: opts, token: hex.EncodeToString(tok[:])}, nil
}

// valueKey and lockKey are the Redis keys of a cache key. The value key
// names the entry format, so that a new format starts beside the old.
func (s *Store) valueKey(key string) string { return s.opts.Prefix + "v1:" + key }
func (s *Store) lockKey(key string) string  { return s.opts.Prefix + "lock:" + key }

// Get returns the entry stored under key. A missing entry, or one in
// another format, is a miss; a damaged one is a miss with an error matching
// judgecache.ErrEntryCorrupt; a Redis error is a miss with that error. With
// Options.Lock set, a miss takes the key's lock or waits for the process
// that holds it (see Options.Lock).
func (s *Store) Get(ctx context.Context, key string) (judgecache.Entry, bool, error) {
	e, ok, err := s.read(ctx, key)
	if ok || err != nil || s.opts.Lock <= 0 {
		return e, ok, err
	}
	return s.lockOrWait(ctx, key)
}

// read is one GET and decode.
func (s *Store) read(ctx context.Context, key string) (judgecache.Entry, bool, error) {
	b, err := s.rdb.Get(ctx, s.valueKey(key)).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return judgecache.Entry{}, false, nil
	case err != nil:
		s.errs.Add(1)
		return judgecache.Entry{}, false, fmt.Errorf("redisstore: get: %w", err)
	}
	e, err := judgecache.DecodeEntry(key, b)
	switch {
	case errors.Is(err, judgecache.ErrEntryFormat):
		s.formatMisses.Add(1)
		return judgecache.Entry{}, false, nil
	case err != nil:
		s.corrupt.Add(1)
		return judgecache.Entry{}, false, fmt.Errorf("redisstore: %w", err)
	}
	return e, true, nil
}

// Put stores e under key with the TTL, then releases the key's lock if
// this store holds it.
func (s *Store) Put(ctx context.Context, key string, e judgecache.Entry) error {
	b, err := judgecache.EncodeEntry(key, e)
	if err != nil {
		return err
	}
	if err := s.rdb.Set(ctx, s.valueKey(key), b, s.opts.TTL).Err(); err != nil {
		s.errs.Add(1)
		return fmt.Errorf("redisstore: set: %w", err)
	}
	if s.opts.Lock > 0 {
		return s.unlock(ctx, key)
	}
	return nil
}

// Stats counts a Store's events since it was made.
type Stats struct {
	// Errors are failed Redis calls (each a miss or a lost Put).
	Errors int64
	// Corrupt are entries whose checksum or key did not hold.
	Corrupt int64
	// FormatMisses are entries of another format, read as misses.
	FormatMisses int64
	// LockWaits are Gets that found the key locked by another process and
	// waited; LockServed those of them given the other process's entry.
	LockWaits, LockServed int64
}

// Stats returns the counts so far.
func (s *Store) Stats() Stats {
	return Stats{Errors: s.errs.Load(), Corrupt: s.corrupt.Load(), FormatMisses: s.formatMisses.Load(),
		LockWaits: s.lockWaits.Load(), LockServed: s.lockServed.Load()}
}

var _ judgecache.CacheStore = (*Store)(nil)
