package readscore

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/require"
)

func TestPassive(t *testing.T) {
	tests := []struct {
		sentence string
		passive  bool
	}{
		{"The invoice was paid on time.", true},
		{"The fee shall be promptly paid by the Buyer.", true},
		{"The report has been written by counsel.", true},
		{"The seeds were planted in spring.", true},
		{"The notice is not automatically renewed each year.", true},
		{"The Buyer pays the fee on time.", false},
		{"He is going home after work.", false},
		{"The Buyer is in need of help.", false},
		{"The goods are red and green.", false},
	}
	for _, tc := range tests {
		st := Analyze(tc.sentence)
		require.Equal(t, 1, st.Sentences, tc.sentence)
		require.Equal(t, tc.passive, st.PassiveSentences == 1, "passive(%q)", tc.sentence)
	}
	text := "The invoice was paid on time. The Buyer pays the fee on time. He is going home now. The goods were shipped today."
	st := Analyze(text)
	require.Equal(t, 4, st.Sentences)
	require.Equal(t, 2, st.PassiveSentences)
	require.InDelta(t, 50.0, st.PassivePercent, 1e-9)
	require.Equal(t, "The invoice was paid on time.", text[st.FirstPassive.Start:st.FirstPassive.End])
}

func TestJargon(t *testing.T) {
	tests := []struct {
		text   string
		tokens int
	}{
		{"The Supplier shall indemnify the Buyer pursuant to Section 5 hereof.", 4}, // indemnify, pursuant to, hereof
		{"The notice shall be deemed received on delivery.", 0},                     // drafting form
		{"The deemed date applies to all orders.", 1},
		{"The Buyer is entitled to a refund.", 0},
		{"Read the document entitled Terms of Sale.", 1},
		{"Payment is due in lieu of notice.", 3},
		{"Payment is due in full today.", 0},
		{"PURSUANT TO the plan, it ends.", 2},
	}
	for _, tc := range tests {
		st := Analyze(tc.text)
		require.Equal(t, tc.tokens, st.JargonTokens, "jargon in %q", tc.text)
		require.InDelta(t, float64(tc.tokens)/float64(st.Words), st.JargonDensity, 1e-9)
	}
}

func TestJargonSpans(t *testing.T) {
	text := "The Supplier shall indemnify the Buyer pursuant to Section 5 hereof. It shall be deemed paid."
	var got []string
	for _, s := range Jargon(text) {
		got = append(got, text[s.Start:s.End])
	}
	require.Equal(t, []string{"indemnify", "pursuant to", "hereof"}, got)
}

func TestStatsFormulas(t *testing.T) {
	st := Analyze("The cat sat on the mat. The dog ran to the park.")
	require.Equal(t, 12, st.Words)
	require.Equal(t, 2, st.Sentences)
	require.Equal(t, 12, st.Syllables)
	require.InDelta(t, 0.39*6+11.8*1-15.59, st.FleschKincaidGrade, 1e-9)
	require.InDelta(t, 206.835-1.015*6-84.6*1, st.FleschReadingEase, 1e-9)
	require.Equal(t, "The cat sat on the mat.", "The cat sat on the mat. The dog ran to the park."[st.LongestSentence.Start:st.LongestSentence.End])

	// Fragments keep their words but count as sentences only when nothing else does.
	frag := Analyze("Section 3. The Buyer shall pay the fee.")
	require.Equal(t, 8, frag.Words)
	require.Equal(t, 1, frag.Sentences)
	only := Analyze("Yes. No way.")
	require.Equal(t, 3, only.Words)
	require.Equal(t, 1, only.Sentences)
	require.Equal(t, Span{5, 12}, only.LongestSentence, "the longest fragment")

	empty := Analyze("  \n ")
	require.Equal(t, Stats{}, empty)
}

func TestLimits(t *testing.T) {
	hard := Stats{Words: 10, Sentences: 1, FleschKincaidGrade: 14, PassivePercent: 30}
	easy := Stats{Words: 10, Sentences: 1, FleschKincaidGrade: 8, PassivePercent: 10}
	over, limit := Limits{}.GradeTooHigh(hard)
	require.True(t, over)
	require.Equal(t, 12.0, limit)
	over, limit = Limits{}.PassiveTooHigh(hard)
	require.True(t, over)
	require.Equal(t, 25.0, limit)
	over, _ = Limits{}.GradeTooHigh(easy)
	require.False(t, over)
	over, _ = Limits{}.PassiveTooHigh(easy)
	require.False(t, over)
	over, limit = Limits{MaxGrade: 16, MaxPassivePercent: 40}.GradeTooHigh(hard)
	require.False(t, over)
	require.Equal(t, 16.0, limit)
	over, _ = Limits{MaxGrade: 16, MaxPassivePercent: 40}.PassiveTooHigh(hard)
	require.False(t, over)
	over, _ = Limits{}.GradeTooHigh(Stats{})
	require.False(t, over, "no words, no grade")
}

