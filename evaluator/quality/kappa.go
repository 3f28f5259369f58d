package quality

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Kappa is Cohen's kappa between two raters who each gave one status per
// item: κ = (p_o − p_e) / (1 − p_e), where p_o is the share of items they
// agree on and p_e the agreement expected by chance, Σ over statuses of the
// product of the two raters' shares of that status.
type Kappa struct {
	// Value is κ, in [−1, 1]; 0 when Defined is false.
	Value float64 `json:"value"`
	// Defined is false when κ is 0/0: no items (N = 0), or p_e = 1, which
	// happens exactly when both raters gave every item the same single
	// status (then p_o = 1 too: perfect but uninformative agreement).
	Defined bool `json:"defined"`
	// N is the number of rated items.
	N int `json:"n"`
	// Observed is p_o and Chance is p_e; both 0 when N = 0.
	Observed float64 `json:"observed_agreement"`
	Chance   float64 `json:"chance_agreement"`
}

// String returns "κ=0.750 (n=12)", or "κ undefined (...)" saying why.
func (k Kappa) String() string {
	switch {
	case k.N == 0:
		return "κ undefined (no labelled items)"
	case !k.Defined:
		return fmt.Sprintf("κ undefined (n=%d, both raters used one status: chance agreement 1)", k.N)
	}
	return fmt.Sprintf("κ=%.3f (n=%d)", k.Value, k.N)
}

// CohenKappa computes Cohen's kappa between rater a and rater b, where a[i]
// and b[i] are the two ratings of item i, over the four statuses. It
// returns an error when the slices differ in length or a rating is not a
// valid status, naming the position. See Kappa for the undefined cases.
func CohenKappa(a, b []evaluator.Status) (Kappa, error) {
	if len(a) != len(b) {
		return Kappa{}, fmt.Errorf("quality: CohenKappa: %d ratings against %d", len(a), len(b))
	}
	var ca, cb [4]int
	agree := 0
	for i := range a {
		ia, ib := statusIndex(a[i]), statusIndex(b[i])
		if ia < 0 {
			return Kappa{}, fmt.Errorf("quality: CohenKappa: a[%d]: unknown status %s", i, strictjson.Quote(string(a[i])))
		}
		if ib < 0 {
			return Kappa{}, fmt.Errorf("quality: CohenKappa: b[%d]: unknown status %s", i, strictjson.Quote(string(b[i])))
		}
		ca[ia]++
		cb[ib]++
		if ia == ib {
			agree++
		}
	}
	n := len(a)
	k := Kappa{N: n}
	if n == 0 {
		return k, nil
	}
	// Work in counts so that "p_e = 1" is an exact integer test:
	// p_o = agree/n, p_e = chance/n², κ = (n·agree − chance) / (n² − chance).
	chance := 0
	for i := range ca {
		chance += ca[i] * cb[i]
	}
	nn := n * n
	k.Observed = float64(agree) / float64(n)
	k.Chance = float64(chance) / float64(nn)
	if chance == nn {
		return k, nil
	}
	k.Defined = true
	k.Value = float64(n*agree-chance) / float64(nn-chance)
	return k, nil
}
