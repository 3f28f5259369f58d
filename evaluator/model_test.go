package evaluator

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestModelFamily(t *testing.T) {
	tests := []struct{ name, want string }{
		{"gpt-4.1", "gpt-4.1"},
		{" GPT-4.1 ", "gpt-4.1"},
		{"openai/gpt-4.1-2025-04-14", "gpt-4.1"},
		{"gpt-4.1-2025-04-14", "gpt-4.1"},
		{"gpt-4.1-mini", "gpt-4.1-mini"},
		{"gpt-4o-mini-2024-07-18", "gpt-4o-mini"},
		{"gpt-4-0613", "gpt-4"},
		{"gpt-4.5-preview", "gpt-4.5"},
		{"chatgpt-4o-latest", "chatgpt-4o"},
		{"ft:gpt-4o-mini-2024-07-18:acme::AbC123", "gpt-4o-mini"},
		{"claude-sonnet-4-5", "claude-sonnet-4-5"},
		{"claude-sonnet-4-5-20250929", "claude-sonnet-4-5"},
		{"anthropic/claude-sonnet-4-5-20250929", "claude-sonnet-4-5"},
		{"claude-sonnet-4-5@20250929", "claude-sonnet-4-5"},
		{"claude-3-7-sonnet-latest", "claude-3-7-sonnet"},
		{"anthropic.claude-3-5-sonnet-20240620-v1:0", "claude-3-5-sonnet"},
		{"us.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"},
		{"claude-opus-4-1-20250805", "claude-opus-4-1"},
		{"models/gemini-2.5-pro", "gemini-2.5-pro"},
		{"gemini-1.5-pro-002", "gemini-1.5-pro"},
		{"gemini-2.5-pro-preview-05-06", "gemini-2.5-pro"},
		{"command-r-08-2024", "command-r"},
		{"mistral-large-2411", "mistral-large"},
		{"accounts/fireworks/models/llama-v3p1-70b-instruct", "llama-v3p1-70b-instruct"},
		{"llama3.1:latest", "llama3.1"},
		{"o3", "o3"},
		{"", ""},
		{"   ", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ModelFamily(tt.name), "ModelFamily(%q)", tt.name)
	}
}

func TestSameFamily(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"gpt-4.1", "openai/gpt-4.1-2025-04-14", true},
		{"GPT-4.1", " gpt-4.1 ", true},
		{"claude-sonnet-4-5", "anthropic/claude-sonnet-4-5@20250514", true},
		{"claude-sonnet-4-5-20250514", "claude-sonnet-4-5-latest", true},
		{"anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5", true},
		{"gpt-4.1", "gpt-4.1-mini", false},
		{"gpt-4.1", "gpt-4o", false},
		{"claude-sonnet-4-5", "claude-opus-4-1", false},
		{"", "", false},
		{"gpt-4.1", "", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.same, SameFamily(tt.a, tt.b), "SameFamily(%q, %q)", tt.a, tt.b)
		assert.Equal(t, tt.same, SameFamily(tt.b, tt.a), "SameFamily(%q, %q)", tt.b, tt.a)
	}
}

// FuzzModelFamily: never panics, is idempotent, and ignores case and
// surrounding space.
func FuzzModelFamily(f *testing.F) {
	for _, s := range []string{"gpt-4.1", "openai/gpt-4.1-2025-04-14", "a.b.c", "ft:", "-v1:0", "@", "x-001-002", "anthropic.claude-3-5-sonnet-20240620-v1:0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fam := ModelFamily(s)
		if again := ModelFamily(fam); again != fam && fam != "" {
			// Stripping may expose another suffix once; a second pass must
			// then be stable.
			if ModelFamily(again) != again {
				t.Fatalf("ModelFamily not stable: %q -> %q -> %q", s, fam, again)
			}
		}
		if ModelFamily("  "+s+"\t") != fam {
			t.Fatalf("surrounding space changes the family of %q", s)
		}
	})
}

type modelJudge struct{ models []string }

func (m modelJudge) Evaluate(context.Context, Task, string) (EvaluationDecision, error) {
	return EvaluationDecision{Status: StatusPass, Score: 1}, nil
}
func (m modelJudge) Models() []string { return m.models }

type legacyModel struct{ Func[string] }

func (legacyModel) Model() string { return " gpt-4o " }

func TestModelsOf(t *testing.T) {
	assert.Nil(t, ModelsOf(nil))
	assert.Nil(t, ModelsOf(42))
	assert.Equal(t, []string{"a", "b"}, ModelsOf(modelJudge{[]string{" a", "", "b", "a"}}))
	assert.Equal(t, []string{"gpt-4o"}, ModelsOf(legacyModel{}), "a Model() string method still counts")
}

func TestWithModelAndChainPassModelsOn(t *testing.T) {
	pass := Func[string](func(context.Context, Task, string) (EvaluationDecision, error) {
		return EvaluationDecision{Status: StatusPass, Score: 1}, nil
	})
	judge := WithModel[string](pass, "gpt-4.1")
	assert.Equal(t, []string{"gpt-4.1"}, ModelsOf(judge))
	d, err := judge.Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, StatusPass, d.Status, "WithModel evaluates as the wrapped evaluator")

	// A declaration adds to what the evaluator reports; it never hides it.
	both := WithModel[string](modelJudge{[]string{"claude-sonnet-4-5"}}, "gpt-4.1")
	assert.Equal(t, []string{"claude-sonnet-4-5", "gpt-4.1"}, ModelsOf(both))

	ch := Chain[string](pass, judge, modelJudge{[]string{"claude-sonnet-4-5", "gpt-4.1"}})
	assert.Equal(t, []string{"gpt-4.1", "claude-sonnet-4-5"}, ModelsOf(ch), "every stage's models, in order, once")
	nested := Chain[string](pass, ch)
	assert.Equal(t, ModelsOf(ch), ModelsOf(nested), "a chain inside a chain still reports its judge")

	_, err = WithModel[string](nil, "m").Evaluate(context.Background(), Task{}, "x")
	assert.Error(t, err)
}
