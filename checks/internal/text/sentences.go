package text

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// This file is the one definition of where a sentence ends: the
// punctuation rules (terminators, closing quotes and brackets,
// abbreviations, initials, decimals, list numbers, ellipses) live here and
// nowhere else. Readers that differ on purpose differ by an option of
// SentenceRules, never by a copy of the rules: readability also ends a
// sentence at a line that opens a Markdown block (BlockLines), the clause
// readers end one at every line break and at ';' (EveryLine, Semicolon).

// AbbrevClass says how a period after a word behaves.
type AbbrevClass uint8

const (
	// AbbrevNone: the word is no abbreviation; the period ends a sentence.
	AbbrevNone AbbrevClass = iota
	// AbbrevNever: a period after the word never ends a sentence ("e.g.").
	AbbrevNever
	// AbbrevNumbering: a period after the word does not end a sentence
	// when a number or "(" follows ("Sec. 4.1"), and does otherwise.
	AbbrevNumbering
	// AbbrevTerminal: a period after the word ends a sentence only before
	// an upper-case word ("Acme Inc. agrees" vs "of Acme Inc. The").
	AbbrevTerminal
	// AbbrevLabel: not an abbreviation, a word before a label letter: a
	// capital and a period after it end a sentence ("Exhibit A. The").
	AbbrevLabel
	// AbbrevCitation: a citation abbreviation of a court, code or state
	// ("Cal. Civ. Code", "Del."): a period after it never ends a sentence
	// for the readers that enable Citations.
	AbbrevCitation
)

// LineBreaks says which line breaks end a sentence.
type LineBreaks uint8

const (
	// BlockLines: a blank line, or a line break before a line that opens a
	// Markdown or list block (a table row, heading, block quote, bullet or
	// numbered item), so tables and lists are read item by item.
	BlockLines LineBreaks = iota
	// EveryLine: every line break.
	EveryLine
)

// SentenceRules are the rules of where a sentence ends, with the options
// the readers differ on. Build one with NewSentenceRules; the zero value
// knows no abbreviations.
type SentenceRules struct {
	abbrev    map[string]AbbrevClass
	abbrevMax int
	fold      func(rune) rune
	// Lines says which line breaks end a sentence (default BlockLines).
	Lines LineBreaks
	// Semicolon makes ';' end a sentence (default false).
	Semicolon bool
	// Markup counts Markdown emphasis and code marks ('*', '_', '`') after
	// the terminator as closers ("(no change).** Keep"), with quotes and
	// brackets (default false).
	Markup bool
	// Citations makes AbbrevCitation words abbreviations (default false:
	// "the bus. The" ends).
	Citations bool
	// AnyInitial makes any one letter before a period an initial ("e.g.",
	// "U.S.", "x."), not only a capital outside a label (default false).
	AnyInitial bool
	// Exclaim makes '!', '?' and '…' end a sentence before a lower-case
	// word too (default false: "“Why?” she asked" is one sentence).
	Exclaim bool
}

// NewSentenceRules returns rules that look words up in abbrev (keys lower
// case, without the period; for a phrase such as "et al" the last word),
// folding the words of the text with fold (nil: unicode.ToLower).
func NewSentenceRules(abbrev map[string]AbbrevClass, fold func(rune) rune) *SentenceRules {
	if fold == nil {
		fold = unicode.ToLower
	}
	r := &SentenceRules{abbrev: abbrev, fold: fold}
	for k := range abbrev {
		r.abbrevMax = max(r.abbrevMax, len(k))
	}
	return r
}

// With returns a copy of r whose options are set by set.
func (r *SentenceRules) With(set func(*SentenceRules)) *SentenceRules {
	c := *r
	set(&c)
	return &c
}

// maxAbbrevKey bounds the bytes of a word looked up as an abbreviation.
const maxAbbrevKey = 40

// SentenceEndFrom returns the end of the sentence that starts at start:
// after its terminator and closers, or at the line break that ends it
// (white space before it trimmed), or len(text).
func (r *SentenceRules) SentenceEndFrom(text string, start int) int {
	for i := start; i < len(text); i++ {
		if !sentenceByte[text[i]] {
			continue // most bytes: nothing to decide
		}
		switch text[i] {
		case '\n':
			if r.Lines == EveryLine || blankLineAt(text, i) || BlockStartAt(text, i+1) {
				return trimSpaceRight(text, start, i)
			}
		case ';':
			if r.Semicolon {
				return i
			}
		default:
			end, next, ok := r.Stop(text, i)
			if ok {
				return end
			}
			i = next - 1
		}
	}
	return trimSpaceRight(text, start, len(text))
}

