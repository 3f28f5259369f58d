package text

import "testing"

func TestClauseSentenceEnds(t *testing.T) {
	tests := []struct {
		text string
		want int // SentenceEnd from 0
	}{
		{"Governed by U.S. law. Next", 20},
		{"See Cal. Civ. Code § 1542. Next", len("See Cal. Civ. Code § 1542")},
		{"The fee is 3.5 per cent. Next", 23},
		{"Keep it (no change).** Keep", len("Keep it (no change)")},
		{"first; second", 5},
		{"one line\nnext", 8},
		{"Stop! now", 4},
		{"Acme Inc. The Buyer", 8},
		{"no end at all", 13},
	}
	for _, tt := range tests {
		if got := SentenceEnd(tt.text, 0, len(tt.text)); got != tt.want {
			t.Errorf("SentenceEnd(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

func TestSentenceStart(t *testing.T) {
	r := ClauseSentenceRules()
	text := "First one (e.g. this). Second, per J. Smith, here"
	at := len(text) - 2
	if got, want := r.SentenceStart(text, 0, at), len("First one (e.g. this). "); got != want {
		t.Fatalf("SentenceStart = %d (%q), want %d", got, text[got:], want)
	}
	if got := r.SentenceStart(text, 30, 32); got != 30 {
		t.Fatalf("SentenceStart with no end after from = %d, want 30", got)
	}
}

func TestDefaultRulesLikeReadability(t *testing.T) {
	r := DefaultSentenceRules()
	text := "“Why?” she asked.\n2. second item. Third\n- bullet"
	want := []int{len("“Why?” she asked."), len("“Why?” she asked.\n2. second item.")}
	for i, start := range []int{0, len("“Why?” she asked.\n")} {
		if got := r.SentenceEndFrom(text, start); got != want[i] {
			t.Errorf("SentenceEndFrom(%d) = %d (%q), want %d", start, got, text[start:got], want[i])
		}
	}
}

var sentenceSeeds = []string{
	"See Section 3.2(a). The Buyer shall pay $1,000.50 to Acme Inc. on Jan. 5.",
	"U.S. law applies, e.g. Sec. 4.1; i.e. No. 5 and Art. 3... Then “Stop.” he said!",
	"ARTICLE 1\n\n\n(a) Exhibit A. J. Smith… «quoted» — dash–dash\n| a | b |",
	"**Fix.** Do it.** _x._ `y.`",
	"\xff\xfe. \xe2\x80. \xe2\x80\xa6x",
	"",
}

// FuzzSentenceRules checks the one sentence definition under the option
// sets its readers use: ends and starts stay in bounds and ordered, and a
// reported break is where SentenceEnd stops.
func FuzzSentenceRules(f *testing.F) {
	for _, s := range sentenceSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []*SentenceRules{DefaultSentenceRules(), ClauseSentenceRules()} {
			for pos := 0; pos < len(text); {
				e := r.SentenceEndFrom(text, pos)
				if e < pos || e > len(text) {
					t.Fatalf("SentenceEndFrom(%d) = %d outside [%d,%d]", pos, e, pos, len(text))
				}
				pos = max(e, pos+1)
			}
			for at := 0; at <= len(text); at += 1 + len(text)/16 {
				if s := r.SentenceStart(text, 0, at); s < 0 || s > at {
					t.Fatalf("SentenceStart(0,%d) = %d", at, s)
				}
			}
		}
		e := SentenceEnd(text, 0, len(text))
		if e < len(text) && !ClauseSentenceRules().BreakAt(text, e) {
			t.Fatalf("SentenceEnd = %d, where BreakAt is false", e)
		}
		_ = LastSentence(text)
	})
}
