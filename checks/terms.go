package checks

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rule ids of the defined-term check.
const (
	// RuleTermDuplicate: a term defined twice.
	RuleTermDuplicate = "definition.duplicate"
	// RuleTermUnused: a term defined and never used.
	RuleTermUnused = "definition.unused"
	// RuleTermUsedBefore: a term used (outside headings) before its
	// definition, with no "as defined in" pointer.
	RuleTermUsedBefore = "definition.used_before_definition"
	// RuleTermUndefined: a capitalised multi-word phrase after "the" that
	// looks like a defined term but is defined nowhere. It is a heuristic,
	// so it only informs by default (raise it with WithSeverity).
	RuleTermUndefined = "definition.undefined"
)

// DefinitionConfig configures NewDefinitionCheck. The zero value means the
// documented defaults.
type DefinitionConfig struct {
	// ProperNames are capitalised names that need no definition ("United
	// States"); nil means ProperNames().
	ProperNames []string
	// InstrumentWords end the names of other instruments, which need no
	// definition ("the Securities Act"); nil means Agreement, Act, Code,
	// Regulation(s), Directive, Convention, Rules, Treaty, Law, Plan,
	// Policy, Statute.
	InstrumentWords []string
}

// NewDefinitionCheck returns the defined-term check (rules
// RuleTermDuplicate, RuleTermUnused and RuleTermUsedBefore, warn, and
// RuleTermUndefined, info). Terms are found by ExtractDefinitions; a use
// is the term, case-sensitive, on word boundaries, optionally plural or
// possessive, outside its own definition.
//
// RuleTermUndefined is a heuristic: "the" followed by two or more Title Case
// words ("the Customer Data", a wrapped line allowed) that are not a defined
// term, do not start with a proper name, do not end in an instrument word,
// and are not followed by "of" and a capitalised word; each phrase is
// reported once, at its first use. Headings are ignored. Terms defined in
// Document.Source count as defined; a candidate that defines no terms and
// has no source is not checked for undefined terms. An entry of a cfg list
// with no word in it is an *evaluator.FieldError naming it
// ("DefinitionConfig.ProperNames[0]"), matching evaluator.ErrInvalidOption.
func NewDefinitionCheck(cfg DefinitionConfig) (Check, error) {
	if err := checkPhrases("DefinitionConfig.ProperNames", cfg.ProperNames); err != nil {
		return nil, err
	}
	if err := checkPhrases("DefinitionConfig.InstrumentWords", cfg.InstrumentWords); err != nil {
		return nil, err
	}
	if cfg.ProperNames == nil {
		cfg.ProperNames = defaultProperNames
	}
	if cfg.InstrumentWords == nil {
		cfg.InstrumentWords = []string{"Agreement", "Agreements", "Act", "Code", "Regulation", "Regulations", "Directive", "Convention", "Rules", "Treaty", "Law", "Plan", "Policy", "Statute"}
	}
	c := &definitionCheck{proper: cfg.ProperNames, instrument: make(map[string]bool)}
	for _, w := range cfg.InstrumentWords {
		c.instrument[w] = true
	}
	return c, nil
}

type definitionCheck struct {
	proper     []string
	instrument map[string]bool
}

func (c *definitionCheck) Rule() string { return "definition" }
func (c *definitionCheck) Rules() []string {
	return []string{RuleTermDuplicate, RuleTermUnused, RuleTermUsedBefore, RuleTermUndefined}
}

func (c *definitionCheck) Check(doc Document) []Finding {
	text := doc.Text
	a := analysisOf(doc)
	defs := a.definitions()
	ws := a.wordList()
	var out []Finding
	idx := a.lineIndex()
	headings := headingSpans(text)
	first := make(map[string]Definition, len(defs))
	terms := make([]string, 0, len(defs))
	for _, d := range defs {
		if prev, dup := first[d.Term]; dup {
			l, col := idx.Position(prev.Start)
			out = append(out, Finding{Rule: RuleTermDuplicate, Severity: SeverityWarn,
				Message:  fmt.Sprintf("term %q is defined twice (first at line %d:%d)", d.Term, l, col),
				Location: idx.Locate(d.Start, d.End, text)})
			continue
		}
		first[d.Term] = d
		terms = append(terms, d.Term)
	}
	// Lines that define a term (a definitions list, a preamble) may name
	// terms defined further on; clause captions ("4.2 Service Credits.")
	// are headings.
	defLines := make(map[int]bool, len(defs))
	for _, d := range defs {
		l, _ := idx.Position(d.Start)
		defLines[l] = true
	}
	headings = append(headings, clauseCaptions(text)...)
	sortSpans(headings)
	used := make(map[string]bool, len(terms))
	reportedBefore := make(map[string]bool)
	x := newTermIndex(terms)
	di := 0 // definitions are sorted: skip uses inside them with a cursor
	x.find(text, ws, func(u use) {
		for di < len(defs) && defs[di].End <= u.start {
			di++
		}
		if di < len(defs) && u.start >= defs[di].Start && u.end <= defs[di].End {
			return
		}
		used[u.term] = true
		d := first[u.term]
		if u.start < d.Start && !reportedBefore[u.term] && !inSpans(headings, u.start, u.end) &&
			!strings.Contains(text[u.end:min(len(text), u.end+60)], "defined") && !onDefinitionLine(idx, defLines, u.start) {
			reportedBefore[u.term] = true
			l, col := idx.Position(d.Start)
			out = append(out, Finding{Rule: RuleTermUsedBefore, Severity: SeverityWarn,
				Message:  fmt.Sprintf("term %q is used before its definition at line %d:%d: define it first or point to the definition", u.term, l, col),
				Location: idx.Locate(u.start, u.end, text)})
		}
	})
	for _, t := range terms {
		if !used[t] {
			d := first[t]
			out = append(out, Finding{Rule: RuleTermUnused, Severity: SeverityWarn,
				Message:  fmt.Sprintf("term %q is defined but never used: remove the definition or use the term", t),
				Location: idx.Locate(d.Start, d.End, text)})
		}
	}
	// The undefined-term heuristic needs definitions to compare against: the
	// candidate's own, and the source document's when there is one (a
	// review memo uses the contract's terms). With neither, it stays quiet.
	if doc.Source != "" {
		known := append([]string(nil), terms...)
		for _, d := range ExtractDefinitions(doc.Source) {
			known = append(known, d.Term)
		}
		out = append(out, c.undefined(text, ws, newTermIndex(known), headings, idx)...)
	} else if len(terms) > 0 {
		out = append(out, c.undefined(text, ws, x, headings, idx)...)
	}
	sortFindings(out)
	return out
}

