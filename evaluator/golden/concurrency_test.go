package golden

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A loaded Synonyms and GroundTruth are shared read-only by concurrent MetricsOf
// calls; run with -race.
func TestScoreConcurrentUse(t *testing.T) {
	set, syn := loadDDAgents(t)
	opts := MetricsConfig{Synonyms: syn}
	want := make([]Metrics, len(set.GroundTruths))
	for i, gt := range set.GroundTruths {
		want[i] = metricsOf(t, simulatedRun(gt, 1), gt, opts)
	}
	var wg sync.WaitGroup
	got := make([][]Metrics, 4)
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, gt := range set.GroundTruths {
				got[w] = append(got[w], metricsOf(t, simulatedRun(gt, 1), set.GroundTruths[i], opts))
			}
		}()
	}
	wg.Wait()
	for w := range got {
		assert.Equal(t, want, got[w], "worker %d", w)
	}
}

// A Synonyms literal (no precomputed tables) scores exactly like a loaded one.
func TestSynonymsLiteralMatchesLoaded(t *testing.T) {
	set, syn := loadDDAgents(t)
	lit := Synonyms{Keywords: syn.Keywords, Categories: syn.Categories}
	for _, gt := range set.GroundTruths {
		produced := simulatedRun(gt, 2)
		for i := range produced {
			produced[i].Category = "Risk / " + produced[i].Category // exercise containment
		}
		assert.Equal(t, metricsOf(t, produced, gt, MetricsConfig{Synonyms: syn}), metricsOf(t, produced, gt, MetricsConfig{Synonyms: lit}), gt.Contract)
	}
}
