package placeholder

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// Blanks to sign or date by hand are not placeholders; a value left blank
// is, wherever it stands.
func TestPlaceholderSignatureAndDateBlanks(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"signing line for a party", "Signed for NORTHWIND TRADING LLP ________________ Priya Shah, Partner", nil},
		{"executed by without colon", "Executed by Harbour Mills Ltd acting by a director ___________________", nil},
		{"dated on execution", "This lease is dated _______ September 2027", nil},
		{"date label with month", "Date of this variation: ___ October 2027", nil},
		{"blank-only signatory line", "Witnessed in the presence of:\n\n____________________        ____________________\nDirector                    Witness", nil},
		{"signature block region", "## Execution\n\nOslo, ______________ 2027\n\nBergen, ______________ 2027", nil},
		{"title line opens the block", "IN WITNESS WHEREOF the parties have signed.\n\nPlace and date ___________", nil},
		{"a party's line after the testimonium", "IN WITNESS WHEREOF the Parties have signed this Agreement.\n\nLicensor: Smt. Lakshmi Narayanaswamy ______________________", nil},
		{"witnesses after the parties sign", "The parties sign this Amendment in two counterparts.\n\nACME LTDA.\nWitnesses: 1. ____________________ 2. ____________________", nil},
		{"a blank in a clause before the testimonium", "The Licensee pays ______ a month.\n\nIN WITNESS WHEREOF the Parties have signed this Agreement.", []string{"______"}},
		{"block ends at next heading", "## Signatures\n\n________ ________\n\n## Schedule 1\n\nNotice period: ___ weeks", []string{"___"}},
		{"a row of parties to sign", "2. The Agreement was drawn up in two copies.\n\nEmployer: ______________________        Employee: ______________________\n          Anna Kowalczyk                        Marek Zielinski", nil},
		{"a blank in a labelled clause is still one", "Rent: ______ a month, payable in advance.", []string{"______"}},
		{"a signed-by title opens the block", "9.2 The Athlete is an independent contractor.\n\nSigned:\nStridewell Inc. — Dana Ruiz, CEO — date: ________\nMarcus Oyelaran — date: ________", nil},
		{"a numbered signatures title opens the block", "9) Signatures\n\nJurong ColdChain Pte. Ltd. ______________ Lim Wei Ling, Director", nil},
		{"a name line under a signed-for line", "5. Indian law applies.\n\n**SIGNED** for and on behalf of Sahyadri AquaTech Private Limited\n\nName: R. Deshpande, Chief Financial Officer ____________________", nil},
		{"severity tags in brackets", "[MED] Card data sent to the model. [HIGH] Refunds promised. [MODERATE] Tone.", nil},
		{"a JSON array of strings is a value", "payload {\"sub\":\"tenant-c\",\"doors\":[\"ALL\"]} and keep the allow-list at [\"RS256\", \"ES256\"]", nil},
		{"an acknowledgement line", "Acknowledged by the Principal Investigator: Dr. Meera Kulkarni ____________________", nil},
		{"a fee line after a signed-for line is still a blank", "**SIGNED** for and on behalf of Sahyadri AquaTech Private Limited\n\nName: R. Deshpande, CFO\n\nFee: ______ a month", []string{"______"}},
		{"blank before a unit in a signing line", "Signed copies must be returned within ____ days", []string{"____"}},
		{"whole date left blank in the body", "This Services Agreement is made on ______________, 2027 between Harbour Mills Ltd and Osprey Freight LLP", []string{"______________"}},
		{"for a period of blank", "For ____ months after closing the Seller shall not compete.", []string{"____"}},
		{"two underscores after currency", "a deposit of €__.__ per key", []string{"__", "__"}},
		{"two underscores as a word", "up to __ free returns a year", []string{"__"}},
		{"markdown emphasis", "this is __important__ and snake__case", nil},
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

func TestPlaceholderDateLinesAndReportFields(t *testing.T) {
	c := checktest.Must(NewPlaceholderCheck(PlaceholderConfig{}))
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"place and date of signing", evaluator.KindContract, "Lyon, ___________ 2027", nil},
		{"agreement date left blank in a short sentence", evaluator.KindContract, "This Lease is dated ________, 2027", []string{"________"}},
		{"request parameter in a report", evaluator.KindRedTeamReport, "GET /orders/<order id> returns any customer's order.", nil},
		{"template field in a report", evaluator.KindRedTeamReport, "The bot told users the limit is <<DAILY_LIMIT>> a day.", []string{"<<DAILY_LIMIT>>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, Kind: tt.kind}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