func TestNewConfig(t *testing.T) {
	_, err := New(Config{Jargon: []string{"ok", " "}})
	require.Error(t, err)
	require.Contains(t, err.Error(), "Config.Jargon[1]: empty")
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	var fe *evaluator.FieldError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, "Config.Jargon[1]", fe.Field)
	_, err = New(Config{Abbreviations: []string{strings.Repeat("x", 5000)}})
	require.ErrorContains(t, err, "Config.Abbreviations[0]")
	require.Less(t, len(err.Error()), 200, "the message quotes a bounded prefix")
	_, err = New(Config{DraftingForms: []string{"\xff"}})
	require.ErrorContains(t, err, "Config.DraftingForms[0]: invalid UTF-8")
	for _, cfg := range []Config{{NumberingAbbreviations: []string{""}}, {TerminalAbbreviations: []string{""}}} {
		_, err = New(cfg)
		require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	}
	require.False(t, errors.Is(err, nil))

	a, err := New(Config{Jargon: []string{"Widget", "blue box"}, DraftingForms: []string{}})
	require.NoError(t, err)
	st := a.Analyze("A widget in a blue box is not hereinafter jargon here.")
	require.Equal(t, 3, st.JargonTokens, "only the replaced lexicon counts")

	// Extending the abbreviations: "Para." before a letter no longer ends a sentence.
	a, err = New(Config{Abbreviations: append(DefaultAbbreviations(), "Amdt.")})
	require.NoError(t, err)
	require.Len(t, a.AppendSentences(nil, "See Amdt. Two of the plan. Then go."), 2)
	require.Len(t, Sentences("See Amdt. Two of the plan. Then go."), 3)
}

func TestDefaultListsValid(t *testing.T) {
	_, err := New(Config{})
	require.NoError(t, err)
	for name, l := range map[string][]string{
		"abbreviations": DefaultAbbreviations(), "numbering": DefaultNumberingAbbreviations(),
		"terminal": DefaultTerminalAbbreviations(), "jargon": DefaultJargon(), "drafting": DefaultDraftingForms(),
	} {
		require.NotEmpty(t, l, name)
	}
	l := DefaultJargon()
	l[0] = "changed"
	require.NotEqual(t, "changed", DefaultJargon()[0], "defaults are copies")
}

func TestAnalyzeConcurrent(t *testing.T) {
	text := corpus(20000)
	want := Analyze(text)
	done := make(chan Stats, 8)
	for i := 0; i < 8; i++ {
		go func() { done <- Analyze(text) }()
	}
	for i := 0; i < 8; i++ {
		require.Equal(t, want, <-done)
	}
}

// TestLowerKeyMatchesLowerInto holds the packed fast path to the plain
// lower-casing, with non-ASCII bytes at and around every 8-byte boundary.
func TestLowerKeyMatchesLowerInto(t *testing.T) {
	var words []string
	for n := 0; n <= maxKey+1; n++ {
		base := strings.Repeat("AbC", n)[:n]
		words = append(words, base)
		for at := 0; at <= n; at++ {
			words = append(words, base[:at]+"É"+base[at:], base[:at]+"’"+base[at:])
		}
	}
	for _, w := range words {
		var buf, plain [maxKey]byte
		n, w0, w1, w2, ok := lowerKey(&buf, w)
		key, fits := lowerInto(plain[:0], w)
		if ok != fits {
			t.Fatalf("lowerKey(%q) ok = %v, lowerInto fits = %v", w, ok, fits)
		}
		if !ok {
			continue
		}
		var pad [cacheKeyLen]byte
		copy(pad[:], key)
		want := [3]uint64{binary.LittleEndian.Uint64(pad[0:]), binary.LittleEndian.Uint64(pad[8:]), binary.LittleEndian.Uint64(pad[16:])}
		if string(buf[:n]) != string(key) || [3]uint64{w0, w1, w2} != want {
			t.Fatalf("lowerKey(%q) = %q %x, want %q %x", w, buf[:n], [3]uint64{w0, w1, w2}, key, want)
		}
	}
}

// TestNewZeroConfigIsDefault: Config{} gives the embedded lists, the same
// analysis as Default; an empty (non-nil) list turns its list off.
func TestNewZeroConfigIsDefault(t *testing.T) {
	const text = "The Licensee shall indemnify the Licensor notwithstanding clause 4. " +
		"It was signed by Mr. Smith et al. on 1 May. See Art. 5 hereinafter."
	a, err := New(Config{})
	require.NoError(t, err)
	want := Default().Analyze(text)
	require.Equal(t, want, a.Analyze(text))
	require.Positive(t, want.JargonTokens, "the text must hold default jargon")
	none, err := New(Config{Jargon: []string{}})
	require.NoError(t, err)
	require.Zero(t, none.Analyze(text).JargonTokens)
}
