// Package quotematch verifies that a quoted piece of evidence appears in a source
// document, verbatim or near-verbatim, for the deterministic checks of
// evalopt (package checks, rules quote.*).
//
//	idx := quotematch.NewIndex(contract)         // once per source
//	m, err := idx.Verify(q, quotematch.Config{}) // per quote
//	if m.Kind == quotematch.Fabricated { ... }
//	passage := contract[m.Start:m.End]           // where it was found
//
// A quote is looked for verbatim (Exact), then after normalising both texts
// (Normalized): Unicode NFKC; curly quotes to straight, and single marks and
// apostrophes equal to double ones (a quotation inside a quotation swaps
// them); dashes and minus signs to '-'; runs of white space to one space;
// case folded. Matches must
// start and end at word boundaries. Failing that, a passage whose word-token
// similarity reaches the threshold (default 0.85) and that holds every
// number of the quote is NearVerbatim; anything else is Fabricated. Quotes
// with "..." or "…" elisions match segment by segment, in order.
//
// Locations are byte offsets in the original source (normalised positions
// are mapped back), always on rune boundaries. Near-verbatim search never
// slides a character window over the source: an inverted index of word
// tokens picks candidate windows from the quote's rarest words, and only
// those are aligned token by token.
//
// IndexCache keeps the indexes of the sources seen last, bounded by their bytes
// and least recently used first out, so that a loop and a task's evidence
// items index each source once, whatever their number. Passages finds the
// quoted passages of a candidate text (straight and curly quotes, block
// quotes) one at a time, in linear time and constant memory.
package quotematch
