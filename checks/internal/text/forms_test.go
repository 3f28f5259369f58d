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

// A plain-text table without outer pipes or a rule row is a table: three
// lines or more of as many cells, the first the header.
func TestLooseTables(t *testing.T) {
	text := "Results:\nProbe family | Attempts | Rate\nprompt injection | 200 | 18.5%\ncross-member data | 60 | 0.0%\n\nPrepared by: A | Date: B\n"
	ts := Tables(text)
	if len(ts) != 1 || len(ts[0].Rows) != 2 || CellTexts(text, ts[0].Header)[1] != "Attempts" {
		t.Fatalf("tables %+v, want one with a header and two rows", ts)
	}
	if got := text[ts[0].Rows[1][0].Start:ts[0].Rows[1][0].End]; got != "cross-member data" {
		t.Errorf("first cell %q", got)
	}
	for _, s := range []string{"a | b\nc | d\ne | f\n", "x | y | z\np | q | r\n", "| a | b | c |\n| d | e | f |\n| g | h | i |\n"} {
		if ts := Tables(s); len(ts) != 0 {
			t.Errorf("%q: %d tables, want none", s, len(ts))
		}
	}
}
