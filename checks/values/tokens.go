package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads the words of a sentence: their lower-case forms, what
// they may start, and their subject ids.

// lowerTok returns token i lower-cased (cached per document, so a
// capitalised word is copied once). Words longer than 32 bytes or not
// ASCII return "".
func (d *valueDoc) lowerTok(i int) string {
	t := d.toks[i]
	if t.word > 0 {
		return d.words[t.word-1].lower // interned: no lookup
	}
	return d.lowerWord(d.text[t.start:t.end])
}

// lowerWord returns the word w lower-cased, as lowerTok does for a token.
func (d *valueDoc) lowerWord(w string) string {
	if vIsLowerASCII(w) {
		return w // already lower case: no copy
	}
	if l, ok := d.lower[w]; ok {
		return l
	}
	l, _ := vLowerWord(&d.lbuf, w)
	if d.lower == nil {
		d.lower = map[string]string{}
	}
	d.lower[w] = l
	return l
}

// vWord is what is known of one word as written, computed once per
// document: its lower-case form, whether sentTense reads it, and its
// subject id (read on first need, so that only the words of sentences
// holding values get ids).
type vWord struct {
	lower   string
	id      int32 // subject word id, or -1; valid once idDone
	idDone  bool
	acrDone bool // tokID has marked its id as an acronym if it is one
	tense   bool // a word sentTense acts on (see vTenseWord)
	ref     bool // one of vRefWords ("clause", "section")
	lex     uint8
	cls     uint8 // wPreLink, wClause, wPartVerb: the word tables describe reads per token (wordIn)
	lexDone bool  // tense, ref, lex and cls are set: by internToks, as only a token's word needs them
}

// Word tables of describe, as vWord.cls bits.
const (
	wPreLink  uint8 = 1 << iota // a key of vPreLinks
	wClause                     // a key of vClauseWords
	wPartVerb                   // a key of vPartVerbs
)

// vCls returns the vWord.cls bits of the lower-case word w.
func vCls(w string) uint8 {
	var b uint8
	if vPreLinks[w] {
		b |= wPreLink
	}
	if vClauseWords[w] {
		b |= wClause
	}
	if vPartVerbs[w] {
		b |= wPartVerb
	}
	return b
}

// wordIn reports whether token k, lower-cased, is a key of m, the table
// of bit: read from its interned word when it has one (one slice read, not
// a map look-up per token and value).
func (d *valueDoc) wordIn(k int, bit uint8, m map[string]bool) bool {
	if t := d.toks[k]; t.word > 0 {
		return d.words[t.word-1].cls&bit != 0
	}
	return m[d.lowerTok(k)]
}

// What a word may start, as vWord.lex bits (see vLex).
const (
	vlCurrency uint8 = 1 << iota // a key of doctext.CurrencyWords
	vlMonth                      // a key of months
	vlNumber                     // a key of numberWords
)

// vLex returns the vWord.lex bits of the lower-case word w.
func vLex(w string) uint8 {
	var b uint8
	if _, ok := doctext.CurrencyWords[w]; ok {
		b |= vlCurrency
	}
	if _, ok := doctext.Months[w]; ok {
		b |= vlMonth
	}
	if _, ok := doctext.NumberWords[w]; ok {
		b |= vlNumber
	}
	return b
}

// lexAt returns the vWord.lex bits of token i, whose lower case is w:
// from its interned word when it has one.
func (d *valueDoc) lexAt(i int, w string) uint8 {
	if t := d.toks[i]; t.word > 0 {
		return d.words[t.word-1].lex
	}
	return vLex(w)
}

// internToks sets the word index of every word token of the sentence: one
// map lookup per token, after which lowerTok, tokID and sentTense read a
// slice.
func (d *valueDoc) internToks() {
	for i := range d.toks {
		t := &d.toks[i]
		if t.kind != tWord {
			continue
		}
		k := d.internWord(d.text[t.start:t.end])
		if info := &d.words[k-1]; !info.lexDone {
			// What a token reads of its word, filled on the first token
			// of it: words interned for their ids only (headings,
			// labels) never need it.
			info.tense, info.ref, info.lex, info.cls, info.lexDone = vTenseWord(info.lower), vRefWords[info.lower], vLex(info.lower), vCls(info.lower), true
		}
		t.word = k
	}
}

// internWord returns 1 + the index in d.words of the word w as written,
// adding it on first sight.
func (d *valueDoc) internWord(w string) int32 {
	if k, ok := d.surface[w]; ok {
		return k
	}
	l := w // lowerWord's answer, without its cache: the record keeps it
	if !vIsLowerASCII(w) {
		l, _ = vLowerWord(&d.lbuf, w)
	}
	d.words = append(d.words, vWord{lower: l})
	k := int32(len(d.words))
	if d.surface == nil {
		d.surface = map[string]int32{}
	}
	d.surface[w] = k
	return k
}

// vTenseWord reports whether sentTense acts on the lower-case word w: a
// proposing, hypothetical or old-text marker, or a word of need.
func vTenseWord(w string) bool {
	if vProposalWords[w] || vHypoWords[w] {
		return true
	}
	switch w {
	case "requires", "require", "need", "needs", "expect", "expects", "want", "wants",
		"such", "currently", "presently", "originally", "drafted", "stands":
		return true
	}
	return false
}

