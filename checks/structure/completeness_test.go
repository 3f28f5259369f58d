package structure

import (
	"errors"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const smallContract = `# Services Agreement

This Agreement is made by and between ACME, INC., a Delaware corporation ("Supplier"), and BETA LLC, a New York limited liability company ("Customer").

## 1. Terms

1.1 Notices. Notices shall be in writing.

1.2 Governing Law. This Agreement is governed by the laws of New York.

1.3 Severability. An unenforceable term is severable.

IN WITNESS WHEREOF the parties sign.

ACME, INC.

By: ________

BETA LLC

By: ________
`

func TestCompletenessCheck(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"complete", smallContract, nil},
		{"not a contract", "# Memo\n\nNo parties here.\n", nil},
		{"no signature block", smallContract[:len(smallContract)-len("IN WITNESS WHEREOF the parties sign.\n\nACME, INC.\n\nBy: ________\n\nBETA LLC\n\nBy: ________\n")],
			[]string{RuleSignatureBlock + "="}},
		{"party missing", smallContract[:len(smallContract)-len("BETA LLC\n\nBy: ________\n")],
			[]string{RuleSignatureParty + `="Customer"`}},
		{"by lines without witness clause", replaceOnce(smallContract, "IN WITNESS WHEREOF the parties sign.\n\n", ""), nil},
		{"governing law by its grammar", replaceOnce(smallContract, "1.2 Governing Law. This Agreement is governed by the laws of New York.", "1.2 Courts. This Agreement is governed by Thai law."), nil},
		{"governing law missing", replaceOnce(smallContract, "1.2 Governing Law. This Agreement is governed by the laws of New York.", "1.2 Courts. Disputes go to the courts."),
			[]string{RuleBoilerplate + "="}},
		{"severability missing", replaceOnce(smallContract, "1.3 Severability. An unenforceable term is severable.\n", ""),
			[]string{RuleBoilerplate + "="}},
		{"an amendment keeps the amended agreement's boilerplate", replaceOnce(replaceOnce(smallContract, "1.3 Severability. An unenforceable term is severable.\n", ""), "# Services Agreement", "# Amendment No. 2 to the Services Agreement"),
			nil},
	}
	c := checktest.Must(NewCompletenessCheck(CompletenessConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Check(check.Document{Text: tt.text})
			assert.Equal(t, tt.want, checktest.Rules(got))
			for _, f := range got {
				if f.Rule == RuleBoilerplate || f.Rule == RuleSignatureBlock {
					assert.Equal(t, len(tt.text), f.Location.Start, "reported at the end of the document")
				}
			}
		})
	}
}

func TestCompletenessCustomClauses(t *testing.T) {
	c := checktest.Must(NewCompletenessCheck(CompletenessConfig{Boilerplate: []Clause{{Name: "force majeure", Phrases: []string{"force majeure"}}}, Always: true}))
	got := c.Check(check.Document{Text: "ACME, INC., a Delaware corporation (\"Supplier\")\n\nBy: ___\nACME, INC.\n"})
	require.Len(t, got, 1)
	assert.Equal(t, RuleBoilerplate, got[0].Rule)
	assert.Contains(t, got[0].Message, "force majeure")
}

func TestParseClauses(t *testing.T) {
	cs, err := ParseClauses("# comment\nnotices: notices; notice shall\n\ngoverning law: governed by\n")
	require.NoError(t, err)
	assert.Equal(t, []Clause{{"notices", []string{"notices", "notice shall"}}, {"governing law", []string{"governed by"}}}, cs)

	_, err = ParseClauses("notices\n: x\nempty: ; ;\n")
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrClauseList))
	assert.Contains(t, err.Error(), "line 1")
	assert.Contains(t, err.Error(), "line 2")
	assert.Contains(t, err.Error(), `line 3: clause "empty" has no phrases`)
	assert.Len(t, DefaultBoilerplate(), 2, "governing law and severability")
}

func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	panic("replaceOnce: not found: " + old)
}

