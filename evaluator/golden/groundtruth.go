package golden

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Defaults the loaders apply to fields a ground-truth file leaves out.
const (
	// DefaultMinSeverity is the least severe severity an expected finding
	// accepts when min_severity is absent.
	DefaultMinSeverity = SeverityP3
	// DefaultMaxSeverity is the most severe severity an expected finding
	// accepts when max_severity is absent.
	DefaultMaxSeverity = SeverityP0
	// DefaultMaxExpectedFindings is max_expected_findings when absent.
	DefaultMaxExpectedFindings = 20
)

// GroundTruth is what one agent is expected to find (and not find) in one
// contract: the file expected/{agent}/{contract}.json of a golden set.
// Load it with LoadGroundTruth or LoadSet, which apply the defaults and
// reject invalid files; a GroundTruth built in code gets no defaults except
// those Score documents.
type GroundTruth struct {
	// Contract is the source document's file name ("coc_basic.md"). Required.
	Contract string `json:"contract"`
	// Agent is the specialist agent the expectations are for ("legal"). Required.
	Agent string `json:"agent"`
	// Tags label the case ("golden_path", "adversarial").
	Tags []string `json:"tags"`
	// ExpectedFindings are the findings the agent should produce.
	ExpectedFindings []ExpectedFinding `json:"expected_findings"`
	// ExpectedGaps are the gap types the agent should report (see GapRecall).
	ExpectedGaps []string `json:"expected_gaps"`
	// MustNotFind are categories whose findings count as false positives.
	MustNotFind []MustNotFind `json:"must_not_find"`
	// AmbiguityZone, when set, is this contract's own verdict band (see
	// Thresholds.Band); nil when the file leaves it out.
	AmbiguityZone *float64 `json:"ambiguity_zone,omitempty"`
	// MinExpectedFindings is the fewest findings a sane run produces
	// (default 0).
	MinExpectedFindings int `json:"min_expected_findings"`
	// MaxExpectedFindings is the most findings a sane run produces
	// (default DefaultMaxExpectedFindings, 20).
	MaxExpectedFindings int `json:"max_expected_findings"`
}

// ExpectedFinding is one finding the agent should produce.
type ExpectedFinding struct {
	// Category is the expected category ("change_of_control"). Required.
	Category string `json:"category"`
	// AlternativeCategories are further categories that also satisfy it.
	AlternativeCategories []string `json:"alternative_categories,omitempty"`
	// MinSeverity is the least severe severity accepted (default P3).
	MinSeverity Severity `json:"min_severity"`
	// MaxSeverity is the most severe severity accepted (default P0).
	MaxSeverity Severity `json:"max_severity"`
	// MustContainKeywords must each occur (or one of their synonyms) in the
	// finding's title or description.
	MustContainKeywords []string `json:"must_contain_keywords"`
	// KeywordSynonyms lists, per keyword, the words that may replace it.
	KeywordSynonyms map[string][]string `json:"keyword_synonyms,omitempty"`
	// CitationMustReference constrains the finding's citations.
	CitationMustReference CitationRef `json:"citation_must_reference"`
	// Required findings count towards recall, severity and citation
	// accuracy (the loader's default is true).
	Required bool `json:"required"`
}

// CitationRef is a citation constraint: the cited source path must contain
// File and the cited location must contain PageOrSection, each
// case-insensitively and each only when set.
type CitationRef struct {
	// File is a substring of the citation's source_path ("coc_basic.md").
	File string `json:"file,omitempty"`
	// PageOrSection is a substring of the citation's location ("Section 4").
	PageOrSection string `json:"page_or_section,omitempty"`
}

// IsZero reports whether the constraint is empty (constrains nothing).
func (c CitationRef) IsZero() bool { return c.File == "" && c.PageOrSection == "" }

// MustNotFind is a category the agent must not report for this contract.
type MustNotFind struct {
	// Category is the forbidden category. Required.
	Category string `json:"category"`
	// Reason says why a finding there would be wrong.
	Reason string `json:"reason"`
}

// LoadGroundTruth reads and validates one ground-truth file. Absent fields
// take their defaults (min_severity P3, max_severity P0, required true,
// max_expected_findings 20, min_expected_findings 0). It rejects bad JSON,
// unknown fields, wrong types, missing contract or agent, unknown
// severities, a min/max severity pair in the wrong order, empty categories
// or keywords, and min/max expected findings out of order; every problem is
// reported, each a *DataError naming the file and the field. A null list or
// map (what encoding/json writes for a nil one) reads as empty; a null
// scalar is an error.
func LoadGroundTruth(path string) (GroundTruth, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return GroundTruth{}, fmt.Errorf("golden: %w", err)
	}
	return ParseGroundTruth(data, path)
}

