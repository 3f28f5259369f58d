package quotematch

import (
	"fmt"
	"strings"
	"testing"
)

// benchSource builds about 1 MB of numbered contract clauses, each slightly
// different so tokens have realistic frequencies.
func benchSource(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "%d.%d Payment. The Customer shall pay invoice number %d within thirty (30) days of receipt, "+
			"and any amount not paid when due bears interest at %d.5%% per month — calculated daily — until paid in full. "+
			"The Supplier’s liability under clause %d shall not exceed the fees paid in the twelve (12) months preceding the claim.\n",
			i/10+1, i%10, 1000+i, i%7, i)
	}
	return b.String()
}

var benchQuotes = []string{
	"The Customer shall pay invoice number 1500 within thirty (30) days of receipt",                 // exact
	"the supplier's liability under clause 2500 shall not exceed the fees paid",                     // normalized
	"The Customer shall pay invoice number 3500 within thirty days of receipt",                      // near-verbatim
	"any amount not paid when due bears interest … liability under clause 3200 shall not exceed",    // elided
	"The Supplier may terminate for convenience on ninety days notice without any liability at all", // fabricated
}

func BenchmarkNewIndex1MB(b *testing.B) {
	src := benchSource(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = NewIndex(src)
	}
}

// BenchmarkVerifyQuotes1MB verifies the five quotes against a prebuilt index.
func BenchmarkVerifyQuotes1MB(b *testing.B) {
	x := NewIndex(benchSource(1 << 20))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range benchQuotes {
			if _, err := x.Verify(q, Config{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkVerify1MB is the one-shot path: index the source, verify five quotes.
func BenchmarkVerify1MB(b *testing.B) {
	src := benchSource(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x := NewIndex(src)
		for _, q := range benchQuotes {
			if _, err := x.Verify(q, Config{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestBenchQuotesKinds(t *testing.T) {
	x := NewIndex(benchSource(1 << 20))
	want := []MatchKind{Exact, Normalized, NearVerbatim, Exact, Fabricated}
	for i, q := range benchQuotes {
		m, err := x.Verify(q, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != want[i] {
			t.Errorf("quote %d: kind %s (score %.3f), want %s", i, m.Kind, m.Score, want[i])
		}
	}
}

// BenchmarkVerifyLongQuote1MB verifies a 900-word fabricated quote made of
// the source's most common words: the worst case for candidate voting.
func BenchmarkVerifyLongQuote1MB(b *testing.B) {
	x := NewIndex(benchSource(1 << 20))
	q := strings.Repeat("the Customer shall pay invoice number within thirty days of receipt and any amount ", 60)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := x.Verify(q, Config{}); err != nil {
			b.Fatal(err)
		}
	}
}