// tokIs reports whether token i is one of words (compared ignoring case).
func (d *valueDoc) tokIs(i int, words ...string) bool {
	if i < 0 || i >= len(d.toks) {
		return false
	}
	t := d.toks[i]
	s := d.text[t.start:t.end]
	for _, w := range words {
		if len(s) == len(w) && strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// sym returns token i's text when it is a symbol, else "".
func (d *valueDoc) sym(i int) string {
	if i < 0 || i >= len(d.toks) || d.toks[i].kind != tSym {
		return ""
	}
	return d.text[d.toks[i].start:d.toks[i].end]
}

// adjacent reports whether token i follows token i-1 with no space.
func (d *valueDoc) adjacent(i int) bool {
	return i > 0 && i < len(d.toks) && !d.toks[i].space
}

// keyOf returns the subject key of a word ("" for none), cached per
// document.
func (d *valueDoc) keyOf(w string) string {
	if k, ok := d.keys[w]; ok {
		return k // the word as written, seen before
	}
	var buf [32]byte
	lw, ok := vLowerWord(&buf, w)
	if !ok {
		return ""
	}
	if k, ok := d.keys[lw]; ok {
		d.keys[w] = k
		return k
	}
	k, _ := vSubjectKey(lw)
	d.keys[lw] = k
	d.keys[w] = k
	return k
}

// What is known of a word id, as valueDoc.idFlags bits.
const (
	idGeneric uint8 = 1 << iota // a generic head ("notice", "fee")
	idAcronym                   // read as an acronym ("RTO", "SLA")
)

// generic reports whether word id names a generic head ("notice", "fee").
func (d *valueDoc) generic(id int32) bool { return d.idFlags[id]&idGeneric != 0 }

// acronym reports whether word id was read as an acronym ("RTO", "SLA").
func (d *valueDoc) acronym(id int32) bool { return d.idFlags[id]&idAcronym != 0 }

// idOf returns the id of a subject key, adding it.
func (d *valueDoc) idOf(k string) int32 {
	if id, ok := d.ids[k]; ok {
		return id
	}
	id := int32(len(d.df))
	d.ids[k] = id
	var f uint8
	if valueWordLists().generic[k] {
		f = idGeneric
	}
	d.idFlags = append(d.idFlags, f)
	d.df = append(d.df, 0)
	d.seen = append(d.seen, -1)
	return id
}

// wordIDs appends the ids of the subject words of s to dst.
func (d *valueDoc) wordIDs(dst []int32, s string, _ bool) []int32 {
	for i := 0; i < len(s); {
		a, b := doctext.NextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		i = b
		// The word as written, interned: one lookup, and its id computed
		// once per document (the subject key, then its id, were two).
		if id := d.wordID(d.internWord(s[a:b]), s[a:b]); id >= 0 {
			dst = vAppendID(dst, id)
		}
	}
	return dst
}

// wordID returns the subject word id of the word w as written, interned
// as k (1 + its index in d.words), or -1, computed on first need.
func (d *valueDoc) wordID(k int32, w string) int32 {
	info := &d.words[k-1]
	if !info.idDone {
		info.id = -1
		if key := d.lowerKey(info.lower, len(w)); key != "" {
			info.id = d.idOf(key)
		}
		info.idDone = true
	}
	return info.id
}

// lowerKey returns keyOf's answer for a word of n bytes whose lower case
// (lowerWord) is lw: the subject key of lw, cached by lw only, and ""
// for a word keyOf cannot lower (not ASCII, or over 32 bytes).
func (d *valueDoc) lowerKey(lw string, n int) string {
	if lw == "" || n > 32 {
		return ""
	}
	if k, ok := d.keys[lw]; ok {
		return k
	}
	k, _ := vSubjectKey(lw)
	d.keys[lw] = k
	return k
}

// vIsLowerASCII reports whether w holds no capital and no byte outside
// ASCII: lowerWord returns it as it is.
func vIsLowerASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return false
		}
	}
	return true
}

// vAppendID appends id to a set kept as a slice.
func vAppendID(set []int32, id int32) []int32 {
	for _, x := range set {
		if x == id {
			return set
		}
	}
	return append(set, id)
}

// tokID returns the subject word id of token i, or -1. An acronym's id
// ("RTO", "SLA") is marked the first time a token reads it.
func (d *valueDoc) tokID(i int) int32 {
	t := d.toks[i]
	if t.kind != tWord {
		return -1
	}
	if t.word == 0 {
		d.internToks()
		t = d.toks[i]
	}
	if info := &d.words[t.word-1]; info.acrDone {
		return info.id // a word as written, seen before (most are)
	}
	w := d.text[t.start:t.end]
	id := d.wordID(t.word, w)
	if id >= 0 && len(w) >= 2 && len(w) <= 5 && vAllCaps(w) {
		d.idFlags[id] |= idAcronym
	}
	d.words[t.word-1].acrDone = true
	return id
}

// vAllCaps reports whether w is all capital ASCII letters.
func vAllCaps(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}
