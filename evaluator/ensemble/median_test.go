package ensemble

import "testing"

// The default score reducer is unexported; its two cases are checked here.
func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		scores []float64
		want   float64
	}{
		{[]float64{0.9, 0.6, 0.8}, 0.8},
		{[]float64{0.6, 0.8}, 0.7},
	} {
		if got := median(tt.scores); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.scores, got, tt.want)
		}
	}
}
