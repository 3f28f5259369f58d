package placeholder

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/stretchr/testify/assert"
)

func TestPlaceholderCheck(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
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
		{"guillemet fields", "Dear «client_name», you owe «insert amount».", []string{"«client_name»", "«insert amount»"}},
		{"guillemet quotations", "\"legal aid\" will be rendered as «المساعدة القانونية»; the French text says «le Client».", nil},
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
		{"bracket x before unit", "notify within [X] days of the breach", []string{"[X]"}},
		{"ticked checkbox", "- [X] signed\n* [x] filed", nil},
		{"xx business days", "refund within XX business days", []string{"XX"}},
		{"single x months", "a term of X months", []string{"X"}},
		{"roman xx", "under Chapter XX days are counted", nil},
		{"three underscores", "pay within ___ days", []string{"___"}},
		{"horizontal rule", "above\n___\nbelow", nil},
		{"currency bracket", "a cap of $[amount] and €[ ] more", []string{"[amount]", "[ ]"}},
		{"lower field word", "sent on [date] to", []string{"[date]"}},
		{"tbd bracket", "the fee is [TBD] per seat", []string{"[TBD]"}},
		{"na days", "a cure period of N/A days", []string{"N/A"}},
		{"na percent", "uptime of N/A% per month", []string{"N/A"}},
		{"na cell", "| Risk | N/A |\nNot applicable: N/A.", nil},
		{"x axis", "the X axis and X-ray", nil},
		{"signature row", "Name: ______________ Position: ______________ Date: ________", nil},
		{"rating labels", "[RED] cap; [AMBER] notice; **Comment [JS2]:** agreed [DELETED]", nil},
		{"bracketed blank word", "pay [AMOUNT] by [DATE]", []string{"[AMOUNT]", "[DATE]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text}) {
				assert.Equal(t, RulePlaceholder, f.Rule)
				assert.Equal(t, check.SeverityBlock, f.Severity)
				assert.Equal(t, tt.text[f.Location.Start:f.Location.End], f.Location.Text)
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPlaceholderInSourceQuotation(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	source := "7.1 The Service Levels are TBD and will be agreed in writing.\n9.2 Fees: $[●] per seat."
	tests := []struct {
		name, text string
		want       []string
	}{
		{"quoted from source", `Clause 7.1 says "the Service Levels are TBD and will be agreed".`, nil},
		{"curly quote from source", "Clause 9.2 reads “Fees: $[●] per seat”.", nil},
		{"block quote from source", "Clause 7.1:\n> The Service Levels are TBD and will be\n", nil},
		{"drafted text in quotes", `Replace 7.1 with: "The Service Levels are set out in Schedule [X] and apply from TBD."`, []string{"[X]", "TBD"}},
		{"unquoted", "The Service Levels are TBD.", []string{"TBD"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPlaceholderShapes(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"jinja field", "Hello {{ client.first_name }}, welcome.", []string{"{{ client.first_name }}"}},
		{"spaced field", "Signed by {{Party Name}} today", []string{"{{Party Name}}"}},
		{"filtered field", "Total: {{ amount | currency }}", []string{"{{ amount | currency }}"}},
		{"arithmetic payload", `sent {"q": "{{9*9}}"} and got 81`, nil},
		{"call payload", "then {{ self.__init__.__globals__() }} leaked", nil},
		{"string literal", "rendered {{ 'a' ~ 'b' }} as ab", nil},
		{"digit first", "the probe {{1+1}} gave 2", nil},
		{"date mask slash", "Reply before DD/MM/YYYY to keep it.", []string{"DD/MM/YYYY"}},
		{"date mask iso", "The term ends on YYYY-MM-DD.", []string{"YYYY-MM-DD"}},
		{"date mask lower", "effective from dd.mm.yyyy onwards", []string{"dd.mm.yyyy"}},
		{"date mask spaced", "The offer ends on DD Month YYYY at noon.", []string{"DD Month YYYY"}},
		{"direct debit", "Pay by DD or by card, MM and YY on the card.", nil},
		{"format named before", "Enter your birth date in the format DD/MM/YYYY.", nil},
		{"format named after", "Dates use MM/DD/YYYY format throughout.", nil},
		{"format hint in parentheses", "Enter the expiry date (MM/YY) from the card.", nil},
		{"written as", "Write the date as dd/mm/yy on the form.", nil},
		{"field of", "Completion takes place on [date of completion] at noon.", []string{"[date of completion]"}},
		{"field per", "Music must stop by [time per licence].", []string{"[time per licence]"}},
		{"field under", "pay [amount under the order form] monthly", []string{"[amount under the order form]"}},
		{"field word as optional wording", "the Customer [name withheld] and [time permitting] others", nil},
		{"bracketed aside", "the fee [as agreed on 4 May] applies", nil},
		{"x range", "see lines XX-XX of the log", []string{"XX-XX"}},
		{"x range en dash", "on pages XX – XX of the bundle", []string{"XX – XX"}},
		{"roman range", "Articles X-XX apply to sellers", nil},
		{"x ray range", "X-ray and XX-large shirts", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// A template's bracketed headings ("[ OVERVIEW ]" over a paragraph) are
// headings; a field name alone on its line is still a field.
func TestPlaceholderBracketHeadings(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	heads := "report_id: RT-7\n\n[ OVERVIEW ]\n\nRelease 3.2 was tested in staging with synthetic accounts only.\n\n[ SCOPE AND METHOD ]\n\n- Target: staging. No real customer account was used.\n"
	checktest.Run(t, c, check.Document{Text: heads, Kind: "red_team_report"}, heads)
	field := "Dear client,\n\n⟦[CLIENT NAME]⟧{placeholder.unfilled}\n\nWe write about your account and the fee owed for this year.\n"
	checktest.Run(t, c, check.Document{Text: field, Kind: "customer_reply"}, field)
}

// Fields written in parentheses, braces and dates of X's are blanks; a
// parenthesis that annotates the noun before it is not.
func TestPlaceholderParenBraceAndXDates(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	for _, text := range []string{
		"Your charge rises by ⟦£(amount)⟧{placeholder.unfilled} each April.",
		"Call us on ⟦(phone number)⟧{placeholder.unfilled}, Monday to Friday.",
		"We reply within ⟦(number)⟧{placeholder.unfilled} days.",
		"The fee is SGD ⟦(amount)⟧{placeholder.unfilled} a month.",
		"Only our manager, ⟦{insert RM name}⟧{placeholder.unfilled}, can approve.",
		"Pay in full by ⟦{due_date}⟧{placeholder.unfilled} to save 5%.",
		"Author: Dr Haddad · ⟦XX/XX/20XX⟧{placeholder.unfilled}",
		"Ask us by ⟦XX/XX/2025⟧{placeholder.unfilled}.",
		"| Priority | Response time (hours) |\n|---|---|\n| P1 | 1 |",
		"The deposit (amount) is set out in clause 4 (the Schedule).",
		"Pass the value as (name) in the request (see the API reference).",
		"Units are given in brackets: weight (kg), length (m).",
		"Email us at ⟦{insert district privacy email}⟧{placeholder.unfilled}.",
		"Send it by ⟦{dispute_deadline}⟧{placeholder.unfilled}.",
		"Call 1-800-555-0199, extension ⟦{EXT}⟧{placeholder.unfilled}.",
		"Call the desk on 0470-⟦XX XX XX⟧{placeholder.unfilled}.",
		"We start at ⟦XX:XX⟧{placeholder.unfilled} on Friday.",
		"Quote reference ⟦GL-#####⟧{placeholder.unfilled} when you call.",
		"The endpoint /api/claims/{claimId} returned other users' claims.",
		"The set {A, B} and the Super Bowl XX result.",
		"### Heading\n\nThe XX chromosome.",
		"> [!WARNING]\n> The oven bot takes orders with no allergen check.",
		"Allergens: ⟦[!TBD]⟧{placeholder.unfilled}",
	} {
		checktest.Run(t, c, check.Document{Text: text, Kind: "plain_language"}, text)
	}
}
