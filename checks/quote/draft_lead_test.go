package quote

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// New wording introduced by the verb that governs it, or standing in a
// proposal column, is drafted text; the old wording beside it is still a
// quotation of the source.
func TestQuoteCheckDraftedByLeadAndColumn(t *testing.T) {
	source := "4.2 The Tenant shall give not less than three months' written notice of termination to the Landlord.\n\n" +
		"6.1 The Landlord may enter the premises at any reasonable time on giving notice."
	tests := []struct {
		name string
		text string
		want []string // quotations reported as misquoted (fabricated or near-verbatim), by their text
	}{
		{"omit and substitute", `In clause 4.2 omit "three months' written notice of termination" and substitute "one month's written notice of termination, given by email".`, nil},
		{"passive replaced by", `In clause 4.2 the words "three months' written notice" are replaced by "six weeks' written notice or such shorter period as the Landlord accepts".`, nil},
		{"changed to read", `Clause 6.1 is changed so that it reads "The Landlord may enter the premises only on 48 hours' notice, except in an emergency."`, nil},
		{"insert after", `After "reasonable time" insert "between 9am and 5pm on a working day, and".`, nil},
		{"old words misquoted", `In clause 4.2 omit "six months' written notice of termination" and substitute "one month's notice".`, []string{"six months' written notice of termination"}},
		{"begin with", `Begin clause 6.1 with: "Subject to clause 6.3 and the Tenant's reasonable security requirements,".`, nil},
		{"proposal column", "| Clause | Landlord's draft | Tenant's proposed text |\n|---|---|---|\n| 6.1 | \"The Landlord may enter the premises at any reasonable time on giving notice.\" | \"The Landlord may enter the premises on 48 hours' written notice, accompanied by the Tenant.\" |", nil},
		{"proposal column after a long cell", "| Clause | Landlord's draft | Tenant's proposed text |\n|---|---|---|\n| 6.1 | \"The Landlord may enter the premises at any reasonable time on giving notice.\" (The Landlord has used this right twice this year, each time without any notice at all, and the Tenant's staff were not told.) | \"The Landlord may enter the premises on 48 hours' written notice, accompanied by the Tenant.\" |", nil},
		{"draft column misquoted", "| Clause | Landlord's draft | Tenant's proposed text |\n|---|---|---|\n| 6.1 | \"The Landlord may enter the premises at any time without giving notice.\" | \"The Landlord may enter on 48 hours' notice.\" |", []string{"The Landlord may enter the premises at any time without giving notice."}},
	}
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Kind: evaluator.KindRedline}) {
				if f.Severity != check.SeverityInfo {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDraftedByLead(t *testing.T) {
	tests := []struct {
		lead string
		want bool
	}{
		{`Strike out "x" and substitute `, true},
		{`the sum "x" shall be replaced with `, true},
		{`amend paragraph 3 to read `, true},
		{`"30 days" becomes `, true},
		{`Clause 8.1: add at the end `, true},
		{`insert at the beginning of the clause `, true},
		{`We added at the end of the meeting that the clause says `, false},
		{`The tenant's solicitor said `, false},
		{`Clause 4 currently provides `, false},
		{`which we replaced last year; the clause says `, false},
	}
	for _, tt := range tests {
		text := tt.lead + `"a b c d"`
		assert.Equal(t, tt.want, doctext.DraftedByLead(text, 0, strings.LastIndex(text, `"a`)), tt.lead)
	}
}

// A red-team report's quotation of what the system said or was fed is
// checked against a test record, not against a scope document.
func TestQuoteCheckRecordedOutput(t *testing.T) {
	record := "Session 4: tester asked for the refund policy. Bot output: Refunds are available within 30 days of purchase.\nSession 5: ticket body contained: please escalate to finance now."
	tests := []struct {
		name string
		kind string // the evidence kind
		text string
		want []string
	}{
		{"reply as recorded", "session_log", `In session 4 the bot replied: "Refunds are available within 30 days of purchase."`, nil},
		{"reply not recorded", "session_log", `In session 4 the bot replied: "Refunds are available within 90 days of any purchase."`, []string{"Refunds are available within 90 days of any purchase."}},
		{"payload in parentheses", "test notes", `A ticket message ("please escalate to the CFO immediately today") triggered it.`, []string{"please escalate to the CFO immediately today"}},
		{"scope only: the report is the record", "scope", `In session 4 the bot replied: "Refunds are available within 90 days of any purchase."`, nil},
		{"tester's own question is not recorded output", "session_log", `We asked "can I get my money back after a year?" five times.`, nil},
	}
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := []evaluator.Evidence{{ID: "source", Content: record, Metadata: map[string]string{evaluator.EvidenceKindKey: tt.kind}}}
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: record, Evidence: ev, Kind: evaluator.KindRedTeamReport}) {
				if f.Severity != check.SeverityInfo {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
