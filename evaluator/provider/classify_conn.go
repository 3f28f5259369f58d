//go:build !plan9

package provider

import (
	"errors"
	"syscall"
)

// droppedConnection reports whether err is a connection reset, refused or
// aborted, or a broken pipe.
func droppedConnection(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE)
}
