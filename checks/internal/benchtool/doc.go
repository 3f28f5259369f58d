// Command benchtool times the default suite against write-good 1.0.8 as
// whole processes on the benchmark text (the 18 dd-agents contracts in name
// order, a blank line between each, cycled to at least 1 MiB), the way
// docs/performance.md quotes the ratio.
//
//	go run ./checks/internal/benchtool compare -writegood /tmp/wg/node_modules/write-good
//
// compare writes the text to a temporary file, then for each round runs,
// sides alternating, this program's "suite" command (a fresh process that
// builds checks.DefaultSuite() and runs Evaluate once on a task with no
// kind, then once more as a contract) and node running write-good with its
// default checks on the same file (its library call; -cli runs its command
// line, which also prints every suggestion in context and costs tens of
// times more). It prints each round's wall and CPU times, the per-round
// ratios write-good/suite, and their medians.
//
//	go run ./checks/internal/benchtool text -o bench.txt   (the text only)
//	go run ./checks/internal/benchtool suite -kind contract bench.txt
package main
