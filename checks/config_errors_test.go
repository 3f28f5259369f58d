package checks

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/checks/internal/readscore"
	"github.com/evalopt/evalopt/evaluator"
)

// TestConstructorConfigErrors: every check constructor that takes a config
// refuses a value out of range with an *evaluator.FieldError naming the
// field and matching evaluator.ErrInvalidOption; none clamps it silently.
func TestConstructorConfigErrors(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name  string
		build func() (Check, error)
		field string
	}{
		{"hedge: share above 1", func() (Check, error) { return NewHedgeCheck(RecommendationConfig{MaxNonActionable: 1.5}) }, "RecommendationConfig.MaxNonActionable"},
		{"hedge: NaN share", func() (Check, error) { return NewHedgeCheck(RecommendationConfig{MaxNonActionable: nan}) }, "RecommendationConfig.MaxNonActionable"},
		{"directional: negative share", func() (Check, error) {
			return NewDirectionalCheck(RecommendationConfig{MaxNonActionable: -0.1})
		}, "RecommendationConfig.MaxNonActionable"},
		{"actionability: risk above 5", func() (Check, error) { return NewActionabilityCheck(RecommendationConfig{BlockRisk: 6}) }, "RecommendationConfig.BlockRisk"},
		{"hedge: negative risk", func() (Check, error) { return NewHedgeCheck(RecommendationConfig{BlockRisk: -1}) }, "RecommendationConfig.BlockRisk"},
		{"hedge: blank phrase", func() (Check, error) { return NewHedgeCheck(RecommendationConfig{Hedges: []string{"consider", " "}}) }, "RecommendationConfig.Hedges[1]"},
		{"directional: dash phrase", func() (Check, error) { return NewDirectionalCheck(RecommendationConfig{Directional: []string{"--"}}) }, "RecommendationConfig.Directional[0]"},
		{"finding: negative words", func() (Check, error) { return NewFindingCheck(FindingConfig{MinQuoteWords: -1}) }, "FindingConfig.MinQuoteWords"},
		{"finding: empty phrase", func() (Check, error) { return NewFindingCheck(FindingConfig{Uncertainty: []string{""}}) }, "FindingConfig.Uncertainty[0]"},
		{"placeholder: empty token", func() (Check, error) { return NewPlaceholderCheck(PlaceholderConfig{Tokens: []string{"TBD", ""}}) }, "PlaceholderConfig.Tokens[1]"},
		{"placeholder: empty word", func() (Check, error) { return NewPlaceholderCheck(PlaceholderConfig{Words: []string{" "}}) }, "PlaceholderConfig.Words[0]"},
		{"placeholder: empty directive", func() (Check, error) {
			return NewPlaceholderCheck(PlaceholderConfig{Directives: []string{"insert", ""}})
		}, "PlaceholderConfig.Directives[1]"},
		{"placeholder: empty label", func() (Check, error) { return NewPlaceholderCheck(PlaceholderConfig{SignatureLabels: []string{""}}) }, "PlaceholderConfig.SignatureLabels[0]"},
		{"definition: empty name", func() (Check, error) { return NewDefinitionCheck(DefinitionConfig{ProperNames: []string{""}}) }, "DefinitionConfig.ProperNames[0]"},
		{"definition: empty word", func() (Check, error) {
			return NewDefinitionCheck(DefinitionConfig{InstrumentWords: []string{"Act", "\t"}})
		}, "DefinitionConfig.InstrumentWords[1]"},
		{"completeness: unnamed clause", func() (Check, error) {
			return NewCompletenessCheck(CompletenessConfig{Boilerplate: []Clause{{Phrases: []string{"notices"}}}})
		}, "CompletenessConfig.Boilerplate[0].Name"},
		{"completeness: clause without phrases", func() (Check, error) {
			return NewCompletenessCheck(CompletenessConfig{Boilerplate: []Clause{{Name: "notices"}}})
		}, "CompletenessConfig.Boilerplate[0].Phrases"},
		{"completeness: empty phrase", func() (Check, error) {
			return NewCompletenessCheck(CompletenessConfig{Boilerplate: []Clause{{Name: "a", Phrases: []string{"a"}}, {Name: "b", Phrases: []string{""}}}})
		}, "CompletenessConfig.Boilerplate[1].Phrases[0]"},
		{"evaluator-directed: negative words", func() (Check, error) {
			return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{MinCopyWords: -2})
		}, "EvaluatorDirectedConfig.MinCopyWords"},
		{"evaluator-directed: empty phrase", func() (Check, error) {
			return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{Phrases: []string{""}})
		}, "EvaluatorDirectedConfig.Phrases[0]"},
		{"evaluator-directed: pattern without trigger", func() (Check, error) {
			return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{Patterns: []string{"score \\d"}})
		}, "EvaluatorDirectedConfig.Patterns[0]"},
		{"evaluator-directed: bad expression", func() (Check, error) {
			return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{Patterns: []string{"score | (", "x | y"}})
		}, "EvaluatorDirectedConfig.Patterns[0]"},
		{"dense: negative words", func() (Check, error) { return NewDensePassageCheck(DensePassageConfig{MinWords: -1}) }, "DensePassageConfig.MinWords"},
		{"dense: NaN grade", func() (Check, error) { return NewDensePassageCheck(DensePassageConfig{MinGrade: nan}) }, "DensePassageConfig.MinGrade"},
		{"quote: threshold above 1", func() (Check, error) { return NewQuoteCheck(QuoteConfig{Threshold: 1.5}) }, "QuoteConfig.Threshold"},
		{"quote: negative words", func() (Check, error) { return NewQuoteCheck(QuoteConfig{MinWords: -1}) }, "QuoteConfig.MinWords"},
		{"readability: negative grade", func() (Check, error) {
			return NewReadabilityCheck(ReadabilityConfig{Limits: readscore.Limits{MaxGrade: -1}})
		}, "ReadabilityConfig.Limits.MaxGrade"},
		{"readability: density above 1", func() (Check, error) { return NewReadabilityCheck(ReadabilityConfig{MaxJargonDensity: 2}) }, "ReadabilityConfig.MaxJargonDensity"},
		{"readability: negative words", func() (Check, error) { return NewReadabilityCheck(ReadabilityConfig{MinWords: -5}) }, "ReadabilityConfig.MinWords"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tt.build()
			require.Error(t, err)
			assert.Nil(t, c)
			assert.ErrorIs(t, err, evaluator.ErrInvalidOption)
			var fe *evaluator.FieldError
			require.True(t, errors.As(err, &fe), "%v is not a *evaluator.FieldError", err)
			assert.Equal(t, tt.field, fe.Field)
			assert.Contains(t, err.Error(), "checks: "+tt.field+": ")
		})
	}
}

