package judgecache

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// The ledger file holds the folder's total entry bytes: a magic, the total
// and a CRC-32 of both, so that a damaged ledger is recounted, not trusted.
var ledgerMagic = [4]byte{'J', 'C', 'L', 1}

const ledgerSize = 16

// staleTemp is the age past which a temporary file is a crash's leftover.
const staleTemp = time.Hour

// readTotal returns the ledger's total, recounting the folder (and writing
// the count) when the ledger is missing or damaged. The lock is held.
func (s *DiskStore) readTotal() (int64, error) {
	var b [ledgerSize]byte
	n, err := s.ledger.ReadAt(b[:], 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, err
	}
	if n == ledgerSize && [4]byte(b[:4]) == ledgerMagic &&
		crc32.ChecksumIEEE(b[:12]) == binary.BigEndian.Uint32(b[12:]) {
		return int64(binary.BigEndian.Uint64(b[4:12])), nil
	}
	files, err := s.scan()
	if err != nil {
		return 0, err
	}
	var total int64
	for _, f := range files {
		total += f.size
	}
	return total, s.writeTotal(total)
}

// writeTotal writes the ledger. The lock is held.
func (s *DiskStore) writeTotal(total int64) error {
	var b [ledgerSize]byte
	copy(b[:4], ledgerMagic[:])
	binary.BigEndian.PutUint64(b[4:12], uint64(max(total, 0)))
	binary.BigEndian.PutUint32(b[12:], crc32.ChecksumIEEE(b[:12]))
	_, err := s.ledger.WriteAt(b[:], 0)
	return err
}

// diskFile is one entry file found by scan.
type diskFile struct {
	path string
	size int64
	used time.Time
}

// scan lists every entry file, and removes stale temporary files. The lock
// is held (a file may still vanish under a reader: it is skipped).
func (s *DiskStore) scan() ([]diskFile, error) {
	s.removeStaleTemps()
	shards, err := os.ReadDir(s.entries)
	if errors.Is(err, fs.ErrNotExist) { // removed by hand: nothing is held
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var files []diskFile
	for _, sh := range shards {
		if !sh.IsDir() {
			continue
		}
		dir := filepath.Join(s.entries, sh.Name())
		ents, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range ents {
			info, err := e.Info()
			if err != nil || !info.Mode().IsRegular() {
				continue
			}
			files = append(files, diskFile{path: filepath.Join(dir, e.Name()), size: info.Size(), used: info.ModTime()})
		}
	}
	return files, nil
}

// removeStaleTemps removes temporary files a crashed Put left behind.
func (s *DiskStore) removeStaleTemps() {
	ents, err := os.ReadDir(s.tmp)
	if err != nil {
		return
	}
	for _, e := range ents {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleTemp {
			os.Remove(filepath.Join(s.tmp, e.Name()))
		}
	}
}

// evict makes room for an entry of size bytes at keep (whose current
// file, if any, it replaces): it recounts the folder and removes the least
// recently used other entries until the folder plus the entry fits in 90%
// of the bound (or nothing else is left). It returns the recounted total
// and the size of keep's current file. The lock is held.
func (s *DiskStore) evict(keep string, size int64) (total, old int64, err error) {
	files, err := s.scan()
	if err != nil {
		return 0, 0, err
	}
	others := files[:0]
	for _, f := range files {
		total += f.size
		if f.path == keep {
			old = f.size
		} else {
			others = append(others, f)
		}
	}
	slices.SortFunc(others, func(a, b diskFile) int { return a.used.Compare(b.used) })
	low := s.maxBytes / 10 * 9
	for _, f := range others {
		if total-old+size <= low {
			break
		}
		if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return 0, 0, err
		}
		total -= f.size
		s.evictions.Add(1)
	}
	return total, old, nil
}
