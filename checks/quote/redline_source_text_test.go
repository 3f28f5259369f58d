package quote

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A redline's marked-up clauses, "−" lines and the other side's draft
// column set out the source's words; an amendment's replaced words are the
// amended instrument's.
func TestQuoteCheckRedlineSourceText(t *testing.T) {
	source := "4.1 The Supplier shall deliver the Goods within 10 days of each order to the delivery address.\n\n" +
		"4.2 Risk in the Goods passes to the Customer on delivery, and title passes on payment in full.\n"
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"marked-up clause as the source reads", evaluator.KindRedline, "4.1 The Supplier shall deliver the Goods within ~~10 days~~ **5 working days** of each order to the delivery address.", nil},
		{"struck words the source lacks", evaluator.KindRedline, "4.1 The Supplier shall deliver the Goods within ~~14 days~~ **5 working days** of each order to the delivery address.", []string{"The Supplier shall deliver the Goods within ~~14 days~~ **5 working days** of each order to the delivery address."}},
		{"unmarked words added", evaluator.KindRedline, "4.2 Risk in the Goods passes to the Customer on unloading and delivery, and title passes on payment in full **of the price**.", []string{"Risk in the Goods passes to the Customer on unloading and delivery, and title passes on payment in full **of the price**."}},
		{"word dropped next to an insertion", evaluator.KindRedline, "4.2 Risk in the Goods passes to the Customer on **acceptance after** delivery, and title passes on payment.", nil},
		{"wholly new clause", evaluator.KindRedline, "**4.3 The Customer may reject Goods that are damaged on arrival, by notice within 2 days.**", nil},
		{"minus line misquoted", evaluator.KindRedline, "− 4.1 The Supplier shall deliver the Goods within 7 days of each order to the delivery address.\n+ 4.1 The Supplier shall deliver the Goods within 5 days.", []string{"4.1 The Supplier shall deliver the Goods within 7 days of each order to the delivery address."}},
		{"draft column verbatim", evaluator.KindRedline, "| Supplier's draft | Our text |\n|---|---|\n| 4.2 Risk in the Goods passes to the Customer on delivery, and title passes on payment in full. | 4.2 Risk passes on acceptance. |", nil},
		{"draft column misquoted", evaluator.KindRedline, "| Supplier's draft | Our text |\n|---|---|\n| 4.2 Risk in the Goods passes to the Customer on dispatch, and title passes on invoice. | 4.2 Risk passes on acceptance. |", []string{"4.2 Risk in the Goods passes to the Customer on dispatch, and title passes on invoice."}},
		{"legend line is no clause", evaluator.KindRedline, "Deleted words are shown ~~struck through~~ and our new words in **bold** throughout this mark-up of clause 4.", nil},
		{"amendment quotes the replaced words", evaluator.KindContract, `In clause 4.1 the words "within 12 days of each order" are replaced by "within 5 working days of each order".`, []string{"within 12 days of each order"}},
	}
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Kind: tt.kind}) {
				if f.Severity != check.SeverityInfo {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestElideInsertions(t *testing.T) {
	assert.Equal(t, "for … claims, including all", text.ElideInsertions("for **undisputed** claims ~~, including all~~"))
	assert.Equal(t, "within 5 days … of a request", text.ElideInsertions("within ~~5 days~~ **15 working days** of a request"))
	assert.Equal(t, "plain text", text.ElideInsertions("plain text"))
}
