package golden

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// defaultCapacity is how many expected findings one produced finding may
// satisfy when MetricsConfig.Capacity is zero.
const defaultCapacity = 2

// MetricsConfig configures MetricsOf. The zero value means no synonyms and
// capacity 2; a field out of range is an error naming it.
type MetricsConfig struct {
	// Synonyms are the caller's keyword and category synonyms (none by
	// default). Build them with LoadSynonyms or NewSynonyms so that their
	// lookup tables are computed once rather than on every call.
	Synonyms Synonyms
	// Capacity is how many expected findings one produced finding may
	// satisfy in the recall matching; zero means the default, 2; a
	// negative value is an error.
	Capacity int
}

// validate reports a negative Capacity as an *evaluator.FieldError naming
// the field ("MetricsConfig.Capacity"), matching evaluator.ErrInvalidOption.
func (c MetricsConfig) validate() error {
	if c.Capacity < 0 {
		return &evaluator.FieldError{Field: "MetricsConfig.Capacity", Err: evaluator.ErrInvalidOption,
			Problem: fmt.Sprintf("must be >= 0 (0 means the default, %d), got %d", defaultCapacity, c.Capacity)}
	}
	return nil
}

// Metrics are the scores of one agent's findings against a ground truth, or
// an aggregate of several (see AggregateAgent and CollapseSamples). The
// JSON names are those of dd-agents baselines.
type Metrics struct {
	// FindingRecall is the share of required expected findings matched.
	FindingRecall float64 `json:"finding_recall"`
	// FindingPrecision is the share of produced findings that match any
	// expected finding.
	FindingPrecision float64 `json:"finding_precision"`
	// CitationAccuracy is the share of cited, required expected findings
	// whose first matching finding cites the right file and section.
	CitationAccuracy float64 `json:"citation_accuracy"`
	// SeverityAccuracy is the share of required expected findings whose
	// first matching finding has a severity in the accepted range.
	SeverityAccuracy float64 `json:"severity_accuracy"`
	// FalsePositiveRate is the share of produced findings in a must-not-find
	// category.
	FalsePositiveRate float64 `json:"false_positive_rate"`
	// F1Score is the harmonic mean of recall and precision (0 when both are 0).
	F1Score float64 `json:"f1_score"`
	// FindingCount is the number of produced findings.
	FindingCount int `json:"finding_count"`
}

// f1Of returns the harmonic mean of recall and precision, 0 when both are 0.
func f1Of(recall, precision float64) float64 {
	if recall+precision <= 0 {
		return 0
	}
	return 2 * recall * precision / (recall + precision)
}

