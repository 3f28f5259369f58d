package checks

import "strings"

// dimensionOf maps each rule family of the default suite to the dimension
// its findings bear on. The deliverable rubric (rubric.Deliverable) says
// that material errors the checks find reduce the matching dimension's
// score, so a rubric judge can be given the suite's warnings as verified
// findings (rubric.Config.Warnings) as it is given its blocks as
// auto-fails. Longer prefixes win over shorter ones.
var dimensionOf = map[string]string{
	"quote.":                    "Factual Correctness",
	"finding.":                  "Factual Correctness",
	"revision.":                 "Factual Correctness",
	"xref.":                     "Citation Validity",
	"xref.numbering_gap":        "Internal Consistency",
	"xref.duplicate_label":      "Internal Consistency",
	"values.":                   "Internal Consistency",
	"consistency.":              "Internal Consistency",
	"definition.":               "Internal Consistency",
	"placeholder.":              "Completeness",
	"structure.":                "Completeness",
	"completeness.":             "Completeness",
	"recommendation.":           "Recommendation Actionability",
	"requirement":               "Policy Compliance",
	"evaluator_directed.":       "Policy Compliance",
	"readability.":              "Policy Compliance",
	"jurisdiction.":             "Jurisdictional Accuracy",
	"tool.":                     "Tool Consistency",
	"findings.":                 "Tool Consistency",
	"structure.missing_section": "Completeness",
}

// Dimension returns the deliverable rubric dimension a rule's findings
// bear on ("values.conflict" -> "Internal Consistency"), by the longest
// rule-family prefix that matches, or "" for a rule of no family it knows.
// Every rule of DefaultSuite has one.
func Dimension(rule string) string {
	best, dim := -1, ""
	for prefix, d := range dimensionOf {
		if len(prefix) > best && (rule == prefix || strings.HasPrefix(rule, prefix) && (strings.HasSuffix(prefix, ".") || rule[len(prefix)] == '.')) {
			best, dim = len(prefix), d
		}
	}
	return dim
}
