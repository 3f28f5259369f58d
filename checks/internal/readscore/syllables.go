package readscore

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Syllables returns the syllable count of one word using the default
// Analyzer; see (*Analyzer).Syllables.
func Syllables(word string) int { return Default().Syllables(word) }

// Syllables returns the number of syllables in word (a token as Words
// returns it). A word in the embedded exceptions list gets the listed count;
// otherwise English spelling rules count vowel groups and correct for silent
// final e, -es and -ed endings, syllabic -le, split vowel pairs ("cre-a-tive",
// "ra-di-o", "me-di-um") and contractions ("it'll", "didn't"). Hyphenated and
// underscored words are the sum of their parts; a dotted initialism counts
// one syllable a letter ("U.S" is 2); a token with no letter ("1,000") counts
// 1; an empty string counts 0.
func (a *Analyzer) Syllables(word string) int {
	var buf [maxKey]byte
	key, ok := lowerInto(buf[:0], word)
	if !ok {
		return a.syllablesLong(word)
	}
	info := a.words[string(key)]
	return a.syllablesKey(key, info)
}

// syllablesKey counts a lower-cased word whose whole-word lookup is info.
func (a *Analyzer) syllablesKey(key []byte, info wordInfo) int {
	if info.syllables > 0 {
		return int(info.syllables)
	}
	if len(key) == 0 {
		return 0
	}
	if isLetters(key) {
		return ruleSyllables(key) // the whole-word lookup already missed
	}
	base, suffix := key, []byte(nil)
	if k := bytes.LastIndexByte(key, '\''); k >= 0 {
		base, suffix = key[:k], key[k+1:]
		if len(base) == 0 {
			base, suffix = suffix, nil
		}
	}
	n := a.countParts(base)
	if n == 0 {
		return 1 // a number or symbol string is read as one unit
	}
	return n + contractionExtra(base, suffix)
}

// syllablesLong counts a word too long for the stack buffer (rare: URLs,
// chemical names) without the exceptions list.
func (a *Analyzer) syllablesLong(word string) int {
	n := 0
	part := make([]byte, 0, 64)
	flush := func() {
		n += ruleSyllables(part)
		part = part[:0]
	}
	for _, r := range word {
		if b := foldVowel(r); b != 0 {
			r = rune(b)
		}
		r = unicode.ToLower(r)
		if r < utf8.RuneSelf && 'a' <= r && r <= 'z' {
			part = append(part, byte(r))
		} else if !unicode.IsLetter(r) {
			flush()
		} else {
			part = append(part, 'x') // a non-Latin letter: a consonant for the rules
		}
	}
	flush()
	if n == 0 {
		return 1
	}
	return n
}

