package rubric

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Warning is a material error a deterministic check verified — a value
// stated two ways, a dangling reference, a hedged fix — that is not grave
// enough to auto-fail but that the deliverable rubric says must lower the
// score of the dimension it bears on. A Judge puts its warnings in the
// judge's prompt as verified findings, and a dimension with a warning
// cannot score at or above the pass threshold, whatever the judge says:
// the verdict fails (rule RuleWarning) and the decision asks for a revision.
type Warning struct {
	// Dimension names the rubric dimension the finding bears on (see
	// checks.Dimension for the default suite's map).
	Dimension string `json:"dimension"`
	// Reason is the finding as a reviser can act on it ("values.conflict:
	// 5 days here, but 3 days at line 21:26 ...").
	Reason string `json:"reason"`
}

// RuleWarning: a verified finding (a Warning) caps its dimension below the
// pass threshold and fails the deliverable.
const RuleWarning Rule = "verified_finding"

// maxWarnings bounds how many warnings a verdict and a prompt carry; the
// rest are counted in the last one's place.
const maxWarnings = 50

// maxWarningReason bounds each warning's reason in the prompt and the
// verdict.
const maxWarningReason = 1 << 10

// applyWarnings caps each warned dimension just below the pass threshold and
// records a failing rule per warning (at most maxWarnings, then one that
// counts the rest).
func (r Rubric) applyWarnings(v *Verdict, ws []Warning) {
	capScore := math.Nextafter(round9(r.PassThreshold), 0)
	for n, w := range ws {
		i := r.index(w.Dimension)
		if v.Dimensions[i].Score > capScore {
			v.Dimensions[i].Score = capScore
		}
		if n == maxWarnings {
			v.Fired = append(v.Fired, Fired{Rule: RuleWarning, Fails: true,
				Reason: fmt.Sprintf("and %d more verified findings", len(ws)-maxWarnings)})
			break
		}
		v.Fired = append(v.Fired, Fired{Rule: RuleWarning, Dimension: w.Dimension, Fails: true,
			Reason: fmt.Sprintf("verified finding: %s; %s cannot score at or above the pass threshold", strictjson.ClipTo(w.Reason, maxWarningReason), w.Dimension)})
	}
}

// validateWarnings adds a problem for each warning that names no dimension
// of r or gives no reason.
func (r Rubric) validateWarnings(p *problems, ws []Warning) {
	for i, w := range ws {
		f := loc{"warnings", i}
		if _, ok := r.Dimension(w.Dimension); !ok {
			p.add(f.at(".dimension"), "unknown dimension "+strictjson.Quote(w.Dimension))
		}
		if strings.TrimSpace(w.Reason) == "" {
			p.add(f.at(".reason"), "empty")
		}
	}
}

// warningsSection renders warnings for the judge's user message: verified
// findings it must take into account.
func warningsSection(ws []Warning) string {
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\nVerified findings (deterministic checks found these in the candidate; each is a material error: score its dimension below the pass threshold and say how to fix it):\n")
	for i, w := range ws {
		if i == maxWarnings {
			fmt.Fprintf(&b, "- and %d more\n", len(ws)-maxWarnings)
			break
		}
		fmt.Fprintf(&b, "- %s: %s\n", w.Dimension, strictjson.ClipTo(w.Reason, maxWarningReason))
	}
	return b.String()
}
