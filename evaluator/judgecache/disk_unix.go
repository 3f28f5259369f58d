//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package judgecache

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockSupported reports whether DiskStore can lock its folder here.
func lockSupported() error { return nil }

// lockFile takes an exclusive flock on f, waiting for it. A lock is held by
// the open file: a process that dies releases it.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// readEntryFile reads a whole entry file and its modification time with
// plain system calls: an entry file is never polled, so os.File's poller
// registration would only add calls to every hit.
func readEntryFile(path string) ([]byte, time.Time, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, time.Time{}, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, time.Time{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Size > maxEntryBytes {
		return nil, time.Time{}, fmt.Errorf("%w: %s: %d bytes", ErrEntryCorrupt, path, st.Size)
	}
	b := make([]byte, st.Size)
	for n := 0; n < len(b); {
		m, err := syscall.Read(fd, b[n:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, time.Time{}, &os.PathError{Op: "read", Path: path, Err: err}
		case m == 0: // shorter than its size said: read as a torn entry
			return b[:n], modTime(&st), nil
		}
		n += m
	}
	return b, modTime(&st), nil
}
