package rubric

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestProfileForKind(t *testing.T) {
	for kind, name := range map[evaluator.Kind]string{
		evaluator.KindReviewMemo:    ProfileContractReviewer,
		evaluator.KindRedTeamReport: ProfileRedTeam,
		evaluator.KindContract:      ProfileTransformationSpecialist,
		evaluator.KindPlainLanguage: ProfilePlainLanguageSpecialist,
		evaluator.KindRedline:       ProfileRedlineDrafter,
		evaluator.KindCustomerReply: ProfileSupportAgent,
	} {
		p, ok := ProfileForKind(kind)
		require.True(t, ok, kind)
		assert.Equal(t, name, p.Name)
		assert.Equal(t, kind, p.Kind)
	}
	_, ok := ProfileForKind("")
	assert.False(t, ok, "generic text has no specialist")
	for _, kind := range evaluator.Kinds() {
		_, ok := ProfileForKind(kind)
		assert.True(t, ok, "kind %q has a profile", kind)
	}
}

func TestProfileUnknownKindInvalid(t *testing.T) {
	p, ok := LookupProfile(ProfileRedTeam)
	require.True(t, ok)
	p.Kind = "memo"
	err := p.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "kind")
}
