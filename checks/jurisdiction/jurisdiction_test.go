package jurisdiction

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

const nySource = `12. Governing Law. This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws rules.
13. Jurisdiction. The state and federal courts located in New York County, New York have exclusive jurisdiction over any dispute.

Acme Inc., a company incorporated under the laws of Delaware, is the Supplier.`

func TestWrongLaw(t *testing.T) {
	c := checktest.Must(New(Config{}))
	tests := []struct {
		name, source, text string
		kind               evaluator.Kind
	}{
		{"english law stated", nySource, "The agreement is governed by ⟦English⟧{jurisdiction.wrong_law} law.", evaluator.KindReviewMemo},
		{"english courts stated", nySource, "Disputes go to the courts of ⟦England and Wales⟧{jurisdiction.wrong_law}.", evaluator.KindReviewMemo},
		{"sibling state", nySource, "The contract is governed by ⟦Delaware⟧{jurisdiction.wrong_law} law.", evaluator.KindReviewMemo},
		{"key-value line", nySource, "Governing law: ⟦England⟧{jurisdiction.wrong_law} (clause 12)", evaluator.KindReviewMemo},
		{"compound", nySource, "This is an ⟦English⟧{jurisdiction.wrong_law}-law contract.", evaluator.KindReviewMemo},
		{"correct law", nySource, "The agreement is governed by New York law and disputes go to the New York courts.", evaluator.KindReviewMemo},
		{"a state's courts by their city", nySource, "Disputes go to the courts in Manhattan.", evaluator.KindReviewMemo},
		{"federal law of the same country", nySource, "The agreement is governed by New York law; the Defend Trade Secrets Act also applies to the agreement.", evaluator.KindReviewMemo},
		{"quoted clause", nySource, `Clause 12 reads: "This Agreement is governed by the laws of England."`, evaluator.KindReviewMemo},
		{"proposal", nySource, "We recommend that the agreement should be governed by English law.", evaluator.KindReviewMemo},
		{"comparison", nySource, "Unlike English law, New York law enforces the cap as written.", evaluator.KindReviewMemo},
		{"negation", nySource, "The agreement is not governed by English law.", evaluator.KindReviewMemo},
		{"question", nySource, "Is the agreement governed by English law?", evaluator.KindReviewMemo},
		{"risk flagged", nySource, "New York law and a New York forum are unfamiliar to us, which is a cost point.", evaluator.KindReviewMemo},
		{"party's seat", nySource, "Acme, a company incorporated under the laws of England, is the supplier under the agreement.", evaluator.KindReviewMemo},
		{"place of people", nySource, "Because the shoppers are in the UK, the UK GDPR applies whatever law governs the contract.", evaluator.KindReviewMemo},
		{"redline clause text", nySource, "12. This Agreement is governed by the laws of England.", evaluator.KindRedline},
		{"proposed column", nySource, "| Clause | Current | Proposed |\n|---|---|---|\n| 12 | New York law | This Agreement is governed by English law. |", evaluator.KindRedline},
		{"no source clause", "The Supplier shall deliver the goods.", "The agreement is governed by English law.", evaluator.KindReviewMemo},
		{"stated as needing no change", nySource, "The agreement is governed by ⟦English⟧{jurisdiction.wrong_law} law (clause 12), which is good for us and needs no change.", evaluator.KindRedline},
		{"accepted without change", nySource, "The choice of ⟦English⟧{jurisdiction.wrong_law} law in clause 12 is accepted without change, as is usual.", evaluator.KindRedline},
		{"a consequence clause after it", nySource, "Governing law is ⟦English⟧{jurisdiction.wrong_law} law (clause 12), so the points below assume English-law construction.", evaluator.KindReviewMemo},
		{"a condition before it still qualifies", nySource, "If the agreement is governed by English law, the cap is void.", evaluator.KindReviewMemo},
		{"a change proposed", nySource, "The agreement is governed by English law, which we propose to change.", evaluator.KindRedline},
		{"a country beyond the big markets", "9. This Agreement is governed by the laws of the Republic of Ghana.", "The agreement is governed by the laws of ⟦England and Wales⟧{jurisdiction.wrong_law} (clause 9).", evaluator.KindReviewMemo},
		{"that country stated right", "9. This Agreement is governed by the laws of the Republic of Ghana.", "The agreement is governed by Ghanaian law and the courts of Accra hear disputes.", evaluator.KindReviewMemo},
		{"governed, whatever is governed", nySource, "The Rules of Engagement are governed by the law of ⟦England and Wales⟧{jurisdiction.wrong_law} (RoE 6.1).", evaluator.KindRedTeamReport},
		{"put under a law", nySource, "The agreement is under the law of ⟦Scotland⟧{jurisdiction.wrong_law} (clause 12).", evaluator.KindReviewMemo},
		{"a rule's effect under a law", nySource, "Under English law, a consumer may cancel within 14 days; the agreement is governed by New York law.", evaluator.KindReviewMemo},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checktest.Run(t, c, check.Document{SourceText: tt.source, Kind: tt.kind}, tt.text)
		})
	}
}

