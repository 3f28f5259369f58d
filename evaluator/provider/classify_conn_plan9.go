//go:build plan9

package provider

// droppedConnection is always false on Plan 9, whose syscall package has
// no errno values for dropped connections; its network errors surface as
// net.Error timeouts or stay unclassified (and are retried).
func droppedConnection(error) bool { return false }
