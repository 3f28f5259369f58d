// Package benchtext builds the inputs of the checks' speed and bound
// benchmarks, shared by the benchmarks under checks and by the benchtool
// command that times the suite against write-good as whole processes:
// the benchmark text (the dd-agents contracts cycled), the realistic review
// memo (the fixture memo's findings and recommendations repeated and
// renumbered) and the adversarial inputs of the bounds (quotes, brackets,
// clause references, newlines).
package benchtext