// TestEvaluatorDirectedPatternErrorIsBounded: a huge bad pattern is quoted
// by a short prefix, so the error stays small.
func TestEvaluatorDirectedPatternErrorIsBounded(t *testing.T) {
	huge := strings.Repeat("a", 1<<20) // no "|": not "trigger | expression"
	_, err := NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{Patterns: []string{huge}})
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	assert.Less(t, len(err.Error()), 300)
}

// TestConstructorZeroConfigIsDefault: a zero config finds exactly what the
// config with every documented default spelled out finds, on every
// deliverable of the corpus (and the corpus is not silent for any check).
func TestConstructorZeroConfigIsDefault(t *testing.T) {
	docs := corpusDocs(t)
	pairs := []struct {
		name      string
		zero, def func() (Check, error)
	}{
		{"hedge", func() (Check, error) { return NewHedgeCheck(RecommendationConfig{}) },
			func() (Check, error) {
				return NewHedgeCheck(RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"directional", func() (Check, error) { return NewDirectionalCheck(RecommendationConfig{}) },
			func() (Check, error) {
				return NewDirectionalCheck(RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"actionability", func() (Check, error) { return NewActionabilityCheck(RecommendationConfig{}) },
			func() (Check, error) {
				return NewActionabilityCheck(RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"finding", func() (Check, error) { return NewFindingCheck(FindingConfig{}) },
			func() (Check, error) {
				return NewFindingCheck(FindingConfig{Uncertainty: UncertaintyPhrases(), MinQuoteWords: 3})
			}},
		{"placeholder", func() (Check, error) { return NewPlaceholderCheck(PlaceholderConfig{}) },
			func() (Check, error) {
				return NewPlaceholderCheck(PlaceholderConfig{Tokens: PlaceholderTokens(), Words: PlaceholderWords(), Directives: PlaceholderDirectives(),
					SignatureLabels: []string{"By", "Name", "Title", "Date", "Signature", "Signed", "Print Name", "Witness", "Place", "Position", "Initials"}})
			}},
		{"definition", func() (Check, error) { return NewDefinitionCheck(DefinitionConfig{}) },
			func() (Check, error) {
				return NewDefinitionCheck(DefinitionConfig{ProperNames: ProperNames(), InstrumentWords: []string{
					"Agreement", "Agreements", "Act", "Code", "Regulation", "Regulations", "Directive", "Convention", "Rules", "Treaty", "Law", "Plan", "Policy", "Statute"}})
			}},
		{"completeness", func() (Check, error) { return NewCompletenessCheck(CompletenessConfig{}) },
			func() (Check, error) {
				return NewCompletenessCheck(CompletenessConfig{Boilerplate: DefaultBoilerplate()})
			}},
		{"evaluator-directed", func() (Check, error) { return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{}) },
			func() (Check, error) {
				return NewEvaluatorDirectedCheck(EvaluatorDirectedConfig{Phrases: EvaluatorPhrases(), Patterns: EvaluatorPatterns(), MinCopyWords: 8})
			}},
		{"dense", func() (Check, error) { return NewDensePassageCheck(DensePassageConfig{}) },
			func() (Check, error) {
				return NewDensePassageCheck(DensePassageConfig{MinWords: DefaultDenseMinWords, MinGrade: float64(DefaultDenseGrade), Analyzer: readscore.Default()})
			}},
		{"readability", func() (Check, error) { return NewReadabilityCheck(ReadabilityConfig{}) },
			func() (Check, error) {
				return NewReadabilityCheck(ReadabilityConfig{Limits: readscore.Limits{MaxGrade: readscore.DefaultMaxGrade,
					MaxPassivePercent: readscore.DefaultMaxPassivePercent}, MinWords: DefaultReadabilityMinWords, Analyzer: readscore.Default()})
			}},
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			zero, err := p.zero()
			require.NoError(t, err)
			def, err := p.def()
			require.NoError(t, err)
			found := 0
			for _, d := range docs {
				got, want := zero.Check(d), def.Check(d)
				require.Equal(t, want, got)
				found += len(got)
			}
			require.Positive(t, found, "the corpus must give the check something to find")
		})
	}
}

// corpusDocs reads every deliverable text of the corpus with its source.
func corpusDocs(t *testing.T) []Document {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "deliverables", "*", "*", "*.txt"))
	require.NoError(t, err)
	sort.Strings(paths)
	require.NotEmpty(t, paths)
	docs := make([]Document, 0, len(paths)+2)
	for _, p := range paths {
		text, err := os.ReadFile(p)
		require.NoError(t, err)
		src, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "source.md"))
		docs = append(docs, Document{Text: string(text), Source: string(src)})
	}
	for _, name := range []string{"contract_defects.md", "contract_clean.md"} {
		docs = append(docs, Document{Text: readFixture(t, name)})
	}
	// Recommendations just on each side of the default actionability
	// share (0.30): 1 of 3 non-actionable fails it, 1 of 4 does not.
	good := "- Replace Section 2 with: \"The Supplier shall give ninety days written notice before any termination.\"\n"
	bad := "- Consider Section 4.\n"
	docs = append(docs,
		Document{Text: "## Recommendations\n\n" + bad + good + good},
		Document{Text: "## Recommendations\n\n" + bad + good + good + good})
	return docs
}

// TestSuiteOptionErrors: each invalid Suite option, and a nil one, is an
// error naming it that matches evaluator.ErrInvalidOption.
func TestSuiteOptionErrors(t *testing.T) {
	checks := []Check{mustCheck(NewPlaceholderCheck(PlaceholderConfig{}))}
	for name, o := range map[string]Option{
		"WithSeverity(\"a\")":     WithSeverity("a", "fatal"),
		"WithSeverity: empty":     WithSeverity("", SeverityInfo),
		"WithConcurrency":         WithConcurrency(-1),
		"WithParallelThreshold":   WithParallelThreshold(-1),
		"WithSourceEvidenceID":    WithSourceEvidenceID(" "),
		"NewSuite: opts[0]: nil ": nil,
	} {
		_, err := NewSuite(checks, o)
		require.ErrorIs(t, err, evaluator.ErrInvalidOption, name)
		assert.Contains(t, err.Error(), name)
	}
	_, err := NewSuite(checks)
	require.NoError(t, err, "no option is the default")
}
