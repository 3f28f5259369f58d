package readscore

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// MinSentenceWords is the fewest words a sentence needs to count in
// Stats.Sentences. Shorter fragments ("Section 3.", "Didn't") keep their
// words and syllables but do not count as sentences, as in textstat, so a
// heading or an interjection cannot pull the grade down; a text with words
// but no sentence that long counts as one sentence.
const MinSentenceWords = 3

// Stats are the readability statistics of a text.
type Stats struct {
	// Words, Sentences and Syllables are the counts behind the formulas.
	Words, Sentences, Syllables int
	// FleschKincaidGrade is 0.39*words/sentences + 11.8*syllables/words -
	// 15.59; 0 for a text with no words.
	FleschKincaidGrade float64
	// FleschReadingEase is 206.835 - 1.015*words/sentences -
	// 84.6*syllables/words; 0 for a text with no words.
	FleschReadingEase float64
	// PassiveSentences counts the sentences (of the counted ones) holding a
	// passive construction; PassivePercent is 100*PassiveSentences/Sentences.
	PassiveSentences int
	PassivePercent   float64
	// JargonTokens counts the words matched by the jargon lexicon (a phrase
	// counts each of its words), outside drafting forms; JargonDensity is
	// JargonTokens/Words, in [0,1].
	JargonTokens  int
	JargonDensity float64
	// LongestSentence is the counted sentence with the most words (when no
	// sentence has MinSentenceWords words, the longest fragment); the zero
	// Span when the text has no words.
	LongestSentence Span
	// FirstPassive is the first passive sentence; valid when
	// PassiveSentences > 0.
	FirstPassive Span
}

// Limits are the thresholds above which consumer-facing text is flagged.
// Zero fields mean the defaults: grade 12 and 25 % passive.
type Limits struct {
	// MaxGrade is the highest acceptable Flesch-Kincaid grade (default 12).
	MaxGrade float64
	// MaxPassivePercent is the highest acceptable share of passive
	// sentences, in percent (default 25).
	MaxPassivePercent float64
}

// Default limits for consumer-facing text.
const (
	DefaultMaxGrade          = 12
	DefaultMaxPassivePercent = 25
)

func (l Limits) withDefaults() Limits {
	if l.MaxGrade == 0 {
		l.MaxGrade = DefaultMaxGrade
	}
	if l.MaxPassivePercent == 0 {
		l.MaxPassivePercent = DefaultMaxPassivePercent
	}
	return l
}

// GradeTooHigh reports whether s's grade is above the limit (and the limit
// applied, after defaults).
func (l Limits) GradeTooHigh(s Stats) (bool, float64) {
	l = l.withDefaults()
	return s.Words > 0 && s.FleschKincaidGrade > l.MaxGrade, l.MaxGrade
}

// PassiveTooHigh reports whether s's passive percentage is above the limit
// (and the limit applied, after defaults).
func (l Limits) PassiveTooHigh(s Stats) (bool, float64) {
	l = l.withDefaults()
	return s.PassivePercent > l.MaxPassivePercent, l.MaxPassivePercent
}

// Analyze computes the statistics of text with the default Analyzer.
func Analyze(text string) Stats { return Default().Analyze(text) }

// Analyze computes the statistics of text in one pass, without allocating.
// Sentences are those of AppendSentences with at least MinSentenceWords
// words, words those of AppendWords, syllables those of Syllables.
//
// A sentence is passive when a form of "be" is followed, with at most two
// adverbs between, by a past participle: an irregular one from the embedded
// list or a word ending in -ed ("was received", "has been thought", "shall
// be promptly paid").
func (a *Analyzer) Analyze(text string) Stats {
	var st Stats
	cache := a.caches.Get().(*wordCache)
	defer a.caches.Put(cache)
	longest := -1
	longestAny, anySpan := 0, Span{} // fallback when no sentence counts
	for pos := 0; pos < len(text); {
		s, e, ok := a.nextSentence(text, pos)
		if !ok {
			break
		}
		pos = e
		words, syl, jargon, passive := a.sentence(text[:e], s, cache, nil)
		st.Words += words
		st.Syllables += syl
		st.JargonTokens += jargon
		if words > longestAny {
			longestAny, anySpan = words, Span{s, e}
		}
		if words < MinSentenceWords {
			continue
		}
		st.Sentences++
		if words > longest {
			longest = words
			st.LongestSentence = Span{s, e}
		}
		if passive {
			if st.PassiveSentences == 0 {
				st.FirstPassive = Span{s, e}
			}
			st.PassiveSentences++
		}
	}
	if st.Words == 0 {
		return st
	}
	if st.Sentences == 0 {
		st.Sentences = 1 // only fragments: count the text as one sentence
		st.LongestSentence = anySpan
	}
	w, s, syl := float64(st.Words), float64(st.Sentences), float64(st.Syllables)
	st.FleschKincaidGrade = 0.39*w/s + 11.8*syl/w - 15.59
	st.FleschReadingEase = 206.835 - 1.015*w/s - 84.6*syl/w
	st.PassivePercent = 100 * float64(st.PassiveSentences) / s
	st.JargonDensity = float64(st.JargonTokens) / w
	return st
}

