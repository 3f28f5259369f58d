package quotematch

import (
	"strings"
	"unicode"

	"github.com/evalopt/evalopt/internal/textscan"
)

// Index is a source text prepared for quote verification: its normalised
// form with offsets back to the original, and an inverted index of its word
// tokens used to pick candidate windows for near-verbatim matching. Build it
// once per source with NewIndex and verify any number of quotes against it.
// An Index is immutable and safe for concurrent use.
type Index struct {
	src  string
	norm normText
	// toks are the word tokens of norm.s: maximal runs of letters, digits and
	// combining marks.
	toks  []token
	vocab map[string]uint32 // token text -> id
	post  [][]int32         // id -> token positions, ascending
	// size estimates the bytes the index holds, source included, for
	// IndexCache's budget.
	size int64
}

type token struct {
	ns, ne int32 // byte range in norm.s
	id     uint32
}

// noID is the id of a quote token that does not occur in the source.
const noID = ^uint32(0)

// NewIndex normalises and indexes source. It never fails: invalid UTF-8 is
// read as U+FFFD.
func NewIndex(source string) *Index {
	x := &Index{src: source, norm: normalize(source), vocab: map[string]uint32{}}
	x.toks = make([]token, 0, len(x.norm.s)/6+1)
	var counts []int32
	var vocabBytes int64
	for s, e := range tokens.Words(x.norm.s) {
		w := x.norm.s[s:e]
		id, ok := x.vocab[w]
		if !ok {
			id = uint32(len(counts))
			x.vocab[w] = id
			counts = append(counts, 0)
			vocabBytes += int64(len(w)) + mapEntryBytes
		}
		counts[id]++
		x.toks = append(x.toks, token{int32(s), int32(e), id})
	}
	// Postings share one slab: one allocation instead of one per word.
	slab := make([]int32, len(x.toks))
	x.post = make([][]int32, len(counts))
	off := 0
	for id, n := range counts {
		x.post[id] = slab[off : off : off+int(n)]
		off += int(n)
	}
	for i, t := range x.toks {
		x.post[t.id] = append(x.post[t.id], int32(i))
	}
	x.size = int64(len(source)) + int64(len(x.norm.s)) + 4*int64(cap(x.norm.start)+cap(x.norm.end)) +
		12*int64(cap(x.toks)) + 4*int64(len(slab)) + 24*int64(len(x.post)) + vocabBytes
	return x
}

// mapEntryBytes is what one vocabulary entry costs besides its key's bytes:
// the string header, the id and the map's own overhead, roughly.
const mapEntryBytes = 40

// Source returns the text the index was built from.
func (x *Index) Source() string { return x.src }

// tokens finds the word tokens of normalised text: maximal runs of letters
// and digits, with the combining marks that follow them.
var tokens = textscan.New(textscan.Rules{ASCII: textscan.ASCIIAlnum(), Other: func(r rune) textscan.Class {
	if unicode.IsMark(r) {
		return textscan.Mark
	}
	return textscan.LettersAndDigits(r)
}})

// segTokens are the word tokens of a normalised quote segment.
type segTokens struct {
	ids     []uint32 // noID for a token the source does not hold
	offs    []int    // byte offset of each token in the segment
	numbers []uint32 // ids of the tokens holding a digit or naming a number
}

// tokenize returns the tokens of a normalised quote segment.
func (x *Index) tokenize(seg string) segTokens {
	var t segTokens
	for s, e := range tokens.Words(seg) {
		id, ok := x.vocab[seg[s:e]]
		if !ok {
			id = noID
		}
		t.ids = append(t.ids, id)
		t.offs = append(t.offs, s)
		if strings.ContainsAny(seg[s:e], "0123456789") || numberWords[seg[s:e]] {
			t.numbers = append(t.numbers, id)
		}
	}
	return t
}

// rarest returns the index in t of the token with the fewest occurrences in
// the source, or -1 when a token does not occur at all (then the segment
// cannot appear verbatim or normalised).
func (x *Index) rarest(t segTokens) int {
	best := -1
	for i, id := range t.ids {
		if id == noID {
			return -1
		}
		if best < 0 || len(x.post[id]) < len(x.post[t.ids[best]]) {
			best = i
		}
	}
	return best
}

// hasAll reports whether every id of want occurs among the tokens [ts, te).
func (x *Index) hasAll(want []uint32, ts, te int) bool {
	for _, id := range want {
		found := false
		for k := ts; k < te && !found; k++ {
			found = x.toks[k].id == id
		}
		if !found {
			return false
		}
	}
	return true
}

// firstTokenAt returns the index of the first token starting at or after
// the normalised offset off.
func (x *Index) firstTokenAt(off int) int {
	lo, hi := 0, len(x.toks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(x.toks[m].ns) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// numberWords are the (normalised, lower-case) words that name a number: a
// quotation that says "six months" where the source says "three months"
// changes a figure, however similar the rest.
var numberWords = map[string]bool{
	"zero": true, "one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true,
	"thirteen": true, "fourteen": true, "fifteen": true, "sixteen": true, "seventeen": true,
	"eighteen": true, "nineteen": true, "twenty": true, "thirty": true, "forty": true, "fifty": true,
	"sixty": true, "seventy": true, "eighty": true, "ninety": true, "hundred": true, "thousand": true,
	"million": true, "billion": true, "half": true, "double": true, "twice": true, "triple": true,
}
