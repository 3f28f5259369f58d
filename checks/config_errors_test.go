package checks

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/addressed"
	"github.com/evalopt/evalopt/checks/advice"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/readscore"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/checks/placeholder"
	"github.com/evalopt/evalopt/checks/quote"
	"github.com/evalopt/evalopt/checks/readability"
	"github.com/evalopt/evalopt/checks/structure"
	"github.com/evalopt/evalopt/checks/terms"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConstructorConfigErrors: every check constructor that takes a config
// refuses a value out of range with an *evaluator.FieldError naming the
// field and matching evaluator.ErrInvalidOption; none clamps it silently.
func TestConstructorConfigErrors(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name  string
		build func() (check.Check, error)
		field string
	}{
		{"hedge: share above 1", func() (check.Check, error) {
			return advice.NewHedgeCheck(advice.RecommendationConfig{MaxNonActionable: 1.5})
		}, "RecommendationConfig.MaxNonActionable"},
		{"hedge: NaN share", func() (check.Check, error) {
			return advice.NewHedgeCheck(advice.RecommendationConfig{MaxNonActionable: nan})
		}, "RecommendationConfig.MaxNonActionable"},
		{"directional: negative share", func() (check.Check, error) {
			return advice.NewDirectionalCheck(advice.RecommendationConfig{MaxNonActionable: -0.1})
		}, "RecommendationConfig.MaxNonActionable"},
		{"actionability: risk above 5", func() (check.Check, error) {
			return advice.NewActionabilityCheck(advice.RecommendationConfig{BlockRisk: 6})
		}, "RecommendationConfig.BlockRisk"},
		{"hedge: negative risk", func() (check.Check, error) { return advice.NewHedgeCheck(advice.RecommendationConfig{BlockRisk: -1}) }, "RecommendationConfig.BlockRisk"},
		{"hedge: blank phrase", func() (check.Check, error) {
			return advice.NewHedgeCheck(advice.RecommendationConfig{Hedges: []string{"consider", " "}})
		}, "RecommendationConfig.Hedges[1]"},
		{"directional: dash phrase", func() (check.Check, error) {
			return advice.NewDirectionalCheck(advice.RecommendationConfig{Directional: []string{"--"}})
		}, "RecommendationConfig.Directional[0]"},
		{"finding: negative words", func() (check.Check, error) { return advice.NewFindingCheck(advice.FindingConfig{MinQuoteWords: -1}) }, "FindingConfig.MinQuoteWords"},
		{"finding: empty phrase", func() (check.Check, error) {
			return advice.NewFindingCheck(advice.FindingConfig{Uncertainty: []string{""}})
		}, "FindingConfig.Uncertainty[0]"},
		{"placeholder: empty token", func() (check.Check, error) {
			return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{Tokens: []string{"TBD", ""}})
		}, "PlaceholderConfig.Tokens[1]"},
		{"placeholder: empty word", func() (check.Check, error) {
			return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{Words: []string{" "}})
		}, "PlaceholderConfig.Words[0]"},
		{"placeholder: empty directive", func() (check.Check, error) {
			return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{Directives: []string{"insert", ""}})
		}, "PlaceholderConfig.Directives[1]"},
		{"placeholder: empty label", func() (check.Check, error) {
			return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{SignatureLabels: []string{""}})
		}, "PlaceholderConfig.SignatureLabels[0]"},
		{"definition: empty name", func() (check.Check, error) {
			return terms.NewDefinitionCheck(terms.DefinitionConfig{ProperNames: []string{""}})
		}, "DefinitionConfig.ProperNames[0]"},
		{"definition: empty word", func() (check.Check, error) {
			return terms.NewDefinitionCheck(terms.DefinitionConfig{InstrumentWords: []string{"Act", "\t"}})
		}, "DefinitionConfig.InstrumentWords[1]"},
		{"completeness: unnamed clause", func() (check.Check, error) {
			return structure.NewCompletenessCheck(structure.CompletenessConfig{Boilerplate: []structure.Clause{{Phrases: []string{"notices"}}}})
		}, "CompletenessConfig.Boilerplate[0].Name"},
		{"completeness: clause without phrases", func() (check.Check, error) {
			return structure.NewCompletenessCheck(structure.CompletenessConfig{Boilerplate: []structure.Clause{{Name: "notices"}}})
		}, "CompletenessConfig.Boilerplate[0].Phrases"},
		{"completeness: empty phrase", func() (check.Check, error) {
			return structure.NewCompletenessCheck(structure.CompletenessConfig{Boilerplate: []structure.Clause{{Name: "a", Phrases: []string{"a"}}, {Name: "b", Phrases: []string{""}}}})
		}, "CompletenessConfig.Boilerplate[1].Phrases[0]"},
		{"evaluator-directed: negative words", func() (check.Check, error) {
			return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{MinCopyWords: -2})
		}, "EvaluatorDirectedConfig.MinCopyWords"},
		{"evaluator-directed: empty phrase", func() (check.Check, error) {
			return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{Phrases: []string{""}})
		}, "EvaluatorDirectedConfig.Phrases[0]"},
		{"evaluator-directed: pattern without trigger", func() (check.Check, error) {
			return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{Patterns: []string{"score \\d"}})
		}, "EvaluatorDirectedConfig.Patterns[0]"},
		{"evaluator-directed: bad expression", func() (check.Check, error) {
			return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{Patterns: []string{"score | (", "x | y"}})
		}, "EvaluatorDirectedConfig.Patterns[0]"},
		{"dense: negative words", func() (check.Check, error) {
			return readability.NewDensePassageCheck(readability.DensePassageConfig{MinWords: -1})
		}, "DensePassageConfig.MinWords"},
		{"dense: NaN grade", func() (check.Check, error) {
			return readability.NewDensePassageCheck(readability.DensePassageConfig{MinGrade: nan})
		}, "DensePassageConfig.MinGrade"},
		{"quote: threshold above 1", func() (check.Check, error) { return quote.NewQuoteCheck(quote.QuoteConfig{Threshold: 1.5}) }, "QuoteConfig.Threshold"},
		{"quote: negative words", func() (check.Check, error) { return quote.NewQuoteCheck(quote.QuoteConfig{MinWords: -1}) }, "QuoteConfig.MinWords"},
		{"readability: negative grade", func() (check.Check, error) {
			return readability.NewReadabilityCheck(readability.ReadabilityConfig{Limits: readscore.Limits{MaxGrade: -1}})
		}, "ReadabilityConfig.Limits.MaxGrade"},
		{"readability: density above 1", func() (check.Check, error) {
			return readability.NewReadabilityCheck(readability.ReadabilityConfig{MaxJargonDensity: 2})
		}, "ReadabilityConfig.MaxJargonDensity"},
		{"readability: negative words", func() (check.Check, error) {
			return readability.NewReadabilityCheck(readability.ReadabilityConfig{MinWords: -5})
		}, "ReadabilityConfig.MinWords"},
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
	_, err := addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{Patterns: []string{huge}})
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
		zero, def func() (check.Check, error)
	}{
		{"hedge", func() (check.Check, error) { return advice.NewHedgeCheck(advice.RecommendationConfig{}) },
			func() (check.Check, error) {
				return advice.NewHedgeCheck(advice.RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"directional", func() (check.Check, error) { return advice.NewDirectionalCheck(advice.RecommendationConfig{}) },
			func() (check.Check, error) {
				return advice.NewDirectionalCheck(advice.RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"actionability", func() (check.Check, error) { return advice.NewActionabilityCheck(advice.RecommendationConfig{}) },
			func() (check.Check, error) {
				return advice.NewActionabilityCheck(advice.RecommendationConfig{BlockRisk: 3, MaxNonActionable: 0.30})
			}},
		{"finding", func() (check.Check, error) { return advice.NewFindingCheck(advice.FindingConfig{}) },
			func() (check.Check, error) {
				return advice.NewFindingCheck(advice.FindingConfig{Uncertainty: text.UncertaintyPhrases(), MinQuoteWords: 3})
			}},
		{"placeholder", func() (check.Check, error) { return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{}) },
			func() (check.Check, error) {
				return placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{Tokens: text.PlaceholderTokens(), Words: text.PlaceholderWords(), Directives: text.PlaceholderDirectives(),
					SignatureLabels: []string{"By", "Name", "Title", "Date", "Signature", "Signed", "Print Name", "Witness", "Place", "Position", "Initials"}})
			}},
		{"definition", func() (check.Check, error) { return terms.NewDefinitionCheck(terms.DefinitionConfig{}) },
			func() (check.Check, error) {
				return terms.NewDefinitionCheck(terms.DefinitionConfig{ProperNames: text.ProperNames(), InstrumentWords: []string{
					"Agreement", "Agreements", "Act", "Code", "Regulation", "Regulations", "Directive", "Convention", "Rules", "Treaty", "Law", "Plan", "Policy", "Statute"}})
			}},
		{"completeness", func() (check.Check, error) { return structure.NewCompletenessCheck(structure.CompletenessConfig{}) },
			func() (check.Check, error) {
				return structure.NewCompletenessCheck(structure.CompletenessConfig{Boilerplate: structure.DefaultBoilerplate()})
			}},
		{"evaluator-directed", func() (check.Check, error) {
			return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{})
		},
			func() (check.Check, error) {
				return addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{Phrases: text.EvaluatorPhrases(), Patterns: text.EvaluatorPatterns(), MinCopyWords: 8})
			}},
		{"dense", func() (check.Check, error) { return readability.NewDensePassageCheck(readability.DensePassageConfig{}) },
			func() (check.Check, error) {
				return readability.NewDensePassageCheck(readability.DensePassageConfig{MinWords: readability.DefaultDenseMinWords, MinGrade: float64(readability.DefaultDenseGrade), Analyzer: readscore.Default()})
			}},
		{"readability", func() (check.Check, error) { return readability.NewReadabilityCheck(readability.ReadabilityConfig{}) },
			func() (check.Check, error) {
				return readability.NewReadabilityCheck(readability.ReadabilityConfig{Limits: readscore.Limits{MaxGrade: readscore.DefaultMaxGrade,
					MaxPassivePercent: readscore.DefaultMaxPassivePercent}, MinWords: readability.DefaultReadabilityMinWords, Analyzer: readscore.Default()})
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
func corpusDocs(t *testing.T) []check.Document {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "deliverables", "*", "*", "*.txt"))
	require.NoError(t, err)
	sort.Strings(paths)
	require.NotEmpty(t, paths)
	docs := make([]check.Document, 0, len(paths)+2)
	for i, p := range paths {
		if raceEnabled && i%RaceSampleEvery() != 0 {
			continue // under -race, a sample of the corpus (raceSample; the corpus tests read it all)
		}
		text, err := os.ReadFile(p)
		require.NoError(t, err)
		src, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "source.md"))
		docs = append(docs, check.Document{Text: string(text), SourceText: string(src)})
	}
	for _, name := range []string{"contract_defects.md", "contract_clean.md"} {
		docs = append(docs, check.Document{Text: readFixture(t, name)})
	}
	// Recommendations just on each side of the default actionability
	// share (0.30): 1 of 3 non-actionable fails it, 1 of 4 does not.
	good := "- Replace Section 2 with: \"The Supplier shall give ninety days written notice before any termination.\"\n"
	bad := "- Consider Section 4.\n"
	docs = append(docs,
		check.Document{Text: "## Recommendations\n\n" + bad + good + good},
		check.Document{Text: "## Recommendations\n\n" + bad + good + good + good})
	return docs
}

// TestSuiteOptionErrors: each invalid Suite option, and a nil one, is an
// error naming it that matches evaluator.ErrInvalidOption.
func TestSuiteOptionErrors(t *testing.T) {
	checks := []check.Check{mustCheck(placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{}))}
	for name, o := range map[string]check.Option{
		"WithSeverity(\"a\")":     check.WithSeverity("a", "fatal"),
		"WithSeverity: empty":     check.WithSeverity("", check.SeverityInfo),
		"WithConcurrency":         check.WithConcurrency(-1),
		"WithParallelThreshold":   check.WithParallelThreshold(-1),
		"WithSourceEvidenceID":    check.WithSourceEvidenceID(" "),
		"NewSuite: opts[0]: nil ": nil,
	} {
		_, err := check.NewSuite(checks, o)
		require.ErrorIs(t, err, evaluator.ErrInvalidOption, name)
		assert.Contains(t, err.Error(), name)
	}
	_, err := check.NewSuite(checks)
	require.NoError(t, err, "no option is the default")
}
