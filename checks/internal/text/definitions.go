package text

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/internal/quotematch"
)

// Definition is one defined term found in a document.
type Definition struct {
	// Term is the defined term, without quotation marks ("Effective Date").
	Term string
	// Start and End are the byte offsets of the quoted term, quotes included.
	Start, End int
}

// maxTermLen bounds a defined term, in bytes.
const maxTermLen = 80

var (
	// defMeansRe follows a quoted term that is being defined.
	defMeansRe = regexp.MustCompile(`^(?:\*\*|__)?[ \t]+(?:means|shall mean|mean|has the meaning|shall have the meaning|have the meaning|refers to|shall refer to|is defined)\b`)
	// defParenLeadRe is what may stand between "(" and the quoted term.
	defParenLeadRe = regexp.MustCompile(`^[ \t,;]*(?:(?:each|together|collectively|individually|jointly|severally|hereinafter|herein|also|referred|to|as|a|an|the|and|or|called|defined)[ \t,;]*)*$`)
)

// ExtractDefinitions returns the terms text defines, in document order. A
// term is a quoted phrase (straight or curly double quotes, on one line, at
// most 80 bytes, starting with an upper-case letter, at most eight words)
// that is either
//   - followed by "means", "shall mean", "has the meaning", "refers to" or
//     "is defined" (Markdown bold around the quotes is allowed), or
//   - inside parentheses, after nothing but connecting words: `("Supplier")`,
//     `(the "Effective Date")`, `(each, a "Party" and together, the "Parties")`.
//
// Offsets are always inside text; invalid UTF-8 is tolerated.
func ExtractDefinitions(text string) []Definition {
	var out []Definition
	for p := range quotematch.Passages(text, 0, len(text)) { // QuotedSpans, without holding them all
		q := Span{p.Start, p.End}
		open, closeLen := 1, 1
		if strings.HasPrefix(text[q.Start:], "“") {
			open, closeLen = len("“"), len("”")
		} else if text[q.Start] != '"' {
			continue // block quote
		}
		if q.End-q.Start > maxTermLen+open+closeLen || q.End-q.Start <= open+closeLen {
			continue
		}
		term := text[q.Start+open : q.End-closeLen]
		if !looksLikeTerm(term) {
			continue
		}
		if defMeansRe.MatchString(text[q.End:min(len(text), q.End+40)]) || inDefiningParen(text, q.Start, q.End) {
			out = append(out, Definition{Term: term, Start: q.Start, End: q.End})
		}
	}
	return out
}

// looksLikeTerm reports whether s can be a defined term: it starts with an
// upper-case letter, has no line break, and at most eight words.
func looksLikeTerm(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) || strings.ContainsAny(s, "\n\r\"") {
		return false
	}
	return WordCount(s, 0, len(s)) <= 8
}

// inDefiningParen reports whether the quoted term at [s,e) sits in a
// parenthetical of connecting words, e.g. `(the "Term")` or `(each, a "Party"`.
func inDefiningParen(text string, s, e int) bool {
	lo := max(0, s-60)
	j := strings.LastIndexAny(text[lo:s], "()\n")
	if j < 0 || text[lo+j] != '(' {
		return false
	}
	lead := text[lo+j+1 : s]
	// Allow an earlier term in the same parenthetical: `("A" and the "B")`.
	if k := strings.LastIndexAny(lead, "\"”"); k >= 0 {
		_, size := utf8.DecodeRuneInString(lead[k:])
		lead = lead[k+size:]
	}
	return defParenLeadRe.MatchString(lead)
}

// TermIndex finds uses of defined terms in one pass over a text: each
// capitalised word is looked up among the first words of the terms and the
// longest term that matches there wins. A use may add "s", "es" or "'s" to
// the last word.
type TermIndex struct {
	ByFirst map[string][]termWords // first word -> terms, longest first
}

// termWords is a term and its words.
type termWords struct {
	term  string
	Words []string
}

// NewTermIndex returns the index of terms; a repeated or empty term is
// indexed once or not at all.
func NewTermIndex(terms []string) *TermIndex {
	x := &TermIndex{ByFirst: make(map[string][]termWords)}
	seen := make(map[string]bool)
	for _, t := range terms {
		if seen[t] {
			continue
		}
		seen[t] = true
		words := strings.Fields(t)
		if len(words) == 0 {
			continue
		}
		first := words[0]
		if s, e := NextWord(first, 0, len(first)); s != 0 || e != len(first) {
			// A first word with punctuation ("U.S. Dollars") is matched
			// through its leading word run.
			first = first[s:e]
		}
		x.ByFirst[first] = append(x.ByFirst[first], termWords{strings.Join(words, " "), words})
	}
	for _, l := range x.ByFirst {
		sort.SliceStable(l, func(i, j int) bool { return len(l[i].term) > len(l[j].term) })
	}
	return x
}

// Use is one occurrence of a defined term.
type Use struct {
	Term       string
	Start, End int
}

// Find calls fn for each use of a term in text, left to right; ws are the
// words of text.
func (x *TermIndex) Find(text string, ws []Span, fn func(u Use)) {
	if len(x.ByFirst) == 0 {
		return
	}
	next := 0
	for _, w := range ws {
		s, e := w.Start, w.End
		if s < next {
			continue
		}
		if c := text[s]; (c < 'A' || c > 'Z') && c < utf8.RuneSelf {
			continue
		}
		list := x.lookup(text[s:e])
		if list == nil {
			continue
		}
		for _, tw := range list {
			if end, ok := MatchTerm(text, s, tw.Words); ok {
				fn(Use{Term: tw.term, Start: s, End: end})
				next = end
				break
			}
		}
	}
}

// lookup returns the terms starting with word w, also trying w without a
// possessive "'s" or a plural "s"/"es" (for one-word terms used in the plural).
func (x *TermIndex) lookup(w string) []termWords {
	if l := x.ByFirst[w]; l != nil {
		return l
	}
	for _, suf := range []string{"'s", "s", "es"} {
		if len(w) > len(suf) && strings.HasSuffix(w, suf) {
			if l := x.ByFirst[w[:len(w)-len(suf)]]; l != nil {
				return l
			}
		}
	}
	return nil
}

// MatchTerm matches the words of a term at s, separated by single runs of
// spaces, case-sensitively, and returns the end of the use.
func MatchTerm(text string, s int, words []string) (int, bool) {
	i := s
	for k, w := range words {
		if k > 0 {
			j := i
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n') {
				j++
			}
			if j == i {
				return 0, false
			}
			i = j
		}
		if !strings.HasPrefix(text[i:], w) {
			return 0, false
		}
		i += len(w)
	}
	// Plural and possessive forms of the last word.
	switch {
	case strings.HasPrefix(text[i:], "'s"), strings.HasPrefix(text[i:], "es") && !(i+2 < len(text) && IsWordByte(text[i+2])):
		i += 2
	case strings.HasPrefix(text[i:], "s") && !(i+1 < len(text) && IsWordByte(text[i+1])):
		i++
	}
	if i < len(text) && IsWordByte(text[i]) {
		return 0, false
	}
	return i, true
}
