package advice

import (
	"bytes"
	"strings"
	"testing"
)

// mayMatchRef is wordClasses.mayMatch as first written, lower-casing
// every run: the reference the faster scan must agree with.
func mayMatchRef(c *wordClasses, s string) bool {
	if strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a") {
		return true
	}
	var seen uint8
	var buf [maxAltWord]byte
	for i := 0; i < len(s); {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		if i-st > len(buf) {
			return true
		}
		lw := buf[:i-st]
		for k := range lw {
			b := s[st+k]
			if b >= 'A' && b <= 'Z' {
				b += 'a' - 'A'
			}
			lw[k] = b
		}
		if c.shapes.mayHaveRun(lw) {
			seen |= c.words[string(lw)]
		}
		if c.prefix != "" && bytes.HasPrefix(lw, []byte(c.prefix)) {
			seen |= c.prefixBits
		}
		if c.underscore != 0 {
			if j := bytes.LastIndex(lw, []byte("__")); j >= 0 {
				seen |= c.words[string(lw[j+2:])] & c.underscore
			}
		}
		for _, n := range c.needs {
			if seen&n == n {
				return true
			}
		}
	}
	return false
}

// FuzzWordClasses checks that both word-class prefilters answer as their
// reference scan does.
func FuzzWordClasses(f *testing.F) {
	for _, s := range []string{
		"", "we suggest", "It may be worth it", "__consider x", "a__CONSIDER", "x __we__Suggest", "Consider_ing", "__", "____it",
		"may want", "ſ", "considerations", "it is advisable", "I propose", "abcdefghijklmnopqrstuvwxyz_abc we suggest",
		"There is merit", "ideally", "We might wish", "__ideally__", "worth__", "MIGHT__WANT",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, c := range map[string]*wordClasses{"hedgeGrammar": hedgeGrammarClasses, "adviceHedge": adviceHedgeClasses} {
			if got, want := c.mayMatch(s), mayMatchRef(c, s); got != want {
				t.Fatalf("%s.mayMatch(%q) = %v, want %v", name, s, got, want)
			}
		}
	})
}
