package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readDD reads a file of the dd-agents copy.
func readDD(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "dd-agents", filepath.FromSlash(rel)))
	require.NoError(t, err)
	return string(data)
}

// TestLoadersReportTheFaultsOwnOffset plants one fault late in a real file
// of each kind (past the first 4 KB, where a token decoder's offsets
// drift) and checks that the error names the fault's own byte offset. The
// marker ‹ stands just before the fault and is removed before parsing.
func TestLoadersReportTheFaultsOwnOffset(t *testing.T) {
	synonyms := readDD(t, "synonyms.json")
	// The baseline is 2.8 KB: lead it with long notes.
	baseline := strings.Replace(readDD(t, "baseline-latest.json"), `"notes": "`, `"notes": "`+strings.Repeat("padding ", 400), 1)
	groundTruth := readDD(t, "expected/cybersecurity/security_assessment.json")
	// The ground truth is 3.5 KB: lead it with a long tag list.
	padded := strings.Replace(groundTruth, `"tags": [`, `"tags": [`+strings.Repeat(`"padding", `, 400), 1)
	lastEnd := func(s, sub string) int { return strings.LastIndex(s, sub) + len(sub) }
	tests := []struct {
		name, data, want string
		parse            func([]byte) error
	}{
		{"synonyms: wrong type", synonyms[:lastEnd(synonyms, `"service_delivery": `)] + `‹{"x": 1}` +
			synonyms[strings.Index(synonyms[lastEnd(synonyms, `"service_delivery": `):], "]")+lastEnd(synonyms, `"service_delivery": `)+1:],
			"category_synonyms.service_delivery: want an array, got an object", synonymsErr},
		{"synonyms: NaN", strings.Replace(synonyms, `"dependency_risk"`, `‹NaN`, 1),
			"category_synonyms.concentration_risk[4]: syntax error: invalid character 'N', want a string", synonymsErr},
		{"baseline: NaN", baseline[:lastEnd(baseline, `"f1_score": `)] + "‹NaN" + baseline[lastEnd(baseline, `"f1_score": `)+len("0.9090909090909091"):],
			"metrics.tax.f1_score: syntax error: invalid character 'N', want a number", baselineErr},
		{"baseline: unknown field", baseline[:strings.LastIndex(baseline, `"finding_count"`)] + `‹"findings": 1, ` + baseline[strings.LastIndex(baseline, `"finding_count"`):],
			"metrics.tax.findings: unknown field", baselineErr},
		{"ground truth: wrong type", padded[:lastEnd(padded, `"required": `)] + "‹1" + padded[lastEnd(padded, `"required": `)+len("true"):],
			"required: want a boolean, got a number", groundTruthErr},
		{"ground truth: NaN", padded[:lastEnd(padded, `"min_severity": `)] + "‹NaN" + padded[lastEnd(padded, `"min_severity": `)+len(`"P3"`):],
			"min_severity: syntax error: invalid character 'N', want a string", groundTruthErr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := strings.Index(tt.data, "‹")
			require.Greater(t, at, 4096, "the fault lies past the first 4 KB")
			err := tt.parse([]byte(strings.Replace(tt.data, "‹", "", 1)))
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidData)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), fmt.Sprintf("(at byte %d)", at), "%v", err)
			var pe *evaluator.ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, int64(at), pe.Offset)
		})
	}
}

// TestLoadersBoundTheirErrors: a 3.6 MB ground truth with 100,000 bad
// entries gives 20 located problems and a count of the rest, in a message
// of a few kilobytes; a 4 MB key is quoted by its prefix (the bound does not depend on the size).
// Under -short (the local test command) 5,000 entries and a 1 MB key.
// BenchmarkParseGroundTruthManyErrors runs the 35 MB, one-million-entry
// case, the size of the hostile file.
func TestLoadersBoundTheirErrors(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 5_000 // the same bound (twenty and a count) on a smaller file: the local test command runs -short
	}
	entry := `{"category":"c","min_severity":"P5"},`
	var b strings.Builder
	b.Grow(len(entry)*n + 100)
	b.WriteString(`{"contract": "c.md", "agent": "a", "expected_findings": [`)
	for i := 0; i < n; i++ {
		b.WriteString(entry)
	}
	data := strings.TrimSuffix(b.String(), ",") + "]}"
	_, err := parseGroundTruth([]byte(data), "big.json")
	require.Error(t, err)
	errs := strictjson.Unjoin(err)
	require.Len(t, errs, 21, "twenty problems and one that counts the rest")
	assert.Equal(t, `big.json: expected_findings[0].min_severity: unknown severity "P5" (want P0, P1, P2 or P3)`, errs[0].Error())
	assert.Equal(t, fmt.Sprintf("big.json: ... and %d more problems", n-20), errs[20].Error())
	assert.Less(t, len(err.Error()), 4096)
	assert.ErrorIs(t, err, ErrInvalidData)

	// Shape problems are bounded the same way.
	shape := strings.ReplaceAll(data, `"min_severity":"P5"`, `"min_severity":5`)
	_, err = parseGroundTruth([]byte(shape), "big.json")
	errs = strictjson.Unjoin(err)
	require.Len(t, errs, 21)
	assert.Equal(t, fmt.Sprintf("big.json: ... and %d more problems", n-20), errs[20].Error())

	size := 4 << 20
	if testing.Short() {
		size = 1 << 20 // 1 MB locally, still thousands of times the bound; CI quotes from 4 MB
	}
	huge := strings.Repeat("k", size)
	_, err = parseGroundTruth([]byte(`{"contract": "c.md", "agent": "a", "`+huge+`": 1}`), "f.json")
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 300)
	_, err = parseGroundTruth([]byte(`{"contract": "c.md", "agent": "a", "expected_findings": [{"category": "c", "min_severity": "`+huge+`"}]}`), "f.json")
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 300)
}

// BenchmarkParseGroundTruthManyErrors measures a 36 MB ground truth
// with a million bad entries (the hostile file): bounded errors
// keep the message to twenty problems and a count, and the memory to what
// decoding the file needs.
func BenchmarkParseGroundTruthManyErrors(b *testing.B) {
	entry := `{"category":"c","min_severity":"P5"},`
	data := []byte(`{"contract": "c.md", "agent": "a", "expected_findings": [` +
		strings.TrimSuffix(strings.Repeat(entry, 1_000_000), ",") + "]}")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var msg int
	for b.Loop() {
		_, err := parseGroundTruth(data, "big.json")
		if err == nil {
			b.Fatal("accepted")
		}
		msg = len(err.Error())
	}
	b.ReportMetric(float64(msg), "msg-bytes")
}
