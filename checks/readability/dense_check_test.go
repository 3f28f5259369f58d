package readability

import (
	"math"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// plainIntro is a friendly consumer passage the dense passages are planted
// into: short sentences, everyday words.
const plainIntro = `Hi Priya,

Thanks for getting in touch about your gym membership. I've looked at your account and I can help.

Your membership renews on 3 March. If you want to stop it, tell us before then and you won't pay again.
`

func TestDensePassage(t *testing.T) {
	c, err := NewDensePassageCheck(DensePassageConfig{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		text  string
		dense string // the passage a finding must cover; "" for none
	}{
		{
			name: "a long chatty sentence of plain words",
			text: plainIntro + `
Our deposit policy says refunds go back to the same account the deposit was paid from, so it will be the account you paid it from rather than the new one — I know that is a bit of a faff, but it is there to protect members from fraud, and if that account is closed just reply and I will ring you to sort out a way to confirm it is you.

See you soon,
Dana
`,
		},
		{
			name: "one insurance sentence of legalese",
			text: plainIntro + `
Cover hereunder shall not extend to loss or damage occasioned by wear and tear, gradual deterioration, the action of moth or vermin, or any process of cleaning, dyeing or restoration, nor to any consequential loss whatsoever, and the insurer shall be entitled, at its sole discretion and without prejudice to its rights herein, to repair, reinstate or replace the property in lieu of payment.

See you soon,
Dana
`,
			dense: "Cover hereunder shall not extend",
		},
		{
			name: "utility notice paragraph: long passive sentence with nominalisations",
			text: plainIntro + `
Following the determination of the appropriate tariff classification consequent upon the reassessment of the consumption characteristics of the premises, adjustments to the standing charge and the unit rate have been implemented with effect from the commencement of the current billing period, and any differential arising in respect of the preceding period has been applied to the account by way of a reconciliation credit or debit as appropriate.

Any questions? Just reply.
`,
			dense: "Following the determination",
		},
		{
			name: "moderate length but packed with jargon",
			text: plainIntro + `
Notwithstanding the foregoing, the Member shall, pursuant to the rules hereinafter set out, indemnify the Club against any liability thereby incurred in connection with the use of the facilities by any guest admitted under the Member's pass.
`,
			dense: "Notwithstanding the foregoing",
		},
		{
			name: "trap: long friendly sentence with short words",
			text: plainIntro + `
If you want to come back later in the year, or you just want a break over the summer while the kids are off school, you can pause your plan for up to two months at a time, and we won't charge you while it is paused, so you keep your rate and your locker.
`,
		},
		{
			name: "trap: list of items and an address block",
			text: plainIntro + `
What to bring:
- a towel
- a lock for your locker
- your membership card or the app on your phone

Our address: Unit 4, Riverside Trading Estate, Mill Lane, Leeds LS9 8AB. Open Monday to Friday 6am to 10pm, Saturday and Sunday 8am to 8pm, bank holidays 9am to 5pm.
`,
		},
		{
			name: "trap: a legal term quoted once in plain text",
			text: plainIntro + `
Your contract says the club can end it "forthwith" if fees go unpaid. That just means straight away. We would always call you first.
`,
		},
		{
			name: "trap: plain text only",
			text: plainIntro,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := c.Check(check.Document{Text: tt.text, Kind: evaluator.KindCustomerReply})
			if tt.dense == "" {
				for _, f := range fs {
					t.Errorf("unexpected finding %s at %s: %q", f.Rule, f.Location, f.Location.Text)
				}
				return
			}
			if len(fs) != 1 {
				t.Fatalf("got %d findings, want 1: %v", len(fs), fs)
			}
			at := strings.Index(tt.text, tt.dense)
			if f := fs[0]; f.Rule != RuleDensePassage || f.Severity != check.SeverityWarn || f.Location.Start != at {
				t.Errorf("finding %s %s at %d, want %s warn at %d (%q)", f.Rule, f.Severity, f.Location.Start, RuleDensePassage, at, f.Location.Text)
			}
		})
	}
}

// TestDensePassageOnePerParagraph checks that two dense sentences in one
// paragraph make one finding covering both, and a dense sentence in
// another paragraph makes a second one.
func TestDensePassageOnePerParagraph(t *testing.T) {
	c, err := NewDensePassageCheck(DensePassageConfig{})
	if err != nil {
		t.Fatal(err)
	}
	a := `The Company shall be entitled, notwithstanding any prior communication whatsoever, to suspend the provision of the services forthwith where any sum remains outstanding following the expiry of the period of thirty days commencing on the date of the relevant invoice, whereupon the reinstatement of the services shall be conditional upon payment in full.`
	b := `Any reinstatement of the services hereunder shall be effected pursuant to the Company's standard procedures, and the Customer shall thereupon be liable for the reconnection charge, whereupon the Company shall furnish confirmation of the reinstatement by email to the address registered against the account.`
	text := plainIntro + "\n" + a + " " + b + "\n\nThanks again.\n\n" + b + "\n"
	fs := c.Check(check.Document{Text: text})
	if len(fs) != 2 {
		t.Fatalf("got %d findings, want 2: %v", len(fs), fs)
	}
	if got := fs[0].Location.Text; got != a+" "+b {
		t.Errorf("first finding covers %q, want both sentences of the paragraph", got)
	}
	if !strings.Contains(fs[0].Message, "2 sentences") {
		t.Errorf("message %q does not count the two sentences", fs[0].Message)
	}
}

func TestDensePassageConfig(t *testing.T) {
	for _, cfg := range []DensePassageConfig{{MinWords: -1}, {MinGrade: -2}, {MinGrade: math.NaN()}, {MinGrade: math.Inf(1)}} {
		if _, err := NewDensePassageCheck(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	// A stricter configuration catches a shorter sentence.
	text := plainIntro + "\nThe Customer acknowledges that fees paid are non-refundable save as expressly provided herein.\n"
	strict, err := NewDensePassageCheck(DensePassageConfig{MinWords: 10, MinGrade: 12})
	if err != nil {
		t.Fatal(err)
	}
	def, _ := NewDensePassageCheck(DensePassageConfig{})
	if n := len(def.Check(check.Document{Text: text})); n != 0 {
		t.Errorf("default config: %d findings on a 13-word sentence, want 0", n)
	}
	if n := len(strict.Check(check.Document{Text: text})); n != 1 {
		t.Errorf("strict config: %d findings, want 1", n)
	}
}

func BenchmarkDensePassage(b *testing.B) {
	c, err := NewDensePassageCheck(DensePassageConfig{})
	if err != nil {
		b.Fatal(err)
	}
	text := checktest.Contract1MB(b)
	doc := check.Document{Text: text, Kind: evaluator.KindPlainLanguage}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	start := checktest.ProcessCPU()
	for b.Loop() {
		c.Check(doc)
	}
	checktest.ReportCPU(b, start, len(text))
}
