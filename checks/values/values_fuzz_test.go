package values

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// FuzzValueMentions feeds the mention extractor and the value check
// arbitrary text: nothing may panic, every mention lies inside the text in
// document order with a known class, and every finding is well formed.
func FuzzValueMentions(f *testing.F) {
	for _, s := range []string{
		"The platform fee is $18k per month; the platform fee of $18,000/month applies.",
		"twenty-four (24) hours; forty dollars ($40) a day; THREE (3) TIMES the cap; 2x fees",
		"between 1 July and 18 November 2026, 10:30 am, 8:15 a.m., 59 hours and 25 minutes",
		"| Item | Fee |\n|---|---|\n| Setup | £1,200 |\n| **Total** | **£1,200** |\n",
		"- Orders: **6 years** after the end of the year\n- Total: EUR 12.50 each, 3–5 days",
		"within ~~60~~ **30** days [deleted: thirty (30) days] <del>€5</del> “the £34.00” \"USD 3.5m\"",
		"from £40 to £45 → £50; was 12 months, now 24; Current: 10% Proposed: 12%",
		"### F-02 IDOR — High (CVSS 7.1)\n| F-02 | x | Medium | 8.1 |\n",
		"| Item | Price |\n|---|---|\n| Pan | £40.00 |\n\nThe pan (£40.00) ... same price (£44.00). Fourteen (14) days, 3x, CVSS 7.1, (High), day 9, 12 seats, CAD 1,460.00 (one month's rent), £19.20 and £21.90.",
		"$ 1,2,3 .5% 99.9.9 £ ( 30 ) days - -- ~~ ** $$ 1e9 1,000,000,000,000,000,000,000 %",
		"1. Non-compete (clause 8) - High. Twenty-four months.\n| # | Clause | Issue |\n|---|---|---|\n| F3 | 7.1 / 5.1 | 14 days |\nThe credit is 10%, so:\n  5 x £20 = £100\n9 of 25 target IDs; those same 30 days; 25% of the fee; the 12 rooms listed in the Schedule; £4,500, as set out in Annex 2.\n## Annex 2 - Charges\n£4,200\n## Schedule\n(10 rooms)",
	} {
		f.Add(s)
	}
	c := NewValuesCheck()
	f.Fuzz(func(t *testing.T, text string) {
		for _, kind := range []evaluator.Kind{"", evaluator.KindReviewMemo, evaluator.KindRedline} {
			d := readValueDoc(check.Document{Text: text, Kind: kind})
			prev := -1
			for _, m := range d.ms {
				if m.start < 0 || m.end > len(text) || m.start >= m.end {
					t.Fatalf("mention %+v outside text of %d bytes", m, len(text))
				}
				if m.start < prev {
					t.Fatalf("mention at %d after one at %d", m.start, prev)
				}
				prev = m.start
				if m.class == "" || m.sent < 0 || m.sent >= len(d.sents) {
					t.Fatalf("mention %+v: bad class or sentence", m)
				}
			}
			checktest.Valid(t, text, c.Check(check.Document{Text: text, Kind: kind}))
		}
	})
}

// BenchmarkValuesCheck runs the value check on the 1 MB benchmark contract
// (as a contract and as a review memo): its share of the suite's budget.
func BenchmarkValuesCheck(b *testing.B) {
	text := checktest.Contract1MB(b)
	c := NewValuesCheck()
	for _, kind := range []evaluator.Kind{evaluator.KindContract, evaluator.KindReviewMemo} {
		doc := check.Document{Text: text, Kind: kind}
		b.Run(string(kind), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				c.Check(doc)
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}

// FuzzListCount feeds the announced-count reader arbitrary text: nothing
// may panic, every finding is well formed, and the list counter always
// moves forward within the text.
func FuzzListCount(f *testing.F) {
	for _, s := range []string{
		"I'd want four changes. In order:\n\n1. a\n\n   5. nested\n\n2. b\n",
		"We found 3 bugs:\n\n- a\n- b\n  - c\n- d\n",
		"for 12 seats:\n- a\n- b\n",
		"two issues:\n```\n1. x\n```\n1. a\n",
		"x:\n1.\n",
		"twenty things:\n" + "- a\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for i := 0; i < len(text); i++ {
			if text[i] != '\n' && (i == 0 || text[i-1] == '\n') && vListMarkerAt(text[i:]) {
				if n, end := countListItems(text, i); n < 0 || end <= i || end > len(text) {
					t.Fatalf("countListItems(%d) = %d, %d", i, n, end)
				}
			}
		}
		checktest.Valid(t, text, listCountConflicts(check.Document{Text: text, Kind: evaluator.KindReviewMemo}))
	})
}

// FuzzValueBefore checks that mayEndInValue holds wherever valueBeforeRe
// matches: it only spares the expression texts it cannot match.
func FuzzValueBefore(f *testing.F) {
	for _, s := range []string{
		"a fee of $1,000 (", "USD 5 million (", "10% (", "12.5 per cent \t(", "20 percent(", "£3, (",
		"the Fee (", "$ (", "5 (", "(", "", "GBP12.50thousand (", "€7 billion  (",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if valueBeforeRe.MatchString(s) && !mayEndInValue(s) {
			t.Fatalf("mayEndInValue(%q) = false, but valueBeforeRe matches", s)
		}
	})
}

// FuzzLabelTense checks vLabelTense, which lower-cases on the stack and
// compares prefixes in place, against the strings it stands for.
func FuzzLabelTense(f *testing.F) {
	for _, s := range []string{
		"Current:", "**Existing fee**", "old", "Proposed-", "Our position:", "Change to", "New-build", "newer", "Now",
		"Revised text", "CURRENT\u00a0FEE", "İnew", "replacement text", "", "  *_:", "Was the fee",
	} {
		f.Add(s)
	}
	want := func(label string) int8 {
		l := strings.ToLower(strings.Trim(strings.TrimSpace(label), "*_: "))
		for _, p := range []string{"current", "existing", "old", "before", "was", "original", "previous", "source", "today"} {
			if l == p || strings.HasPrefix(l, p+" ") {
				return tenseOld
			}
		}
		for _, p := range []string{"proposed", "suggested", "recommended", "counter", "our position", "replacement", "target", "fallback",
			"change to", "replace with", "amend to", "should read", "to read", "revise to", "redraft"} {
			if l == p || strings.HasPrefix(l, p+" ") || strings.HasPrefix(l, p+"-") {
				return tenseProp
			}
		}
		for _, p := range []string{"new", "revised", "after", "now", "amended"} {
			if l == p || strings.HasPrefix(l, p+" ") || strings.HasPrefix(l, p+"-") {
				return tenseNew
			}
		}
		return tenseDefault
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, w := vLabelTense(s), want(s); got != w {
			t.Fatalf("vLabelTense(%q) = %d, want %d", s, got, w)
		}
	})
}
