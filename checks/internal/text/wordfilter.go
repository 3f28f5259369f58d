package text

// wordFilter tells, from a word's first two bytes and ASCII case aside,
// that it cannot be one of a set of lower-case words, so that a scan over
// every word of a long text lower-cases and looks up only the few that
// may be. It may say yes for a word not in the set, never no for one in it.
type wordFilter struct {
	// pairs[c][d/64] has bit d%64 set when a word of the set starts with
	// the byte c followed by the byte d (0 for a one-letter word).
	pairs [256][4]uint64
}

// NewWordFilter returns the filter of words (lower case).
func NewWordFilter(words ...string) *wordFilter {
	f := &wordFilter{}
	for _, w := range words {
		if w == "" {
			continue
		}
		d := byte(0)
		if len(w) > 1 {
			d = w[1]
		}
		f.pairs[w[0]][d>>6] |= 1 << (d & 63)
	}
	return f
}

// MayHave reports whether w (any case) may be one of the filter's words:
// its first two bytes, ASCII letters lower-cased, start one of them. A
// word whose first two bytes are not both ASCII always may.
func (f *wordFilter) MayHave(w string) bool {
	if w == "" {
		return false
	}
	c, d := w[0], byte(0)
	if len(w) > 1 {
		d = w[1]
	}
	if c >= 0x80 || d >= 0x80 {
		return true
	}
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	if d >= 'A' && d <= 'Z' {
		d += 'a' - 'A'
	}
	return f.pairs[c][d>>6]&(1<<(d&63)) != 0
}

// KeysOf returns the keys of a word map, for newWordFilter.
func KeysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
