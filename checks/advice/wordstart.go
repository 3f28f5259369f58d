package advice

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// wordStartRe runs a case-insensitive regexp `\b(?:alt|alt|...)...` whose
// every alternative opens with a whole word of first (followed by \s, or
// ending the alternative before \b) only where a match can start: at a
// maximal run of ASCII word bytes that is, lower-cased, one of first, with
// the pattern anchored there. The regexp package tries an unanchored
// pattern at every byte of the text, which over a long unit costs far more
// than a word scan and a few anchored tries. Text holding ſ or the Kelvin
// sign, which (?i) folds to ASCII letters, goes to the pattern whole.
// FuzzWordStartRe checks each against its pattern.
type wordStartRe struct {
	re    *regexp.Regexp // the pattern
	at    *regexp.Regexp // the pattern anchored at the start
	first map[string]bool
	// shapes spares the lookup in first of most runs (nil when first is
	// empty).
	shapes *wordShapes
	// prefixes open a match at a run that starts with one of them (a
	// pattern that runs on into digits: "risk4").
	prefixes []string
	// hand, when set, is a hand matcher of at (see wordstartat.go).
	hand func(s string) []int
	// solid bounds the bytes besides \s of a match (doctext.SolidBound),
	// -1 when nothing does: a try reads only the window that holds them.
	solid int
	// oneLine: no match of the pattern holds a newline (see
	// withinLine), so a try reads up to the end of its line only.
	oneLine bool
}

// newWordStartRe wraps re with the words its alternatives open with.
func newWordStartRe(re *regexp.Regexp, first ...string) *wordStartRe {
	at := anchored(re)
	w := &wordStartRe{re: re, at: at, first: map[string]bool{}, oneLine: withinLine(re), solid: doctext.SolidBound(at)}
	for _, f := range first {
		w.first[f] = true
	}
	w.shapes = newWordShapes(first...)
	return w
}

// withinLine reports whether no match of re can hold a newline, nor
// depend on what follows a newline after it: no literal or class of re
// takes one and re asserts no end of text or line. A try of such a
// pattern on the text up to the next newline then finds what it finds on
// the whole text: its match ends before the newline, and \b or \B at the
// cut reads the end of input as it reads the newline, a non-word byte.
func withinLine(re *regexp.Regexp) bool {
	t, err := syntax.Parse(re.String(), syntax.Perl)
	return err == nil && !takesNewline(t)
}

