package rubric

// The tests name the preset's dimensions and the embedded profiles through
// these constants; users read the names from Rubric.Dimensions and
// Profiles (the strings are data, in deliverable.json and profiles.json).

// Names of the deliverable rubric's dimensions, as the judge must write them.
const (
	FactualCorrectness          = "Factual Correctness"
	CitationValidity            = "Citation Validity"
	PolicyCompliance            = "Policy Compliance"
	ToolConsistency             = "Tool Consistency"
	JurisdictionalAccuracy      = "Jurisdictional Accuracy"
	InternalConsistency         = "Internal Consistency"
	Completeness                = "Completeness"
	RecommendationActionability = "Recommendation Actionability"
)

// Names of the embedded specialist profiles.
const (
	ProfileContractReviewer         = "contract-reviewer"
	ProfileRedTeam                  = "red-team"
	ProfileTransformationSpecialist = "transformation-specialist"
	ProfileDesignReviewer           = "design-reviewer"
	ProfileEthicsAuditor            = "ethics-auditor"
	ProfilePlainLanguageSpecialist  = "plain-language-specialist"
	ProfileRedlineDrafter           = "redline-drafter"
	ProfileSupportAgent             = "support-agent"
	ProfileSynthesisEditor          = "synthesis-editor"
)
