package text

import (
	"regexp"
	"strings"
)

var (
	// draftIntroRe finds the words that introduce drafted language: the
	// reviewer's own text, proposed for the document, not a quotation of
	// it ("Replacement text for clause 8.2:", "Insert the following as a
	// new clause 7.4:", "Revise clause 11.3 to read:", "Proposed:", "Add
	// at the end of 5.1:", "Our suggested wording:", "Draft reply:").
	draftIntroRe = regexp.MustCompile(`(?i)\b(?:propos\w*|replac\w*|endors\w*|vary|revis\w*|insert\w*|add|added|adding|additions?|amend\w*|new|draft(?:ed|ing)?\s+(?:text|language|wording|clause|reply|response|letter|e-?mail|message|notice|answer|statement|paragraph)|redline\w*|substitut\w*|suggest\w*|rewrit\w*|reword\w*|to\s+read|should\s+read|fill\s+in|begin\w*|prefix\w*|append\w*|shall\s+read|fallback|alternative|counter-?propos\w*|recommended\s+(?:text|wording|language|drafting)|this\s+(?:wording|language|text)|the\s+following\s+(?:wording|language|text)|change\s+(?:it\s+)?to|mark-?up|after|instead|(?:start|open|preface|end)\w*\b[^:]{0,60}\bwith(?:\s+the\s+following)?)\b`)
	// SourceIntroRe finds the words that introduce the source's own text
	// ("Current:", "Clause 8.3 currently reads:", "As drafted:", "The
	// existing wording:").
	SourceIntroRe = regexp.MustCompile(`(?i)\b(?:current(?:ly)?|existing|original|as\s+drafted|as\s+it\s+stands|old|before|deleted|source|reads|provides|states|says)\b`)
)

// draftIntro and sourceIntro run draftIntroRe and SourceIntroRe at the
// words their alternatives open with.
var (
	draftIntro = newWordStartRe(draftIntroRe, "propos", "replac", "endors", "vary", "revis", "insert", "add", "amend", "new", "draft", "redline",
		"substitut", "suggest", "rewrit", "reword", "to", "should", "fill", "begin", "prefix", "append", "shall", "fallback",
		"alternative", "counter", "recommended", "this", "the", "change", "mark", "after", "instead", "start", "open", "preface", "end")
	sourceIntro = newWordStartRe(SourceIntroRe, "current", "existing", "original", "as", "old", "before", "deleted", "source",
		"reads", "provides", "states", "says")
)

// leadVerbRe matches what may precede a sentence's first word: list
// markers, clause numbers, labels in bold or parentheses ("R4 (RED).").
var leadVerbRe = regexp.MustCompile(`^(?:[-*+>][ \t]+|\d{1,3}(?:\.\d{1,3})*[.)]?[ \t]+|\*\*[^*]{0,60}\*\*[ \t]*|\([^)]{0,20}\)[ \t]*|[A-Z]{1,3}-?\d{1,3}[ \t]*(?:\([^)]{0,20}\))?[.:]?[ \t]*)*`)

// changeVerbs are imperatives that change a term's value; one leading an
// intro that a quotation follows drafts the changed term.
var changeVerbs = map[string]bool{"raise": true, "lower": true, "increase": true, "reduce": true, "cut": true, "extend": true, "change": true,
	"shorten": true, "lengthen": true, "cap": true, "limit": true, "tighten": true, "narrow": true, "widen": true, "lift": true}

// changeVerbLeads reports whether intro opens, after its markers, with a
// change verb: "Raise the cap to match the insurance".
func changeVerbLeads(intro string) bool {
	m := leadVerbRe.FindStringIndex(intro)
	rest := intro[m[1]:]
	e := 0
	for e < len(rest) && rest[e] >= 'A' && rest[e] <= 'z' && (rest[e] <= 'Z' || rest[e] >= 'a') {
		e++
	}
	return e > 0 && e < len(rest) && rest[e] == ' ' && changeVerbs[strings.ToLower(rest[:e])]
}

// IsDraftIntro reports whether intro, the text that introduces a quotation
// (up to its ':'), presents drafted language rather than the source's: it
// holds a drafting word (proposed, replacement, revised, insert, add, new,
// "to read" ...) and, if it also holds a source word (current, existing,
// as drafted, reads ...), the drafting word comes last ("Replace the
// current text with:" drafts; "Current text, before the amendment:" does
// not). Only the last sentence of intro counts.
func IsDraftIntro(intro string) bool {
	intro = LastSentence(intro)
	if t := strings.Trim(intro, " \t*_-•"); newWordingLabels[strings.ToLower(t)] {
		return true // "was: "…" / now: "…"", "AS-IS: … / TO-BE: …", "Now: … / Want: …": the label of the new wording
	}
	d := draftIntro.findAll(intro)
	if d == nil {
		return changeVerbLeads(intro) // "Raise the cap to match the insurance:"
	}
	if m := leadVerbRe.FindStringIndex(intro); m != nil && d[0][0] == m[1] {
		return true // an imperative drafting verb leads: "Amend ... so that it reads"
	}
	s := sourceIntro.findAll(intro)
	if s == nil {
		return true
	}
	// "to read" contains "read": a source word inside a drafting phrase
	// does not count.
	lastS := s[len(s)-1]
	for _, m := range d {
		if m[0] <= lastS[0] && lastS[1] <= m[1] {
			return true
		}
	}
	return d[len(d)-1][0] > lastS[0]
}

// newWordingLabels are the one-word labels of the wording a redline asks
// for, set against the current one ("Now:"/"Current:" beside them).
var newWordingLabels = map[string]bool{"now": true, "new": true, "to-be": true, "to be": true, "want": true,
	"we want": true, "ask": true, "our ask": true, "after": true, "target": true}

// LastSentence returns the part of s after its last sentence end by the
// clause readers' rules (ClauseSentenceRules), line breaks and ';' aside,
// trimmed; a terminator that ends s is no cut (nothing follows it: an
// intro "… as follows." is its own last sentence).
func LastSentence(s string) string {
	r, cut := clauseRules(), 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '.' || c == '!' || c == '?' {
			end, next, ok := r.Stop(s, i)
			if ok && end < len(s) {
				cut = end
			}
			i = next - 1
		}
	}
	return strings.TrimSpace(s[cut:])
}
