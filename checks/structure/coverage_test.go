package structure

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

const energySource = `NORTHSHORE ENERGY PTY LTD (ABN 51 824 753 556) - DISCONNECTION WARNING

1. Your account shows an overdue balance of $1,184.55 for the quarter ending 30 June.

2. If the balance is not paid within 14 days, supply may be disconnected and a reconnection fee of $87.40 will apply.

3. Customers in hardship may call the Energy Assist line on 1300 662 190 to arrange a payment plan.

4. Complaints may be referred to the Energy Ombudsman on 1800 246 545.
`

func TestSourcePartFindings(t *testing.T) {
	full := "# Your power may be cut off\n\nYou owe **$1,184.55** for April to June.\n\nPay within two weeks. If you don't, we may cut off your power. Turning it back on costs $87.40.\n\nCan't pay? Call Energy Assist on 1300 662 190.\n\nNot happy with us? Call the Energy Ombudsman on 1800 246 545.\n"
	tests := []struct {
		name   string
		kind   evaluator.Kind
		source string
		text   string
		want   int
	}{
		{"every part carried, small numbers reworded", evaluator.KindPlainLanguage, energySource, full, 0},
		{"hardship part dropped", evaluator.KindPlainLanguage, energySource,
			"# Your power may be cut off\n\nYou owe $1,184.55.\n\nPay within two weeks or we may cut off your power; turning it back on costs $87.40.\n\nNot happy? Call the Energy Ombudsman on 1800 246 545.\n", 1},
		{"other number formats are the same figures", evaluator.KindPlainLanguage, energySource,
			"Sie schulden 1.184,55 $. Wiederanschluss: 87,40 $. Härtefälle: 1300 662 190. Ombudsmann: 1800 246 545.\n", 0},
		{"an extract of the source is not a rewrite of it", evaluator.KindPlainLanguage, energySource,
			"Can't pay? Call Energy Assist on 1300 662 190.\n", 0},
		{"the registration number is not content", evaluator.KindPlainLanguage,
			"1. Controller. Harbour Books Ltd (company number 08812345) decides how your data is used.\n\n2. Contact our privacy team on 020 7946 0321.\n\n3. You may complain to the regulator on 0303 123 1113.\n",
			"Harbour Books decides how your data is used. Call our privacy team on 020 7946 0321, or the regulator on 0303 123 1113.\n", 0},
		{"a contract carrying one term of many is not compared", evaluator.KindContract, energySource, "Clause 1. The Customer owes $1,184.55.\n", 0},
		{"no source, no check", evaluator.KindPlainLanguage, "", full, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := sourcePartFindings(check.Document{Text: tt.text, SourceText: tt.source, Kind: tt.kind})
			assert.Len(t, fs, tt.want)
			for _, f := range fs {
				assert.Equal(t, RuleMissingSourcePart, f.Rule)
				assert.Contains(t, f.Message, "Energy Assist")
			}
		})
	}
}

func TestSourcePartFindingsByName(t *testing.T) {
	terms := "Agreed at the meeting of 2 March:\n\n- Fees: CAD 68,000 for discovery, CAD 214,000 for configuration.\n- Holdback: 10% of each fee, paid 60 days after go-live.\n- Key personnel: Project Manager Priya Raghunathan; Data Migration Lead Étienne Laroche. No replacement without consent.\n- Data stays in Canada (Toronto and Montréal regions).\n"
	full := "# Statement of Work\n\n## 1. Fees\n\nThe fees are CAD 68,000 (discovery) and CAD 214,000 (configuration).\n\n## 2. Holdback\n\n10% of each fee is held back until 60 days after go-live.\n\n## 3. Data\n\nStudent data is stored only in the Toronto and Montréal regions.\n\n## 4. Key personnel\n\nThe Vendor's key personnel are Priya Raghunathan (Project Manager) and Étienne Laroche (Data Migration Lead).\n"
	dropped := full[:strings.Index(full, "## 4.")]
	find := func(kind evaluator.Kind, text string) []check.Finding {
		return sourcePartFindings(check.Document{Text: text, SourceText: terms, Kind: kind})
	}
	assert.Empty(t, find(evaluator.KindContract, full), "every agreed term carried")
	fs := find(evaluator.KindContract, dropped)
	if assert.Len(t, fs, 1, "the key-personnel term dropped") {
		assert.Contains(t, fs[0].Message, "Key personnel")
	}
	assert.Empty(t, find(evaluator.KindPlainLanguage, dropped), "a plain-language rewrite may rename people and roles")
	assert.Equal(t, []string{"raghunathan", "laroche"}, properNames("Key personnel: Project Manager Priya Raghunathan; Data Lead Étienne Laroche. HST applies.", map[string]bool{"project": true, "manager": true, "data": true, "lead": true, "priya": true, "étienne": true}),
		"capitalised words the source also writes in lower case, acronyms and sentence starts are not names")
}

