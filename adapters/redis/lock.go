package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// unlockScript deletes a lock only when it still holds this store's token:
// a lock that expired and was taken by another process is left alone.
var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// lockOrWait runs after a miss with Options.Lock set. It takes the key's
// lock and reports a miss (this process judges), or, when another process
// holds it, waits up to LockWait for that process's entry. A wait that
// ends without an entry is a miss: the caller judges itself.
func (s *Store) lockOrWait(ctx context.Context, key string) (judgecache.Entry, bool, error) {
	mine, err := s.tryLock(ctx, key)
	if err != nil || mine {
		return judgecache.Entry{}, false, err
	}
	s.lockWaits.Add(1)
	deadline := time.Now().Add(s.opts.LockWait)
	t := time.NewTimer(s.opts.LockPoll)
	defer t.Stop()
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return judgecache.Entry{}, false, ctx.Err()
		case <-t.C:
		}
		e, ok, err := s.read(ctx, key)
		if err != nil {
			return judgecache.Entry{}, false, err
		}
		if ok {
			s.lockServed.Add(1)
			return e, true, nil
		}
		// The holder gave up (its lock expired or it failed without a Put):
		// take the lock and judge here.
		if mine, err := s.tryLock(ctx, key); err != nil || mine {
			return judgecache.Entry{}, false, err
		}
		t.Reset(s.opts.LockPoll)
	}
	// Waited long enough: judge here, holding the lock if it has expired,
	// so that a later look of this process does not wait again.
	_, err = s.tryLock(ctx, key)
	return judgecache.Entry{}, false, err
}

// tryLock takes the key's lock, or reports that this store holds it
// already; false means another process holds it.
func (s *Store) tryLock(ctx context.Context, key string) (bool, error) {
	ok, err := s.setLock(ctx, key)
	if err != nil || ok {
		return ok, err
	}
	owner, err := s.rdb.Get(ctx, s.lockKey(key)).Result()
	switch {
	case errors.Is(err, redis.Nil): // expired between the two calls: try once more
		return s.setLock(ctx, key)
	case err != nil:
		s.errs.Add(1)
		return false, fmt.Errorf("redisstore: lock: %w", err)
	}
	return owner == s.token, nil
}

// setLock is SET NX on the key's lock, with the lock's expiry.
func (s *Store) setLock(ctx context.Context, key string) (bool, error) {
	ok, err := s.rdb.SetNX(ctx, s.lockKey(key), s.token, s.opts.Lock).Result()
	if err != nil {
		s.errs.Add(1)
		return false, fmt.Errorf("redisstore: lock: %w", err)
	}
	return ok, nil
}

// unlock releases the key's lock if this store holds it.
func (s *Store) unlock(ctx context.Context, key string) error {
	if err := unlockScript.Run(ctx, s.rdb, []string{s.lockKey(key)}, s.token).Err(); err != nil && !errors.Is(err, redis.Nil) {
		s.errs.Add(1)
		return fmt.Errorf("redisstore: unlock: %w", err)
	}
	return nil
}
