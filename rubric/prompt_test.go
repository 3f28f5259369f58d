package rubric

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./rubric -run %s -update to create it", t.Name())
	assert.Equal(t, string(want), got, "rendered text differs from %s; rerun with -update if the change is intended", path)
}

func contractReviewer(t *testing.T) *Profile {
	p, ok := LookupProfile(ProfileContractReviewer)
	require.True(t, ok)
	return &p
}

func TestRenderPromptGolden(t *testing.T) {
	plain, err := RenderPrompt(Deliverable(), nil)
	require.NoError(t, err)
	golden(t, "prompt_deliverable.golden", plain)

	withProfile, err := RenderPrompt(Deliverable(), contractReviewer(t))
	require.NoError(t, err)
	golden(t, "prompt_deliverable_contract_reviewer.golden", withProfile)

	again, err := RenderPrompt(Deliverable(), contractReviewer(t))
	require.NoError(t, err)
	assert.Equal(t, withProfile, again, "deterministic")
}

// The prompt is derived from the rubric: change a number, the prompt follows.
func TestRenderPromptFollowsRubric(t *testing.T) {
	r := Deliverable()
	r.PassThreshold = 0.8
	r.Dimensions[1].Floor = 0.35
	r.Rules.LowDimensionsFail = 3
	r.Rules.HumanReviewBelow = 0.5
	r.Rules.LimitedVerificationBelow = 0.7
	got, err := RenderPrompt(r, nil)
	require.NoError(t, err)
	for _, want := range []string{
		"overall >= 0.8 and no rule below fails it",
		"- Floor: Citation Validity below 0.35 fails the deliverable.",
		"- Floor: Factual Correctness below 0.5 fails the deliverable.",
		"3 or more dimensions below 0.5 fail the deliverable.",
		"Below 0.5 a human reviews the deliverable; below 0.7 the verdict is recorded as limited verification.",
		"### 1. Factual Correctness (weight 0.18; floor 0.5; can auto-fail)",
		"### 3. Policy Compliance (weight 0.13; policy: an auto-fail blocks)",
		`Only these dimensions can auto-fail: "Factual Correctness", "Policy Compliance", "Jurisdictional Accuracy" and "Recommendation Actionability".`,
		`An auto-fail on "Policy Compliance" blocks the deliverable`,
		"fail [0, 0.75) (below the pass threshold); marginal [0.75, 0.8] (pass, with observations); pass (0.8, 0.9] (pass); strong (0.9, 1] (strong pass).",
		`specialistRole: "evaluator".`,
	} {
		assert.Contains(t, got, want)
	}

	// A rubric without auto-fail, floors or the low-dimensions rule says nothing about them.
	s := small()
	s.Dimensions[0].AutoFail, s.Dimensions[0].Policy, s.Dimensions[0].Floor = false, false, 0
	s.Rules.LowDimensionsFail = RuleOff
	got, err = RenderPrompt(s, nil)
	require.NoError(t, err)
	assert.NotContains(t, got, "Auto-fail:")
	assert.NotContains(t, got, "Floor:")
	assert.NotContains(t, got, "or more dimensions below")
}

func TestRenderPromptErrors(t *testing.T) {
	r := Deliverable()
	r.Dimensions[0].Weight = 1.7
	_, err := RenderPrompt(r, nil)
	assert.ErrorIs(t, err, ErrInvalidRubric)

	_, err = RenderPrompt(Deliverable(), &Profile{Name: "x"})
	assert.ErrorIs(t, err, ErrInvalidInput)
	assert.Contains(t, err.Error(), "title: empty")
}

func TestUserMessageGolden(t *testing.T) {
	task := evaluator.Task{
		ID:       "review-7",
		Input:    "Review the attached supply agreement for the buyer.",
		Criteria: []string{"Rate every clause from 1 to 5.", "Draft replacement text for every risk of 3 or more."},
		Evidence: []evaluator.Evidence{
			{ID: "contract", Source: "upload", Content: "9.2 Liability is capped at the fees paid in the prior 12 months."},
			{ID: "policy", Content: "Reviews must not give tax advice."},
		},
	}
	got, err := userMessage(task, "Clause 9.2: risk 4. Replace with: ...")
	require.NoError(t, err)
	golden(t, "user_message.golden", got)

	bare, err := userMessage(evaluator.Task{Input: "Summarise."}, "A summary.")
	require.NoError(t, err)
	assert.Equal(t, "## Task\n\nSummarise.\n\n## Deliverable\n\n<deliverable>\nA summary.\n</deliverable>\n\nJudge the deliverable against the rubric and reply with the JSON object only.\n", bare)

	_, err = userMessage(evaluator.Task{Evidence: []evaluator.Evidence{{ID: "a"}, {ID: "a"}}}, "x")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `evidence[1].id: duplicate of evidence[0].id "a"`)
}

func TestProfiles(t *testing.T) {
	ps := Profiles()
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		assert.NoError(t, p.Validate(), p.Name)
		assert.GreaterOrEqual(t, len(p.FocusAreas), 3, p.Name)
		assert.GreaterOrEqual(t, len(p.CommonFailures), 3, p.Name)
		rendered, err := RenderPrompt(Deliverable(), &p)
		require.NoError(t, err)
		assert.Contains(t, rendered, "## Your role: "+p.Title)
		assert.Contains(t, rendered, p.FocusAreas[0])
		assert.Contains(t, rendered, p.CommonFailures[len(p.CommonFailures)-1])
		assert.Contains(t, rendered, `specialistRole: "`+p.Name+`".`)
	}
	assert.Equal(t, []string{ProfileContractReviewer, ProfileRedTeam, ProfileTransformationSpecialist, ProfileDesignReviewer,
		ProfileEthicsAuditor, ProfilePlainLanguageSpecialist, ProfileRedlineDrafter, ProfileSupportAgent, ProfileSynthesisEditor}, names)

	_, ok := LookupProfile("poet")
	assert.False(t, ok)

	ps[0].FocusAreas[0] = "changed"
	fresh, _ := LookupProfile(ProfileContractReviewer)
	assert.NotEqual(t, "changed", fresh.FocusAreas[0], "Profiles returns copies")

	bad := Profile{Name: "x", Title: "X", Role: "r", FocusAreas: []string{"a", " "}}
	err := bad.Validate()
	assert.ErrorContains(t, err, "focusAreas[1]: empty")
	assert.ErrorContains(t, err, "commonFailures: empty")
	assert.True(t, strings.Index(err.Error(), "focusAreas") < strings.Index(err.Error(), "commonFailures"), "errors in field order")
}
