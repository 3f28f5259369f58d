package advice

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// wordAltSeeds are texts near the edges of wordAltRe's scan: phrases split
// across runs, case, punctuation, non-ASCII word neighbours and the runes
// that fold to ASCII letters.
var wordAltSeeds = []string{
	"", "fix", "Fix the cap.", "shore  up\tthe fence", "shore\nup", "shore, up", "Shore Up", "make sure it holds",
	"make surely", "make", "minimise and MINIMIZE", "sanitise", "éfix", "fixé", "fix_it", "_fix", "ﬁx",
	"\u017fecure the \u212aeys", "lock down; lock  up", "deal with it", "deal fix", "look at look",
	"push for better terms", "put in place a stronger cap", "put in  place", "put in", "move towards", "move to",
	"move toward", "carve out", "build in", "insist on", "aim for", "go for go", "Negotiate a fairer cap, get it.",
	"fix fix fix fix fix fix fix fix fix fix", "x1fix 2fix fix2",
}

// FuzzWordAltRe checks that wordAltRe.findAll returns what the regexp's
// FindAllStringIndex does, for both patterns and several limits.
func FuzzWordAltRe(f *testing.F) {
	for _, s := range wordAltSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range []*wordAltRe{directionalGoalWords, vagueVerbWords} {
			for _, n := range []int{-1, 0, 1, 8} {
				got, want := w.findAll(s, n), w.re.FindAllStringIndex(s, n)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s findAll(%q, %d) = %v, want %v", w.re, s, n, got, want)
				}
			}
		}
	})
}

// TestWordAltReFirstWords checks the opening words read off the patterns.
func TestWordAltReFirstWords(t *testing.T) {
	for _, c := range []struct {
		w     *wordAltRe
		words int
		has   []string
		not   []string
	}{
		{directionalGoalWords, 2, []string{"improve", "shore", "minimise", "minimize", "make", "change"}, []string{"up", "sure", "minimi[sz]e"}},
		{vagueVerbWords, 3, []string{"push", "carve", "put", "move", "go"}, []string{"place", "to", "towards"}},
	} {
		if c.w.words != c.words {
			t.Errorf("%s: words = %d, want %d", c.w.re, c.w.words, c.words)
		}
		for _, h := range c.has {
			if !c.w.first[h] {
				t.Errorf("%s: %q is not an opening word", c.w.re, h)
			}
		}
		for _, h := range c.not {
			if c.w.first[h] {
				t.Errorf("%s: %q is an opening word", c.w.re, h)
			}
		}
	}
}

// TestNewWordAltRePanics checks that a pattern outside the form is refused.
func TestNewWordAltRePanics(t *testing.T) {
	for _, p := range []string{`\bfix\b`, `(?i)\b(?:fi[xz]|go)\b`, `(?i)\b(?:a(?:b|c)|d)\b`} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("newWordAltRe(%q) did not panic", p)
				}
			}()
			newWordAltRe(regexp.MustCompile(p))
		}()
	}
}

// FuzzLeadTail checks that leadTail.mayMatch never rules out a text its
// pattern matches, so that match equals the regexp's answer.
func FuzzLeadTail(f *testing.F) {
	for _, s := range []string{"", "  ", "x", "Fix it. ", "**", "__ ", "* ", "- ", "– ", "— ", "1. ", "2.3) ", "[ ",
		"On the term, ", "the customer should ", "needs  to", "has to\n", "band ", "And", "PLEASE ", "Al\u017fo ",
		"we must", "1", "x)", "first", "tofirst ", "a\tthen\r", "vendor needs to ", "12345. "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range []*leadTail{imperativeLead, goalLead} {
			if want := l.re.MatchString(s); want && !l.mayMatch(s) || l.match(s) != want {
				t.Fatalf("%s: mayMatch(%q) = %v, match = %v; regexp matches: %v", l.re, s, l.mayMatch(s), l.match(s), want)
			}
		}
	})
}

// FuzzHedgeGrammarPrefilter checks that mayHedgeGrammar never rules out a
// text hedgeGrammarRe matches.
func FuzzHedgeGrammarPrefilter(f *testing.F) {
	for _, s := range []string{"", "You may wish to consider a cap.", "could re-evaluate", "should reevaluate", "can also review",
		"might perhaps weigh up", "It is advisable to", "it may be worth looking at", "it would be a good idea", "it is good practice",
		"it is nice to have", "it is recommended to review", "We suggest reviewing", "I would propose that you consider",
		"worth considering", "merits a look", "**Consider adding", "__consider", "x__consider it", "- explore options",
		"1. Think about it", "; look into", "Reflect on", "may considerations", "Ma\u017f it", "should \u212aeep", "Fix the cap."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if hedgeGrammarRe.MatchString(s) && !mayHedgeGrammar(s) {
			t.Fatalf("mayHedgeGrammar(%q) = false, but hedgeGrammarRe matches", s)
		}
	})
}

// FuzzAdviceHedgePrefilter checks that adviceHedgeClasses never rules out
// a text adviceHedgeRe matches.
func FuzzAdviceHedgePrefilter(f *testing.F) {
	for _, s := range []string{"", "It is advisable to cap.", "it would be a good idea", "it may be worth the vendor reviewing",
		"It might be worthwhile asking", "There may be some merit in", "there is a case for", "there is an argument to",
		"We would suggest reviewing", "I propose that you consider", "The client may wish to consider", "could perhaps like to ask",
		"Ideally the cap would be", "worth a look", "merits discussion", "merit considering", "I\u017f it wi\u017fe", "Fix the cap."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if text.AdviceHedgeRe.MatchString(s) && !adviceHedgeClasses.mayMatch(s) {
			t.Fatalf("adviceHedgeClasses.mayMatch(%q) = false, but adviceHedgeRe matches", s)
		}
	})
}
