package checks

import "regexp"

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

// sectionRefRe recognises a reference to a part of a document, which is
// enough evidence location for a finding.
var sectionRefRe = regexp.MustCompile(`(?i)(?:\b(?:sections?|clauses?|articles?|paragraphs?|exhibits?|schedules?|annex(?:es)?|appendix|appendices)[ \t]+[0-9a-z]|§[ \t]*\d)`)

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
func NewFindingCheck(cfg FindingConfig) (Check, error) {
	if err := checkPhrases("FindingConfig.Uncertainty", cfg.Uncertainty); err != nil {
		return nil, err
	}
	if cfg.MinQuoteWords < 0 {
		return nil, configError("FindingConfig.MinQuoteWords", "must be >= 0 (0 means the default, 3), got %d", cfg.MinQuoteWords)
	}
	if cfg.Uncertainty == nil {
		cfg.Uncertainty = defaultUncertainty
	}
	if cfg.MinQuoteWords == 0 {
		cfg.MinQuoteWords = 3
	}
	return &findingCheck{uncertain: newPhraseMatcher(cfg.Uncertainty), minQuote: cfg.MinQuoteWords}, nil
}

type findingCheck struct {
	uncertain *phraseMatcher
	minQuote  int
}

func (c *findingCheck) Rule() string    { return "finding" }
func (c *findingCheck) Rules() []string { return []string{RuleUncertain, RuleMissingEvidence} }

func (c *findingCheck) Check(doc Document) []Finding {
	text := doc.Text
	var out []Finding
	var idx *LineIndex
	allWords := analysisOf(doc).wordList()
	for _, it := range items(text, findingKind, isReview(doc.Kind)) {
		quotes := quotedSpans(text, it.start, it.end)
		quoted := false
		for _, q := range quotes {
			if wordCount(text, q.start, q.end) >= c.minQuote {
				quoted = true
				break
			}
		}
		if !quoted && !sectionRefRe.MatchString(text[it.start:it.end]) {
			idx = lazyIndex(idx, doc)
			end := it.end
			if nl := indexByteFrom(text, '\n', it.start, it.end); nl >= 0 {
				end = nl
			}
			out = append(out, Finding{Rule: RuleMissingEvidence, Severity: SeverityInfo,
				Message:  "finding cites no evidence: quote the clause or give its section reference",
				Location: idx.Locate(it.start, end, text)})
		}
		c.uncertain.find(text, wordsIn(allWords, it.start, it.end), it.end, func(s, e int) {
			if inSpans(quotes, s, e) {
				return
			}
			idx = lazyIndex(idx, doc)
			out = append(out, Finding{Rule: RuleUncertain, Severity: SeverityInfo,
				Message:  "uncertain finding: verify against the document and state it plainly, or say what evidence is missing",
				Location: idx.Locate(s, e, text)})
		})
	}
	sortFindings(out)
	return out
}
