package xref

import "regexp"

// proposedRefRe matches a sentence about a clause the review proposes.
// ("New" only before a clause word: "New York" proposes nothing.)
var proposedRefRe = regexp.MustCompile(`\b(?:(?i:propos\w*|would\s+be|if\s+(?:it\s+is\s+|they\s+are\s+)?accepted|to\s+be\s+(?:inserted|added))|new|NEW|New\s+(?i:clause|section|article|paragraph|sub-?clause|schedule))\b`)

// proposedRefAtRe is proposedRefRe anchored at the start of a word: every
// alternative opens on a word byte, so the leading \b holds exactly where
// the byte before is not one.
var proposedRefAtRe = regexp.MustCompile(`^(?:(?i:propos\w*|would\s+be|if\s+(?:it\s+is\s+|they\s+are\s+)?accepted|to\s+be\s+(?:inserted|added))|new|NEW|New\s+(?i:clause|section|article|paragraph|sub-?clause|schedule))\b`)

// proposedOpeners maps the bytes a match of proposedRefRe can open on
// (the first letters of its alternatives, in either case) to the letter
// that follows it there: "pr", "wo", "if", "to", "ne". None of these
// letters folds to a character outside ASCII.
var proposedOpeners = func() (t [256]byte) {
	for _, p := range []string{"pr", "wo", "if", "to", "ne"} {
		t[p[0]], t[p[0]-'a'+'A'] = p[1], p[1]
	}
	return t
}()

// proposedRef reports whether proposedRefRe matches s. The expression,
// unanchored, is tried from every byte of a sentence for every reference
// in it; this tries the anchored form only at the starts of words whose
// first two letters can open a match (FuzzProposedRef checks the two
// agree).
func proposedRef(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if second := proposedOpeners[s[i]]; second == 0 || s[i+1]|0x20 != second || i > 0 && reWordByte(s[i-1]) {
			continue
		}
		if proposedRefAtRe.MatchString(s[i:]) {
			return true
		}
	}
	return false
}

// reWordByte reports whether c is a word byte as regexp's \b reads it
// (ASCII letters, digits and the underscore).
func reWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// proposedSentence reports whether the sentence text[s:e] holding a
// reference proposes a clause, reusing the answer for the last sentence
// asked about: the references of one list share their sentence.
func (r *xrefRun) proposedSentence(s, e int) bool {
	if r.propSent != [2]int{s, e} {
		r.propSent, r.propHit = [2]int{s, e}, proposedRef(r.text[s:e])
	}
	return r.propHit
}
