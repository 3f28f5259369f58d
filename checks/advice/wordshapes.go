package advice

// wordShapes is an exact prefilter for a set of lower-case ASCII words
// (letters, digits and '_', at most maxAltWord long): per length and first
// byte, the set of last bytes. The scans over every word of a long text
// look a word up in their word maps only when its shape fits: hashing
// every word cost about a fifth of the recommendation analysis.
type wordShapes [maxAltWord + 1][shapeBytes]uint64

// shapeBytes is how many byte classes shapeIndex tells apart.
const shapeBytes = 38

// shapeIndex maps a byte, ASCII letters folded to lower case, to its class
// in a word shape: letters 1 to 26, digits 27 to 36, '_' 37, and 0 for a
// byte no word of a wordShapes starts or ends with.
var shapeIndex = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = uint8(c-'a') + 1
		t[c-'a'+'A'] = uint8(c-'a') + 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = uint8(c-'0') + 27
	}
	t['_'] = 37
	return t
}()

// newWordShapes returns the shapes of words, each lower-case ASCII
// letters, digits or '_', at most maxAltWord long. It panics on another
// word, as regexp.MustCompile does on a bad pattern: the words are the
// package's own constants.
func newWordShapes(words ...string) *wordShapes {
	var f wordShapes
	for _, w := range words {
		n := len(w)
		if n == 0 || n > maxAltWord {
			panic("checks: newWordShapes: " + w + " is not a short word")
		}
		for i := 0; i < n; i++ {
			if w[i] >= 'A' && w[i] <= 'Z' || shapeIndex[w[i]] == 0 {
				panic("checks: newWordShapes: " + w + " is not lower-case ASCII word bytes")
			}
		}
		f[n][shapeIndex[w[0]]] |= 1 << shapeIndex[w[n-1]]
	}
	return &f
}

// MayHave reports whether w, ASCII letters lower-cased, may be one of the
// words: false when its length, first or last byte fits none.
func (f *wordShapes) MayHave(w string) bool {
	n := len(w)
	return n > 0 && n <= maxAltWord && f.fits(n, w[0], w[n-1])
}

// mayHaveRun is MayHave for a run of bytes.
func (f *wordShapes) mayHaveRun(w []byte) bool {
	n := len(w)
	return n > 0 && n <= maxAltWord && f.fits(n, w[0], w[n-1])
}

// fits reports whether a word of n bytes (1 to maxAltWord) that starts
// with first and ends with last may be one of the words.
func (f *wordShapes) fits(n int, first, last byte) bool {
	a, b := shapeIndex[first], shapeIndex[last]
	return a != 0 && b != 0 && f[n][a]&(1<<b) != 0
}
