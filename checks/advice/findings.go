package advice

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the finding checks.
const (
	// RuleUncertain: an uncertainty signal ("appears to", "may be") in a
	// finding.
	RuleUncertain = "finding.uncertain"
	// RuleMissingEvidence: a finding with no quotation and no section
	// reference.
	RuleMissingEvidence = "finding.missing_evidence"
)

// FindingConfig configures NewFindingCheck. The zero value means the
// documented defaults.
type FindingConfig struct {
	// Uncertainty are the uncertainty phrases; nil means UncertaintyPhrases().
	Uncertainty []string
	// MinQuoteWords is how many words a quotation needs to count as
	// evidence; 0 means 3, a negative value is an error.
	MinQuoteWords int
}

// sectionRefWords and sectionSignRe recognise a reference to a part of a
// document, which is enough evidence location for a finding; they are
// the two halves of one expression (sectionRefRe in the fuzz test): the
// first tried only at its nouns (the regexp package would try it from
// every byte of every finding), the second only on a finding holding '§'.
var (
	sectionRefWords = newWordStartRe(regexp.MustCompile(`(?i)\b(?:sections?|clauses?|articles?|paragraphs?|exhibits?|schedules?|annex(?:es)?|appendix|appendices)[ \t]+[0-9a-z]`),
		"section", "sections", "clause", "clauses", "article", "articles", "paragraph", "paragraphs", "exhibit", "exhibits",
		"schedule", "schedules", "annex", "annexes", "appendix", "appendices")
	sectionSignRe = regexp.MustCompile(`§[ \t]*\d`)
)

// hasSectionRef reports whether s refers to a part of a document
// ("Section 4", "clause 8.2", "§ 7").
func hasSectionRef(s string) bool {
	return sectionRefWords.match(s) || strings.Contains(s, "§") && sectionSignRe.MatchString(s)
}

// NewFindingCheck returns the check for review findings: RuleUncertain
// (warn) for each uncertainty phrase outside quotation marks, and
// RuleMissingEvidence (warn) for a finding that quotes nothing (no quoted
// passage of at least cfg.MinQuoteWords words, no block quote) and cites no
// section, clause, article, paragraph, exhibit, schedule, annex, appendix or
// § reference.
//
// Findings are the items of a section whose heading contains "Finding(s)",
// "Issue(s)" or "Observation(s)" (each sub-heading or top-level list item,
// or each paragraph when there are none) and any line starting "Finding N",
// "Issue N" or "FN". A field of cfg out of range (a phrase with no word, a
// negative MinQuoteWords) is an *evaluator.FieldError naming it, matching
// evaluator.ErrInvalidOption.
func NewFindingCheck(cfg FindingConfig) (check.Check, error) {
	if err := doctext.CheckPhrases("FindingConfig.Uncertainty", cfg.Uncertainty); err != nil {
		return nil, err
	}
	if cfg.MinQuoteWords < 0 {
		return nil, doctext.ConfigError("FindingConfig.MinQuoteWords", "must be >= 0 (0 means the default, 3), got %d", cfg.MinQuoteWords)
	}
	if cfg.Uncertainty == nil {
		cfg.Uncertainty = doctext.DefaultUncertainty
	}
	if cfg.MinQuoteWords == 0 {
		cfg.MinQuoteWords = 3
	}
	return &findingCheck{uncertain: doctext.NewPhraseMatcher(cfg.Uncertainty), minQuote: cfg.MinQuoteWords}, nil
}

type findingCheck struct {
	uncertain *doctext.PhraseMatcher
	minQuote  int
}

// Rule returns the family prefix "finding" of the rules the check reports.
func (c *findingCheck) Rule() string { return "finding" }

// Rules lists the rule ids the check reports.
func (c *findingCheck) Rules() []string { return []string{RuleUncertain, RuleMissingEvidence} }

// Check returns the check's findings on doc.
func (c *findingCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	var idx *doctext.LineIndex
	allWords := doctext.AnalysisOf(doc).WordList()
	for _, it := range doctext.Items(text, doctext.FindingKind, doctext.IsReview(doc.Kind)) {
		quotes := doctext.QuotedSpans(text, it.Start, it.End)
		quoted := false
		for _, q := range quotes {
			if doctext.WordCount(text, q.Start, q.End) >= c.minQuote {
				quoted = true
				break
			}
		}
		if !quoted && !hasSectionRef(text[it.Start:it.End]) {
			idx = doctext.LazyIndex(idx, doc)
			end := it.End
			if nl := indexByteFrom(text, '\n', it.Start, it.End); nl >= 0 {
				end = nl
			}
			out = append(out, check.Finding{Rule: RuleMissingEvidence, Severity: check.SeverityInfo,
				Message:  "finding cites no evidence: quote the clause or give its section reference",
				Location: idx.Locate(it.Start, end, text)})
		}
		c.uncertain.Find(text, doctext.WordsIn(allWords, it.Start, it.End), it.End, func(s, e int) {
			if doctext.InSpans(quotes, s, e) {
				return
			}
			idx = doctext.LazyIndex(idx, doc)
			out = append(out, check.Finding{Rule: RuleUncertain, Severity: check.SeverityInfo,
				Message:  "uncertain finding: verify against the document and state it plainly, or say what evidence is missing",
				Location: idx.Locate(s, e, text)})
		})
	}
	check.SortFindings(out)
	return out
}
