package check

// A loop revises one deliverable against one source: every evaluation
// reads the same contract. What the checks learn about a source — the
// outline of its labels, the reference keywords it uses — depends on the
// source alone, so a Suite keeps it between evaluations, as the quote
// check keeps its source indexes (quote.IndexCache): bounded by bytes,
// least recently used out first.

// defaultSourceCacheBytes is the memory budget of a Suite's source cache:
// about 16 MB of source text.
const defaultSourceCacheBytes = 64 << 20
