package readscore

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/textscan"
)

// Config replaces the embedded word lists of an Analyzer. The zero value
// (every list nil) means the embedded defaults (DefaultAbbreviations and
// friends); to extend a list, append to its default:
// Config{Jargon: append(DefaultJargon(), "viz")}. An empty list (non-nil,
// length 0) means none. Entries are compared case-insensitively; a trailing
// period is ignored.
type Config struct {
	// Abbreviations after which a period never ends a sentence (default
	// DefaultAbbreviations).
	Abbreviations []string
	// NumberingAbbreviations after which a period does not end a sentence
	// when a number or "(" follows (default DefaultNumberingAbbreviations).
	NumberingAbbreviations []string
	// TerminalAbbreviations after which a period ends a sentence only when
	// the next word starts with an upper-case letter (default
	// DefaultTerminalAbbreviations).
	TerminalAbbreviations []string
	// Jargon words and phrases counted by Stats.JargonTokens (default
	// DefaultJargon).
	Jargon []string
	// DraftingForms are phrases whose words are never counted as jargon
	// (default DefaultDraftingForms).
	DraftingForms []string
}

// Word flags, one lookup per word gives all of them.
const (
	flagBe uint16 = 1 << iota
	flagParticiple
	flagNotParticiple
	flagAdverb
	flagJargon
	flagPhrase
)

type wordInfo struct {
	syllables uint8 // from the exceptions list; 0 = use the rules
	flags     uint16
	phrases   uint16 // with flagPhrase: 1 + index into Analyzer.phraseSets
}

// phrase is a multi-word jargon entry or drafting form; words[0] is the key.
type phrase struct {
	words    []string
	drafting bool
}

// Analyzer splits sentences, tokenizes words, counts syllables and computes
// readability statistics. Build it with New; the zero value is not usable.
// An Analyzer is immutable and safe for concurrent use.
type Analyzer struct {
	words   map[string]wordInfo
	phrases map[string][]phrase // first word -> phrases, longest first
	// phraseSets holds the same lists, indexed by wordInfo.phrases, so the
	// per-word lookup that is cached also finds the phrases.
	phraseSets [][]phrase
	// rules are the text layer's sentence rules over this Analyzer's
	// abbreviations.
	rules *doctext.SentenceRules
	// caches recycles word caches between calls; a cache depends only on
	// this Analyzer's lists, so a recycled one keeps its entries.
	caches sync.Pool
}

var defaultAnalyzer = sync.OnceValue(func() *Analyzer {
	a, err := New(Config{})
	if err != nil {
		// The embedded lists are checked by the package tests; an error here
		// is a build defect, not bad user input.
		panic("readability: embedded lists are invalid: " + err.Error())
	}
	return a
})

// Default returns the Analyzer built from the embedded lists.
func Default() *Analyzer { return defaultAnalyzer() }

// New builds an Analyzer from cfg (nil lists mean the embedded defaults).
// An empty entry, one longer than 40 bytes or one that is not UTF-8 is an
// *evaluator.FieldError naming the list and index ("Config.Jargon[3]:
// empty") that matches evaluator.ErrInvalidOption.
func New(cfg Config) (*Analyzer, error) {
	a := &Analyzer{
		words:   map[string]wordInfo{},
		phrases: map[string][]phrase{},
	}
	a.caches.New = func() any { return new(wordCache) }
	if err := a.addAbbreviations(cfg); err != nil {
		return nil, err
	}
	if err := a.addWordLists(); err != nil {
		return nil, err
	}
	if err := a.addLexicons(cfg); err != nil {
		return nil, err
	}
	a.indexPhrases()
	return a, nil
}

// orDefault returns l, or def when l is nil (an empty non-nil list stays
// empty: it means none).
func orDefault(l, def []string) []string {
	if l == nil {
		return def
	}
	return l
}

// addAbbreviations fills the abbreviation table from cfg's three lists and
// the embedded label words.
func (a *Analyzer) addAbbreviations(cfg Config) error {
	abbrevs := []struct {
		name  string
		list  []string
		class doctext.AbbrevClass
	}{
		{"Config.Abbreviations", orDefault(cfg.Abbreviations, DefaultAbbreviations()), doctext.AbbrevNever},
		{"Config.NumberingAbbreviations", orDefault(cfg.NumberingAbbreviations, DefaultNumberingAbbreviations()), doctext.AbbrevNumbering},
		{"Config.TerminalAbbreviations", orDefault(cfg.TerminalAbbreviations, DefaultTerminalAbbreviations()), doctext.AbbrevTerminal},
		{"labels", doctext.SentenceAbbreviations("labels"), doctext.AbbrevLabel},
	}
	table := map[string]doctext.AbbrevClass{}
	for _, l := range abbrevs {
		for i, e := range l.list {
			key, err := entryKey(l.name, i, e)
			if err != nil {
				return err
			}
			key = strings.TrimSuffix(key, ".")
			if f := strings.Fields(key); len(f) > 1 {
				key = f[len(f)-1] // "et al" is matched on "al"
			}
			table[key] = l.class
		}
	}
	a.rules = doctext.NewSentenceRules(table, keyRune)
	return nil
}

