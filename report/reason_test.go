package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/checks"
)

func TestParseReason(t *testing.T) {
	for _, tc := range []struct {
		reason, msg string
		loc         Location
		ok          bool
	}{
		{`unfilled placeholder (line 12:5, "[DATE]")`, "unfilled placeholder", Location{12, 5, "[DATE]"}, true},
		// Quotes, parentheses and escapes inside the quoted text.
		{`quote not in the source (line 3:1, "\"pay (net) 30\"\n days")`, "quote not in the source", Location{3, 1, "\"pay (net) 30\"\n days"}, true},
		// The message itself holds a suffix-like part: the last one wins.
		{`x (line 1:1, "a") (line 2:3, "b")`, `x (line 1:1, "a")`, Location{2, 3, "b"}, true},
		// The quoted text holds the marker: its quotes are escaped, so the
		// real suffix is the earlier one.
		{`m (line 4:2, "q (line 5:5, \"z\")")`, "m", Location{4, 2, `q (line 5:5, "z")`}, true},
		{`shortened (line 9:10, "abc…")`, "shortened", Location{9, 10, "abc…"}, true},
		{`empty text (line 1:1, "")`, "empty text", Location{1, 1, ""}, true},
		{`no location at all`, `no location at all`, Location{}, false},
		{`model words (see line 4)`, `model words (see line 4)`, Location{}, false},
		{`zero line (line 0:1, "x")`, `zero line (line 0:1, "x")`, Location{}, false},
		{`leading zero (line 01:1, "x")`, `leading zero (line 01:1, "x")`, Location{}, false},
		{`too big (line 1000000000:1, "x")`, `too big (line 1000000000:1, "x")`, Location{}, false},
		{`negative (line -1:1, "x")`, `negative (line -1:1, "x")`, Location{}, false},
		{`unquoted (line 1:1, x)`, `unquoted (line 1:1, x)`, Location{}, false},
		{`trailing (line 1:1, "x") `, `trailing (line 1:1, "x") `, Location{}, false},
		{`unterminated (line 1:1, "x)`, `unterminated (line 1:1, "x)`, Location{}, false},
		{`bad escape (line 1:1, "\q")`, `bad escape (line 1:1, "\q")`, Location{}, false},
	} {
		msg, loc, ok := ParseReason(tc.reason)
		assert.Equal(t, tc.ok, ok, tc.reason)
		assert.Equal(t, tc.msg, msg, tc.reason)
		assert.Equal(t, tc.loc, loc, tc.reason)
	}
}

// TestParseReasonReadsChecks parses what checks.Finding.Describe writes:
// the format is the checks package's, this parser its reader.
func TestParseReasonReadsChecks(t *testing.T) {
	long := strings.Repeat("é", 100)
	for _, f := range []checks.Finding{
		{Rule: "placeholder.unfilled", Message: "unfilled placeholder", Location: checks.Location{Line: 7, Column: 3, Text: "[DATE]"}},
		{Rule: "quote.fabricated", Message: `quote "a (b)" not in source`, Location: checks.Location{Line: 1, Column: 80, Text: "line one\nline \"two\""}},
		{Rule: "long", Message: "m", Location: checks.Location{Line: 2, Column: 1, Text: long}},
	} {
		msg, loc, ok := ParseReason(f.Criterion().Reason)
		assert.True(t, ok, f.Describe())
		assert.Equal(t, f.Message, msg)
		assert.Equal(t, f.Location.Line, loc.Line)
		assert.Equal(t, f.Location.Column, loc.Column)
		if f.Rule == "long" {
			assert.Equal(t, strings.Repeat("é", 80)+"…", loc.Text, "checks shorten the text to 80 runes")
		} else {
			assert.Equal(t, f.Location.Text, loc.Text)
		}
	}
}

// TestParseReasonIsLinear: a reason repeating the marker is read in
// bounded tries, not one per occurrence.
func TestParseReasonIsLinear(t *testing.T) {
	reason := strings.Repeat(` (line 1:1, "`, 100_000)
	msg, _, ok := ParseReason(reason)
	assert.False(t, ok)
	assert.Equal(t, reason, msg)
}

func FuzzParseReason(f *testing.F) {
	f.Add("unfilled placeholder", 12, 5, "[DATE]", "")
	f.Add(`quote "x (line 1:1, \"y\")"`, 1, 1, "a\nb\"c\")", " tail")
	f.Add("", 999999999, 1, "", "")
	f.Add("m (line ", 3, 4, "…", ")")
	f.Fuzz(func(t *testing.T, msg string, line, col int, text, tail string) {
		reason := fmt.Sprintf("%s (line %d:%d, %q)", msg, line, col, text) + tail
		gotMsg, loc, ok := ParseReason(reason)
		if !ok {
			if gotMsg != reason {
				t.Fatalf("not parsed, but the message is not the reason: %q", gotMsg)
			}
			// Only a bad coordinate or a tail that breaks the suffix may
			// stop a well-formed suffix from parsing.
			// So may a quoted text holding the marker more often than
			// checks' 80-rune texts can.
			if line >= 1 && line <= maxCoordinate && col >= 1 && col <= maxCoordinate && tail == "" &&
				strings.Count(text, locationMarker) < maxReasonTries-1 {
				t.Fatalf("well-formed suffix not parsed: %q", reason)
			}
			return
		}
		// Whatever parsed, writing it back gives the reason.
		if back := fmt.Sprintf("%s (line %d:%d, %q)", gotMsg, loc.Line, loc.Column, loc.Text); back != reason {
			t.Fatalf("parsed %q as %q, %+v: writes back as %q", reason, gotMsg, loc, back)
		}
		// With nothing after it, our suffix is the last one and the
		// quoting makes it unambiguous: it is what is read.
		if tail == "" && strings.Count(text, locationMarker) < maxReasonTries-1 && (loc != Location{Line: line, Column: col, Text: text} || gotMsg != msg) {
			t.Fatalf("read %q, %+v from %q, want %q, line %d col %d text %q", gotMsg, loc, reason, msg, line, col, text)
		}
	})
}

// TestParseReasonTextFullOfMarkers: an 80-rune text made of the marker
// still parses.
func TestParseReasonTextFullOfMarkers(t *testing.T) {
	text := strings.Repeat(locationMarker, 80/len(locationMarker)+1)[:80]
	msg, loc, ok := ParseReason(fmt.Sprintf("m (line 2:3, %q)", text))
	assert.True(t, ok)
	assert.Equal(t, "m", msg)
	assert.Equal(t, Location{2, 3, text}, loc)
}
