//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package judgecache

import (
	"os"
	"syscall"
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
