package text

import "testing"

// "AS-IS: … / TO-BE: …" labels the current and the proposed wording.
func TestToBeIntroducesDraft(t *testing.T) {
	for intro, want := range map[string]bool{"TO-BE": true, "To be": true, "AS-IS": false, "Current": false, "Proposed": true} {
		if got := IsDraftIntro(intro); got != want {
			t.Errorf("IsDraftIntro(%q) = %v, want %v", intro, got, want)
		}
	}
}

// A date glued into an identifier by a hyphen or an underscore names the
// identifier; the text states no date there.
func TestDatesInIdentifiers(t *testing.T) {
	for text, want := range map[string]int{
		"run fitbuddy-2026-10-30 finished":      0,
		"see backup_2026-01-05 and 2026-01-05.": 1,
		"2026-01-05_export.csv":                 0,
		"Filed on 2026-01-05 - late.":           1,
		"From 2026-01-05 to 2026-02-05":         2,
	} {
		if got := len(ScanDates(text, WordSpans(text))); got != want {
			t.Errorf("%q: %d dates, want %d", text, got, want)
		}
	}
}

// A form's labelled signing field opens a signature block: its blanks
// are places to sign, not values left out.
func TestSigningFieldOpensSignatureBlock(t *testing.T) {
	text := "Terms.\n\nBLOCK 15. CONTRACTOR SIGNATURE: ________ DATE: ______\nBLOCK 16. CONTRACTING OFFICER: Dana Whitfield ________ DATE: ______\n"
	rs := SignatureRegions(text)
	if len(rs) != 1 || rs[0].Start != len("Terms.\n\n") {
		t.Fatalf("regions %v, want one from the signing field", rs)
	}
	for _, s := range []string{"Pay within ___ days.", "Signature of tenant", "Note: sign the ____ form"} {
		if signingField(s) {
			t.Errorf("%q read as a signing field", s)
		}
	}
}
