package quotematch

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/require"
)

const source = `12.3 Payment Terms. The Customer shall pay each invoice within thirty (30) days of receipt.
Late payments bear interest at 1.5% per month — calculated daily — until paid in full.

13.1 Termination. Either party may terminate this Agreement upon “material breach” by the other party,
if such breach is not cured within sixty (60) days after written notice.
The Supplier’s liability shall not exceed the fees paid in the twelve (12) months preceding the claim.`

func TestVerifyKinds(t *testing.T) {
	tests := []struct {
		name  string
		quote string
		kind  MatchKind
		text  string // the source passage reported
	}{
		{"exact", "The Customer shall pay each invoice within thirty (30) days of receipt.", Exact,
			"The Customer shall pay each invoice within thirty (30) days of receipt."},
		{"curly quotes and case", `either party may terminate this agreement upon "material breach"`, Normalized,
			"Either party may terminate this Agreement upon “material breach”"},
		{"dashes and whitespace", "at 1.5% per month - calculated daily -   until paid", Normalized,
			"at 1.5% per month — calculated daily — until paid"},
		{"apostrophe", "The Supplier's liability shall not exceed", Normalized, "The Supplier’s liability shall not exceed"},
		{"line break in source", "by the other party, if such breach is not cured", Normalized,
			"by the other party,\nif such breach is not cured"},
		{"one word changed", "The Customer shall pay every invoice within thirty (30) days of receipt.", NearVerbatim,
			"The Customer shall pay each invoice within thirty (30) days of receipt"},
		{"one word dropped", "Either party may terminate this Agreement upon material breach by the party", NearVerbatim,
			"Either party may terminate this Agreement upon “material breach” by the other party"},
		{"fabricated", "The Supplier may assign this Agreement to any affiliate without consent.", Fabricated, ""},
		{"fabricated paraphrase", "Customers have a month to settle bills.", Fabricated, ""},
	}
	x := NewIndex(source)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := x.Verify(tc.quote, Config{})
			require.NoError(t, err)
			require.Equal(t, tc.kind, m.Kind, "score %.3f segments %+v", m.Score, m.Segments)
			if tc.kind == Fabricated {
				require.Equal(t, -1, m.Start)
				require.Less(t, m.Score, DefaultThreshold)
				return
			}
			require.Equal(t, tc.text, source[m.Start:m.End])
			if tc.kind == NearVerbatim {
				require.GreaterOrEqual(t, m.Score, DefaultThreshold)
				require.Less(t, m.Score, 1.0)
			} else {
				require.Equal(t, 1.0, m.Score)
			}
		})
	}
}

func TestVerifyElisions(t *testing.T) {
	x := NewIndex(source)
	m, err := x.Verify("Either party may terminate this Agreement … within sixty (60) days after written notice.", Config{})
	require.NoError(t, err)
	require.Equal(t, Exact, m.Kind)
	require.Len(t, m.Segments, 2)
	require.Equal(t, "Either party may terminate this Agreement", source[m.Segments[0].Start:m.Segments[0].End])
	require.Equal(t, "within sixty (60) days after written notice.", source[m.Segments[1].Start:m.Segments[1].End])
	require.Equal(t, m.Segments[0].Start, m.Start)
	require.Equal(t, m.Segments[1].End, m.End)

	// Three-dot and bracketed elisions, normalised segments.
	m, err = x.Verify("the customer shall pay [...] within THIRTY (30) days . . . until paid in full", Config{})
	require.NoError(t, err)
	require.Equal(t, Normalized, m.Kind)
	require.Len(t, m.Segments, 3)

	// Segments out of order are not a match of the quote.
	m, err = x.Verify("within sixty (60) days after written notice ... Either party may terminate this Agreement", Config{})
	require.NoError(t, err)
	require.Equal(t, Fabricated, m.Kind)
	require.Equal(t, Exact, m.Segments[0].Kind)
	require.Equal(t, Fabricated, m.Segments[1].Kind)

	// One fabricated segment makes the quote fabricated.
	m, err = x.Verify("The Customer shall pay each invoice ... and may withhold payment at its sole discretion", Config{})
	require.NoError(t, err)
	require.Equal(t, Fabricated, m.Kind)
	require.Equal(t, -1, m.Start)
	require.Equal(t, Exact, m.Segments[0].Kind)
}

