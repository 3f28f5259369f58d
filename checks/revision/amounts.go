package revision

import (
	"regexp"
	"strconv"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Currency markers and scale words of amounts. Amounts are read around
// each number: a currency before it ("$", "US$", "EUR "), or a scale and a
// currency after it (" million", " euros"); the patterns are anchored on
// small windows.
var (
	currencyBeforeRe = regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9])(US\$|A\$|C\$|USD|EUR|GBP|CHF|JPY|CAD|AUD|\$|€|£|¥)[ \t]?$`)
	scaleAfterRe     = regexp.MustCompile(`(?i)^[ \t]?(million|billion|thousand|bn|mn|m|k)\b`)
	currencyAfterRe  = regexp.MustCompile(`(?i)^(?:[ \t](million|billion|thousand))?[ \t]?(USD|EUR|GBP|CHF|JPY|CAD|AUD|dollars?|euros?|pounds(?: sterling)?)\b`)
)

// parseDigits reads "1,200" and ".50" parts into a value.
func parseDigits(intPart, frac string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(intPart, ",", "")+frac, 64)
	return v, err == nil
}

// amountAt reads an amount around the figure at n: a currency before it
// (with an optional scale after), or an optional scale and a currency
// after it.
func amountAt(text string, n doctext.Span) (fact, bool) {
	v, ok := parseDigits(text[n.Start:n.End], "")
	if !ok {
		return fact{}, false
	}
	after := text[n.End:min(len(text), n.End+40)]
	if currencyBefore(text, n.Start) {
		m := currencyBeforeRe.FindStringSubmatchIndex(text[max(0, n.Start-6):n.Start])
		if m == nil {
			goto suffix
		}
		off := max(0, n.Start-6)
		f := fact{kind: FactAmount, start: off + m[2], end: n.End}
		if sm := scaleAfterRe.FindStringSubmatchIndex(after); sm != nil {
			v *= doctext.ScaleWords[strings.ToLower(after[sm[2]:sm[3]])]
			f.end = n.End + sm[1]
		}
		f.num = v
		f.key = doctext.CurrencyCode(text[off+m[2]:off+m[3]]) + " " + doctext.FormatNum(v)
		return f, true
	}
suffix:
	if !letterAfter(after) {
		return fact{}, false
	}
	if m := currencyAfterRe.FindStringSubmatchIndex(after); m != nil {
		if m[2] >= 0 {
			v *= doctext.ScaleWords[strings.ToLower(after[m[2]:m[3]])]
		}
		cur := strings.ToLower(after[m[4]:m[5]])
		return fact{kind: FactAmount, start: n.Start, end: n.End + m[1], num: v, key: doctext.CurrencyCode(cur) + " " + doctext.FormatNum(v)}, true
	}
	return fact{}, false
}

// currencyBefore is a cheap test that a currency may precede offset i
// (after at most one space): '$', the last byte of a multi-byte symbol (€,
// £, ¥), or a word that is a currency code ("USD", "eur").
func currencyBefore(text string, i int) bool {
	if i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return false
	}
	c := text[i-1]
	if c == '$' || c >= 0x80 {
		return true
	}
	ws := i
	for ws > 0 && isLetterByte(text[ws-1]) {
		ws--
	}
	return i-ws == 3 && doctext.CurrencyCode(text[ws:i]) != ""
}

// amountWordsAfter are the words that may follow a figure in an amount.
var amountWordsAfter = map[string]bool{
	"million": true, "billion": true, "thousand": true, "bn": true, "mn": true, "m": true, "k": true,
	"usd": true, "eur": true, "gbp": true, "chf": true, "jpy": true, "cad": true, "aud": true,
	"dollar": true, "dollars": true, "euro": true, "euros": true, "pounds": true,
}

// letterAfter is a cheap test that a scale or currency word follows (after
// at most one space).
func letterAfter(s string) bool {
	if s != "" && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	n := 0
	for n < len(s) && n < 9 && isLetterByte(s[n]) {
		n++
	}
	return n > 0 && amountWordsAfter[strings.ToLower(s[:n])]
}
