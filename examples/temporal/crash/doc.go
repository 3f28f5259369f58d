// Package crash holds the crash test of the Temporal example (crash_test.go):
// a real Temporal dev server on 127.0.0.1 with its state in a SQLite file,
// the worker program with the demo's roles, and SIGKILLs of the worker, the
// server and both in the middle of a role call. It runs when
// EVALOPT_TEMPORAL_CRASH=1 (.ci/test sets it when run by .ci/run); it
// builds the server (github.com/temporalio/cli v1.5.1, from the Go module
// proxy) once into the user cache, or uses EVALOPT_TEMPORAL_CLI.
package crash
