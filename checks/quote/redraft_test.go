package quote

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const redraftSource = `4.1 The Supplier shall deliver the Goods within thirty (30) days of each order.
4.2 The Customer shall inspect the Goods within two (2) days of delivery and notify any defect in writing.
4.3 The Supplier's liability for late delivery is limited to five per cent (5%) of the price of the late Goods.
4.4 Either party may terminate this Agreement on ninety (90) days' written notice.`

// TestQuoteRedraftsInform: three quotations that each keep close to a
// clause yet differ from it are the text's own wording set out in
// quotation marks (a redline's proposals); they inform, while a text that
// departs so from one clause only is still blocked, and so is one that
// invents its quotations outright, however many.
func TestQuoteRedraftsInform(t *testing.T) {
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	redline := `Point 1 (4.1): "The Supplier shall deliver the Goods within fourteen (14) days of each order, and shall tell the Customer at once of any delay."
Point 2 (4.2): "The Customer shall inspect the Goods within ten (10) working days of delivery and may notify any defect by email."
Point 3 (4.3): "The Supplier's liability for late delivery is limited to fifteen per cent (15%) of the price of the whole order."`
	fs := c.Check(check.Document{Text: redline, SourceText: redraftSource})
	require.Len(t, fs, 3, "%+v", fs)
	for _, f := range fs {
		assert.Equal(t, RuleQuoteFabricated, f.Rule)
		assert.Equal(t, check.SeverityInfo, f.Severity, f.Message)
		assert.Contains(t, f.Message, "like 2 others in this text")
	}

	one := `Clause 4.1 says "The Supplier shall deliver the Goods within fourteen (14) days of each order, and shall tell the Customer at once of any delay."`
	fs = c.Check(check.Document{Text: one, SourceText: redraftSource})
	require.Len(t, fs, 1, "%+v", fs)
	assert.Equal(t, check.SeverityBlock, fs[0].Severity, "one departure is verified as a misquotation")

	invented := `The contract says "all disputes go to arbitration in Zurich under Swiss law", that "the Customer owns every improvement the Supplier makes to its software", and that "prices rise with inflation every January without notice".`
	fs = c.Check(check.Document{Text: invented, SourceText: redraftSource})
	require.Len(t, fs, 3, "%+v", fs)
	for _, f := range fs {
		assert.Equal(t, check.SeverityBlock, f.Severity, "quotations far from every clause are invented: %s", f.Message)
	}
}
