// Package advice checks the advice a review gives: recommendations that
// hedge ("you may wish to consider") where the risk calls for a firm fix,
// fixes that only name a direction ("improve", "strengthen") rather than an
// action, a deliverable with too few actionable recommendations, and
// findings stated with uncertainty or without evidence.
//
// The constructors NewHedgeCheck, NewDirectionalCheck and
// NewActionabilityCheck share RecommendationConfig (rules recommendation.*);
// NewFindingCheck takes FindingConfig (rules finding.*). A recommendation's
// risk or severity (ClassifyRisk) decides whether a hedge blocks or warns.
package advice
