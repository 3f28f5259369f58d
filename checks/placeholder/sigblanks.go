package placeholder

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// maxSignLine bounds how far signatureBlank reads a blank's line.
const maxSignLine = 240

// signatureBlank reports whether the underscore run text[s:e] is a place
// to sign or date by hand rather than a value left blank: a blank before a
// unit ("___ days", "__ hours") never is; otherwise it is one when its
// line starts like a signing or dating line (signLeadRe), when its line
// holds nothing but blanks, or when it lies in a signature block (regions,
// from signatureRegions).
func signatureBlank(text string, s, e int, regions []doctext.Span) bool {
	if beforeUnit(text, e) || afterCurrency(text, s) {
		return false
	}
	// Lines are read at most maxSignLine bytes either way, so that a
	// long line of blanks costs linear work.
	lo := max(0, s-maxSignLine)
	ls := strings.LastIndexByte(text[lo:s], '\n') + 1 + lo
	lineStart := ls > lo || lo == 0
	hi := min(len(text), e+maxSignLine)
	le := strings.IndexByte(text[e:hi], '\n')
	lineEnd := le >= 0 || hi == len(text)
	if le < 0 {
		le = hi
	} else {
		le += e
	}
	if lineStart && lineEnd && strings.Trim(text[ls:le], "_ \t*|>-") == "" {
		return true // "______      ______": one line per signatory
	}
	if doctext.DayOfMonthRe.MatchString(text[e:min(len(text), e+40)]) {
		return true // "____ March 2026", "___ day of May": dated on execution
	}
	lead := strings.TrimLeft(text[ls:min(s, ls+maxLabelPrefix+40)], " \t-*>|_#")
	if lineStart && doctext.SignLeadRe.MatchString(lead) {
		return true
	}
	return doctext.InSpans(regions, s, e)
}
