package checktest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// ContractSize is the least size of Contract1MB's text.
const ContractSize = 1 << 20

var (
	contractOnce sync.Once
	contractText string
	contractErr  error
	// inlineDefRe matches a defining parenthetical ('(the "Term")'), kept
	// in the original body only so that no term is defined twice.
	inlineDefRe = regexp.MustCompile(` \((?:the |each a )"[^"]+"\)`)
)

// Contract1MB returns the benchmark document: the clean contract of
// checks/testdata/contract_clean.md, its body (Sections 1 to 13, without the
// definitions list and the defining parentheticals, so that terms are not
// defined twice) repeated as regional annexes ("# Annex k", each referring
// to itself) until the text reaches ContractSize, followed by the review
// memo of the same file. Numbers inside an annex belong to its scope, so
// the result is as clean as the original.
func Contract1MB(tb testing.TB) string {
	tb.Helper()
	contractOnce.Do(func() { contractText, contractErr = buildContract() })
	if contractErr != nil {
		tb.Fatal(contractErr)
	}
	return contractText
}

// Testdata returns the path of name under checks/testdata, wherever the
// test that asks runs.
func Testdata(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", name)
}

func buildContract() (string, error) {
	b, err := os.ReadFile(Testdata("contract_clean.md"))
	if err != nil {
		return "", err
	}
	clean := string(b)
	start := strings.Index(clean, "## 1. Definitions")
	end := strings.Index(clean, "IN WITNESS WHEREOF")
	memo := strings.Index(clean, "# Review Memorandum")
	if start < 0 || end < 0 || memo < 0 {
		return "", fmt.Errorf("checktest: %s lacks the expected landmarks", Testdata("contract_clean.md"))
	}
	var body strings.Builder
	for _, ln := range strings.SplitAfter(clean[start:end], "\n") {
		if !strings.HasPrefix(ln, "- \"") {
			body.WriteString(ln)
		}
	}
	annex := inlineDefRe.ReplaceAllString(body.String(), "")
	var sb strings.Builder
	sb.Grow(ContractSize + 64<<10)
	sb.WriteString(clean[:memo])
	for k := 1; sb.Len()+len(clean)-memo < ContractSize; k++ {
		fmt.Fprintf(&sb, "# Annex %d – Regional Terms\n\nThis Annex %d applies the terms below to region %d of the Customer network.\n\n", k, k, k)
		sb.WriteString(annex)
	}
	sb.WriteString(clean[memo:])
	return sb.String(), nil
}

// ReportCPU reports the process CPU time spent since start (ProcessCPU)
// per operation, as cpu-ms/op and cpu-MB/s for an input of size bytes.
// Benchmarks report CPU time because a shared machine's wall clock measures
// the neighbours too.
func ReportCPU(b *testing.B, start time.Duration, size int) {
	cpu := ProcessCPU() - start
	if cpu <= 0 || b.N == 0 {
		return
	}
	perOp := cpu.Seconds() / float64(b.N)
	b.ReportMetric(perOp*1e3, "cpu-ms/op")
	b.ReportMetric(float64(size)/perOp/1e6, "cpu-MB/s")
}