// addWordLists records the embedded syllable exceptions and the passive
// voice word classes (be, adverbs, participles) in the word table.
func (a *Analyzer) addWordLists() error {
	syl, err := parseSyllables()
	if err != nil {
		return err
	}
	for w, n := range syl {
		info := a.words[w]
		info.syllables = uint8(n)
		a.words[w] = info
	}
	passive := sections(passiveTxt)
	for section, flag := range map[string]uint16{
		"be": flagBe, "adverbs": flagAdverb, "participles": flagParticiple, "not-participles": flagNotParticiple,
	} {
		for _, w := range passive[section] {
			a.setFlag(normKey(w), flag)
		}
	}
	return nil
}

// addLexicons records cfg's jargon and drafting forms: a one-word jargon
// entry is a word flag, anything else a phrase keyed by its first word.
func (a *Analyzer) addLexicons(cfg Config) error {
	lexicons := []struct {
		name     string
		list     []string
		drafting bool
	}{
		{"Config.Jargon", orDefault(cfg.Jargon, DefaultJargon()), false},
		{"Config.DraftingForms", orDefault(cfg.DraftingForms, DefaultDraftingForms()), true},
	}
	for _, l := range lexicons {
		for i, e := range l.list {
			key, err := entryKey(l.name, i, e)
			if err != nil {
				return err
			}
			f := strings.Fields(key)
			if len(f) == 1 && !l.drafting {
				a.setFlag(f[0], flagJargon)
				continue
			}
			a.setFlag(f[0], flagPhrase)
			a.phrases[f[0]] = append(a.phrases[f[0]], phrase{words: f, drafting: l.drafting})
		}
	}
	return nil
}

// indexPhrases orders each first word's phrases and numbers the phrase sets
// in key order, so the cached per-word lookup finds them by index.
func (a *Analyzer) indexPhrases() {
	for k, ps := range a.phrases {
		// Longest first, drafting forms before jargon of the same length, so
		// "shall be deemed" wins over any shorter entry.
		sortPhrases(ps)
		a.phrases[k] = ps
	}
	keys := make([]string, 0, len(a.phrases))
	for k := range a.phrases {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic indexes
	for _, k := range keys {
		a.phraseSets = append(a.phraseSets, a.phrases[k])
		info := a.words[k]
		info.phrases = uint16(len(a.phraseSets))
		a.words[k] = info
	}
}

func sortPhrases(ps []phrase) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && phraseBefore(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

func phraseBefore(a, b phrase) bool {
	if len(a.words) != len(b.words) {
		return len(a.words) > len(b.words)
	}
	return a.drafting && !b.drafting
}

func (a *Analyzer) setFlag(w string, f uint16) {
	info := a.words[w]
	info.flags |= f
	a.words[w] = info
}

// entryKey validates and normalises one list entry. Its errors quote at
// most maxKey bytes of the entry, so a huge entry gives a short message.
func entryKey(list string, i int, e string) (string, error) {
	e = strings.TrimSpace(e)
	problem := ""
	switch {
	case e == "":
		problem = "empty"
	case !utf8.ValidString(e):
		problem = "invalid UTF-8"
	case len(e) > maxKey:
		problem = fmt.Sprintf("%q... is longer than %d bytes", e[:maxKey], maxKey)
	}
	if problem != "" {
		return "", fmt.Errorf("readability: %w", &evaluator.FieldError{
			Field: fmt.Sprintf("%s[%d]", list, i), Problem: problem, Err: evaluator.ErrInvalidOption})
	}
	return strings.Join(strings.Fields(normKey(e)), " "), nil
}

// maxKey is the longest word the lookups consider; longer words are never
// abbreviations, jargon or exceptions, and lookups use a stack buffer.
const maxKey = 40

// normKey lower-cases s and maps the typographic apostrophe to "'", the
// same normalisation lowerInto applies to words of the text.
func normKey(s string) string {
	var buf [maxKey * 2]byte
	if k, ok := lowerInto(buf[:0], s); ok {
		return string(k)
	}
	return strings.ToLower(s)
}

// lowerInto appends the lower-cased s to dst (which must have capacity for
// it; ok is false when it does not) mapping U+2019 to the ASCII apostrophe and accented
// Latin vowels to their base letter (keyRune), without allocating.
func lowerInto(dst []byte, s string) ([]byte, bool) { return textscan.FoldInto(dst, s, keyRune) }

// keyRune is the key form of a non-ASCII rune of a word: the typographic
// apostrophes become the ASCII one, accented Latin vowels their base letter (so the
// syllable rules see "café" as "cafe"), anything else its lower case.
func keyRune(r rune) rune {
	if r == '\u2019' || r == '\u2018' {
		return '\''
	}
	if b := foldVowel(r); b != 0 {
		return rune(b)
	}
	return unicode.ToLower(r)
}

// foldVowel maps accented Latin vowels to their ASCII base letter so the
// syllable rules see "café" as "cafe"; 0 for anything else.
func foldVowel(r rune) byte {
	switch unicode.ToLower(r) {
	case 'à', 'á', 'â', 'ä', 'ã', 'å':
		return 'a'
	case 'è', 'é', 'ê', 'ë':
		return 'e'
	case 'ì', 'í', 'î', 'ï':
		return 'i'
	case 'ò', 'ó', 'ô', 'ö', 'õ':
		return 'o'
	case 'ù', 'ú', 'û', 'ü':
		return 'u'
	case 'ý', 'ÿ':
		return 'y'
	}
	return 0
}
