package report

import (
	"strconv"
	"strings"
)

// Location is where a finding's reason says the finding is: the 1-based
// line and column (in runes) of the matched text in the candidate, and the
// text itself, as quoted in the reason (checks shorten it to 80 runes and
// end a shortened text with "…").
type Location struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Text   string `json:"text"`
}

// locationMarker opens the suffix that checks.Finding.Describe writes.
const locationMarker = " (line "

// maxReasonTries bounds how many occurrences of the marker ParseReason
// tries, from the last one back, so that a hostile reason holding the
// marker many times costs linear time, not quadratic. The quoted text of a
// finding is at most 80 runes (checks shorten it), so it holds the marker
// at most 11 times: 16 tries always reach the real suffix.
const maxReasonTries = 16

// maxCoordinate is the largest line or column ParseReason accepts (nine
// digits): enough for any real document, and far from int overflow.
const maxCoordinate = 999_999_999

// ParseReason splits a criterion's reason that ends in the location suffix
// checks.Finding.Describe writes,
//
//	unfilled placeholder (line 12:5, "[DATE]")
//
// into its message ("unfilled placeholder") and its location (line 12,
// column 5, text "[DATE]"). The text is a Go-quoted string (it may hold
// quotes, parentheses and escaped newlines). ok is false, and message is
// the whole reason, when the reason does not end in such a suffix (a
// model judge's reasons usually do not) or its line or column is not a
// number from 1 to 999999999.
func ParseReason(reason string) (message string, loc Location, ok bool) {
	end := len(reason)
	for try := 0; try < maxReasonTries; try++ {
		i := strings.LastIndex(reason[:end], locationMarker)
		if i < 0 {
			break
		}
		if l, good := parseSuffix(reason[i+len(locationMarker):]); good {
			return reason[:i], l, true
		}
		end = i
	}
	return reason, Location{}, false
}

// parseSuffix reads `L:C, "text")` to the end of s.
func parseSuffix(s string) (Location, bool) {
	line, s, ok := leadingNumber(s)
	if !ok || !strings.HasPrefix(s, ":") {
		return Location{}, false
	}
	col, s, ok := leadingNumber(s[1:])
	if !ok || !strings.HasPrefix(s, ", ") {
		return Location{}, false
	}
	s = s[2:]
	quoted, err := strconv.QuotedPrefix(s)
	if err != nil || s[len(quoted):] != ")" {
		return Location{}, false
	}
	text, err := strconv.Unquote(quoted)
	if err != nil {
		return Location{}, false
	}
	return Location{Line: line, Column: col, Text: text}, true
}

// leadingNumber reads a decimal number from 1 to maxCoordinate at the start
// of s, with no sign and no leading zero.
func leadingNumber(s string) (int, string, bool) {
	n := 0
	for n < len(s) && n < 10 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 9 || s[0] == '0' {
		return 0, s, false
	}
	v, err := strconv.Atoi(s[:n])
	if err != nil || v < 1 || v > maxCoordinate {
		return 0, s, false
	}
	return v, s[n:], true
}