func FuzzSourceParts(f *testing.F) {
	f.Add(energySource, "You owe $1,184.55.")
	f.Add("Part 4 - Fares\n\n4.1 $3.20\n\n§ 2 1.184,55 EUR\n(3) Act 2006\n- item 1300 555 731\n", "3.20 and 02:00")
	f.Fuzz(func(t *testing.T, source, text string) {
		for _, p := range sourceParts(source) {
			if p.start < 0 || p.start > p.end || p.end > len(source) || len(p.figures) != len(p.strong) {
				t.Fatalf("part [%d,%d) of %d bytes, %d figures, %d strengths", p.start, p.end, len(source), len(p.figures), len(p.strong))
			}
		}
		for _, p := range droppedParts(source, text, false) {
			if len(p.figures) == 0 {
				t.Fatalf("dropped part %q with no figures", p.title)
			}
		}
		droppedParts(source, text, true)
		for _, kind := range []evaluator.Kind{evaluator.KindPlainLanguage, evaluator.KindContract} {
			checktest.Valid(t, text, sourcePartFindings(check.Document{Text: text, SourceText: source, Kind: kind}))
		}
	})
}

func TestDroppedSections(t *testing.T) {
	source := "# Contrat de service\n\n## Article 1 Objet\n\nTexte.\n\n## Article 2 Prix\n\nTexte.\n\n## Article 3 Durée\n\nTexte.\n\n## Article 4 Résiliation\n\nTexte.\n\n## Article 5 Droit applicable\n\nLe droit français s'applique.\n"
	tests := []struct {
		name, text string
		want       []string
	}{
		{"a translation that drops its last article", "# Service contract\n\n## Article 1 Subject\n\n## Article 2 Price\n\n## Article 3 Term\n\n## Article 4 Termination\n", []string{"## Article 5 Droit applicable"}},
		{"a full translation", "## Article 1 Subject\n\n## Article 2 Price\n\n## Article 3 Term\n\n## Article 4 Termination\n\n## Article 5 Governing law\n", nil},
		{"an amendment numbers its own sections", "# Amendment No. 1\n\n## 1. Amendment of Article 2\n\n## 2. Entry into force\n", nil},
		{"a restructured text with new numbers", "## 1. Subject\n\n## 2. Price\n\n## 3. Term\n\n## 6. Termination\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range droppedSections(source, tt.text) {
				got = append(got, p.title)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDroppedSectionsRunInSource(t *testing.T) {
	source := "SERVICES AGREEMENT\n\n1. Services. The Provider shall clean the premises weekly.\n\n2. Fees. The Client shall pay EUR 400 a month.\n\n**3. Term.** This Agreement runs for 12 months.\n\n4. Notices. Notices go to the addresses above.\n\n5. Governing Law. Irish law governs this Agreement.\n"
	tests := []struct {
		name, text string
		want       []string
	}{
		{"plain version drops the law paragraph", "# Cleaning deal\n\n## 1. What we do\n\n## 2. What you pay\n\n## 3. How long\n\n## 4. Notices\n", []string{"5. Governing Law"}},
		{"plain version keeps every paragraph", "## 1. What we do\n\n## 2. What you pay\n\n## 3. How long\n\n## 4. Notices\n\n## 5. Which law\n", nil},
		{"restructured with new numbers", "## 1. What we do\n\n## 2. Money\n\n## 7. Ending it\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range droppedSections(source, tt.text) {
				got = append(got, p.title)
			}
			assert.Equal(t, tt.want, got)
		})
	}
	// A list of numbered sentences is no run-in title: "1. We will call you." has no title.
	assert.Empty(t, runInSections("1. We will call you on Monday and then we will send the forms.\n2. You sign them.\n"))
}

// A dropped part whose title the deliverable still names may be carried in
// other words: the finding informs; a part whose title is gone too warns.
func TestSourcePartTitleStillNamed(t *testing.T) {
	source := "Part 1 - Fees\n\nThe fee is $40 a month.\n\nPart 2 - Registration, Loss and Theft\n\nRegister your card at 1300 555 010 to protect its balance.\n\nPart 3 - Refunds\n\nRefunds take 10 days.\n"
	sev := func(text string) []check.Severity {
		var out []check.Severity
		for _, f := range sourcePartFindings(check.Document{Text: text, SourceText: source, Kind: evaluator.KindPlainLanguage}) {
			out = append(out, f.Severity)
		}
		return out
	}
	named := "# Your card\n\nIt costs $40 a month.\n\nRegistration, loss and theft: register your card online so a lost card keeps its money.\n\nRefunds take 10 days.\n"
	assert.Equal(t, []check.Severity{check.SeverityInfo}, sev(named), "title still named")
	gone := "# Your card\n\nIt costs $40 a month.\n\nRefunds take 10 days.\n"
	assert.Equal(t, []check.Severity{check.SeverityWarn}, sev(gone), "title and figures gone")
	assert.Equal(t, []string{"registration", "loss", "theft"}, titleTopic("Part 2 - Registration, Loss and Theft"))
	assert.Equal(t, []string{"demurrage"}, titleTopic("- Demurrage USD 15,000 pdpr"))
	assert.Nil(t, titleTopic("5. Customers experiencing financial difficulty may apply for a payment plan."), "a sentence is no title")
}
