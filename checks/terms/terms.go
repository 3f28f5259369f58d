package terms

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
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
// Document.SourceText count as defined; a candidate that defines no terms and
// has no source is not checked for undefined terms. An entry of a cfg list
// with no word in it is an *evaluator.FieldError naming it
// ("DefinitionConfig.ProperNames[0]"), matching evaluator.ErrInvalidOption.
func NewDefinitionCheck(cfg DefinitionConfig) (check.Check, error) {
	if err := doctext.CheckPhrases("DefinitionConfig.ProperNames", cfg.ProperNames); err != nil {
		return nil, err
	}
	if err := doctext.CheckPhrases("DefinitionConfig.InstrumentWords", cfg.InstrumentWords); err != nil {
		return nil, err
	}
	if cfg.ProperNames == nil {
		cfg.ProperNames = doctext.DefaultProperNames
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

// Rule returns the family prefix "definition" of the rules the check reports.
func (c *definitionCheck) Rule() string { return "definition" }

// Rules lists the rule ids the check reports.
func (c *definitionCheck) Rules() []string {
	return []string{RuleTermDuplicate, RuleTermUnused, RuleTermUsedBefore, RuleTermUndefined}
}

// Check returns the check's findings on doc.
func (c *definitionCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	a := doctext.AnalysisOf(doc)
	defs := a.Definitions()
	ws := a.WordList()
	var out []check.Finding
	idx := a.LineIndex()
	headings := headingSpans(text)
	first := make(map[string]doctext.Definition, len(defs))
	terms := make([]string, 0, len(defs))
	for _, d := range defs {
		if prev, dup := first[d.Term]; dup {
			l, col := idx.Position(prev.Start)
			out = append(out, check.Finding{Rule: RuleTermDuplicate, Severity: check.SeverityWarn,
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
	doctext.SortSpans(headings)
	used := make(map[string]bool, len(terms))
	reportedBefore := make(map[string]bool)
	x := doctext.NewTermIndex(terms)
	di := 0 // definitions are sorted: skip uses inside them with a cursor
	x.Find(text, ws, func(u doctext.Use) {
		for di < len(defs) && defs[di].End <= u.Start {
			di++
		}
		if di < len(defs) && u.Start >= defs[di].Start && u.End <= defs[di].End {
			return
		}
		used[u.Term] = true
		d := first[u.Term]
		if u.Start < d.Start && !reportedBefore[u.Term] && !doctext.InSpans(headings, u.Start, u.End) &&
			!strings.Contains(text[u.End:min(len(text), u.End+60)], "defined") && !onDefinitionLine(idx, defLines, u.Start) {
			reportedBefore[u.Term] = true
			l, col := idx.Position(d.Start)
			out = append(out, check.Finding{Rule: RuleTermUsedBefore, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("term %q is used before its definition at line %d:%d: define it first or point to the definition", u.Term, l, col),
				Location: idx.Locate(u.Start, u.End, text)})
		}
	})
	for _, t := range terms {
		if !used[t] {
			d := first[t]
			out = append(out, check.Finding{Rule: RuleTermUnused, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("term %q is defined but never used: remove the definition or use the term", t),
				Location: idx.Locate(d.Start, d.End, text)})
		}
	}
	// The undefined-term heuristic needs definitions to compare against: the
	// candidate's own, and the source document's when there is one (a
	// review memo uses the contract's terms). With neither, it stays quiet.
	if doc.SourceText != "" {
		known := append([]string(nil), terms...)
		for _, d := range doctext.ExtractDefinitions(doc.SourceText) {
			known = append(known, d.Term)
		}
		out = append(out, c.undefined(text, ws, doctext.NewTermIndex(known), headings, idx)...)
	} else if len(terms) > 0 {
		out = append(out, c.undefined(text, ws, x, headings, idx)...)
	}
	check.SortFindings(out)
	return out
}

// onDefinitionLine reports whether offset at is on a line that defines a term.
func onDefinitionLine(idx *doctext.LineIndex, defLines map[int]bool, at int) bool {
	l, _ := idx.Position(at)
	return defLines[l]
}

// clauseCaptions returns the captions of numbered clause lines: in "4.2
// Service Credits. If ...", the span of "Service Credits".
func clauseCaptions(text string) []doctext.Span {
	var out []doctext.Span
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := text[l.Start:l.End]
		m := doctext.MatchIf(doctext.StartsWithAny(s, doctext.DigitsAndStar), doctext.LineNumRe, s)
		if m == nil {
			return
		}
		start := l.Start + m[1] - 1
		limit := min(l.End, start+80)
		if dot := strings.IndexByte(text[start:limit], '.'); dot > 0 {
			out = append(out, doctext.Span{Start: start, End: start + dot})
		}
	})
	return out
}

// headingSpans returns the spans of the Markdown heading lines of text.
func headingSpans(text string) []doctext.Span {
	var out []doctext.Span
	doctext.ForEachLine(text, func(l doctext.Line) {
		if lvl, _ := doctext.HeadingLevel(text[l.Start:l.End]); lvl > 0 {
			out = append(out, doctext.Span(l))
		}
	})
	return out
}

// undefined reports "the" + Title Case phrases that are not defined terms.
func (c *definitionCheck) undefined(text string, ws []doctext.Span, x *doctext.TermIndex, headings []doctext.Span, idx *doctext.LineIndex) []check.Finding {
	var out []check.Finding
	reported := make(map[string]bool)
	next := 0
	for _, w := range ws {
		s, e := w.Start, w.End
		if s < next || e-s != 3 || !(text[s:e] == "the" || text[s:e] == "The") {
			continue
		}
		words := titleRun(text, e)
		if len(words) < 2 {
			continue
		}
		runStart, runEnd := words[0].Start, words[len(words)-1].End
		// A defined term covering the whole run makes it defined.
		covered := false
		if list := x.ByFirst[text[words[0].Start:words[0].End]]; list != nil {
			for _, tw := range list {
				if end, ok := doctext.MatchTerm(text, runStart, tw.Words); ok && end >= runEnd {
					covered = true
					break
				}
			}
		}
		if covered || c.instrument[text[words[len(words)-1].Start:words[len(words)-1].End]] || ofProperName(text, runEnd) {
			continue
		}
		phrase := joinWords(text, words)
		if c.isProper(phrase) || reported[phrase] || doctext.InSpans(headings, runStart, runEnd) {
			continue
		}
		reported[phrase] = true
		out = append(out, check.Finding{Rule: RuleTermUndefined, Severity: check.SeverityInfo,
			Message:  fmt.Sprintf("%q reads as a defined term but is not defined: define it or write it in lower case", phrase),
			Location: idx.Locate(runStart, runEnd, text)})
		next = runEnd
	}
	return out
}

// titleRun returns the Title Case words that follow offset i, each separated
// by a single space or a single line break (a wrapped line), not by a blank
// line or punctuation.
func titleRun(text string, i int) []doctext.Span {
	var words []doctext.Span
	for {
		j := skipOneBreak(text, i)
		if j == i {
			return words
		}
		s, e := doctext.NextWord(text, j, len(text))
		if s != j || !isTitleWord(text[s:e]) {
			return words
		}
		words = append(words, doctext.Span{Start: s, End: e})
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

func joinWords(text string, words []doctext.Span) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = text[w.Start:w.End]
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
