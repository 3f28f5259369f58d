package xref

import (
	"regexp"
	"slices"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// A review's references resolve against the source and every evidence
// item, whose clauses may be plain numbered paragraphs; references inside
// the review's own drafting are checked, those inside its quotations of
// the source are not.
func TestXrefReviewResolvesAgainstSourcesAndDrafting(t *testing.T) {
	plainSource := "LICENCE AGREEMENT\n\n1. Grant. The Licensor grants a licence.\n\n2. Fees. The Licensee pays the fees.\n\n3. Audit. The Licensor may audit once a year.\n\n4. Term. Two years."
	headedSource := "# Supply terms\n\n## 5. Delivery\n\n5.1 Delivery is DAP.\n\n5.2 Risk passes on delivery.\n"
	tests := []struct {
		name     string
		text     string
		source   string
		evidence []evaluator.Evidence
		want     []string
	}{
		{"plain numbered source clause", "We accept clauses 1 to 3; clause 4 needs a longer term.", plainSource, nil, nil},
		{"clause beyond a plain numbered source", "Clause 6 should cap the audit costs.", plainSource, nil, []string{"Clause 6"}},
		{"resolved in another evidence item", "The comments touch Section 5.2 of the supply terms only.", "| Row | Comment |\n|---|---|\n| 1 | Risk should pass later |", []evaluator.Evidence{{ID: "terms", Content: headedSource}}, nil},
		{"missing from every evidence item", "The comments touch Section 5.4 only.", "| Row | Comment |\n|---|---|\n| 1 | Risk |", []evaluator.Evidence{{ID: "terms", Content: headedSource}}, []string{"Section 5.4"}},
		{"reference inside drafting is checked", "Revise clause 5.1 to read: \"5.1 Delivery is DAP, and clause 5.7 applies to late delivery.\"", headedSource, nil, []string{"clause 5.7"}},
		{"another noun than the review's usual one names another instrument", "Clauses 2 and 3 are fine. Clause 4 is short; the regulator's guidance (see Article 9(2)) agrees.", plainSource, nil, nil},
		{"statute with a lower-case name", "Clause 3 is fine, but section 40 of the provincial consumer protection Act applies.", plainSource, nil, nil},
		{"reference inside a quotation of the source is not", "Clause 5.1 currently reads \"as set out in clause 5.9 of the master terms\".", headedSource, nil, nil},
		{"sub-items that repeat their clause number", "Clause 6.2(b) should go; 6.2(a) can stay.", "6.1 The Developer buys only from approved suppliers.\n6.2 (a) The Franchisor may change suppliers.\n6.2 (b) The Franchisor may keep rebates.\n", nil, nil},
		{"a lettered section the source defines", "Section H.2 (Key personnel) is unchanged.", "Section H.1 Scope: the work.\nSection H.2 Key personnel: Operations Manager.\n", nil, nil},
		{"a lettered section it lacks", "Section H.7 (Key personnel) is unchanged.", "Section H.1 Scope: the work.\nSection H.2 Key personnel: Operations Manager.\n", nil, []string{"Section H.7"}},
		{"annexes opened by a titled line", "Annex B defines a major error; Annex A sets the rates.", "Art. 3 — Quality. As in Annex B.\n\nAnnex A — Rates. B-1 Translation EUR 0.11 per word.\n\nAnnex B — Error categories.\nB-1 Major error.\n", nil, nil},
		{"an annex such a source lacks", "The definition in Annex C is precise.", "Art. 3 — Quality. As in Annex B.\n\nAnnex A — Rates. B-1 Translation EUR 0.11 per word.\n\nAnnex B — Error categories.\nB-1 Major error.\n", nil, []string{"Annex C"}},
		{"articles titled by their abbreviation", "Art. 4(b)(i) should be 7 days; Art. 4(b)(ii) stays.", "Art. 3 Commission\n(a) 12%.\n\nArt. 4 Payments\n(a) The Marketplace collects.\n(b) The Marketplace pays:\n(i) 21 days after delivery; or\n(ii) after a return.\n", nil, nil},
		{"items a sub-item runs inline", "Subcontractors must sign the Code (Code, Section 4(b)(i) and (ii)).", "## Section 4. Subcontracting\n\n(a) Written approval first.\n(b) Each approved subcontractor must (i) sign this Code and (ii) accept unannounced audits.\n", nil, nil},
		{"a section of an external standard", "Lock the account after 10 failures (NIST SP 800-63B, section 5.2.2).", "## Section 5 — Reporting\n\n5.1 Report.\n\n5.2 Remediate.\n", nil, nil},
		{"a section of the source by its plain name", "As required (Code, Section 4(c)).", "## Section 4. Subcontracting\n\n(a) Written approval first.\n(b) Audits.\n", nil, []string{"Section 4(c)"}},
		{"sub-clauses run inline after a bold title", "Clause 2.2 is fine; clause 3.1 too.", "**2. Placement period.** 2.1 Each placement is indefinite. 2.2 The Client may end it.\n\n**3. Fees.** 3.1 The Client pays.\n", nil, nil},
		{"a sub-clause such a source lacks", "Clause 2.3 is fine.", "**2. Placement period.** 2.1 Each placement is indefinite. 2.2 The Client may end it.\n", nil, []string{"Clause 2.3"}},
		{"a source titled as an annex", "Law and forum are Icelandic (paragraph 8.1).", "# Annex B — Location: Keflavík\n\n**Paragraph 8 — Law.** 8.1 This Annex is governed by the laws of Iceland.\n", nil, nil},
		{"a sub-item such a source lacks", "Clause 6.2(c) should go.", "6.1 The Developer buys only from approved suppliers.\n6.2 (a) The Franchisor may change suppliers.\n6.2 (b) The Franchisor may keep rebates.\n", nil, []string{"Clause 6.2(c)"}},
	}
	c := NewXrefCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := append([]evaluator.Evidence{{ID: "source", Content: tt.source}}, tt.evidence...)
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: tt.source, Evidence: ev, Kind: evaluator.KindReviewMemo}) {
				if f.Rule == RuleDanglingRef {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// refVocabOracle is the regexp forEachRefNoun stands for.
var refVocabOracle = regexp.MustCompile(`\b(?i:(sections?|clauses?|articles?|paragraphs?|exhibits?|schedules?|annex(?:es)?|appendix|appendices))[ \t]+[0-9A-Z]`)

func FuzzForEachRefNoun(f *testing.F) {
	for _, s := range []string{"see Clause 7 and schedules A", "Sections\t12 and section x", "subsection 4", "ANNEXES B", "appendix", "Exhibit_A 1", "clause 3a§ 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want, got []string
		for _, m := range refVocabOracle.FindAllStringSubmatch(s, -1) {
			want = append(want, refNoun(m[1]))
		}
		forEachRefNoun(s, func(n string) { got = append(got, n) })
		if !slices.Equal(want, got) {
			t.Fatalf("forEachRefNoun(%q) = %v, regexp finds %v", s, got, want)
		}
	})
}

func TestXrefNamesAndScopes(t *testing.T) {
	source := "# LICENCE AND SUPPLY AGREEMENT\n\n## 4. Supply\n\n4.1 Deliveries are weekly, as Section 4.2 allows.\n\n4.2 Risk passes on delivery.\n\n## § 6 Liability\n\n(1) Liability is capped.\n\n(2) The cap is annual.\n"
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"source called by its initials", evaluator.KindRedline, "Section 4.2 stays; Section 4.9 of the LSA is not touched.", []string{"Section 4.9"}},
		{"another statute", evaluator.KindRedline, "Section 4.2 stays; Section 4.9 of the Sale of Goods Act applies.", nil},
		{"place name is no proposal", evaluator.KindRedline, "Disputes go to the courts of New York under Section 4.7.", []string{"Section 4.7"}},
		{"paragraph range past the end", evaluator.KindRedline, "We leave § 6 (1) to (4) as they are.", []string{"(4)"}},
		{"letter-prefixed sections", evaluator.KindContract, "## D1. Scope\n\nD1.1 Text.\n\n## D2. Fees\n\nD2.1 Text, except under section D2.1 and section D7.", []string{"section D7"}},
		{"own clause of this deed", evaluator.KindContract, "## 1. Variation\n\n1.1 Clause 4.1 of the Agreement is varied.\n\n## 2. General\n\n2.1 Except as varied by clause 3 of this deed, nothing changes.", []string{"clause 3"}},
		{"schedule paragraph", evaluator.KindContract, "## 1. Terms\n\n1.1 Schedule 1 applies.\n\n# Schedule 1\n\n## 1. Scope\n\n1.1 Audits under paragraph 2.\n\n## 2. Audits\n\n2.1 Yearly, see paragraph 4.", []string{"paragraph 4"}},
	}
	c := NewXrefCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Evidence: []evaluator.Evidence{{ID: "source", Content: source}}, Kind: tt.kind}) {
				if f.Rule == RuleDanglingRef {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