// sentence scans the words of text[start:] (text ends at the sentence end).
// hit, when not nil, receives the byte range of every jargon match.
func (a *Analyzer) sentence(text string, start int, cache *wordCache, hit func(Span)) (words, syllables, jargon int, passive bool) {
	var buf [maxKey]byte
	pending := -1 // adverbs seen since a be-form; -1 when none is pending
	skip := 0     // words still inside a matched phrase
	for pos := start; ; {
		s, e, next, n, w0, w1, w2, fast := fastWord(text, pos, &buf)
		if fast {
			pos = next
		} else {
			var ok, fits bool
			s, e, ok = nextWord(text, pos)
			if !ok {
				return
			}
			pos = e
			n, w0, w1, w2, fits = lowerKey(&buf, text[s:e])
			if !fits {
				words++
				syllables += a.syllablesLong(text[s:e])
				pending, skip = -1, max(skip-1, 0)
				continue
			}
		}
		words++
		key := buf[:n]
		info := cache.lookup(a, key, w0, w1, w2)
		syllables += int(info.syllables)

		// Jargon: phrases (and drafting forms) first, longest first.
		if skip > 0 {
			skip--
		} else if info.flags&flagPhrase != 0 {
			if n, pe, drafting := a.matchPhrase(text, e, info); n > 0 {
				skip = n - 1
				if !drafting {
					jargon += n
					if hit != nil {
						hit(Span{s, pe})
					}
				}
			} else if info.flags&flagJargon != 0 {
				jargon++
				if hit != nil {
					hit(Span{s, e})
				}
			}
		} else if info.flags&flagJargon != 0 {
			jargon++
			if hit != nil {
				hit(Span{s, e})
			}
		}

		// Passive voice: be-form, up to two adverbs, past participle.
		switch {
		case info.flags&flagBe != 0:
			pending = 0
		case pending >= 0 && isParticiple(key, info):
			passive = true
			pending = -1
		case pending >= 0 && pending < 2 && isAdverb(key, info):
			pending++
		default:
			pending = -1
		}
	}
}

// matchPhrase returns the word count of the longest phrase starting with the
// word whose lookup is info (and which ends at byte e of text), the byte where the phrase ends,
// and whether it is a drafting form.
func (a *Analyzer) matchPhrase(text string, e int, info wordInfo) (int, int, bool) {
	if info.phrases == 0 {
		return 0, 0, false
	}
	phrases := a.phraseSets[info.phrases-1]
	// Every phrase has a second word: read it once, as most phrases fail there.
	s, we, found := nextWord(text, e)
	if !found {
		return 0, 0, false
	}
	var buf [maxKey]byte
	second, ok := lowerInto(buf[:0], text[s:we])
	if !ok {
		return 0, 0, false
	}
	for _, p := range phrases {
		if p.words[1] != string(second) {
			continue
		}
		pos, ok := we, true
		for _, want := range p.words[2:] {
			s, we2, found := nextWord(text, pos)
			if !found || !equalFoldKey(text[s:we2], want) {
				ok = false
				break
			}
			pos = we2
		}
		if ok {
			return len(p.words), pos, p.drafting
		}
	}
	return 0, 0, false
}

// equalFoldKey compares a word of the text with a normalised key.
func equalFoldKey(word, key string) bool {
	var buf [maxKey]byte
	k, ok := lowerInto(buf[:0], word)
	return ok && string(k) == key
}

func isParticiple(key []byte, info wordInfo) bool {
	if info.flags&flagParticiple != 0 {
		return true
	}
	return len(key) >= 4 && key[len(key)-2] == 'e' && key[len(key)-1] == 'd' && info.flags&flagNotParticiple == 0
}

func isAdverb(key []byte, info wordInfo) bool {
	if info.flags&flagAdverb != 0 {
		return true
	}
	return len(key) >= 5 && strings.HasSuffix(string(key), "ly")
}

// wordCache remembers the syllables and flags of recently seen words of up
// to cacheKeyLen bytes: real text repeats its words, and a hit costs a hash
// and a compare instead of a map lookup and the spelling rules. It is
// direct-mapped (a colliding word replaces the slot). Each call takes one
// from the Analyzer's pool, so calls share nothing while running and
// steady-state calls allocate nothing.
type wordCache struct {
	slots [cacheSlots]cacheSlot
}

const (
	cacheSlots  = 4096 // power of two; 128 KB
	cacheKeyLen = 24   // three 8-byte words: compared and hashed as integers
)

type cacheSlot struct {
	w0, w1, w2 uint64   // the zero-padded key; n tells "a" from "a\x00"
	n          uint8    // key length; 0 = empty
	info       wordInfo // syllables always filled in
}

