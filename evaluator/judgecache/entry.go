package judgecache

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// Entry is one cached decision and when it was stored.
type Entry struct {
	// Decision is the judge's decision, as it returned it.
	Decision evaluator.EvaluationDecision
	// Stored is when the decision was put in the store; the cache reports
	// the entry's age from it.
	Stored time.Time
}

// maxEntryBytes bounds an encoded entry: EncodeEntry refuses a larger one
// and DecodeEntry reads none. 8 MiB holds any decision a judge returns.
const maxEntryBytes = 8 << 20

// Errors of DecodeEntry. A store reading bytes another version of the
// library wrote (ErrEntryFormat) reports a miss; one whose bytes are torn or
// altered (ErrEntryCorrupt) reports a miss and an error.
var (
	// ErrEntryFormat: the bytes are not an entry of the format this
	// version writes (another version's, or not an entry at all).
	ErrEntryFormat = errors.New("judgecache: entry in another format")
	// ErrEntryCorrupt: the bytes are an entry of this format whose
	// checksum, key or content does not hold (a torn write, an edit).
	ErrEntryCorrupt = errors.New("judgecache: corrupt entry")
)

// entryMagic opens every encoded entry; its last byte is the format
// version. A new format gets a new version, so that an old entry is a miss.
var entryMagic = [4]byte{'E', 'J', 'C', 1}

const entryHeader = len(entryMagic) + sha256.Size

// wireEntry is an entry's JSON payload. The key is inside, so that an
// entry stored or copied under another key is never served for it.
type wireEntry struct {
	Key      string                       `json:"k"`
	Stored   int64                        `json:"t"`
	Decision evaluator.EvaluationDecision `json:"d"`
}

// EncodeEntry returns the bytes DiskStore and the Redis store keep for e
// under key: the format's magic and version, the SHA-256 of the payload,
// and the payload (the key, the time stored and the decision as JSON). It
// fails for an entry larger than 8 MiB.
func EncodeEntry(key string, e Entry) ([]byte, error) {
	var b bytes.Buffer
	b.Write(entryMagic[:])
	b.Write(make([]byte, sha256.Size))
	enc := json.NewEncoder(&b)
	if err := enc.Encode(wireEntry{Key: key, Stored: e.Stored.UnixNano(), Decision: e.Decision}); err != nil {
		return nil, fmt.Errorf("judgecache: encode entry: %w", err)
	}
	out := b.Bytes()
	if len(out) > maxEntryBytes {
		return nil, fmt.Errorf("judgecache: encode entry: %d bytes, more than the limit of %d", len(out), maxEntryBytes)
	}
	sum := sha256.Sum256(out[entryHeader:])
	copy(out[len(entryMagic):], sum[:])
	return out, nil
}

// DecodeEntry returns the entry EncodeEntry wrote for key. It returns an
// error matching ErrEntryFormat for bytes of another format or version, and
// one matching ErrEntryCorrupt for a truncated or altered entry, an entry
// written for another key, or one over 8 MiB. It never returns a
// decision from bytes whose checksum does not hold.
func DecodeEntry(key string, b []byte) (Entry, error) {
	if len(b) < len(entryMagic) || !bytes.Equal(b[:len(entryMagic)-1], entryMagic[:len(entryMagic)-1]) {
		return Entry{}, ErrEntryFormat
	}
	if v := b[len(entryMagic)-1]; v != entryMagic[len(entryMagic)-1] {
		return Entry{}, fmt.Errorf("%w: version %d, this library reads %d", ErrEntryFormat, v, entryMagic[len(entryMagic)-1])
	}
	switch {
	case len(b) > maxEntryBytes:
		return Entry{}, fmt.Errorf("%w: %d bytes, more than the limit of %d", ErrEntryCorrupt, len(b), maxEntryBytes)
	case len(b) < entryHeader:
		return Entry{}, fmt.Errorf("%w: %d bytes, shorter than the header", ErrEntryCorrupt, len(b))
	}
	sum := sha256.Sum256(b[entryHeader:])
	if !bytes.Equal(sum[:], b[len(entryMagic):entryHeader]) {
		return Entry{}, fmt.Errorf("%w: checksum mismatch (a torn or altered write)", ErrEntryCorrupt)
	}
	var w wireEntry
	if err := json.Unmarshal(b[entryHeader:], &w); err != nil {
		return Entry{}, fmt.Errorf("%w: %w", ErrEntryCorrupt, err)
	}
	if w.Key != key {
		return Entry{}, fmt.Errorf("%w: written for another key", ErrEntryCorrupt)
	}
	return Entry{Decision: w.Decision, Stored: time.Unix(0, w.Stored)}, nil
}
