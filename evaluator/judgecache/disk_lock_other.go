//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package judgecache

import (
	"errors"
	"os"
	"runtime"
)

// lockSupported reports that DiskStore has no file lock on this system.
func lockSupported() error {
	return errors.New("DiskStore needs flock, which " + runtime.GOOS + " lacks (Linux and macOS have it)")
}

func lockFile(*os.File) error   { return lockSupported() }
func unlockFile(*os.File) error { return nil }
