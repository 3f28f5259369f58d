package readscore

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// vectorsPath is the copy of shared/readability/textstat-vectors.json kept
// in testdata (see testdata/NOTICE), so the tests run on a clone without
// shared/ beside it; TestVectorsCopyMatchesShared keeps the copy honest.
const vectorsPath = "testdata/textstat-vectors.json"

type vectors struct {
	Texts []struct {
		Name               string  `json:"name"`
		Text               string  `json:"text"`
		Words              int     `json:"words"`
		Sentences          int     `json:"sentences"`
		Syllables          int     `json:"syllables"`
		FleschKincaidGrade float64 `json:"flesch_kincaid_grade"`
		FleschReadingEase  float64 `json:"flesch_reading_ease"`
	} `json:"texts"`
	Syllables map[string]int `json:"syllables"`
}

// loadVectors reads the reference vectors.
func loadVectors(t *testing.T) vectors {
	t.Helper()
	b, err := os.ReadFile(vectorsPath)
	require.NoError(t, err, "the reference vectors are missing")
	var v vectors
	require.NoError(t, json.Unmarshal(b, &v), "parse %s", vectorsPath)
	require.NotEmpty(t, v.Texts, "%s holds no texts", vectorsPath)
	return v
}

// The copy in testdata must be the shared file, byte for byte, whenever
// shared/ is beside the clone (as in CI).
func TestVectorsCopyMatchesShared(t *testing.T) {
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		p := filepath.Join(dir, "shared", "readability", "textstat-vectors.json")
		if want, err := os.ReadFile(p); err == nil {
			got, err := os.ReadFile(vectorsPath)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "%s differs from %s", vectorsPath, p)
			return
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("shared/readability is not beside this clone; nothing to compare the copy with")
		}
		dir = parent
	}
}

// easeDeviation is the one target not met, kept visible rather than tuned
// away. PUNCT_TEXT has 53 words, so one syllable moves the reading ease by
// 84.6/53 = 1.6 points. textstat counts "singer-songwriter" and
// "remove_punctuation" with pyphen's hyphenation patterns (the fused words are
// not in its pronouncing dictionary), which find fewer syllables than the
// words have (sing-er-song-writ-er is 5; re-move punc-tu-a-tion is 6). Our
// count is 2 higher (74 vs 72, within the 3 % syllable target), so the ease
// is 3.19 lower. Matching it would mean listing wrong counts as exceptions.
var easeDeviation = map[string]float64{"PUNCT_TEXT": 3.2}

// TestAccuracyAgainstTextstat holds the targets on the reference
// texts: words within 2 %, sentences within 1, syllables within 3 %, both
// Flesch scores within 0.5 (except the documented easeDeviation).
func TestAccuracyAgainstTextstat(t *testing.T) {
	v := loadVectors(t)
	for _, tc := range v.Texts {
		t.Run(tc.Name, func(t *testing.T) {
			st := Analyze(tc.Text)
			t.Logf("words %d/%d sentences %d/%d syllables %d/%d grade %.3f/%.3f ease %.3f/%.3f",
				st.Words, tc.Words, st.Sentences, tc.Sentences, st.Syllables, tc.Syllables,
				st.FleschKincaidGrade, tc.FleschKincaidGrade, st.FleschReadingEase, tc.FleschReadingEase)
			require.LessOrEqual(t, math.Abs(float64(st.Words-tc.Words)), 0.02*float64(tc.Words), "words")
			require.LessOrEqual(t, math.Abs(float64(st.Sentences-tc.Sentences)), 1.0, "sentences")
			require.LessOrEqual(t, math.Abs(float64(st.Syllables-tc.Syllables)), 0.03*float64(tc.Syllables), "syllables")
			require.InDelta(t, tc.FleschKincaidGrade, st.FleschKincaidGrade, 0.5, "Flesch-Kincaid grade")
			tolerance := 0.5
			if d, ok := easeDeviation[tc.Name]; ok {
				tolerance = d
			}
			require.InDelta(t, tc.FleschReadingEase, st.FleschReadingEase, tolerance, "Flesch reading ease")
		})
	}
}

// TestSyllablesReferenceWords: every single-word count listed is exact.
func TestSyllablesReferenceWords(t *testing.T) {
	v := loadVectors(t)
	require.NotEmpty(t, v.Syllables)
	for w, want := range v.Syllables {
		require.Equal(t, want, Syllables(w), "syllables of %q", w)
	}
}