func TestCompletenessExecutionNeed(t *testing.T) {
	signed := "# Licence\n\nThis licence is granted by A to B.\n\nSigned: ______________ (A)  Date: ______\n"
	tests := []struct {
		name     string
		doc      check.Document
		wantSev  check.Severity // "" means no signature-block finding
		wantNone bool
	}{
		{"operative instrument by its title", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1 to the Supply Agreement\n\n## 1. Price\n\nThe price is EUR 10.\n"}, check.SeverityWarn, false},
		{"operative instrument by what it calls itself", check.Document{Kind: evaluator.KindContract, Text: "# Repayment plan\n\nThis arrangement sets out how you will pay.\n\n## 1. Amount\n\nYou owe $10.\n"}, check.SeverityWarn, false},
		{"says it is signed but has no place to sign", check.Document{Kind: evaluator.KindContract, Text: "# Plan\n\nYou pay $10 a week.\n\nBy signing below, you agree to this plan.\n"}, check.SeverityBlock, false},
		{"signing lines are a block", check.Document{Kind: evaluator.KindContract, Text: signed}, "", true},
		{"heading and blank lines are a block", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1\n\n## 1. Price\n\nEUR 10.\n\n## Signatures\n\nBerlin, ________ 2026\n\n______________________   ______________________\n"}, "", true},
		{"conformed copy needs none", check.Document{Kind: evaluator.KindContract, Text: "# MASTER SERVICES AGREEMENT\n\n**Conformed copy incorporating Amendment No. 1.**\n\nThis Agreement is made between A and B.\n"}, check.SeverityInfo, false},
		{"plain-language version needs none", check.Document{Kind: evaluator.KindContract, Text: "# Your Tenancy Agreement (Plain Language Version)\n\nThis agreement explains your tenancy.\n"}, "", true},
		{"an amendment that forms part of what it amends", check.Document{Kind: evaluator.KindContract, Text: "# Amendment No. 2 to the Services Agreement\n\nThis Amendment forms part of the Agreement.\n\n## 1. Fees\n\nThe fee is $10.\n"}, check.SeverityWarn, false},
		{"a summary by its title", check.Document{Kind: evaluator.KindContract, Text: "# Summary of the Lease\n\nThis lease runs for two years.\n"}, "", true},
		{"schedule needs none", check.Document{Kind: evaluator.KindContract, Text: "# Schedule B — Statement of Work\n\nThis Statement of Work forms part of the Master Services Agreement.\n"}, "", true},
		{"terms of sale need none", check.Document{Kind: evaluator.KindContract, Text: "# Terms of Sale\n\n## 1. Orders\n\nWe accept orders online.\n"}, "", true},
		{"drafted from signed evidence", check.Document{Kind: evaluator.KindContract, Text: "# Payment plan\n\nThe price is $10.\n", Evidence: []evaluator.Evidence{{ID: "source", Content: signed}}}, check.SeverityWarn, false},
		{"a signed copy: one 'Signed for' line per party", check.Document{Kind: evaluator.KindContract, Text: "# Supply Agreement\n\nThis Agreement is made between A and B.\n\n## 1. Price\n\nEUR 10.\n\nSigned for A Limited: Jane Roe, Director\n\nSigned for B DAC: John Doe, Pharmacist\n"}, "", true},
		{"a signatures heading over party lines", check.Document{Kind: evaluator.KindContract, Text: "# Grant Variation\n\nThis Variation changes the Agreement.\n\n## 1. Term\n\nTo 31 October.\n\n## Signatures\n\nFor Wellspring Trust: Helen Marsh, Grants Director — 14 April 2025\nFor Hope Kitchen CIC: Yusuf Adeyemi, Director — 14 April 2025\n"}, "", true},
		{"a signed heading over dated party lines", check.Document{Kind: evaluator.KindContract, Text: "# Development Agreement\n\nThis Agreement is made between A and B.\n\n## 1. Fee\n\nUSD 10.\n\n**Signed**\n\nA Games, Inc. — Linh Tran, COO — 19 May 2025\nB Studio Ltd — Callum Reid, Director — 19 May 2025\n"}, "", true},
		{"signed at a place and date over blanks", check.Document{Kind: evaluator.KindContract, Text: "# Addendum\n\nThis Addendum changes the Agreement.\n\n1. Margin\nThe margin is 18%.\n\nSIGNED at Bloemfontein on 24 June 2025\n\nFor the TES: ______________ (N. Dlamini)\n\nFor the Client: ______________ (P. Botha)\n"}, "", true},
		{"two parties' labelled blanks end the text", check.Document{Kind: evaluator.KindContract, Text: "# Termination Agreement\n\nThis Agreement ends the employment.\n\n§ 1. End\n\nOn 31 January.\n\nEmployer: ______________        Employee: ______________\n          Anna Kowalczyk                   Marek Nowak\n"}, "", true},
		{"named parties over dotted blanks", check.Document{Kind: evaluator.KindContract, Text: "# Charter Agreement\n\nThis Agreement is made between A and B.\n\n**Art. 1 - Fee**\n1.1 EUR 5,400.\n\nFor the Company: Ivana Petric, charter manager ............\nFor the Charterer: Daniel Hoffmann ............\n"}, "", true},
		{"signed in two copies, parties side by side", check.Document{Kind: evaluator.KindContract, Text: "# Amendment No. 1\n\nThis Amendment changes the Agreement.\n\nArt. 1 Volume\n1.1 1,400 m3.\n\nSigned in two copies, one for each party.\n\nLillsjo, 12 October 2026\n\nSeller: Gunnar Eriksson                Buyer: for Ljusnan Tra AB, Per Nystrom, Timber Manager\n"}, "", true},
		{"done at a place, each party over its signatory", check.Document{Kind: evaluator.KindContract, Text: "# Framework Agreement\n\nThis Agreement is made between A and B.\n\n## 1. Services\n\nTranslation.\n\nDone at Brussels on 28 January 2026, in two originals.\n\nFor the Agency\nHelene Dubois, managing director\n\nFor the Firm\nPieter Van Damme, managing partner\n"}, "", true},
		{"done at a place with no party under it", check.Document{Kind: evaluator.KindContract, Text: "# Framework Agreement\n\nThis Agreement is made between A and B.\n\n## 1. Services\n\nTranslation.\n\nDone at Brussels on 28 January 2026, in two originals.\n"}, check.SeverityBlock, false},
		{"signed electronically, a line per party", check.Document{Kind: evaluator.KindContract, Text: "# Supply Agreement\n\nThis Agreement is made between A and B.\n\n§ 1 Products\n1.1 Hearing aids.\n\nSigned electronically by both parties.\n\nFor Lydklinikken ApS: Mette Kjaergaard, clinical lead\nFor NordAudio A/S: Lars Holm, Sales Director\n"}, "", true},
		{"one labelled blank is no block, but its absence is not verified", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1 to the Supply Agreement\n\n## 1. Price\n\nThe price is EUR 10.\n\nEmployer: ______________\n"}, check.SeverityInfo, false},
		{"labelled blanks high up are a form's fields", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1 to the Supply Agreement\n\nStart: ______ End: ______\n\n## 1. Price\n\nThe price is EUR 10.\n\n## 2. Term\n\nOne year.\n\n## 3. Law\n\nEngland.\n\n## 4. Notices\n\nBy email.\n\n## 5. Costs\n\nEach its own.\n\n## 6. Assignment\n\nNeither party may assign this Supplement without the other's written consent.\n\n## 7. Counterparts\n\nThis Supplement may be executed in counterparts, each of which is an original.\n\n## 8. Entire agreement\n\nThe Agreement and this Supplement are the whole of what the parties agreed about the price.\n"}, check.SeverityWarn, false},
		{"one party line is no block, but its absence is not verified", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1 to the Supply Agreement\n\n## 1. Price\n\nThe price is EUR 10.\n\nSigned for A Limited: Jane Roe, Director\n"}, check.SeverityInfo, false},
		{"a clause about signing is no trace of a block", check.Document{Kind: evaluator.KindContract, Text: "# Supplement No. 1 to the Supply Agreement\n\n## 1. Price\n\nThe price is EUR 10.\n\n## 2. Changes\n\n2.1 Any amendment must be in writing and signed by both parties.\n"}, check.SeverityWarn, false},
		{"a testimonium alone is no place to sign", check.Document{Kind: evaluator.KindContract, Text: "# Supply Agreement\n\nThis Agreement is made between A and B.\n\n## 1. Price\n\nEUR 10.\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n\nSigned in two copies.\n"}, check.SeverityBlock, false},
		{"not a contract by kind or text", check.Document{Text: "# Supplement No. 1\n\nThe price is EUR 10.\n"}, "", true},
	}
	c := checktest.Must(NewCompletenessCheck(CompletenessConfig{Boilerplate: []Clause{}}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []check.Finding
			for _, f := range c.Check(tt.doc) {
				if f.Rule == RuleSignatureBlock {
					got = append(got, f)
				}
			}
			if tt.wantNone {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, tt.wantSev, got[0].Severity)
			assert.Equal(t, len(tt.doc.Text), got[0].Location.Start, "reported at the end of the document")
		})
	}
}
