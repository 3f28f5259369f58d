//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package judgecache

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"
)

// lockSupported reports that DiskStore has no file lock on this system.
func lockSupported() error {
	return errors.New("DiskStore needs flock, which " + runtime.GOOS + " lacks (Linux and macOS have it)")
}

func lockFile(*os.File) error   { return lockSupported() }
func unlockFile(*os.File) error { return nil }

// readEntryFile reads a whole entry file and its modification time.
func readEntryFile(path string) ([]byte, time.Time, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	if st.Size() > maxEntryBytes {
		return nil, time.Time{}, fmt.Errorf("%w: %s: %d bytes", ErrEntryCorrupt, path, st.Size())
	}
	b, err := io.ReadAll(io.LimitReader(f, maxEntryBytes))
	return b, st.ModTime(), err
}