func TestVerifyChangedNumberIsFabricated(t *testing.T) {
	x := NewIndex(source)
	m, err := x.Verify("Late payments bear interest at 2.5% per month calculated daily until paid in full.", Config{})
	require.NoError(t, err)
	require.Equal(t, Fabricated, m.Kind)
	require.GreaterOrEqual(t, m.Segments[0].Score, DefaultThreshold, "similar words, different figure")
	require.Equal(t, "Late payments bear interest at 1.5% per month — calculated daily — until paid in full",
		source[m.Segments[0].Start:m.Segments[0].End])
}

func TestVerifyElisionTightestPassage(t *testing.T) {
	src := "The Customer shall pay on time. The Customer shall keep records. " +
		"The Customer shall notify the Supplier of any defect within ten days."
	m, err := Verify(src, "The Customer shall ... within ten days", Config{})
	require.NoError(t, err)
	require.Equal(t, Exact, m.Kind)
	require.Equal(t, "The Customer shall notify the Supplier of any defect within ten days", src[m.Start:m.End])

	// Normalised segments move too, and keep their kind.
	m, err = Verify(src, "THE CUSTOMER SHALL … WITHIN TEN DAYS", Config{})
	require.NoError(t, err)
	require.Equal(t, Normalized, m.Kind)
	require.Equal(t, "The Customer shall notify the Supplier of any defect within ten days", src[m.Start:m.End])
}

func TestVerifyWordBoundaries(t *testing.T) {
	x := NewIndex("The payment is due. Repay promptly.")
	m, err := x.Verify("pay", Config{})
	require.NoError(t, err)
	require.Equal(t, Fabricated, m.Kind, "a word inside another word is not a quote of it")
	m, err = x.Verify("payment", Config{})
	require.NoError(t, err)
	require.Equal(t, Exact, m.Kind)
}

func TestVerifyThreshold(t *testing.T) {
	x := NewIndex(source)
	q := "The Customer shall pay each bill within thirty (30) days of its receipt."
	m, err := x.Verify(q, Config{})
	require.NoError(t, err)
	require.Equal(t, NearVerbatim, m.Kind)
	strict, err := x.Verify(q, Config{Threshold: 0.99})
	require.NoError(t, err)
	require.Equal(t, Fabricated, strict.Kind)
	require.InDelta(t, m.Score, strict.Score, 1e-12, "the score does not depend on the threshold")
	require.Equal(t, m.Segments[0].Start, strict.Segments[0].Start, "a fabricated segment still reports the closest passage")
}

func TestVerifyErrors(t *testing.T) {
	for _, q := range []string{"", "   ", "...", "… — …", "[...]"} {
		_, err := Verify(source, q, Config{})
		require.ErrorIs(t, err, ErrEmptyQuote, "quote %q", q)
	}
	for _, th := range []float64{-0.1, 1.5} {
		_, err := Verify(source, "payment", Config{Threshold: th})
		require.ErrorIs(t, err, evaluator.ErrInvalidOption)
		var fe *evaluator.FieldError
		require.ErrorAs(t, err, &fe)
		require.Equal(t, "Config.Threshold", fe.Field)
		require.Contains(t, err.Error(), "Config.Threshold: must be in (0,1]")
	}
	var target error = ErrEmptyQuote
	require.True(t, errors.Is(target, ErrEmptyQuote))
}

func TestNormalizeOffsets(t *testing.T) {
	src := "Ｆｕｌｌ　width “Quotes” ﬁne\tand   spaced"
	n := normalize(src)
	require.Equal(t, `full width "quotes" fine and spaced`, n.s)
	i := strings.Index(n.s, "fine")
	s, e := n.origRange(i, i+len("fine"))
	require.Equal(t, "ﬁne", src[s:e])
	i = strings.Index(n.s, "full width")
	s, e = n.origRange(i, i+len("full width"))
	require.Equal(t, "Ｆｕｌｌ　width", src[s:e])
}

