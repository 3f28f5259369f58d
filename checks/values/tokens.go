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
	w := d.text[t.start:t.end]
	for k := 0; k < len(w); k++ {
		if c := w[k]; c >= 'A' && c <= 'Z' || c >= 0x80 {
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
	}
	return w // already lower case: no copy
}

// vWord is what is known of one word as written, computed once per
// document: its lower-case form, whether sentTense reads it, and its
// subject id (read on first need, so that only the words of sentences
// holding values get ids).
type vWord struct {
	lower  string
	id     int32 // subject word id, or -1; valid once idDone
	idDone bool
	tense  bool // a word sentTense acts on (see vTenseWord)
	ref    bool // one of vRefWords ("clause", "section")
	lex    uint8
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
		w := d.text[t.start:t.end]
		k, ok := d.surface[w]
		if !ok {
			t.word = 0
			l := d.lowerTok(i)
			d.words = append(d.words, vWord{lower: l, tense: vTenseWord(l), ref: vRefWords[l], lex: vLex(l)})
			k = int32(len(d.words))
			if d.surface == nil {
				d.surface = map[string]int32{}
			}
			d.surface[w] = k
		}
		t.word = k
	}
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

// idOf returns the id of a subject key, adding it.
func (d *valueDoc) idOf(k string) int32 {
	if id, ok := d.ids[k]; ok {
		return id
	}
	id := int32(len(d.df))
	d.ids[k] = id
	if valueWordLists().generic[k] {
		if d.generic == nil {
			d.generic = map[int32]bool{}
		}
		d.generic[id] = true
	}
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
		if k := d.keyOf(s[a:b]); k != "" {
			dst = vAppendID(dst, d.idOf(k))
		}
	}
	return dst
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

// tokID returns the subject word id of token i, or -1.
func (d *valueDoc) tokID(i int) int32 {
	t := d.toks[i]
	if t.kind != tWord {
		return -1
	}
	if t.word == 0 {
		d.internToks()
		t = d.toks[i]
	}
	info := &d.words[t.word-1]
	if info.idDone {
		return info.id // a word as written, seen before (most are)
	}
	w := d.text[t.start:t.end]
	k := d.keyOf(w)
	id := int32(-1)
	if k != "" {
		id = d.idOf(k)
		if len(w) >= 2 && len(w) <= 5 && vAllCaps(w) {
			if d.acronym == nil {
				d.acronym = map[int32]bool{}
			}
			d.acronym[id] = true
		}
	}
	info.id, info.idDone = id, true
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
