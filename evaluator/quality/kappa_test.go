package quality

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// kappaPairs builds two rating slices from (a, b, count) triples.
func kappaPairs(pairs ...any) (a, b []evaluator.Status) {
	for i := 0; i < len(pairs); i += 3 {
		for range pairs[i+2].(int) {
			a = append(a, pairs[i].(evaluator.Status))
			b = append(b, pairs[i+1].(evaluator.Status))
		}
	}
	return a, b
}

func TestCohenKappa(t *testing.T) {
	P, R, E, B := evaluator.StatusPass, evaluator.StatusRevise, evaluator.StatusEscalate, evaluator.StatusBlock
	tests := []struct {
		name  string
		pairs []any
		want  Kappa
	}{
		// Hand-computed: 10 items, 7 agreements → p_o = 0.7. Rater a:
		// pass 4, revise 3, block 3; rater b: pass 4, revise 3, block 3.
		// p_e = (4·4 + 3·3 + 3·3)/100 = 0.34. κ = 0.36/0.66 = 6/11.
		{"hand-computed", []any{P, P, 3, P, R, 1, R, R, 2, R, B, 1, B, B, 2, B, P, 1},
			Kappa{Value: 6.0 / 11, Defined: true, N: 10, Observed: 0.7, Chance: 0.34}},
		{"perfect over two statuses", []any{P, P, 2, B, B, 2},
			Kappa{Value: 1, Defined: true, N: 4, Observed: 1, Chance: 0.5}},
		{"complete disagreement", []any{P, B, 1, B, P, 1},
			Kappa{Value: -1, Defined: true, N: 2, Observed: 0, Chance: 0.5}},
		// Agreement no better than chance: p_o = p_e = 0.5.
		{"chance level", []any{P, P, 1, P, E, 1, E, P, 1, E, E, 1},
			Kappa{Value: 0, Defined: true, N: 4, Observed: 0.5, Chance: 0.5}},
		// One rater constant, the other not: p_e < 1, so defined.
		{"one rater constant", []any{P, P, 3, P, R, 1},
			Kappa{Value: 0, Defined: true, N: 4, Observed: 0.75, Chance: 0.75}},
		{"both raters one status: p_e = 1, undefined", []any{B, B, 5},
			Kappa{Defined: false, N: 5, Observed: 1, Chance: 1}},
		{"no items", nil, Kappa{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := kappaPairs(tt.pairs...)
			got, err := CohenKappa(a, b)
			require.NoError(t, err)
			assert.Equal(t, tt.want.Defined, got.Defined)
			assert.Equal(t, tt.want.N, got.N)
			assert.InDelta(t, tt.want.Value, got.Value, 1e-12)
			assert.InDelta(t, tt.want.Observed, got.Observed, 1e-12)
			assert.InDelta(t, tt.want.Chance, got.Chance, 1e-12)
		})
	}
}

func TestCohenKappaErrors(t *testing.T) {
	P := evaluator.StatusPass
	_, err := CohenKappa([]evaluator.Status{P}, nil)
	assert.EqualError(t, err, "quality: CohenKappa: 1 ratings against 0")
	_, err = CohenKappa([]evaluator.Status{P, "ok"}, []evaluator.Status{P, P})
	assert.EqualError(t, err, `quality: CohenKappa: a[1]: unknown status "ok"`)
	_, err = CohenKappa([]evaluator.Status{P}, []evaluator.Status{""})
	assert.EqualError(t, err, `quality: CohenKappa: b[0]: unknown status ""`)
}

func TestKappaString(t *testing.T) {
	assert.Equal(t, "κ undefined (no labelled items)", Kappa{}.String())
	assert.Equal(t, "κ undefined (n=5, both raters used one status: chance agreement 1)", Kappa{N: 5, Observed: 1, Chance: 1}.String())
	assert.Equal(t, "κ=0.545 (n=10)", Kappa{Value: 6.0 / 11, Defined: true, N: 10}.String())
}
