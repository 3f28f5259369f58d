package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlaceholderCheck(t *testing.T) {
	c := NewPlaceholderCheck(PlaceholderConfig{})
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"date", "effective as of [DATE] between", []string{"[DATE]"}},
		{"name", "[NAME], a corporation", []string{"[NAME]"}},
		{"bullet", "a fee of $[●] per month", []string{"[●]"}},
		{"spaced bullet", "a fee of [ • ]", []string{"[ • ]"}},
		{"tbd tbc", "Price: TBD. Term: TBC.", []string{"TBD", "TBC"}},
		{"xxx", "account number XXX", []string{"XXX"}},
		{"money x", "a fee of $X,XXX.XX per year", []string{"$X,XXX.XX"}},
		{"roman", "as set out in Article XXX hereof", nil},
		{"underscores", "the sum of ________ dollars", []string{"________"}},
		{"signature line", "By: ____________\nName: __________", nil},
		{"bold signature", "**By:** ____________", nil},
		{"template", "Dear {{customer_name}}, <<Address>> and «Field»", []string{"{{customer_name}}", "<<Address>>", "«Field»"}},
		{"insert", "at [insert notice address] or [Enter amount]", []string{"[insert notice address]", "[Enter amount]"}},
		{"title case field", "to [Notice Address] and [Party Name]", []string{"[Notice Address]", "[Party Name]"}},
		{"lorem", "Lorem  ipsum dolor sit amet", []string{"Lorem  ipsum"}},
		{"list markers", "(a) the Supplier; (b) the Customer; (iii) others", nil},
		{"optional wording", "the Customer [and its affiliates] shall", nil},
		{"link", "see [the guide](https://x.test) and [ref][1]", nil},
		{"citation", "as held in [1] and [2020]", nil},
		{"checkbox", "- [ ] item\n- [x] done", nil},
		{"escaped", `literal \[DATE] text`, nil},
		{"unclosed", "a [DATE without close\n]", nil},
		{"lowercase tbd prose", "the tbd items", []string{"tbd"}},
		{"two underscores", "snake__case", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(Document{Text: tt.text}) {
				assert.Equal(t, RulePlaceholder, f.Rule)
				assert.Equal(t, SeverityBlock, f.Severity)
				assert.Equal(t, tt.text[f.Location.Start:f.Location.End], f.Location.Text)
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