// MetricsOf measures produced findings against a ground truth.
//
// A produced finding matches an expected finding when all of these hold:
//   - Category: both normalised (lower case; runs of '/', '&' and ','
//     become a space; runs of white space become '_'; repeated '_' collapse;
//     leading and trailing '_' are trimmed), the produced category
//     contains or is contained in the expected category, or any of the
//     expected category's synonyms, or any member of a synonym group the
//     expected category belongs to (canonical name plus synonyms). Each of
//     the expected finding's alternative_categories is tried the same way.
//     An empty produced category matches nothing.
//   - Keywords: every must_contain_keywords entry occurs, as a lower-case
//     substring, in title + " " + description, where the entry may be
//     replaced by any of its keyword_synonyms or, when the keyword is in the
//     common table (as canonical or synonym, case-insensitively), by any
//     member of that group (of every such group).
//   - Citation gate: when citation_must_reference.file is set, some
//     citation's source_path contains it (case-insensitively).
//
// The metrics:
//   - FindingRecall: the size of a maximum matching between required
//     expected findings and produced findings in which each produced finding
//     satisfies at most Capacity (default 2) expected ones, ÷ the number of
//     required expected findings; 1.0 when there are none.
//   - FindingPrecision: produced findings matching any expected finding
//     (required or not) ÷ produced; 1.0 when nothing was produced.
//   - F1Score: from recall and precision; 0 when both are 0.
//   - SeverityAccuracy: over required expected findings that some produced
//     finding matches, the share whose first matching finding (in produced
//     order) has a severity between max_severity and min_severity; 1.0 when
//     none matched.
//   - CitationAccuracy: likewise over required expected findings with a
//     citation constraint: the first matching finding has a citation whose
//     source_path contains the file and whose location contains
//     page_or_section (each when set); 1.0 when none.
//   - FalsePositiveRate: produced findings whose category matches any
//     must_not_find category (same category rule) ÷ produced; 0.0 when
//     nothing was produced.
//   - FindingCount: len(produced).
//
// An expected finding built in code with empty severities accepts P0…P3.
// MetricsOf is deterministic and does not modify its arguments. A
// config out of range (a negative Capacity) gives the zero Metrics and an
// *evaluator.FieldError naming the field ("MetricsConfig.Capacity"),
// matching evaluator.ErrInvalidOption.
func MetricsOf(produced []AgentFinding, gt GroundTruth, cfg MetricsConfig) (Metrics, error) {
	if err := cfg.validate(); err != nil {
		return Metrics{}, fmt.Errorf("golden: %w", err)
	}
	idx := cfg.Synonyms.index()
	capacity := cfg.Capacity
	if capacity == 0 {
		capacity = defaultCapacity
	}
	prepared := make([]preparedFinding, len(produced))
	for i := range produced {
		prepared[i] = prepareFinding(&produced[i])
	}
	expected := make([]compiledExpected, len(gt.ExpectedFindings))
	for i := range gt.ExpectedFindings {
		expected[i] = compileExpected(&gt.ExpectedFindings[i], idx)
	}

	// Agents draw categories from a small vocabulary, so the category test
	// (the costly part: many synonyms, two substring searches each) runs
	// once per distinct produced category rather than once per finding.
	catID := make([]int, len(prepared))
	var distinct []string
	seen := make(map[string]int, len(prepared))
	for p := range prepared {
		id, ok := seen[prepared[p].category]
		if !ok {
			id = len(distinct)
			seen[prepared[p].category] = id
			distinct = append(distinct, prepared[p].category)
		}
		catID[p] = id
	}
	catOK := make([]int8, len(distinct)) // 0 not yet tested, 1 match, -1 no match
	categoryMatches := func(names []string, p int) bool {
		id := catID[p]
		if catOK[id] == 0 {
			catOK[id] = -1
			if categoryMatch(distinct[id], names) {
				catOK[id] = 1
			}
		}
		return catOK[id] == 1
	}

	// match[e] lists, in produced order, the produced findings that match
	// expected finding e.
	match := make([][]int, len(expected))
	matchedAny := make([]bool, len(prepared))
	for e := range expected {
		clear(catOK)
		for p := range prepared {
			if categoryMatches(expected[e].names, p) && expected[e].matchesText(&prepared[p]) {
				match[e] = append(match[e], p)
				matchedAny[p] = true
			}
		}
	}

	m := Metrics{FindingCount: len(produced)}

	var required []int
	for e := range expected {
		if expected[e].ef.Required {
			required = append(required, e)
		}
	}
	m.FindingRecall = 1
	if len(required) > 0 {
		m.FindingRecall = float64(maxMatching(required, match, len(prepared), capacity)) / float64(len(required))
	}

	m.FindingPrecision = 1
	if len(prepared) > 0 {
		n := 0
		for _, ok := range matchedAny {
			if ok {
				n++
			}
		}
		m.FindingPrecision = float64(n) / float64(len(prepared))
	}
	m.F1Score = f1Of(m.FindingRecall, m.FindingPrecision)

	sevTotal, sevOK, citTotal, citOK := 0, 0, 0, 0
	for _, e := range required {
		if len(match[e]) == 0 {
			continue
		}
		first := &prepared[match[e][0]]
		ef := expected[e].ef
		sevTotal++
		if first.f.Severity.inRange(ef.MaxSeverity, ef.MinSeverity) {
			sevOK++
		}
		if !ef.CitationMustReference.isZero() {
			citTotal++
			if expected[e].citationCorrect(first) {
				citOK++
			}
		}
	}
	m.SeverityAccuracy = ratioOr(sevOK, sevTotal, 1)
	m.CitationAccuracy = ratioOr(citOK, citTotal, 1)

	if len(prepared) > 0 && len(gt.MustNotFind) > 0 {
		forbidden := make([]bool, len(prepared))
		for _, mnf := range gt.MustNotFind {
			names := categoryNames(mnf.Category, idx)
			clear(catOK)
			for p := range prepared {
				if !forbidden[p] && categoryMatches(names, p) {
					forbidden[p] = true
				}
			}
		}
		fp := 0
		for _, f := range forbidden {
			if f {
				fp++
			}
		}
		m.FalsePositiveRate = float64(fp) / float64(len(prepared))
	}
	return m, nil
}

// ratioOr returns n/d, or empty when d is 0.
func ratioOr(n, d int, empty float64) float64 {
	if d == 0 {
		return empty
	}
	return float64(n) / float64(d)
}

// maxMatching returns the size of a maximum matching of the expected
// findings in required to produced findings, each produced finding taking
// at most capacity of them. It grows the matching one augmenting path at a
// time (Kuhn's algorithm generalised to capacities), visiting expected and
// produced findings in order, so the result is deterministic. Greedy
// first-fit is not enough: it can hand a produced finding to an expected
// finding that had other options and starve one that had none.
func maxMatching(required []int, match [][]int, nProduced, capacity int) int {
	load := make([][]int, nProduced) // expected findings each produced one satisfies
	visited := make([]bool, nProduced)
	var augment func(e int) bool
	augment = func(e int) bool {
		for _, p := range match[e] {
			if visited[p] {
				continue
			}
			visited[p] = true
			if len(load[p]) < capacity {
				load[p] = append(load[p], e)
				return true
			}
			for i, other := range load[p] {
				if augment(other) {
					load[p][i] = e
					return true
				}
			}
		}
		return false
	}
	size := 0
	for _, e := range required {
		if len(match[e]) == 0 {
			continue
		}
		clear(visited)
		if augment(e) {
			size++
		}
	}
	return size
}