// Stop decides whether the terminator at i ('.', '!', '?' or '…') ends a
// sentence. If it does, end is the sentence end (after closing quotes,
// brackets and, with Markup, emphasis marks); if not, next is where to
// look on (past the run of terminators). A sentence does not end:
//   - inside a number or word ("3.2", "$1,000.50", "e.g", "U.S");
//   - unless white space or the end of the text follows the closers;
//   - after an abbreviation of class AbbrevNever ("e.g.", "U.S.");
//   - after an AbbrevNumbering word followed by a number or "(" ("Sec. 4.1");
//   - after an AbbrevTerminal word ("Inc.", "etc.") unless an upper-case
//     word follows;
//   - after a single capital letter (an initial: "J. Smith"), unless it
//     follows a label word ("Exhibit A. The"); with AnyInitial after any
//     one letter;
//   - after a number that opens its line ("2. second item", "## 3. Fees");
//   - at '!', '?' or an ellipsis followed by a lower-case word, unless
//     Exclaim.
func (r *SentenceRules) Stop(text string, i int) (end, next int, ok bool) {
	c := text[i]
	switch {
	case c == '.' && i+1 < len(text) && alnumByte[text[i+1]]:
		return 0, i + 1, false // "3.2", "e.g", "U.S": a period inside a token
	case c == '.' || c == '!' || c == '?' || hasEllipsisAt(text, i):
	default:
		return 0, i + 1, false
	}
	j := skipTerminators(text, i)
	k := r.skipClosers(text, j)
	if k < len(text) && !isSpaceAt(text, k) {
		return 0, j, false // "U.S.A", "e.g.,", "?!x": not followed by a space
	}
	at := skipSpace(text, k)
	if at >= len(text) {
		return k, j, true
	}
	nr, _ := utf8.DecodeRuneInString(text[at:])
	if r.ends(text, i, j, nr) {
		return k, j, true
	}
	return 0, j, false
}

// ends applies the word rules to the terminator run text[i:j] followed,
// after white space, by the rune nr.
func (r *SentenceRules) ends(text string, i, j int, nr rune) bool {
	if text[i:j] != "." {
		// '!', '?' or an ellipsis: a lower-case continuation is the same
		// sentence ("Playing ... games", "“Why?” she asked").
		return r.Exclaim || !unicode.IsLower(nr)
	}
	word := wordBefore(text, i)
	if isListNumber(text, i-len(word), word) {
		return false // "2. second item", "## 3. Fees": a list or heading number
	}
	if len(word) > r.abbrevMax {
		return true // longer than any abbreviation or a lone initial
	}
	switch r.class(word) {
	case AbbrevNever:
		return false
	case AbbrevCitation:
		return !r.Citations
	case AbbrevNumbering:
		return nr != '(' && !unicode.IsDigit(nr)
	case AbbrevTerminal:
		return unicode.IsUpper(nr)
	}
	l, size := utf8.DecodeRuneInString(word)
	switch {
	case size != len(word) || !unicode.IsLetter(l):
		return true
	case r.AnyInitial:
		return false // "e.g.", "x.": any one letter
	case !unicode.IsUpper(l):
		return true
	}
	// A lone capital: an initial, unless a label word precedes it.
	return r.class(wordBefore(text, i-len(word))) == AbbrevLabel
}

// class returns the abbreviation class of word.
func (r *SentenceRules) class(word string) AbbrevClass {
	if len(word) > r.abbrevMax {
		return AbbrevNone
	}
	var buf [maxAbbrevKey]byte
	key, fits := textscan.FoldInto(buf[:0], word, r.fold)
	if !fits || len(key) == 0 {
		return AbbrevNone
	}
	return r.abbrev[string(key)]
}

// BreakAt reports whether the byte at j ends a sentence under r: a line
// break (see Lines), a ';' with Semicolon, or a terminator that Stop ends
// a sentence at.
func (r *SentenceRules) BreakAt(text string, j int) bool {
	switch text[j] {
	case '\n':
		return r.Lines == EveryLine || blankLineAt(text, j) || BlockStartAt(text, j+1)
	case ';':
		return r.Semicolon
	case '.', '!', '?', 0xE2:
		_, _, ok := r.Stop(text, j)
		return ok
	}
	return false
}

// clauseRules are the rules of the readers that take a statement with its
// qualifiers and citations ("governed by U.S. law", "Cal. Civ. Code"): the
// embedded table with its citations, any one letter an initial, Markdown
// emphasis a closer ("(no change).** Keep"), and a sentence ending at every
// line break, at ';' and at '!' or '?' whatever follows.
var clauseRules = sync.OnceValue(func() *SentenceRules {
	return DefaultSentenceRules().With(func(r *SentenceRules) {
		r.Lines, r.Semicolon, r.Markup = EveryLine, true, true
		r.Citations, r.AnyInitial, r.Exclaim = true, true, true
	})
})

// ClauseSentenceRules returns the rules SentenceAround reads a clause by
// (shared: change options with With).
func ClauseSentenceRules() *SentenceRules { return clauseRules() }

// SentenceStart returns the start of the sentence holding offset at, not
// before from: just after the last line break or ';' before at that ends
// a sentence, or after the last such terminator, its closers and the white
// space after them; from when there is none.
func (r *SentenceRules) SentenceStart(text string, from, at int) int {
	for j := at - 1; j >= from; j-- {
		c := text[j]
		if !sentenceByte[c] || !r.BreakAt(text, j) {
			continue
		}
		if c == '\n' || c == ';' {
			return j + 1
		}
		end, _, _ := r.Stop(text, j)
		return min(skipSpace(text, end), at)
	}
	return from
}