// ParseGroundTruth is LoadGroundTruth for bytes already read; name is used
// in error messages.
func ParseGroundTruth(data []byte, name string) (GroundTruth, error) {
	d := &strictDecoder{file: name}
	gt := GroundTruth{MaxExpectedFindings: DefaultMaxExpectedFindings}
	o := d.document(data)
	if o == nil {
		return GroundTruth{}, d.err()
	}
	o.str("contract", &gt.Contract, true)
	o.str("agent", &gt.Agent, true)
	if o.has("contract") && strings.TrimSpace(gt.Contract) == "" {
		d.fail("contract", "empty")
	}
	if o.has("agent") && strings.TrimSpace(gt.Agent) == "" {
		d.fail("agent", "empty")
	}
	o.strs("tags", &gt.Tags, false)
	if items, ok := o.array("expected_findings"); ok {
		gt.ExpectedFindings = make([]ExpectedFinding, 0, len(items))
		for i, raw := range items {
			if ef, ok := parseExpectedFinding(d, raw, index("expected_findings", i)); ok {
				gt.ExpectedFindings = append(gt.ExpectedFindings, ef)
			}
		}
	}
	o.strs("expected_gaps", &gt.ExpectedGaps, true)
	if items, ok := o.array("must_not_find"); ok {
		gt.MustNotFind = make([]MustNotFind, 0, len(items))
		for i, raw := range items {
			path := index("must_not_find", i)
			mo := d.object(raw, path)
			if mo == nil {
				continue
			}
			var m MustNotFind
			mo.str("category", &m.Category, true)
			mo.str("reason", &m.Reason, false)
			if mo.has("category") && normalizeCategory(m.Category) == "" {
				d.fail(join(path, "category"), "empty category")
			}
			mo.done()
			gt.MustNotFind = append(gt.MustNotFind, m)
		}
	}
	var zone float64
	if o.number("ambiguity_zone", &zone) {
		if zone < 0 || zone > 1 {
			d.fail("ambiguity_zone", "must be in [0,1], got %v", zone)
		}
		gt.AmbiguityZone = &zone
	}
	if o.integer("min_expected_findings", &gt.MinExpectedFindings) && gt.MinExpectedFindings < 0 {
		d.fail("min_expected_findings", "must be >= 0, got %d", gt.MinExpectedFindings)
	}
	if o.integer("max_expected_findings", &gt.MaxExpectedFindings) && gt.MaxExpectedFindings < 0 {
		d.fail("max_expected_findings", "must be >= 0, got %d", gt.MaxExpectedFindings)
	}
	if gt.MinExpectedFindings > gt.MaxExpectedFindings {
		d.fail("min_expected_findings", "%d is above max_expected_findings %d", gt.MinExpectedFindings, gt.MaxExpectedFindings)
	}
	o.done()
	if err := d.err(); err != nil {
		return GroundTruth{}, err
	}
	return gt, nil
}

// parseExpectedFinding decodes and validates one expected finding.
func parseExpectedFinding(d *strictDecoder, raw json.RawMessage, path string) (ExpectedFinding, bool) {
	o := d.object(raw, path)
	if o == nil {
		return ExpectedFinding{}, false
	}
	ef := ExpectedFinding{MinSeverity: DefaultMinSeverity, MaxSeverity: DefaultMaxSeverity, Required: true}
	o.str("category", &ef.Category, true)
	if o.has("category") && normalizeCategory(ef.Category) == "" {
		d.fail(join(path, "category"), "empty category")
	}
	o.strs("alternative_categories", &ef.AlternativeCategories, false)
	for i, c := range ef.AlternativeCategories {
		if normalizeCategory(c) == "" {
			d.fail(index(join(path, "alternative_categories"), i), "empty category")
		}
	}
	minOK := severityField(o, "min_severity", &ef.MinSeverity)
	maxOK := severityField(o, "max_severity", &ef.MaxSeverity)
	if minOK && maxOK && ef.MaxSeverity.Level() > ef.MinSeverity.Level() {
		d.fail(join(path, "max_severity"), "%s is less severe than min_severity %s (P0 is the most severe; max_severity names the most severe accepted)", ef.MaxSeverity, ef.MinSeverity)
	}
	o.strs("must_contain_keywords", &ef.MustContainKeywords, true)
	ef.KeywordSynonyms = o.stringLists("keyword_synonyms")
	if raw, ok := o.takeList("citation_must_reference"); ok {
		cpath := join(path, "citation_must_reference")
		if co := d.object(raw, cpath); co != nil {
			co.str("file", &ef.CitationMustReference.File, false)
			co.str("page_or_section", &ef.CitationMustReference.PageOrSection, false)
			co.done()
		}
	}
	o.boolean("required", &ef.Required)
	o.done()
	return ef, true
}

// severityField decodes a severity field, rejecting unknown values; it
// reports whether the result is a valid severity.
func severityField(o *jsonObject, name string, dst *Severity) bool {
	raw, ok := o.take(name)
	if !ok {
		return true // the default already in *dst
	}
	var s string
	if !decodeString(o.d, raw, join(o.path, name), &s) {
		return false
	}
	if !Severity(s).Valid() {
		o.d.fail(join(o.path, name), "unknown severity %q (want P0, P1, P2 or P3)", s)
		return false
	}
	*dst = Severity(s)
	return true
}
