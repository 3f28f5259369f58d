package text

import "testing"

func TestCurrencyCode(t *testing.T) {
	for in, want := range map[string]string{
		"$": "USD", "US$": "USD", "A$": "AUD", "NZ$": "NZD", "S$": "SGD", "€": "EUR", "eur": "EUR",
		"Euros": "EUR", "£": "GBP", "pounds sterling": "GBP", "GBP": "GBP", "₹": "INR", "ZAR": "ZAR",
		"¥": "JPY", "rand": "", "X$": "", "": "", "section": "",
	} {
		if got := CurrencyCode(in); got != want {
			t.Errorf("CurrencyCode(%q) = %q, want %q", in, got, want)
		}
	}
}
