package advice

import "testing"

// refScanSeeds are texts at the edges of the reference scan: every noun,
// § runs, ids at the length limits, dotted numbers with their brackets,
// word neighbours, and the runes (?i) folds to ASCII letters.
var refScanSeeds = []string{
	"", "no digits here", "Section 11.2 caps liability at $2,000,000.", "clauses\t7(a)(ii) and Annexes 3", "ANNEX 2B",
	"appendix 4.x", "Recommendations  12.", "sections3", "§ 7", "§§7.1(b) §", "§x 3", "a§3B", "F-02 R3 CWE-89 ABCDE-1 AB-12345",
	"x1 _R3 R3_ R3a", "1.2.3(a)(b)(c)(d)(e)", "1.2345", "1234.5", "12.3(abcde)", "7.1(ab", "7.(1)", "4.2.", "0.5x",
	"see item 3 and step 2; rule 9", "ſection 5 and clauſe 6", "\u212a-12", "é12.3 ü§4", "\xc2\xa75", "\xe2\xc2\xa75", "under(3) foo_bar",
	"setX to /etc and X-Foo Auth-Token", "“Quoted” text", "route via CloudFront", "use nginx.conf or status.example.io",
	"to the AwsConfig", "Tighten the cap in Section 4.2 to a commercially acceptable level.",
}

// FuzzConcreteOutsideRefs checks the reference scan and the concrete
// prefilters against the expressions they stand for.
func FuzzConcreteOutsideRefs(f *testing.F) {
	for _, s := range refScanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		stripped := refIDRe.ReplaceAllString(s, "")
		if got := stripRefIDs(s); got != stripped {
			t.Fatalf("stripRefIDs(%q) = %q, refIDRe leaves %q", s, got, stripped)
		}
		if got, want := concrete(s), concreteRe.MatchString(s); got != want {
			t.Fatalf("concrete(%q) = %v, concreteRe: %v", s, got, want)
		}
		if techNameRe.MatchString(s) && !mayTechName(s) {
			t.Fatalf("mayTechName(%q) = false, but techNameRe matches", s)
		}
		want := concreteRe.MatchString(stripped)
		if got := concreteOutsideRefs(s); got != want {
			t.Fatalf("concreteOutsideRefs(%q) = %v, want %v", s, got, want)
		}
		if got := concreteOrTechOutsideRefs(s); got != (want || techNameRe.MatchString(stripped)) {
			t.Fatalf("concreteOrTechOutsideRefs(%q) = %v", s, got)
		}
	})
}
