package golden

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/uniq"
)

// normalizeCategory puts a category into the form matching compares:
// lower case; runs of '/', '&' and ',' become a space; runs of white space
// become '_'; repeated '_' collapse into one; leading and trailing '_' are
// trimmed. "Financial / Revenue Recognition" becomes
// "financial_revenue_recognition".
//
// It applies those steps in one pass: after
// lower-casing, every maximal run of the characters '/', '&', ',', '_' and
// white space ends up as a single '_' (a '/' run becomes a space, which
// joins the white space run around it, which becomes '_', which merges with
// neighbouring '_'), and '_' at either end is dropped. Lower-casing is
// unicode.ToLower per rune, as strings.ToLower does; the ASCII fast path
// exists because MetricsOf normalises every produced category.
func normalizeCategory(s string) string {
	buf := make([]byte, 0, len(s))
	pending := false // a separator run is waiting to be written as '_'
	for i := 0; i < len(s); {
		var r rune
		if c := s[i]; c < utf8.RuneSelf {
			r = rune(c)
			i++
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(s[i:])
			i += size
		}
		if r == '/' || r == '&' || r == ',' || r == '_' || unicode.IsSpace(r) {
			pending = true
			continue
		}
		if pending && len(buf) > 0 {
			buf = append(buf, '_')
		}
		pending = false
		switch {
		case 'A' <= r && r <= 'Z':
			buf = append(buf, byte(r+'a'-'A'))
		case r < utf8.RuneSelf:
			buf = append(buf, byte(r))
		default:
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
		}
	}
	return string(buf)
}

// matchesCategory reports whether a produced category matches an expected
// one under syn (see MetricsOf for the rules). An empty produced category (after
// normalisation) matches nothing.
func matchesCategory(produced, expected string, syn Synonyms) bool {
	p := normalizeCategory(produced)
	return categoryMatch(p, categoryNames(expected, syn.index()))
}

// categoryNames returns the normalised names a produced category is compared
// with for one expected category: the category itself, its synonyms, and
// every member of every synonym group it belongs to. The result may be
// shared with the index: it is clipped so that appending copies it.
func categoryNames(expected string, idx *synIndex) []string {
	e := normalizeCategory(expected)
	if e == "" {
		return nil
	}
	if names, ok := idx.categoryNames[e]; ok {
		return slices.Clip(names)
	}
	return []string{e}
}

// categoryMatch reports whether the normalised produced category p contains,
// or is contained in, any of names.
func categoryMatch(p string, names []string) bool {
	if p == "" {
		return false // an empty string is contained in everything
	}
	for _, n := range names {
		if strings.Contains(p, n) || strings.Contains(n, p) {
			return true
		}
	}
	return false
}

// compiledExpected is an ExpectedFinding with everything matching needs
// precomputed once per MetricsOf call.
type compiledExpected struct {
	ef       *ExpectedFinding
	names    []string   // category names, alternatives included
	keywords [][]string // per keyword: its accepted lower-case forms
	file     string     // lower-cased citation file constraint, or ""
	section  string     // lower-cased page_or_section constraint, or ""
}

func compileExpected(ef *ExpectedFinding, idx *synIndex) compiledExpected {
	c := compiledExpected{
		ef:      ef,
		names:   categoryNames(ef.Category, idx),
		file:    strings.ToLower(ef.CitationMustReference.File),
		section: strings.ToLower(ef.CitationMustReference.PageOrSection),
	}
	for _, alt := range ef.AlternativeCategories {
		c.names = uniq.Append(c.names, categoryNames(alt, idx)...)
	}
	var explicit map[string][]string
	if len(ef.KeywordSynonyms) > 0 {
		explicit = make(map[string][]string, len(ef.KeywordSynonyms))
		for k, syns := range ef.KeywordSynonyms {
			lk := strings.ToLower(k)
			explicit[lk] = uniq.Append(explicit[lk], lowerAll(syns)...)
		}
	}
	for _, kw := range ef.MustContainKeywords {
		lk := strings.ToLower(kw)
		forms := []string{lk}
		forms = uniq.Append(forms, explicit[lk]...)
		forms = uniq.Append(forms, idx.keywordGroups[lk]...)
		c.keywords = append(c.keywords, forms)
	}
	return c
}

// preparedFinding is a produced AgentFinding normalised once. The lower-cased
// text and citations are computed on first use: most produced findings fail
// on category for most expected findings and never need them.
type preparedFinding struct {
	f        *AgentFinding
	category string // normalised
	lowered  bool
	text     string   // lower-cased title + " " + description
	paths    []string // lower-cased citation source paths
	locs     []string // lower-cased citation locations
}

func prepareFinding(f *AgentFinding) preparedFinding {
	return preparedFinding{f: f, category: normalizeCategory(f.Category)}
}

// lower fills text, paths and locs once.
func (p *preparedFinding) lower() {
	if p.lowered {
		return
	}
	p.lowered = true
	p.text = strings.ToLower(p.f.Title + " " + p.f.Description)
	p.paths = make([]string, len(p.f.Citations))
	p.locs = make([]string, len(p.f.Citations))
	for i, c := range p.f.Citations {
		p.paths[i] = strings.ToLower(c.SourcePath)
		p.locs[i] = strings.ToLower(c.Location)
	}
}

// matches applies the three matching rules: category, keywords, citation
// file gate.
func (c *compiledExpected) matches(p *preparedFinding) bool {
	if !categoryMatch(p.category, c.names) {
		return false
	}
	return c.matchesText(p)
}

// matchesText applies the keyword and citation-file rules, once the
// category is known to match.
func (c *compiledExpected) matchesText(p *preparedFinding) bool {
	p.lower()
	for _, forms := range c.keywords {
		found := false
		for _, f := range forms {
			if strings.Contains(p.text, f) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if c.file != "" {
		found := false
		for _, path := range p.paths {
			if strings.Contains(path, c.file) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// citationCorrect reports whether some citation satisfies both the file and
// the page_or_section constraint (each when set).
func (c *compiledExpected) citationCorrect(p *preparedFinding) bool {
	p.lower()
	for i := range p.paths {
		if (c.file == "" || strings.Contains(p.paths[i], c.file)) &&
			(c.section == "" || strings.Contains(p.locs[i], c.section)) {
			return true
		}
	}
	return false
}

// matchFinding reports whether a produced finding satisfies an expected one
// under syn: its category matches (matchesCategory, or against any
// alternative category), every must_contain_keywords entry (or one of its
// synonyms) occurs in its title or description, and, when the expected
// finding constrains the citation file, some citation's source path
// contains it. Severity does not affect matching.
func matchFinding(f AgentFinding, ef ExpectedFinding, syn Synonyms) bool {
	c := compileExpected(&ef, syn.index())
	p := prepareFinding(&f)
	return c.matches(&p)
}