// onDefinitionLine reports whether offset at is on a line that defines a term.
func onDefinitionLine(idx *LineIndex, defLines map[int]bool, at int) bool {
	l, _ := idx.Position(at)
	return defLines[l]
}

// clauseCaptions returns the captions of numbered clause lines: in "4.2
// Service Credits. If ...", the span of "Service Credits".
func clauseCaptions(text string) []span {
	var out []span
	forEachLine(text, func(l line) {
		s := text[l.start:l.end]
		m := matchIf(startsWithAny(s, digitsAndStar), lineNumRe, s)
		if m == nil {
			return
		}
		start := l.start + m[1] - 1
		limit := min(l.end, start+80)
		if dot := strings.IndexByte(text[start:limit], '.'); dot > 0 {
			out = append(out, span{start, start + dot})
		}
	})
	return out
}

// headingSpans returns the spans of the Markdown heading lines of text.
func headingSpans(text string) []span {
	var out []span
	forEachLine(text, func(l line) {
		if lvl, _ := headingLevel(text[l.start:l.end]); lvl > 0 {
			out = append(out, span(l))
		}
	})
	return out
}

// undefined reports "the" + Title Case phrases that are not defined terms.
func (c *definitionCheck) undefined(text string, ws []span, x *termIndex, headings []span, idx *LineIndex) []Finding {
	var out []Finding
	reported := make(map[string]bool)
	next := 0
	for _, w := range ws {
		s, e := w.start, w.end
		if s < next || e-s != 3 || !(text[s:e] == "the" || text[s:e] == "The") {
			continue
		}
		words := titleRun(text, e)
		if len(words) < 2 {
			continue
		}
		runStart, runEnd := words[0].start, words[len(words)-1].end
		// A defined term covering the whole run makes it defined.
		covered := false
		if list := x.byFirst[text[words[0].start:words[0].end]]; list != nil {
			for _, tw := range list {
				if end, ok := matchTerm(text, runStart, tw.words); ok && end >= runEnd {
					covered = true
					break
				}
			}
		}
		if covered || c.instrument[text[words[len(words)-1].start:words[len(words)-1].end]] || ofProperName(text, runEnd) {
			continue
		}
		phrase := joinWords(text, words)
		if c.isProper(phrase) || reported[phrase] || inSpans(headings, runStart, runEnd) {
			continue
		}
		reported[phrase] = true
		out = append(out, Finding{Rule: RuleTermUndefined, Severity: SeverityInfo,
			Message:  fmt.Sprintf("%q reads as a defined term but is not defined: define it or write it in lower case", phrase),
			Location: idx.Locate(runStart, runEnd, text)})
		next = runEnd
	}
	return out
}

// titleRun returns the Title Case words that follow offset i, each separated
// by a single space or a single line break (a wrapped line), not by a blank
// line or punctuation.
func titleRun(text string, i int) []span {
	var words []span
	for {
		j := skipOneBreak(text, i)
		if j == i {
			return words
		}
		s, e := nextWord(text, j, len(text))
		if s != j || !isTitleWord(text[s:e]) {
			return words
		}
		words = append(words, span{s, e})
		i = e
	}
}

// skipOneBreak skips a single space, or a line break with the indentation
// after it, at i; it returns i when there is neither.
func skipOneBreak(text string, i int) int {
	switch {
	case i < len(text) && text[i] == ' ':
		return i + 1
	case i < len(text) && text[i] == '\n':
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && text[j] != '\n' && text[j] != '\r' {
			return j
		}
	}
	return i
}

// ofProperName reports whether the run ending at end is followed by "of"
// and a capitalised word ("the Federal Republic of Germany", "the Bank of
// England"): the name of a place or an institution.
func ofProperName(text string, end int) bool {
	j := skipOneBreak(text, end)
	if j == end || !strings.HasPrefix(text[j:], "of") {
		return false
	}
	k := skipOneBreak(text, j+2)
	if k == j+2 || k >= len(text) {
		return false
	}
	return text[k] >= 'A' && text[k] <= 'Z'
}

// isTitleWord reports whether w starts with an upper-case letter and has a
// lower-case letter after it (so "API" and "Q3" are not title words).
func isTitleWord(w string) bool {
	r, size := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) {
		return false
	}
	for _, r := range w[size:] {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

func joinWords(text string, words []span) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = text[w.start:w.end]
	}
	return strings.Join(parts, " ")
}

func (c *definitionCheck) isProper(phrase string) bool {
	for _, p := range c.proper {
		if phrase == p || strings.HasPrefix(phrase, p+" ") {
			return true
		}
	}
	return false
}
