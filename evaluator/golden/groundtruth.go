package golden

import (
	"encoding/json"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Defaults the loaders apply to fields a ground-truth file leaves out.
const (
	// defaultMinSeverity is the least severe severity an expected finding
	// accepts when min_severity is absent.
	defaultMinSeverity = SeverityP3
	// defaultMaxSeverity is the most severe severity an expected finding
	// accepts when max_severity is absent.
	defaultMaxSeverity = SeverityP0
	// defaultMaxExpectedFindings is max_expected_findings when absent.
	defaultMaxExpectedFindings = 20
)

// GroundTruth is what one agent is expected to find (and not find) in one
// contract: the file expected/{agent}/{contract}.json of a golden set.
// Load it with LoadGroundTruth or LoadSet, which apply the defaults and
// reject invalid files; a GroundTruth built in code gets no defaults except
// those MetricsOf documents.
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
	// (default 20).
	MaxExpectedFindings int `json:"max_expected_findings"`
}

// ExpectedFinding is one finding the agent should produce.
type ExpectedFinding struct {
	// Category is the expected category ("change_of_control"). Required.
	Category string `json:"category"`
	// AlternativeCategories are further categories that also satisfy it.
	AlternativeCategories []string `json:"alternative_categories,omitempty"`
	// MinSeverity is the least severe severity accepted (default P3).
	MinSeverity SeverityLevel `json:"min_severity"`
	// MaxSeverity is the most severe severity accepted (default P0).
	MaxSeverity SeverityLevel `json:"max_severity"`
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

// isZero reports whether the constraint is empty (constrains nothing).
func (c CitationRef) isZero() bool { return c.File == "" && c.PageOrSection == "" }

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
func LoadGroundTruth(path string) (GroundTruth, error) { return load(path, parseGroundTruth) }

// parseGroundTruth is LoadGroundTruth for bytes already read; name is used
// in error messages.
func parseGroundTruth(data []byte, name string) (GroundTruth, error) {
	c, decodable := checkData(data, name, groundTruthShape)
	if !decodable {
		return GroundTruth{}, c.err()
	}
	// The shape pass has reported every type problem; a field it rejected
	// decodes as its zero value (or stays at its default) and the checks
	// below skip it.
	gt := GroundTruth{MaxExpectedFindings: defaultMaxExpectedFindings}
	// Each expected finding starts from the defaults, which decoding into
	// the slice would lose: the findings are decoded one by one from their
	// raw JSON, which the outer field (shallower, so it wins) captures in
	// the same pass as the rest of the file.
	top := struct {
		*groundTruthFields
		Raw []json.RawMessage `json:"expected_findings"`
	}{groundTruthFields: (*groundTruthFields)(&gt)}
	_ = json.Unmarshal(data, &top)
	if top.Raw != nil {
		gt.ExpectedFindings = make([]ExpectedFinding, len(top.Raw))
	}
	for i, raw := range top.Raw {
		ef := ExpectedFinding{MinSeverity: defaultMinSeverity, MaxSeverity: defaultMaxSeverity, Required: true}
		_ = json.Unmarshal(raw, &ef)
		gt.ExpectedFindings[i] = ef
		checkExpectedFinding(c, ef, index("expected_findings", i))
	}

	for _, f := range []struct{ name, value string }{{"contract", gt.Contract}, {"agent", gt.Agent}} {
		if c.ok(f.name) && strings.TrimSpace(f.value) == "" {
			c.fail(f.name, "empty")
		}
	}
	c.nonEmpty("expected_gaps", gt.ExpectedGaps)
	for i, m := range gt.MustNotFind {
		if path := index("must_not_find", i); c.ok(join(path, "category")) && normalizeCategory(m.Category) == "" {
			c.fail(join(path, "category"), "empty category")
		}
	}
	if z := gt.AmbiguityZone; z != nil && c.ok("ambiguity_zone") && (*z < 0 || *z > 1) {
		c.fail("ambiguity_zone", "must be in [0,1], got %v", *z)
	}
	minOK, maxOK := c.ok("min_expected_findings"), c.ok("max_expected_findings")
	if minOK && gt.MinExpectedFindings < 0 {
		c.fail("min_expected_findings", "must be >= 0, got %d", gt.MinExpectedFindings)
	}
	if maxOK && gt.MaxExpectedFindings < 0 {
		c.fail("max_expected_findings", "must be >= 0, got %d", gt.MaxExpectedFindings)
	}
	if minOK && maxOK && gt.MinExpectedFindings > gt.MaxExpectedFindings {
		c.fail("min_expected_findings", "%d is above max_expected_findings %d", gt.MinExpectedFindings, gt.MaxExpectedFindings)
	}
	if err := c.err(); err != nil {
		return GroundTruth{}, err
	}
	return gt, nil
}

// groundTruthFields is GroundTruth without its UnmarshalJSON method, for
// decoding with encoding/json's defaults once the file has been checked.
type groundTruthFields GroundTruth

// groundTruthShape is the JSON a ground-truth file may hold. Lists, maps
// and the citation may be null, which reads as absent (what encoding/json
// writes for a nil one); a null scalar is an error.
var groundTruthShape = func() *strictjson.Shape {
	str := strictjson.String()
	strs := strictjson.Array(str).OrNull()
	finding := strictjson.Object(
		strictjson.Required("category", str),
		strictjson.Optional("alternative_categories", strs),
		strictjson.Optional("min_severity", str),
		strictjson.Optional("max_severity", str),
		strictjson.Optional("must_contain_keywords", strs),
		strictjson.Optional("keyword_synonyms", strictjson.Map(strictjson.Array(str)).OrNull()),
		strictjson.Optional("citation_must_reference", strictjson.Object(
			strictjson.Optional("file", str),
			strictjson.Optional("page_or_section", str),
		).OrNull()),
		strictjson.Optional("required", strictjson.Bool()),
	)
	return strictjson.Object(
		strictjson.Required("contract", str),
		strictjson.Required("agent", str),
		strictjson.Optional("tags", strs),
		strictjson.Optional("expected_findings", strictjson.Array(finding).OrNull()),
		strictjson.Optional("expected_gaps", strs),
		strictjson.Optional("must_not_find", strictjson.Array(strictjson.Object(
			strictjson.Required("category", str),
			strictjson.Optional("reason", str),
		)).OrNull()),
		strictjson.Optional("ambiguity_zone", strictjson.Number()),
		strictjson.Optional("min_expected_findings", strictjson.Int()),
		strictjson.Optional("max_expected_findings", strictjson.Int()),
	)
}()

// checkExpectedFinding checks the values of the expected finding at path.
func checkExpectedFinding(c *dataCheck, ef ExpectedFinding, path string) {
	if c.ok(join(path, "category")) && normalizeCategory(ef.Category) == "" {
		c.fail(join(path, "category"), "empty category")
	}
	alts := join(path, "alternative_categories")
	for i, a := range ef.AlternativeCategories {
		if c.ok(index(alts, i)) && normalizeCategory(a) == "" {
			c.fail(index(alts, i), "empty category")
		}
	}
	minOK := checkSeverity(c, join(path, "min_severity"), ef.MinSeverity)
	maxOK := checkSeverity(c, join(path, "max_severity"), ef.MaxSeverity)
	if minOK && maxOK && ef.MaxSeverity.Level() > ef.MinSeverity.Level() {
		c.fail(join(path, "max_severity"), "%s is less severe than min_severity %s (P0 is the most severe; max_severity names the most severe accepted)", ef.MaxSeverity, ef.MinSeverity)
	}
	c.nonEmpty(join(path, "must_contain_keywords"), ef.MustContainKeywords)
	checkStringLists(c, join(path, "keyword_synonyms"), ef.KeywordSynonyms)
}

// checkSeverity reports an unknown severity at field; it reports whether
// the severity is valid.
func checkSeverity(c *dataCheck, field string, s SeverityLevel) bool {
	if !c.ok(field) {
		return false
	}
	if !s.Valid() {
		c.fail(field, "unknown severity %s (want P0, P1, P2 or P3)", strictjson.Quote(string(s)))
		return false
	}
	return true
}

// checkStringLists checks a table of non-empty synonyms under non-empty
// keys (a synonym table) at field, in key order.
func checkStringLists(c *dataCheck, field string, table map[string][]string) {
	for _, k := range sortedKeys(table) {
		if k == "" {
			if c.ok(field) {
				c.fail(field, "empty key")
			}
			continue
		}
		c.nonEmpty(join(field, k), table[k])
	}
}
