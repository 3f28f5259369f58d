package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/stretchr/testify/assert"
)

// A sentence stacks hedging when it holds three kinds of device or more;
// one or two make advice polite, and a quotation's words are not the
// recommendation's.
func TestStackedDevices(t *testing.T) {
	for s, want := range map[string]bool{
		"It may be worth considering, at some point, whether the cap could be raised.": true,
		"Maybe it could be worth asking NordTurbine at some point to look again.":      true,
		"Unlimited liability might perhaps be something we could consider removing.":   true,
		"We propose a cap of EUR 2m; the supplier may accept it.":                      false,
		"Ask for a cap of EUR 2m. If they refuse, consider walking away.":              false,
		"Replace clause 7 with a cap of twelve months' fees, whether or not renewed.":  false,
	} {
		assert.Equal(t, want, stackedDevices(s), s)
	}
	quoted := `Clause 9 reads "the Tenant may perhaps, at some point, consider whether to repair"; delete it.`
	q := doctext.Span{Start: strings.Index(quoted, `"`), End: strings.LastIndex(quoted, `"`) + 1}
	assert.True(t, stackedDevices(quoted))
	assert.False(t, stackedDevices(blankSpans(quoted, 0, len(quoted), []doctext.Span{q})))
}

// One hedge phrase in a sentence that stacks three kinds of hedging warns
// as three hedge phrases do.
func TestHedgeCheckStackedDevices(t *testing.T) {
	c := checktest.Must(NewHedgeCheck(RecommendationConfig{}))
	doc := check.Document{Text: "## Recommendations\n\n- Proposed: we might perhaps suggest, if the lender is open to it, that the notice period could be longer.\n"}
	fs := c.Check(doc)
	if assert.NotEmpty(t, fs) {
		assert.Equal(t, check.SeverityWarn, fs[0].Severity, fs[0].Message)
		assert.Contains(t, fs[0].Message, "kinds of hedging in one sentence")
	}
}

// FuzzStackedDevices: whatever the text and spans, blankSpans keeps the
// length of what it is given and blanks only inside the spans, and
// stackedDevices never panics.
func FuzzStackedDevices(f *testing.F) {
	f.Add("It may be worth considering, at some point, whether to ask.", 3, 20, 0, 200)
	f.Add("\"quoted\" perhaps", -5, 3, 2, 1)
	f.Add("", 0, 0, 0, 0)
	f.Fuzz(func(t *testing.T, text string, qs, qe, start, end int) {
		_ = stackedDevices(text)
		if start < 0 || end > len(text) || start > end {
			return
		}
		got := blankSpans(text, start, end, []doctext.Span{{Start: qs, End: qe}})
		if len(got) != end-start {
			t.Fatalf("blankSpans changed the length: %d, want %d", len(got), end-start)
		}
		for i := range got {
			if got[i] != text[start+i] && (start+i < qs || start+i >= qe) {
				t.Fatalf("byte %d changed outside the span [%d,%d)", start+i, qs, qe)
			}
		}
		_ = stackedDevices(got)
	})
}
