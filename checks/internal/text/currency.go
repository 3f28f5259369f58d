package text

import "strings"

// The one currency table of the checks: the signs, codes and names a
// figure's currency is written with, and the scale words that multiply a
// figure. The values family reads amounts token by token with the maps;
// the revision guard reads a matched currency with CurrencyCode.

// CurrencySigns maps a currency sign to its ISO code.
var CurrencySigns = map[string]string{"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}

// CurrencyWords maps the ISO codes and names read before or after a
// figure, lower-cased, to the code.
var CurrencyWords = map[string]string{
	"usd": "USD", "eur": "EUR", "gbp": "GBP", "aud": "AUD", "cad": "CAD", "chf": "CHF", "nzd": "NZD",
	"sgd": "SGD", "inr": "INR", "jpy": "JPY", "sek": "SEK", "nok": "NOK", "dkk": "DKK", "hkd": "HKD", "zar": "ZAR",
	"euro": "EUR", "euros": "EUR", "dollar": "USD", "dollars": "USD", "pound": "GBP", "pounds": "GBP",
}

// DollarPrefixes qualify a "$" written right before it, lower-cased: "A$",
// "NZ$", "S$".
var DollarPrefixes = map[string]string{"a": "AUD", "au": "AUD", "c": "CAD", "ca": "CAD", "nz": "NZD", "us": "USD", "s": "SGD", "hk": "HKD"}

// ScaleWords multiply the figure before them: "12k", "1.2 million".
var ScaleWords = map[string]float64{"k": 1e3, "m": 1e6, "bn": 1e9, "thousand": 1e3, "million": 1e6, "billion": 1e9, "mn": 1e6}

// CurrencyCode returns the ISO code of a currency as written ("US$",
// "eur", "£", "pounds sterling"), case-insensitively; "" when it is none.
func CurrencyCode(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if c := CurrencySigns[s]; c != "" {
		return c
	}
	if c := CurrencyWords[s]; c != "" {
		return c
	}
	if p, ok := strings.CutSuffix(s, "$"); ok {
		return DollarPrefixes[p]
	}
	if s == "pounds sterling" {
		return "GBP"
	}
	return ""
}
