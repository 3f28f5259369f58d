package textscan

import (
	"strings"
	"testing"
)

// benchText is a contract clause repeated to 1 MB, with some non-ASCII.
var benchText = func() string {
	const clause = "12.3 Payment Terms. The Customer shall pay each invoice within thirty (30) days of receipt, " +
		"as set out in Section 3.2(a) and/or Exhibit B; the supplier's fee of $1,000.50 per month is payable " +
		"in Zürich to Müller & Söhne GmbH — notwithstanding the foregoing.\n\n"
	return strings.Repeat(clause, (1<<20)/len(clause)+1)[:1<<20]
}()

func benchmarkNext(b *testing.B, sc *Scanner) {
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for pos := 0; ; n++ {
			_, e, ok := sc.Next(benchText, pos)
			if !ok {
				break
			}
			pos = e
		}
		if n == 0 {
			b.Fatal("no words")
		}
	}
}

func BenchmarkNextApostrophe1MB(b *testing.B) { benchmarkNext(b, apostrophe) }
func BenchmarkNextChunks1MB(b *testing.B)     { benchmarkNext(b, chunks) }
func BenchmarkNextMarks1MB(b *testing.B)      { benchmarkNext(b, marks) }

// BenchmarkWords1MB is BenchmarkNextChunks1MB through the iterator, for
// the cost of the callback.
func BenchmarkWords1MB(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for range chunks.Words(benchText) {
			n++
		}
		if n == 0 {
			b.Fatal("no words")
		}
	}
}

func BenchmarkAppendLower(b *testing.B) {
	words := strings.Fields(benchText[:4096])
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLower(buf[:0], words[i%len(words)])
		i++
	}
}
