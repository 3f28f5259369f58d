package text

import (
	"strconv"
	"strings"
)

// NumberWords maps the English number words to their values; scale words
// (hundred, thousand, million, billion) are handled by parseNumberWords.
var NumberWords = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
	"nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000, "million": 1000000, "billion": 1000000000,
}

// ParseNumberWords returns the value of lower-case number words in order
// ("one", "hundred", "and", "twenty") and whether they form a number.
func ParseNumberWords(words []string) (int, bool) {
	total, cur, seen := 0, 0, false
	for _, w := range words {
		if w == "and" {
			continue
		}
		v, ok := NumberWords[w]
		if !ok {
			return 0, false
		}
		seen = true
		switch {
		case v == 100:
			if cur == 0 {
				cur = 1
			}
			cur *= 100
		case v >= 1000:
			if cur == 0 {
				cur = 1
			}
			total += cur * v
			cur = 0
		default:
			cur += v
		}
	}
	return total + cur, seen
}

// numberPhrase is "words (figure)" found in a text.
type numberPhrase struct {
	Start, End int // from the first number word to the closing parenthesis
	Words      int // value of the words
	Figure     int // value of the figure
}

// MaxNumberWords bounds how many words before "(" are read.
const MaxNumberWords = 8

// ScanNumberPhrases finds every "words (figure)" pair in text, such as "ten
// (10) days", "thirty (30)", "five percent (5%)" or "one hundred and twenty
// (120)": a parenthesised whole number (commas allowed, an optional %)
// directly after number words (with an optional "percent"/"per cent"
// between). It runs in time linear in len(text).
func ScanNumberPhrases(text string) []numberPhrase {
	var out []numberPhrase
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '(')
		if j < 0 {
			break
		}
		p := i + j
		i = p + 1
		fig, closeAt, ok := parseFigure(text, p+1)
		if !ok {
			continue
		}
		words, start := numberWordsBefore(text, p)
		if len(words) == 0 {
			continue
		}
		v, ok := ParseNumberWords(words)
		if !ok {
			continue
		}
		out = append(out, numberPhrase{Start: start, End: closeAt + 1, Words: v, Figure: fig})
		i = closeAt + 1
	}
	return out
}

// parseFigure reads "1,000)" or "5%)" at i and returns the number and the
// offset of ')'.
func parseFigure(text string, i int) (int, int, bool) {
	j := i
	for j < len(text) && j-i < 20 && (text[j] >= '0' && text[j] <= '9' || text[j] == ',') {
		j++
	}
	if j == i || text[i] == ',' {
		return 0, 0, false
	}
	digits := strings.ReplaceAll(text[i:j], ",", "")
	if j < len(text) && text[j] == '%' {
		j++
	}
	if j >= len(text) || text[j] != ')' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		return 0, 0, false
	}
	return n, j, true
}

// numberWordsBefore reads number words backwards from p (a '(' offset),
// skipping a "percent"/"per cent" right before it, and returns them in order
// with the offset of the first.
func numberWordsBefore(text string, p int) ([]string, int) {
	var rev []string
	percentDone := false
	i := p
	var buf []byte
	for n := 0; n < MaxNumberWords+2; n++ {
		k := i
		for k > 0 && (text[k-1] == ' ' || text[k-1] == '-' || text[k-1] == '\t' || text[k-1] == '\n') {
			k--
		}
		if k == i && i != p {
			break
		}
		ws := k
		for ws > 0 && IsWordByte(text[ws-1]) {
			ws--
		}
		if ws == k {
			break
		}
		buf = LowerInto(buf, text[ws:k])
		w := string(buf)
		if len(rev) == 0 && !percentDone && (w == "percent" || w == "cent") {
			i = ws
			if w == "cent" { // "per cent"
				j := ws
				for j > 0 && text[j-1] == ' ' {
					j--
				}
				if j >= 3 && strings.EqualFold(text[j-3:j], "per") {
					i = j - 3
				}
			}
			percentDone = true
			continue
		}
		if _, ok := NumberWords[w]; !ok && w != "and" {
			break
		}
		rev = append(rev, w)
		i = ws
	}
	for len(rev) > 0 && rev[len(rev)-1] == "and" { // a leading "and" is prose
		rev = rev[:len(rev)-1]
	}
	if len(rev) == 0 {
		return nil, 0
	}
	// Find the offset of the first word kept.
	words := make([]string, len(rev))
	for k := range rev {
		words[k] = rev[len(rev)-1-k]
	}
	first := i
	for first < p && !IsWordByte(text[first]) {
		first++
	}
	// Skip a dropped leading "and".
	for {
		s, e := NextWord(text, first, p)
		if s >= p || strings.EqualFold(text[s:e], words[0]) {
			first = s
			break
		}
		first = e
	}
	return words, first
}