// fastWord is nextWord plus lowerKey in one pass for the common case: ASCII
// letters and digits, at most cacheKeyLen of them, followed by white space or
// the end, or by trailing punctuation with no letter or digit before the next
// white space ("fee," "paid." "(30)"). Anything else reports fast false and
// the caller takes the general path, which gives the same word.
func fastWord(text string, pos int, buf *[maxKey]byte) (s, e, next, n int, w0, w1, w2 uint64, fast bool) {
	i := pos
	for i < len(text) && space256[text[i]] {
		i++
	}
	// Each lowerPack stops short of eight bytes only where the word ends,
	// so the calls after it pack nothing.
	t := text[i:min(len(text), i+cacheKeyLen)]
	w0, n = lowerPack(buf, t, 0, &alnum256)
	w1, n = lowerPack(buf, t, n, &alnum256)
	w2, n = lowerPack(buf, t, n, &alnum256)
	j := i + n
	if n == 0 || (j < len(text) && alnum256[text[j]]) {
		return // no word here, or longer than the fast path handles
	}
	// The chunk must end here: only ASCII non-alphanumeric bytes up to the
	// next white space, none of them a separator pair ("--", "..") that a
	// following word could hang on.
	k := j
	for k < len(text) && !space256[text[k]] {
		c := text[k]
		if c >= utf8.RuneSelf || alnum256[c] || c == '(' {
			return // "don't", "3.2(a)", "U.S", a non-ASCII letter: general path
		}
		k++
	}
	return i, j, k, n, w0, w1, w2, true
}

// lowerKey lower-cases word into buf (as lowerInto does) and also returns
// its first cacheKeyLen bytes, zero-padded, as three little-endian words.
func lowerKey(buf *[maxKey]byte, word string) (n int, w0, w1, w2 uint64, ok bool) {
	if len(word) <= maxKey {
		w0, n = lowerPack(buf, word, 0, &ascii256) // as in fastWord
		w1, n = lowerPack(buf, word, n, &ascii256)
		w2, n = lowerPack(buf, word, n, &ascii256)
		for n >= cacheKeyLen && n < len(word) { // lowered, not packed
			prev := n
			if _, n = lowerPack(buf, word, n, &ascii256); n-prev < 8 {
				break
			}
		}
		if n == len(word) {
			return n, w0, w1, w2, true
		}
	}
	key, ok := lowerInto(buf[:0], word)
	if !ok {
		return 0, 0, 0, 0, false
	}
	var pad [cacheKeyLen]byte
	copy(pad[:], key)
	return len(key), binary.LittleEndian.Uint64(pad[0:8]), binary.LittleEndian.Uint64(pad[8:16]),
		binary.LittleEndian.Uint64(pad[16:24]), true
}

// lowerPack lower-cases up to eight bytes of s from from into buf, stopping
// at a byte keep does not mark, and returns them packed little-endian and
// where it stopped. The word is built in a register while lowering: reading
// it back from buf right after the byte stores would stall on store
// forwarding.
func lowerPack(buf *[maxKey]byte, s string, from int, keep *[256]bool) (w uint64, end int) {
	end = from
	for ; end < len(s) && end-from < 8 && keep[s[end]]; end++ {
		c := textscan.LowerByte(s[end])
		buf[end] = c
		w |= uint64(c) << (8 * (end - from))
	}
	return w, end
}

// ascii256 marks the ASCII bytes (none from 0x80 up).
var ascii256 = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = true
	}
	return t
}()

// lookup returns the flags of key and its syllable count in info.syllables;
// w0..w2 are key's zero-padded prefix from lowerKey.
func (c *wordCache) lookup(a *Analyzer, key []byte, w0, w1, w2 uint64) wordInfo {
	if len(key) > cacheKeyLen {
		info := a.words[string(key)]
		info.syllables = uint8(min(a.syllablesKey(key, info), 255))
		return info
	}
	h := (w0*0x9E3779B97F4A7C15 ^ w1*0xC2B2AE3D27D4EB4F ^ w2*0x165667B19E3779F9) >> 40
	slot := &c.slots[h&(cacheSlots-1)]
	if slot.w0 == w0 && slot.w1 == w1 && slot.w2 == w2 && int(slot.n) == len(key) {
		return slot.info
	}
	info := a.words[string(key)]
	info.syllables = uint8(min(a.syllablesKey(key, info), 255))
	slot.w0, slot.w1, slot.w2, slot.n, slot.info = w0, w1, w2, uint8(len(key)), info
	return info
}

// Jargon returns the jargon matches of text with the default Analyzer.
func Jargon(text string) []Span { return Default().AppendJargon(nil, text) }

// AppendJargon appends the byte ranges of the jargon matches of text to dst
// (a phrase is one range covering its words), in text order; these are the
// matches Stats.JargonTokens counts.
func (a *Analyzer) AppendJargon(dst []Span, text string) []Span {
	cache := a.caches.Get().(*wordCache)
	defer a.caches.Put(cache)
	hit := func(s Span) { dst = append(dst, s) }
	for pos := 0; pos < len(text); {
		s, e, ok := a.nextSentence(text, pos)
		if !ok {
			break
		}
		pos = e
		a.sentence(text[:e], s, cache, hit)
	}
	return dst
}