// takesNewline reports whether t may match a newline or asserts an end
// of text or line.
func takesNewline(t *syntax.Regexp) bool {
	switch t.Op {
	case syntax.OpAnyChar, syntax.OpEndLine, syntax.OpEndText:
		return true
	case syntax.OpLiteral:
		if slices.Contains(t.Rune, '\n') {
			return true
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(t.Rune); i += 2 {
			if t.Rune[i] <= '\n' && '\n' <= t.Rune[i+1] {
				return true
			}
		}
	}
	return slices.ContainsFunc(t.Sub, takesNewline)
}

// anchored returns re anchored at the start of its input.
func anchored(re *regexp.Regexp) *regexp.Regexp {
	return regexp.MustCompile(`^(?:` + re.String() + `)`)
}

// index returns what w.re.FindStringIndex(s) does: the first candidate
// start at which the anchored pattern matches is the leftmost match, with
// the alternative the pattern prefers there.
func (w *wordStartRe) index(s string) []int {
	if foldsToASCII(s) {
		return w.re.FindStringIndex(s)
	}
	st, m := w.find(s, false)
	if m == nil {
		return nil
	}
	return []int{st, st + m[1]}
}

// find returns the first candidate start st in s at which the anchored
// pattern matches, and its match in s[st:]: FindStringSubmatchIndex's when
// sub, else FindStringIndex's; nil when there is none. s holds neither ſ
// nor the Kelvin sign.
func (w *wordStartRe) find(s string, sub bool) (int, []int) {
	var buf [maxAltWord]byte
	for i := 0; i < len(s); {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		// A run longer than buf is no opening word; buf holds its start
		// for the prefixes.
		n := min(i-st, maxAltWord)
		if n == 0 || len(w.prefixes) == 0 && (i-st > maxAltWord || w.shapes == nil || !w.shapes.fits(n, s[st], s[i-1])) {
			continue // the shape check folds case itself: most runs need no copy
		}
		if !w.opens(doctext.LowerASCII(buf[:n], s[st:]), i-st > maxAltWord) {
			continue
		}
		// The backtracker clears a bitmap the size of its input on each
		// try: a pattern that stays on its line reads only the rest of it.
		try := s[st:]
		if w.oneLine {
			if nl := strings.IndexByte(try, '\n'); nl >= 0 {
				try = try[:nl]
			}
		}
		if w.solid >= 0 {
			try = doctext.SolidWindow(try, w.solid)
		}
		var m []int
		if w.hand != nil {
			m = w.hand(try)
		} else if sub {
			m = w.at.FindStringSubmatchIndex(try)
		} else {
			m = w.at.FindStringIndex(try)
		}
		if m != nil {
			if !sub {
				m = m[:2]
			}
			return st, m
		}
	}
	return 0, nil
}

// opens reports whether a run, lower-cased (its start only when cut),
// may open a match.
func (w *wordStartRe) opens(run []byte, cut bool) bool {
	if !cut && w.shapes != nil && w.shapes.mayHaveRun(run) && w.first[string(run)] {
		return true
	}
	for _, p := range w.prefixes {
		if len(run) >= len(p) && string(run[:len(p)]) == p {
			return true
		}
	}
	return false
}

// runOpens reports whether the run of ASCII word bytes at text[p:], cut
// at end, may open a match (see opens).
func (w *wordStartRe) runOpens(text string, p, end int) bool {
	var buf [maxAltWord]byte
	e := p
	for e < end && asciiWordByte(text[e]) {
		e++
	}
	n := min(e-p, maxAltWord)
	if n == 0 || len(w.prefixes) == 0 && (w.shapes == nil || e-p > maxAltWord || !w.shapes.fits(n, text[p], text[e-1])) {
		return false // the shape check folds case itself: most runs need no copy
	}
	for k := 0; k < n; k++ {
		c := text[p+k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[k] = c
	}
	return w.opens(buf[:n], e-p > maxAltWord)
}

// openings returns the starts of the runs of ASCII word bytes in
// text[from:to) that may open a match, each cut at to: every start at
// which w.index of a slice of text[from:to) that starts at or before it
// can find a match, bar a slice's own first run, which runOpens reads.
func (w *wordStartRe) openings(text string, from, to int) []int {
	var out []int
	for i := from; i < to; {
		for i < to && !asciiWordByte(text[i]) {
			i++
		}
		if i < to && w.runOpens(text, i, to) {
			out = append(out, i)
		}
		for i < to && asciiWordByte(text[i]) {
			i++
		}
	}
	return out
}

// submatch returns what w.re.FindStringSubmatch(s) does, as index does.
func (w *wordStartRe) submatch(s string) []string {
	if foldsToASCII(s) {
		return w.re.FindStringSubmatch(s)
	}
	st, m := w.find(s, true)
	if m == nil {
		return nil
	}
	// The anchored pattern's submatches in s[st:], as FindStringSubmatch
	// gives them: "" for a group that took no part.
	out := make([]string, len(m)/2)
	for g := range out {
		if m[2*g] >= 0 {
			out[g] = s[st+m[2*g] : st+m[2*g+1]]
		}
	}
	return out
}

// match returns what w.re.MatchString(s) does.
func (w *wordStartRe) match(s string) bool { return w.index(s) != nil }

// The expressions run by word starts on the recommendation analysis's
// paths: the marker of drafted replacement text, the qualifiers that leave
// a negotiation verb's object vague, and the vague objects of an
// imperative.
var (
	replacementMarker = withHand(newWordStartRe(doctext.ReplacementMarkerRe, "replacement", "proposed", "suggested", "revised", "replace", "insert"),
		func(s string) []int { return phraseColonAt(replacementPhrases, s) })
	vagueQualifier = newWordStartRe(doctext.VagueQualifierRe, "stronger", "better", "broader", "narrower", "tighter", "clearer", "fairer",
		"firmer", "safer", "greater", "more", "less", "proper", "properly", "appropriate", "appropriately", "adequate", "adequately",
		"acceptable", "reasonable", "robust", "balanced", "fair", "serious", "meaningful", "sufficient", "sufficiently", "suitable",
		"commercially", "objective", "sensible", "enhanced", "improved", "some", "in", "as", "where", "if", "to", "at")
	// riskLevel and colourSeverity are doctext.RiskRe and SeverityRe, which
	// rate every recommendation and the paragraphs that name findings.
	riskLevel = &wordStartRe{re: doctext.RiskRe, at: anchored(doctext.RiskRe), prefixes: []string{"risk"},
		oneLine: withinLine(doctext.RiskRe), solid: -1, hand: riskAt}
	colourSeverity = withHand(newWordStartRe(doctext.SeverityRe, "red", "amber", "yellow", "green", "severity"), colourAt)
	// ratedLevel and findingHeading are ratedRe, which reads the rating of
	// each rated paragraph of a review, and findingHeadingRe, which reads
	// every heading.
	ratedLevel     = newWordStartRe(ratedRe, "rate", "rated", "grade", "graded", "classed", "classified")
	findingHeading = newWordStartRe(findingHeadingRe, "finding", "findings", "issue", "issues", "risk", "risks", "observation",
		"observations", "vulnerability", "vulnerabilities", "concern", "concerns", "analysis", "key", "points")
	// deferral and finiteDraft are deferralRe and finiteDraftRe, which read
	// every proposal.
	deferral    = newWordStartRe(deferralRe, "still", "yet", "to", "subject", "for", "open", "let", "lets", "we", "happy", "tbd", "tbc")
	finiteDraft = newWordStartRe(finiteDraftRe, "shall", "may", "must", "will", "is", "are", "applies", "apply", "means", "has", "have",
		"include", "includes")
	vagueObject = newWordStartRe(vagueObjectRe, "stronger", "better", "more", "appropriate", "appropriately", "acceptable", "adequate",
		"adequately", "sufficient", "sufficiently", "reasonable", "tighter", "clearer", "improved", "as")
)

// replacementPhrases are the phrases of doctext.ReplacementMarkerRe.
var replacementPhrases = colonPhrases(doctext.ReplacementMarkerRe.String())

// withHand sets w's hand matcher.
func withHand(w *wordStartRe, hand func(string) []int) *wordStartRe {
	w.hand = hand
	return w
}
