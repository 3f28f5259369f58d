package checks

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/values"
)

func TestSentenceLimit(t *testing.T) {
	long := strings.Repeat("word ", values.MaxValueSentence) // no sentence end at all
	noSpace := strings.Repeat("x", 2*values.MaxValueSentence)
	for _, tc := range []struct {
		name       string
		text       string
		from, end  int
		wantEnd    int  // -1: only the bounds are checked
		wantAtWord bool // the cut falls right after a space
	}{
		{"short line kept whole", "A fee of £5 is due.", 0, 19, 19, false},
		{"exactly the bound kept whole", noSpace[:values.MaxValueSentence], 0, values.MaxValueSentence, values.MaxValueSentence, false},
		{"long run cut after a space", long, 0, len(long), -1, true},
		{"long run from an offset", long, 7, len(long), -1, true},
		{"no space: hard cut at the bound", noSpace, 0, len(noSpace), values.MaxValueSentence, false},
	} {
		got := values.SentenceLimit(tc.text, tc.from, tc.end)
		if tc.wantEnd >= 0 && got != tc.wantEnd {
			t.Errorf("%s: sentenceLimit = %d, want %d", tc.name, got, tc.wantEnd)
		}
		if got <= tc.from || got > tc.end || got-tc.from > values.MaxValueSentence {
			t.Errorf("%s: sentenceLimit = %d, outside (%d, %d] or longer than %d", tc.name, got, tc.from, tc.end, values.MaxValueSentence)
		}
		if tc.wantAtWord && tc.text[got-1] != ' ' {
			t.Errorf("%s: cut at %d splits a word (%q)", tc.name, got, tc.text[got-5:got+1])
		}
	}
}
