package checks

import (
	"regexp"
	"strings"
)

// Blank lines where a party signs or dates by hand are part of a finished
// agreement, not unfilled placeholders: a deed is dated on execution
// ("Date of this deed: ____ March 2026"), a signature block holds a line
// per signatory ("______   ______" over "Director   Secretary"), and a
// party's signing line reads "Signed for Acme Ltd ______". These helpers
// tell such a blank from a value left out ("within ___ days").

var (
	// signLeadRe matches the start of a line where a party signs or dates
	// by hand: "Signed for X", "Executed by X", "Witnessed by", "Date of
	// this deed", "Dated", "For and on behalf of X", "By the Supplier".
	signLeadRe = regexp.MustCompile(`^(?i:signed|signature|executed|witness(?:ed)?|sworn|dated?|place\s+and\s+date|place,\s+date)\b|^(?:[Ff]or|FOR)(?:\s+and\s+on\s+behalf\s+of)?\s+(?:the\s+)?[A-Z]|^(?:[Bb]y|BY)\s+(?:the\s+)?[A-Z]`)
	// signHeadRe matches a heading or title line that opens a signature
	// block: "Signatures", "Execution", "EXECUTED AS A DEED", "In witness
	// whereof", "Signed by the parties", "Agreed and accepted".
	// dayOfMonthRe matches what follows a blank day of an execution date:
	// a month name, or "day of" and one ("____ March 2026", "__ day of
	// June").
	dayOfMonthRe = regexp.MustCompile(`^[ \t]*(?:(?:st|nd|rd|th)[ \t]+)?(?:day[ \t]+of[ \t]+)?(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b`)
	signHeadRe   = regexp.MustCompile(`(?i)^(?:signatures?|signed|execution(?:\s+page|\s+block)?|executed\b|in\s+witness|agreed\s+and\s+accepted|accepted\s+and\s+agreed|attestation|signing\s+page|unterschriften)`)
)

// signatureRegions returns the signature blocks of text: from a heading or
// title line that opens one (signHeadRe) to the next Markdown heading that
// does not, or the end of the text.
func signatureRegions(text string) []span {
	var out []span
	open := -1
	forEachLine(text, func(l line) {
		s := strings.TrimSpace(text[l.start:l.end])
		if s == "" {
			return
		}
		lvl, off := headingLevel(s)
		title := strings.Trim(s[off:], "*_ \t:")
		isHead := lvl > 0 || strings.HasPrefix(s, "**") && strings.HasSuffix(strings.TrimRight(s, ":"), "**") ||
			len(title) < 60 && strings.ToUpper(title) == title && strings.ToLower(title) != title
		switch {
		case isHead && signHeadRe.MatchString(title):
			if open < 0 {
				open = l.start
			}
		case lvl > 0 && open >= 0:
			out = append(out, span{open, l.start})
			open = -1
		}
	})
	if open >= 0 {
		out = append(out, span{open, len(text)})
	}
	return out
}

// maxSignLine bounds how far signatureBlank reads a blank's line.
const maxSignLine = 240

// signatureBlank reports whether the underscore run text[s:e] is a place
// to sign or date by hand rather than a value left blank: a blank before a
// unit ("___ days", "__ hours") never is; otherwise it is one when its
// line starts like a signing or dating line (signLeadRe), when its line
// holds nothing but blanks, or when it lies in a signature block (regions,
// from signatureRegions).
func signatureBlank(text string, s, e int, regions []span) bool {
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
	if dayOfMonthRe.MatchString(text[e:min(len(text), e+40)]) {
		return true // "____ March 2026", "___ day of May": dated on execution
	}
	lead := strings.TrimLeft(text[ls:min(s, ls+maxLabelPrefix+40)], " \t-*>|_#")
	if lineStart && signLeadRe.MatchString(lead) {
		return true
	}
	return inSpans(regions, s, e)
}
