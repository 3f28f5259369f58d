package values

import (
	"strings"
	"sync"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// valueWordLists are the stop words and word families of the value check,
// read once from data/value_words.txt.
var valueWordLists = sync.OnceValue(func() (l struct {
	stop    map[string]bool
	generic map[string]bool
	family  map[string]string
}) {
	l.stop = map[string]bool{}
	l.generic = map[string]bool{}
	l.family = map[string]string{}
	section := ""
	for _, ln := range text.LoadList("value_words") {
		if strings.HasPrefix(ln, "[") && strings.HasSuffix(ln, "]") {
			section = ln
			continue
		}
		ws := strings.Fields(strings.ToLower(ln))
		switch section {
		case "[stop]":
			for _, w := range ws {
				l.stop[w] = true
			}
		case "[generic]":
			for _, w := range ws {
				l.generic[w] = true
			}
		case "[families]":
			for _, w := range ws {
				l.family[w] = ws[0]
				l.family[vReduceWord(w)] = ws[0]
			}
		}
	}
	return l
})

// vReduceWord strips the inflections that do not change what a word names:
// a possessive, a plural, -ed and -ing ("charges", "charged", "charging"
// all give "charg"). It is not a stemmer: it only has to make two forms
// of one word meet.
func vReduceWord(w string) string {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		w = w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "xes")):
		w = w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case n > 5 && strings.HasSuffix(w, "ing"):
		w = w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ied"):
		w = w[:n-3] + "y"
	case n > 4 && strings.HasSuffix(w, "ed"):
		w = w[:n-2]
	case n > 6 && strings.HasSuffix(w, "ive"):
		w = w[:n-3] // "effective", "effect"
	}
	// A doubled final consonant ("cancelled", "capped") and a final "e"
	// ("charge", "charged") go too, so the forms meet.
	n = len(w)
	if n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiousl", rune(w[n-1])) {
		w = w[:n-1]
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// vSubjectKey returns the key of a lower-case word as a subject word, and
// false for a stop word, a number or a word too short to name anything.
func vSubjectKey(w string) (string, bool) {
	l := valueWordLists()
	// "you'll", "I've", "don't": the word before the contraction.
	if i := strings.IndexAny(w, "'’"); i > 0 {
		switch strings.TrimLeft(w[i:], "'’") {
		case "ll", "ve", "re", "d", "m", "t":
			w = w[:i]
		}
	}
	if len(w) < 3 || l.stop[w] || w[0] >= '0' && w[0] <= '9' {
		return "", false
	}
	if _, ok := text.NumberWords[w]; ok {
		return "", false
	}
	if f, ok := l.family[w]; ok {
		return f, true
	}
	r := vReduceWord(w)
	if l.stop[r] {
		return "", false
	}
	if f, ok := l.family[r]; ok {
		return f, true
	}
	return r, true
}