// TestNormalizeMalformed: the NFKC iterator stops advancing on an invalid
// lead byte followed by a combining mark; normalize must still terminate and
// keep every byte mapped.
func TestNormalizeMalformed(t *testing.T) {
	for _, src := range []string{"1\x81\xf7\u0309", "\xf7\u0309x", "a\xff\u0301b"} {
		n := normalize(src)
		require.Equal(t, len(n.s), len(n.start))
		for i := range n.start {
			require.True(t, n.start[i] <= n.end[i] && int(n.end[i]) <= len(src), "%q byte %d", src, i)
		}
	}
}

func TestVerifyLongSourceFindsPassage(t *testing.T) {
	src := strings.Repeat("The parties agree to the terms of this clause and the schedule. ", 2000) +
		"The Licensee shall not reverse engineer, decompile or disassemble the Software. " +
		strings.Repeat("Each party bears its own costs and the terms of this clause apply. ", 2000)
	x := NewIndex(src)
	m, err := x.Verify("the licensee shall not reverse-engineer, decompile, or disassemble the software", Config{})
	require.NoError(t, err)
	require.Equal(t, NearVerbatim, m.Kind, "score %.3f", m.Score)
	require.Equal(t, "The Licensee shall not reverse engineer, decompile or disassemble the Software", src[m.Start:m.End])
}

// TestVerifyLongEditedQuote: a long quote with words changed, dropped and
// added is found near-verbatim at the right passage (the banded alignment
// must follow drifts across the whole quote).
func TestVerifyLongEditedQuote(t *testing.T) {
	src := benchSource(200 << 10)
	start := strings.Index(src, "1500 within thirty")
	start = strings.LastIndex(src[:start], "\n") + 1
	passage := src[start:]
	for i := 0; i < 6; i++ { // six clauses, about 300 words
		passage = passage[strings.Index(passage, "\n")+1:]
	}
	passage = src[start : len(src)-len(passage)-1]
	words := strings.Fields(passage)
	var edited []string
	for i, w := range words {
		switch {
		case i%40 == 7:
			edited = append(edited, "altered") // changed
		case i%50 == 11:
			// dropped
		case i%45 == 20:
			edited = append(edited, w, "inserted")
		default:
			edited = append(edited, w)
		}
	}
	q := strings.Join(edited, " ")
	m, err := Verify(src, q, Config{})
	require.NoError(t, err)
	require.Equal(t, NearVerbatim, m.Kind, "score %.3f", m.Score)
	require.Greater(t, m.Score, 0.9)
	require.Equal(t, start, m.Start)
	require.Equal(t, strings.TrimRight(passage, ".\n"), strings.TrimRight(src[m.Start:m.End], "."))
}

// TestConfigZeroIsDefault: the zero Config verifies exactly as one with
// DefaultThreshold spelled out, on quotes of every kind.
func TestConfigZeroIsDefault(t *testing.T) {
	x := NewIndex(source)
	for _, q := range []string{
		"The Customer shall pay each invoice within thirty (30) days",
		"the customer shall pay each invoice within 30 days of receipt",
		"Either party may terminate for convenience",
	} {
		zero, err := x.Verify(q, Config{})
		require.NoError(t, err)
		def, err := x.Verify(q, Config{Threshold: DefaultThreshold})
		require.NoError(t, err)
		require.Equal(t, def, zero, "quote %q", q)
	}
	// A threshold just above the default changes some verdict, so the test
	// above would notice a different default.
	q := "the customer shall pay each invoice within 30 days of receipt"
	m, err := x.Verify(q, Config{})
	require.NoError(t, err)
	strict, err := x.Verify(q, Config{Threshold: 1})
	require.NoError(t, err)
	require.NotEqual(t, m.Kind, strict.Kind, "pick a quote whose kind depends on the threshold: %+v", m)
}