// countParts sums the syllables of the letter runs of key (split at '-',
// '_', '/', digits...). A dotted initialism of single letters counts one a
// letter (two for w).
func (a *Analyzer) countParts(key []byte) int {
	if isInitialism(key) {
		n := 0
		for _, c := range key {
			switch {
			case c == 'w':
				n += 3
			case c != '.':
				n++
			}
		}
		return n
	}
	n := 0
	var part [maxKey]byte
	p := part[:0]
	runs := 0
	flush := func() {
		if len(p) == 0 {
			return
		}
		runs++
		if info, ok := a.words[string(p)]; ok && info.syllables > 0 {
			n += int(info.syllables)
		} else {
			n += ruleSyllables(p)
		}
		p = p[:0]
	}
	for i := 0; i < len(key); {
		c := key[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				p = append(p, c)
			} else {
				flush()
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(key[i:])
		i += size
		if unicode.IsLetter(r) {
			p = append(p, 'x') // non-Latin letters count as consonants
		} else {
			flush()
		}
	}
	flush()
	return n
}

// isLetters reports whether key is made of a-z only.
func isLetters(key []byte) bool {
	for _, c := range key {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// isInitialism reports whether key looks like "u.s" or "t.v": single
// letters separated by periods, at least two of them.
func isInitialism(key []byte) bool {
	if len(key) < 3 || len(key)%2 == 0 {
		return false
	}
	for i, c := range key {
		if i%2 == 1 {
			if c != '.' {
				return false
			}
		} else if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// contractionExtra is the syllable a clitic adds: "it'll" (+1 after a
// consonant), "boss's" (+1 after a sibilant), "didn't" (+1 for a syllabic n).
func contractionExtra(base, suffix []byte) int {
	if len(base) == 0 {
		return 0
	}
	last := base[len(base)-1]
	switch string(suffix) {
	case "ll":
		if !isVowelByte(last) && last != 'y' {
			return 1
		}
	case "s":
		if last == 's' || last == 'x' || last == 'z' || (last == 'h' && len(base) >= 2 && (base[len(base)-2] == 'c' || base[len(base)-2] == 's')) {
			return 1
		}
	case "t":
		if last == 'n' && len(base) >= 2 && !isVowelByte(base[len(base)-2]) {
			return 1
		}
	}
	return 0
}

func isVowelByte(c byte) bool {
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'
}

// ruleSyllables applies the spelling rules to a lower-case word of ASCII
// letters (other bytes count as consonants). It returns at least 1 for a
// non-empty word.
func ruleSyllables(w []byte) int {
	if len(w) == 0 {
		return 0
	}
	sp := spelling(w)
	count := sp.vowelGroups()
	if count == 0 {
		return 1
	}
	if count > 1 && sp.silentEnding() {
		count--
	}
	if sp.silentEBeforeSuffix() {
		count--
	}
	if sp.has("ism") || sp.has("isms") {
		count++ // "cri-ti-cis-m"
	}
	if count < 1 {
		count = 1
	}
	return count
}

// spelling is a lower-case word of ASCII letters as the syllable rules read
// it (other bytes count as consonants).
type spelling []byte

// vowel reports whether w[i] is pronounced as a vowel; false outside w.
func (w spelling) vowel(i int) bool {
	n := len(w)
	if i < 0 || i >= n {
		return false
	}
	switch c := w[i]; c {
	case 'a', 'e', 'i', 'o':
		return true
	case 'u':
		// "qu" and "gu" before a vowel: the u is a glide ("quiet",
		// "language", "guide").
		if i > 0 && (w[i-1] == 'q' || w[i-1] == 'g') && i+1 < n && isVowelByte(w[i+1]) {
			return false
		}
		return true
	case 'y':
		// y is a consonant at the start and before a vowel ("yes",
		// "saying", "lawyer").
		return i > 0 && !(i+1 < n && isVowelByte(w[i+1]))
	}
	return false
}

// cons reports whether w[i] is a consonant; false outside w.
func (w spelling) cons(i int) bool { return i >= 0 && i < len(w) && !w.vowel(i) }

// has reports whether w ends in suffix.
func (w spelling) has(suffix string) bool {
	return len(w) >= len(suffix) && string(w[len(w)-len(suffix):]) == suffix
}

// syllabicL reports a consonant + l at l before the final e ("ta-ble",
// "puz-zles").
func (w spelling) syllabicL(l int) bool { return l >= 1 && w[l] == 'l' && w.cons(l-1) && w[l-1] != 'l' }

// syllabicR reports a consonant + r at r before the final e ("ac-re") or
// "ire" ("fi-re").
func (w spelling) syllabicR(r int) bool {
	return r >= 1 && w[r] == 'r' && (w.cons(r-1) || (w[r-1] == 'i' && w.cons(r-2)))
}

// vowelGroups counts the vowel groups of w, plus the extra syllables of
// vowel pairs pronounced apart.
func (w spelling) vowelGroups() int {
	n := len(w)
	count := 0
	for i := 0; i < n; {
		if !w.vowel(i) {
			i++
			continue
		}
		j := i
		for j < n && w.vowel(j) {
			j++
		}
		count += 1 + splits(w, i, j)
		i = j
	}
	return count
}

// silentEnding reports a final e, -es or -ed that adds no syllable.
func (w spelling) silentEnding() bool {
	n := len(w)
	switch {
	case w.has("e") && w.cons(n-2):
		return !w.syllabicL(n-2) && !w.syllabicR(n-2) // "make", "whole", "creative"
	case w.has("es") && w.cons(n-3):
		c := w[n-3]
		sibilant := c == 's' || c == 'x' || c == 'z' || c == 'c' || c == 'g' ||
			(c == 'h' && n >= 4 && (w[n-4] == 'c' || w[n-4] == 's'))
		// "games", "likes"; but "pie-ces", "puz-zles"
		return !sibilant && !w.syllabicL(n-3) && !w.syllabicR(n-3)
	case w.has("ed") && w.cons(n-3):
		c := w[n-3]
		// "played", "researched"; but "wanted", "puzzled"
		return c != 't' && c != 'd' && !w.syllabicL(n-3) && !w.syllabicR(n-3)
	}
	return false
}

// silentEBeforeSuffix reports a silent e before a suffix: "lovely",
// "management", "hopeful". Only the first suffix of silentESuffixes that w
// ends in is considered.
func (w spelling) silentEBeforeSuffix() bool {
	for _, s := range silentESuffixes {
		if !w.has(s) {
			continue
		}
		e := len(w) - len(s) - 1
		return e >= 2 && w[e] == 'e' && w.cons(e-1) && w.vowel(e-2) && !w.syllabicL(e-1)
	}
	return false
}

var silentESuffixes = []string{"ly", "ment", "ments", "ful", "less", "ness"}

// splits returns how many extra syllables the vowel group w[i:j] holds
// because a vowel pair in it is pronounced apart ("ra-di-o", "cre-a-tive").
func splits(w []byte, i, j int) int {
	if j-i < 2 {
		return 0 // a single vowel cannot split; the common case
	}
	n := len(w)
	g := w[i:j]
	var before, after, after2 byte
	if i > 0 {
		before = w[i-1]
	}
	if j < n {
		after = w[j]
	}
	if j+1 < n {
		after2 = w[j+1]
	}
	extra := 0
	switch {
	case hasPair(g, 'i', 'o'):
		// "ra-di-o", "pe-ri-od", "va-ri-ous"; but "na-tion", "fa-shion",
		// "re-gion", "an-xious", "mil-lion".
		if !oneOf(before, "ctsxgh") && !(oneOf(before, "ln") && after == 'n') {
			extra++
		}
	case hasPair(g, 'i', 'a'):
		// "tri-al", "me-di-a"; but "so-cial", "A-sian", "mar-riage".
		if !oneOf(before, "ctsgx") && after != 'g' {
			extra++
		}
	case hasPair(g, 'i', 'u'), hasPair(g, 'i', 'i'), hasPair(g, 'u', 'o'), hasPair(g, 'u', 'a'):
		extra++ // "me-di-um", "ski-ing", "du-o", "ac-tu-al"
	case hasPair(g, 'e', 'o'):
		// "vi-de-o", "cour-te-ous"; but "sur-geon", "gor-geous".
		if !(oneOf(before, "gc") && (after == 'n' || (len(g) == 3 && g[2] == 'u'))) {
			extra++
		}
	case len(g) == 2 && g[0] == 'e' && g[1] == 'a':
		// "cre-ate", "i-de-a", "ar-e-a"; most ea are one vowel ("great").
		if (before == 'r' && i >= 2 && w[i-2] == 'c' && after == 't' && after2 != 'u') || (j == n && i >= 2 && hasVowelBefore(w, i-1)) {
			extra++
		}
	case len(g) == 2 && g[0] == 'i' && g[1] == 'e':
		// "qui-et", "di-et", "cli-ent", "ex-pe-ri-ence"; but "an-cient".
		if after == 't' || (after == 'n' && (after2 == 't' || after2 == 'c') && !oneOf(before, "ct")) {
			extra++
		}
	case len(g) == 2 && g[0] == 'u' && g[1] == 'e':
		if after == 'l' || after == 't' {
			extra++ // "fu-el", "du-et"
		}
	case len(g) == 2 && g[0] == 'u' && g[1] == 'i':
		if after == 't' && after2 == 'y' {
			extra++ // "an-nu-i-ty"
		}
	}
	// A group ending in i before "ng": "do-ing", "be-ing", "con-tin-u-ing".
	if extra == 0 && g[len(g)-1] == 'i' && after == 'n' && after2 == 'g' {
		extra++
	}
	return extra
}

// hasPair reports whether g holds the letters a, b next to each other.
func hasPair(g []byte, a, b byte) bool {
	for k := 0; k+1 < len(g); k++ {
		if g[k] == a && g[k+1] == b {
			return true
		}
	}
	return false
}

func hasVowelBefore(w []byte, end int) bool {
	for k := 0; k < end; k++ {
		if isVowelByte(w[k]) {
			return true
		}
	}
	return false
}

func oneOf(c byte, set string) bool {
	return c != 0 && strings.IndexByte(set, c) >= 0
}
