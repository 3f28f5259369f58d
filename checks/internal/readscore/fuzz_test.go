package readscore

import "testing"

// checkSpans asserts the span invariants shared by sentences and words.
func checkSpans(t *testing.T, kind, text string, spans []Span) {
	t.Helper()
	// Rune starts as range sees them (an invalid byte is one unit), and
	// the end.
	boundary := make([]bool, len(text)+1)
	for i := range text {
		boundary[i] = true
	}
	boundary[len(text)] = true
	prev := 0
	for i, s := range spans {
		if s.Start < prev || s.End <= s.Start || s.End > len(text) {
			t.Fatalf("%s[%d] = %v: out of order, empty or outside [0,%d] (prev end %d)", kind, i, s, len(text), prev)
		}
		if !boundary[s.Start] || !boundary[s.End] {
			t.Fatalf("%s[%d] = %v: not on a UTF-8 boundary in %q", kind, i, s, text)
		}
		prev = s.End
	}
}

var fuzzSeeds = []string{
	"See Section 3.2(a). The Buyer shall pay $1,000.50 to Acme Inc. on Jan. 5.",
	"U.S. law applies, e.g. Sec. 4.1, i.e. No. 5 and Art. 3... Then “Stop.” he said!",
	"ARTICLE 1\n\n\n(a) Exhibit A. J. Smith… «quoted» — dash–dash",
	"\xff\xfe. \xe2\x80. \xe2\x80\xa6x",
	"",
}

// addSeeds adds fuzzSeeds to f's corpus.
func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
}

func FuzzSentences(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		spans := Sentences(text)
		checkSpans(t, "sentence", text, spans)
		st := Analyze(text)
		if st.Sentences > len(spans) && !(st.Sentences == 1 && st.Words > 0) {
			t.Fatalf("Analyze counted %d sentences, splitter found %d", st.Sentences, len(spans))
		}
		if st.JargonDensity < 0 || st.JargonDensity > 1 || st.PassivePercent < 0 || st.PassivePercent > 100 {
			t.Fatalf("ratio out of range: %+v", st)
		}
	})
}

func FuzzWords(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		spans := Words(text)
		checkSpans(t, "word", text, spans)
		if got := Analyze(text).Words; got != len(spans) {
			t.Fatalf("Analyze counted %d words, Words found %d in %q", got, len(spans), text)
		}
		total := 0
		for _, s := range spans {
			n := Syllables(text[s.Start:s.End])
			if n < 1 {
				t.Fatalf("Syllables(%q) = %d, want >= 1", text[s.Start:s.End], n)
			}
			total += n
		}
		// Analyze's fast path and word cache must agree with the plain
		// functions word by word.
		if got := Analyze(text).Syllables; got != total {
			t.Fatalf("Analyze counted %d syllables, Syllables over Words %d, in %q", got, total, text)
		}
	})
}
