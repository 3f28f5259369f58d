package board

import (
	"strings"
	"unicode"
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// band is a severity band: P0 and P1 are high, P2 medium, P3 low, and the
// words a text rates with map onto the same three.
type band int8

const (
	bandNone band = iota
	bandHigh
	bandMedium
	bandLow
)

func (b band) String() string {
	switch b {
	case bandHigh:
		return "high"
	case bandMedium:
		return "medium"
	case bandLow:
		return "low"
	}
	return "none"
}

// bandOfLevel maps a golden severity level (0 for P0 … 3 for P3).
func bandOfLevel(l int) band {
	switch l {
	case 0, 1:
		return bandHigh
	case 2:
		return bandMedium
	case 3:
		return bandLow
	}
	return bandNone
}

// severityWords are the words a text rates a finding with.
var severityWords = map[string]band{
	"critical": bandHigh, "blocker": bandHigh, "severe": bandHigh, "high": bandHigh, "major": bandHigh,
	"urgent": bandHigh, "red": bandHigh, "p0": bandHigh, "p1": bandHigh, "sev0": bandHigh, "sev1": bandHigh,
	"sev2": bandHigh, "medium": bandMedium, "moderate": bandMedium, "amber": bandMedium, "p2": bandMedium,
	"sev3": bandMedium, "med": bandMedium, "low": bandLow, "minor": bandLow, "informational": bandLow,
	"info": bandLow, "green": bandLow, "negligible": bandLow, "trivial": bandLow, "p3": bandLow, "p4": bandLow,
	"sev4": bandLow,
}

// labelWords introduce a rating ("Severity: High", "Risk - Medium").
var labelWords = map[string]bool{"severity": true, "risk": true, "priority": true, "rating": true, "impact": true,
	"criticality": true, "level": true, "rag": true, "classification": true, "grade": true, "rated": true, "sev": true}

// rating is a severity the text gives.
type rating struct {
	start, end int
	band       band
}

// ratingIn returns the first rating text[from:to] gives a finding: a
// severity word after a label within three words ("Severity: High", "risk
// rating — Medium"), in brackets ("(High)", "[P1]"), after a dash, bar or
// colon, at the start ("High: uncapped indemnity"), or a P0–P4 or Sev
// level anywhere. A severity word in running prose ("high volume") is no
// rating.
func ratingIn(text string, from, to int) (rating, bool) {
	var prev []string
	for i := from; i < to; {
		s, e := doctext.NextWord(text, i, to)
		if s >= to {
			break
		}
		i = e
		w := strings.ToLower(text[s:e])
		b, ok := severityWords[w]
		if !ok {
			prev = append(prev, w)
			continue
		}
		if legendAt(text, from, s, e, to) {
			prev = append(prev, w)
			continue // "(P0 = critical, P1 = high)": a scale's legend, no rating
		}
		if len(w) == 2 && w[0] == 'p' || strings.HasPrefix(w, "sev") || labelledBefore(prev) || marked(text, from, s, e, to) || labelledAfter(text, e, to) {
			return rating{s, e, b}, true
		}
		prev = append(prev, w)
	}
	return rating{}, false
}

// labelledBefore reports whether a label word stands among the last three
// words.
func labelledBefore(prev []string) bool {
	for k := len(prev) - 1; k >= 0 && k >= len(prev)-3; k-- {
		if labelWords[prev[k]] {
			return true
		}
	}
	return false
}

// marked reports whether the word text[s:e] stands as a rating by its
// punctuation: in brackets, after a dash, bar or colon, first in the
// segment, or before a colon.
func marked(text string, from, s, e, to int) bool {
	j := s
	for j > from && strings.IndexByte(" \t*_`", text[j-1]) >= 0 {
		j--
	}
	if j == from {
		return true
	}
	switch c := text[j-1]; c {
	case '(', '[', '|', ':':
		return true
	case '-':
		return j-1 == from || text[j-2] == ' ' // " - High", not "non-critical"
	}
	if j >= from+3 && (text[j-3:j] == "—" || text[j-3:j] == "–") {
		return true
	}
	if r, _ := utf8.DecodeLastRuneInString(text[from:j]); r == 0xFE0F || r >= 0x2190 && unicode.IsSymbol(r) {
		return true // "❌ **High**", "⚠️ Medium": a status mark before it
	}
	k := e
	for k < to && strings.IndexByte("*_`", text[k]) >= 0 {
		k++
	}
	return k < to && (text[k] == ')' || text[k] == ']' || text[k] == ':')
}

// cellRating returns the rating of a table cell under a severity column:
// its first severity word.
func cellRating(text string, from, to int) (rating, bool) {
	for i := from; i < to; {
		s, e := doctext.NextWord(text, i, to)
		if s >= to {
			break
		}
		i = e
		if b, ok := severityWords[strings.ToLower(text[s:e])]; ok {
			return rating{s, e, b}, true
		}
	}
	return rating{}, false
}

// labelledAfter reports whether a label word follows right after e ("high
// risk", "medium-priority", "Low severity").
func labelledAfter(text string, e, to int) bool {
	if e >= to || text[e] != ' ' && text[e] != '-' {
		return false
	}
	s, w := doctext.NextWord(text, e+1, to)
	return s == e+1 && labelWords[strings.ToLower(text[s:w])] && strings.ToLower(text[s:w]) != "level"
}

// legendAt reports whether the severity word text[s:e] is one side of a
// scale's legend, "P0 = critical": an '=' right before or after it.
func legendAt(text string, from, s, e, to int) bool {
	j := s
	for j > from && text[j-1] == ' ' {
		j--
	}
	k := e
	for k < to && text[k] == ' ' {
		k++
	}
	if j > from && text[j-1] == '=' || k < to && text[k] == '=' {
		return true
	}
	return scaleRange(text, j, k, from, to)
}

// scaleRange reports whether the rating word between j and k is an end
// of a range of levels ("P0–P3", "P1 to P3"): a scale named, no rating.
func scaleRange(text string, j, k, from, to int) bool {
	before := strings.TrimRight(text[from:j], " ")
	for _, sep := range rangeSeps {
		if strings.HasPrefix(text[k:to], sep) && levelAt(text, k+len(sep), to) {
			return true // the range's first end
		}
		if t, ok := strings.CutSuffix(before, strings.TrimSpace(sep)); ok {
			if f := strings.Fields(t); len(f) > 0 {
				w := strings.TrimLeft(f[len(f)-1], "([{*_")
				if levelAt(w, 0, len(w)) {
					return true // its last end
				}
			}
		}
	}
	return false
}

// rangeSeps join the two ends of a range of levels.
var rangeSeps = []string{"–", "—", "-", "to "}

// levelAt reports whether a P-level or Sev-level ("P3", "Sev2") opens
// text[i:to], after blanks.
func levelAt(text string, i, to int) bool {
	for i < to && text[i] == ' ' {
		i++
	}
	if i+1 < to && (text[i] == 'P' || text[i] == 'p') && text[i+1] >= '0' && text[i+1] <= '9' {
		return true
	}
	return i+3 < to && strings.EqualFold(text[i:i+3], "sev")
}
