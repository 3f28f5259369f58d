package readability

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/readscore"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the readability check.
const (
	// RuleReadabilityGrade: the Flesch-Kincaid grade is above the limit.
	RuleReadabilityGrade = "readability.grade"
	// RuleReadabilityPassive: the share of passive sentences is above the
	// limit.
	RuleReadabilityPassive = "readability.passive"
	// RuleReadabilityPassage: one passage (a paragraph of at least 40
	// words) reads far above the limit, though the whole text may not: a
	// block of legalese in a plain-language notice.
	RuleReadabilityPassage = "readability.passage"
	// RuleReadabilityJargon: the density of legal jargon is above the limit
	// (only when ReadabilityConfig.MaxJargonDensity is set).
	RuleReadabilityJargon = "readability.jargon"
)

// DefaultReadabilityMinWords is how many words a text needs before the
// readability check judges it; the formulas mean little on a few lines.
const DefaultReadabilityMinWords = 30

// ReadabilityConfig configures NewReadabilityCheck. The zero value means
// the documented defaults.
type ReadabilityConfig struct {
	// Limits are the grade and passive-voice thresholds; zero fields mean
	// grade 12 and 25 %.
	Limits readscore.Limits
	// MaxJargonDensity, in (0,1], turns on RuleReadabilityJargon: jargon
	// tokens per word above it are reported. 0 leaves the rule off.
	MaxJargonDensity float64
	// MinWords is the fewest words a text needs to be judged; 0 means
	// DefaultReadabilityMinWords (30).
	MinWords int
	// Analyzer supplies the word lists; nil means readscore.Default().
	Analyzer *readscore.Analyzer
}

// NewReadabilityCheck returns the readability check for consumer-facing
// text (package readability computes the statistics). For a candidate of at
// least MinWords words it reports, at most once each:
//   - RuleReadabilityGrade (warn) when the Flesch-Kincaid grade is above
//     Limits.MaxGrade (default 12), located at the longest sentence;
//   - RuleReadabilityPassive (warn) when more than Limits.MaxPassivePercent
//     (default 25) of the sentences are passive, located at the first
//     passive sentence;
//   - RuleReadabilityJargon (info) when MaxJargonDensity is set and the
//     jargon density exceeds it, located at the first jargon term.
//
// Add it to a suite for text a consumer reads (notices, letters, plain
// language summaries); contracts themselves are expected to be harder. An
// invalid configuration (negative, NaN or out-of-range limits) is an
// *evaluator.FieldError naming the field, matching
// evaluator.ErrInvalidOption.
func NewReadabilityCheck(cfg ReadabilityConfig) (check.Check, error) {
	bad := func(field string, v float64, want string) error {
		return doctext.ConfigError("ReadabilityConfig."+field, "%s, got %v", want, v)
	}
	switch l := cfg.Limits; {
	case math.IsNaN(l.MaxGrade) || l.MaxGrade < 0 || math.IsInf(l.MaxGrade, 0):
		return nil, bad("Limits.MaxGrade", l.MaxGrade, "must be a finite number >= 0")
	case math.IsNaN(l.MaxPassivePercent) || l.MaxPassivePercent < 0 || l.MaxPassivePercent > 100:
		return nil, bad("Limits.MaxPassivePercent", l.MaxPassivePercent, "must be in [0,100]")
	case math.IsNaN(cfg.MaxJargonDensity) || cfg.MaxJargonDensity < 0 || cfg.MaxJargonDensity > 1:
		return nil, bad("MaxJargonDensity", cfg.MaxJargonDensity, "must be in [0,1]")
	case cfg.MinWords < 0:
		return nil, bad("MinWords", float64(cfg.MinWords), "must be >= 0")
	}
	if cfg.MinWords == 0 {
		cfg.MinWords = DefaultReadabilityMinWords
	}
	if cfg.Analyzer == nil {
		cfg.Analyzer = readscore.Default()
	}
	return &readabilityCheck{cfg: cfg}, nil
}

type readabilityCheck struct {
	cfg ReadabilityConfig
}

// Rule returns the rule family prefix.
func (c *readabilityCheck) Rule() string { return "readability" }

