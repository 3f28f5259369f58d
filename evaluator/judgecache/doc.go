// Package judgecache serves repeated judge calls from a store, so that a
// candidate judged once is not judged again by a retried workflow, a re-run
// of an evaluator-quality suite or another replica of a worker.
//
// A Cache is an evaluator.Evaluator in front of a judge. Its keys cannot be
// wrong by construction: the cache itself always keys
//
//   - the candidate (its JSON encoding, or the bytes of its CandidateKey
//     method; a candidate type whose JSON encoding would drop data is
//     refused by NewCache),
//   - the task (ID, input, criteria, kind, requirements, evidence and
//     metadata),
//   - the judge's declared models (evaluator.ModelsOf),
//   - what the judge says its verdict depends on when it implements Keyer
//     (rubric.Judge does: rubric name, version and rendered prompt),
//
// and a caller's KeyFunc only adds to that key: it can never remove the
// candidate or the task from it.
//
// Three stores come with the library: MemoryStore (one process, bounded in
// bytes, least recently used first out), DiskStore (a folder shared by the
// processes of one machine, bounded in bytes across all of them, torn writes
// detected by a checksum) and, in its own module
// github.com/evalopt/evalopt/adapters/redis, a Redis store shared across
// machines. A store error is a miss, counted in Stats, never a failed
// evaluation.
//
// Within one process the cache makes one judge call per key at a time
// (single flight): concurrent identical calls wait for the first one, each
// honouring its own context. A decision the judge did not make for this call
// carries the "cache.hit" criterion (IsCached), with the entry's age in its
// reason, so the trace shows it.
package judgecache
