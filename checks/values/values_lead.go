package values

import (
	"strings"
)

// This file reads a list item's plain lead-in: "1. Non-compete (clause 8)
// - High. Twenty-four months, anywhere in the world, ...".

// maxLeadWords bounds a plain lead-in: a title, not a sentence.
const maxLeadWords = 8

// vLeadVerbs are finite verbs that make a short first sentence a statement
// rather than a title ("The fee is £5.").
var vLeadVerbs = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "had": true, "will": true,
	"shall": true, "may": true, "must": true, "can": true, "could": true, "would": true, "should": true,
	"does": true, "do": true, "did": true, "be": true, "we": true, "i": true, "you": true, "it": true,
}

// vPlainLead returns the end of a list item's plain lead-in starting at i:
// a first sentence of at most maxLeadWords words with no finite verb and
// no figure outside parentheses, followed by more text on the line. Like
// a bold lead-in, it names what the item's values are about.
func vPlainLead(text string, i, end int) (int, bool) {
	s := text[i:end]
	dot := strings.Index(s, ". ")
	if dot <= 0 || dot > 120 || strings.TrimSpace(s[dot+1:]) == "" {
		return 0, false
	}
	lead := s[:dot]
	if c := lead[0]; c < 'A' || c > 'Z' {
		return 0, false
	}
	depth, words := 0, 0
	for _, f := range strings.FieldsFunc(lead, func(r rune) bool { return r == ' ' || r == '\t' }) {
		if f == "-" || f == "–" || f == "—" {
			continue
		}
		words++
		w := strings.ToLower(strings.Trim(f, "()*_,:;"))
		if depth == 0 && vLeadVerbs[w] {
			return 0, false
		}
		if depth == 0 && !strings.HasPrefix(f, "(") && strings.ContainsAny(f, "0123456789£$€%") {
			return 0, false
		}
		depth += strings.Count(f, "(") - strings.Count(f, ")")
	}
	if words == 0 || words > maxLeadWords || depth != 0 {
		return 0, false
	}
	return i + dot + 1, true
}