// Rules lists the rule ids the check can report.
func (c *readabilityCheck) Rules() []string {
	rules := []string{RuleReadabilityGrade, RuleReadabilityPassage, RuleReadabilityPassive}
	if c.cfg.MaxJargonDensity > 0 {
		rules = append(rules, RuleReadabilityJargon)
	}
	return rules
}

// Check returns the findings for doc, in document order.
func (c *readabilityCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	st := c.cfg.Analyzer.Analyze(text)
	if st.Words < c.cfg.MinWords {
		return nil
	}
	var out []check.Finding
	var idx *doctext.LineIndex
	locate := func(s readscore.Span) check.Location {
		if idx == nil {
			li := doctext.NewLineIndex(text)
			idx = &li
		}
		return idx.Locate(s.Start, s.End, text)
	}
	if over, limit := c.cfg.Limits.GradeTooHigh(st); over {
		out = append(out, check.Finding{
			Rule:     RuleReadabilityGrade,
			Severity: check.SeverityWarn,
			Message: fmt.Sprintf("reading grade %.1f is above %g (reading ease %.1f, %.1f words a sentence, %.2f syllables a word); "+
				"split long sentences and prefer short words, starting with the longest sentence",
				st.FleschKincaidGrade, limit, st.FleschReadingEase,
				float64(st.Words)/float64(st.Sentences), float64(st.Syllables)/float64(st.Words)),
			Location: locate(st.LongestSentence),
		})
	}
	// A passage far above the limit (eight grades more) is reported even
	// when the rest of the text brings the average down.
	limit := c.cfg.Limits.MaxGrade
	if limit == 0 {
		limit = 12
	}
	gradeOver, _ := c.cfg.Limits.GradeTooHigh(st)
	for _, p := range doctext.Paragraphs(text, 0, len(text)) {
		if gradeOver {
			break // the whole text is already reported
		}
		body := text[p.Start:p.End]
		if strings.HasPrefix(body, "|") || strings.HasPrefix(body, "#") || doctext.WordCount(text, p.Start, p.End) < minPassageWords {
			continue
		}
		ps := c.cfg.Analyzer.Analyze(body)
		if ps.Sentences > 0 && ps.FleschKincaidGrade > limit+8 {
			out = append(out, check.Finding{
				Rule:     RuleReadabilityPassage,
				Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("this passage reads at grade %.1f, far above %g: rewrite it in short sentences and everyday words", ps.FleschKincaidGrade, limit),
				Location: locate(readscore.Span{Start: p.Start, End: p.Start + len(firstLine(body))}),
			})
		}
	}
	if over, limit := c.cfg.Limits.PassiveTooHigh(st); over {
		out = append(out, check.Finding{
			Rule:     RuleReadabilityPassive,
			Severity: check.SeverityWarn,
			Message: fmt.Sprintf("%.0f%% of sentences are passive (%d of %d), above %g%%; say who does what, starting here",
				st.PassivePercent, st.PassiveSentences, st.Sentences, limit),
			Location: locate(st.FirstPassive),
		})
	}
	if max := c.cfg.MaxJargonDensity; max > 0 && st.JargonDensity > max {
		spans := c.cfg.Analyzer.AppendJargon(nil, text)
		terms := distinctTerms(text, spans, 8)
		out = append(out, check.Finding{
			Rule:     RuleReadabilityJargon,
			Severity: check.SeverityInfo,
			Message: fmt.Sprintf("legal jargon is %.1f%% of the words (%d of %d), above %.1f%%: %s",
				100*st.JargonDensity, st.JargonTokens, st.Words, 100*max, strings.Join(terms, ", ")),
			Location: locate(spans[0]),
		})
	}
	check.SortFindings(out)
	return out
}

// distinctTerms lists up to n distinct lower-cased matched terms, in order.
func distinctTerms(text string, spans []readscore.Span, n int) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range spans {
		t := strings.ToLower(text[s.Start:s.End])
		if seen[t] {
			continue
		}
		seen[t] = true
		if len(out) == n {
			out = append(out, "…")
			break
		}
		out = append(out, fmt.Sprintf("%q", t))
	}
	return out
}

// minPassageWords is how many words a paragraph needs before its own
// reading grade is judged.
const minPassageWords = 40

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
