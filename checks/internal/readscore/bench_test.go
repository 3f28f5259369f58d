package readscore

import (
	"strings"
	"testing"
)

// contractParagraph is a realistic clause with the constructs the splitter
// must survive; the benchmark repeats it to 1 MB.
const contractParagraph = `12.3 Payment Terms. The Customer shall pay each invoice within thirty (30) days of receipt, as set out in Section 3.2(a) and Sec. 4.1 of Exhibit B. All amounts, e.g. the fee of $1,000.50 per month, are payable in U.S. dollars to Acme Holdings Inc. at its office at No. 5 Main St. Notwithstanding the foregoing, any amount that is disputed in good faith shall be deemed payable only when the dispute has been resolved pursuant to Art. 3 hereof. The Supplier is entitled to suspend performance if payment is not received... The parties agree that time is of the essence.

`

func corpus(size int) string {
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(contractParagraph)
	}
	return b.String()
}

func BenchmarkAnalyze1MB(b *testing.B) {
	text := corpus(1 << 20)
	a := Default()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := a.Analyze(text)
		if st.Words == 0 {
			b.Fatal("no words")
		}
	}
}

func BenchmarkSentences1MB(b *testing.B) { benchmarkSpans(b, (*Analyzer).AppendSentences) }
func BenchmarkWords1MB(b *testing.B)     { benchmarkSpans(b, (*Analyzer).AppendWords) }

// benchmarkSpans measures an Append method of the default Analyzer on 1 MB
// of contract text, appending into a reused slice.
func benchmarkSpans(b *testing.B, appendSpans func(*Analyzer, []Span, string) []Span) {
	text := corpus(1 << 20)
	a := Default()
	dst := make([]Span, 0, 1<<18)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = appendSpans(a, dst[:0], text)
	}
}

func BenchmarkSyllables(b *testing.B) {
	words := []string{"the", "indemnification", "notwithstanding", "creative", "puzzles", "it'll", "Section", "3.2(a)"}
	a := Default()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = a.Syllables(words[i%len(words)])
	}
}