func TestWrongLawCities(t *testing.T) {
	c := checktest.Must(New(Config{}))
	src := "(1) This Agreement is governed by German law.\n(2) Place of jurisdiction is Stuttgart."
	checktest.Run(t, c, check.Document{SourceText: src}, "The place of jurisdiction is ⟦Munich⟧{jurisdiction.wrong_law}.")
	checktest.Run(t, c, check.Document{SourceText: src}, "The German courts have jurisdiction; the agreement is governed by German law.")
	prov := "| Governing law | Ontario, with the federal laws of Canada applicable there |"
	checktest.Run(t, c, check.Document{SourceText: prov}, "This Agreement is governed by the laws of ⟦British Columbia⟧{jurisdiction.wrong_law} and the federal laws of Canada.")
}

func TestForeignStatute(t *testing.T) {
	c := checktest.Must(New(Config{}))
	doc := check.Document{SourceText: nySource, Kind: evaluator.KindReviewMemo}
	tests := []struct {
		name, text string
		want       check.Severity // "" for no finding
	}{
		{"applied without reason", "The fees are unfair under the Consumer Rights Act 2015.", check.SeverityInfo},
		{"treated as governing", "Under English law the Unfair Contract Terms Act 1977 makes the cap void.", check.SeverityWarn},
		{"with the people's place", "Because the shoppers are in the EU, the GDPR applies to the processing.", ""},
		{"comparison", "Unlike New York law, the Consumer Rights Act 2015 would void the fee.", ""},
		{"statute of the governing law", "The Defend Trade Secrets Act protects the source code.", ""},
		{"quoted", `The notice says "the Consumer Rights Act 2015 applies".`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc.Text = tt.text
			var got check.Severity
			for _, f := range c.Check(doc) {
				if f.Rule == RuleForeignStatute {
					got = f.Severity
				}
			}
			if got != tt.want {
				t.Errorf("severity %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTableErrors(t *testing.T) {
	tests := []struct{ name, table, want string }{
		{"bad header", "no equals sign\n", "line 1"},
		{"terms first", "  name: Utopia\n", "line 1: terms before"},
		{"bad role", "u = Utopia\n  motto: freedom\n", "line 2"},
		{"duplicate", "u = Utopia\n  name: Utopia\nu = Utopia\n", "defined twice"},
		{"undefined parent", "u < x = Utopia\n  name: Utopia\n", `parent "x"`},
		{"cycle", "a < b = A\n  name: Aland\nb < a = B\n  name: Bland\n", "cycle"},
		{"shared term", "a = A\n  name: Same\nb = B\n  name: Same\n", "names both"},
		{"no terms", "a = A\n", "no terms"},
		{"too big", strings.Repeat("#", maxTableBytes+1), "limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Config{Table: tt.table})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, evaluator.ErrInvalidOption) {
				t.Errorf("err = %v, want one containing %q and matching ErrInvalidOption", err, tt.want)
			}
		})
	}
}

func TestCustomTable(t *testing.T) {
	tbl := "xx = Xanadu\n  name: Xanadu\n  adj: Xanaduan\nyy = Yonder\n  name: Yonder\n"
	c := checktest.Must(New(Config{Table: tbl}))
	checktest.Run(t, c, check.Document{SourceText: "This Agreement is governed by the laws of Xanadu."}, "The agreement is governed by ⟦Yonder⟧{jurisdiction.wrong_law} law.")
	if !strings.Contains(DefaultTable(), "us-ny < us = New York") {
		t.Error("DefaultTable does not hold New York")
	}
}

func TestSourceFromEvidence(t *testing.T) {
	c := checktest.Must(New(Config{}))
	doc := check.Document{Evidence: []evaluator.Evidence{
		{ID: "msa", Content: "This Agreement is governed by the law of England and Wales.", Metadata: map[string]string{"kind": "contract"}},
		{ID: "tool", Content: `{"governing_law": "the laws of Texas govern this agreement"}`, Metadata: map[string]string{"kind": "tool_output"}},
	}}
	checktest.Run(t, c, doc, "The MSA is governed by ⟦Texas⟧{jurisdiction.wrong_law} law.")
}
