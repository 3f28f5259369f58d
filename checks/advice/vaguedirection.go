package advice

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A directional-only fix, whatever its words: one sentence of a
// recommendation that asks for a change of degree ("soften", "tighten",
// "rebalance", "make … more …") towards an unmeasured standard ("fairer",
// "more balanced", "less onerous", "proportionate", "properly") and gives
// nothing concrete — no figure, no quotation, no wording after a colon.
// The directional phrases and the goal grammar read the verbs where a fix
// stands; this reads the sentence, so that a fix set as "Clause 9.3 — push
// back on the claims window and soften the consequence" or "the sampling
// procedure should be made more balanced" is read too.
var (
	degreeVerbRe = regexp.MustCompile(`(?i)\b(?:soften\w*|tighten\w*|strengthen\w*|loosen\w*|narrow(?:s|ed|ing)?|broaden\w*|widen\w*|rebalanc\w*|improv\w*|enhanc\w*|harden\w*|rework\w*|rethink\w*|push(?:ed|ing)?\s+back|lock(?:ed|ing)?\s+down|firm(?:ed|ing)?\s+up|shore(?:d)?\s+up|made|mak(?:e|es|ing))\b`)
	unmeasuredRe = regexp.MustCompile(`(?i)\b(?:fairer|stronger|tighter|narrower|broader|safer|clearer|firmer|more\s+(?:fair|balanced|reasonable|proportionate|protective|robust|realistic|predictable|favourable|favorable|equitable|appropriate|secure|sensible|flexible|targeted|proactive|precise|workable|mutual)|less\s+(?:onerous|one-sided|restrictive|harsh|burdensome|aggressive|strict|vague|punitive)|proportionate(?:ly)?|properly|in\s+(?:our|your|the\s+\w+'s)\s+favou?r|in\s+line\s+with)\b`)
)

// unmeasuredWords are the words unmeasuredRe's matches hold, lower case:
// a recommendation with none of them has no vague direction, and the
// words are cheaper to look up than the expression is to run.
var unmeasuredWords = map[string]bool{"fairer": true, "stronger": true, "tighter": true, "narrower": true, "broader": true,
	"safer": true, "clearer": true, "firmer": true, "more": true, "less": true, "proportionate": true, "proportionately": true,
	"properly": true, "favour": true, "favor": true, "line": true}

// mayBeVague reports whether one of the words ws of text is one of
// unmeasuredWords.
func mayBeVague(text string, ws []doctext.Span) bool {
	var buf [16]byte
	for _, w := range ws {
		if n := w.End - w.Start; n >= 4 && n <= len(buf) && unmeasuredWords[string(doctext.LowerASCII(buf[:], text[w.Start:w.End]))] {
			return true
		}
	}
	return false
}

// maxDirectionSentence bounds a sentence read for a vague direction.
const maxDirectionSentence = 400

// vagueDirection returns the degree verb of the first sentence of body (a
// recommendation's text, quotations blanked) that asks for a change of
// degree towards an unmeasured standard with nothing concrete, as offsets
// in body; ok is false when no sentence does.
func vagueDirection(body string) (int, int, bool) {
	for off := 0; off < len(body); {
		s, next := sentenceAt(body, off, maxDirectionSentence)
		if v := degreeVerbRe.FindStringIndex(s); v != nil && unmeasuredRe.MatchString(s) && !concreteOutsideRefs(withoutListMark(s)) {
			return off + v[0], off + v[1], true
		}
		off = next
	}
	return 0, 0, false
}

// withoutListMark returns s without the list mark that opens it ("1. ",
// "- "): the item's number is no figure of the fix.
func withoutListMark(s string) string {
	t := strings.TrimLeft(s, " \t")
	if m := doctext.ListItemRe.FindStringIndex(t); m != nil {
		return t[m[1]:]
	}
	return s
}
