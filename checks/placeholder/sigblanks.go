package placeholder

import (
	"regexp"
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
	if lineStart && lineEnd && signingRow(text[ls:le]) {
		return true // "Employer: ______   Employee: ______": a row of parties to sign
	}
	if doctext.DayOfMonthRe.MatchString(text[e:min(len(text), e+40)]) {
		return true // "____ March 2026", "___ day of May": dated on execution
	}
	lead := strings.TrimLeft(text[ls:min(s, ls+maxLabelPrefix+40)], " \t-*>|_#")
	if lineStart && doctext.SignLeadRe.MatchString(lead) {
		return true
	}
	if lineStart && underSignedFor(text, ls) {
		return true
	}
	return doctext.InSpans(regions, s, e)
}

// underSignedFor reports whether the last non-blank line before the line
// at ls opens a party's signing ("**SIGNED** for and on behalf of X"),
// whose name and blank to sign on follow it ("Name: R. Deshpande, CFO
// ______").
func underSignedFor(text string, ls int) bool {
	s, e := doctext.LineAbove(text, ls, maxSignLine)
	return s >= 0 && doctext.SignedForLineRe.MatchString(text[s:e])
}

// ruleLine reports whether the underscores text[s:e] are all their line
// holds (a Markdown horizontal rule).
func ruleLine(text string, s, e int) bool {
	// A rule is a short line: look a bounded distance either way, so that a
	// long line of underscores costs linear work.
	lo := max(0, s-8)
	ls := strings.LastIndexByte(text[lo:s], '\n') + 1 + lo
	if ls == lo && lo > 0 {
		return false
	}
	hi := min(len(text), e+8)
	le := strings.IndexByte(text[e:hi], '\n')
	if le < 0 && hi < len(text) {
		return false
	}
	if le < 0 {
		le = hi
	} else {
		le += e
	}
	return strings.TrimSpace(text[ls:s]) == "" && strings.TrimSpace(text[e:le]) == ""
}

// afterSignatureLabel reports whether the underscores at i follow a
// signature label ("By:") that starts their line.
func (c *placeholderCheck) afterSignatureLabel(text string, i int) bool {
	// Labels sit at the start of a short line prefix: look back a bounded
	// distance so that a long line costs constant work per run.
	lo := max(0, i-maxLabelPrefix)
	ls := strings.LastIndexByte(text[lo:i], '\n') + 1 + lo
	lineStartSeen := !(ls == lo && lo > 0) // else the line starts further back than any label prefix
	if far := strings.LastIndexByte(text[max(0, i-160):i], '\n') + 1 + max(0, i-160); far > 0 || i < 160 {
		line := strings.TrimLeft(text[far:i], " \t-*>|_")
		if signingLineRe.MatchString(line) {
			return true // "**Signed for ACME LIMITED** ______"
		}
		le := strings.IndexByte(text[i:min(len(text), i+160)], '\n') // bounded: a long line of blanks stays linear
		if le < 0 {
			le = min(len(text), i+160) - i
		}
		whole := text[far : i+le]
		if strings.Trim(whole, "_ \t") == "" {
			return true // a line of signature rules only
		}
		if len(whole) < 60 && yearRe.MatchString(whole) && doctext.WordCount(whole, 0, len(whole)) <= 4 {
			return true // "Göppingen, ____________ 2026": the place and date of signing (a sentence is no place line)
		}
	}
	prefix := strings.TrimLeft(text[ls:i], " \t-*>|")
	prefix = strings.TrimLeft(prefix, "*_")
	if lineStartSeen && signingLineRe.MatchString(prefix) {
		return true // "Signed by the gardener: ____", "Date of this deed: ____ March 2026"
	}
	// "Name: ____ Title: ____ Date: ____": a label may also stand right
	// before the underscores further along the line.
	if k := strings.LastIndexByte(strings.TrimRight(prefix, " \t*_"), ':'); k >= 0 {
		head := strings.TrimRight(prefix[:k], " \t*_")
		if doctext.ForPartyRe.MatchString(head) {
			return true // "For the Customer: ______": where a party signs
		}
		for _, l := range c.sigLabels {
			if len(head) >= len(l) && strings.EqualFold(head[len(head)-len(l):], l) && (len(head) == len(l) || !doctext.IsWordByte(head[len(head)-len(l)-1])) {
				return true
			}
		}
	}
	for _, l := range c.sigLabels {
		if lineStartSeen && len(prefix) > len(l) && strings.EqualFold(prefix[:len(l)], l) {
			rest := strings.TrimLeft(prefix[len(l):], "*_ \t")
			if strings.HasPrefix(rest, ":") {
				return true
			}
		}
	}
	return false
}

// yearRe matches a year.
var yearRe = regexp.MustCompile(`\b(?:19|20)\d\d\b`)

// signingLineRe matches the start of a line where parties sign or date
// the document by hand.
var signingLineRe = regexp.MustCompile(`^(?i:signed|signature|executed|for\s+and\s+on\s+behalf|witness(?:ed)?|date(?:d)?(?:[ \t]+of[ \t]+this[ \t]+(?:deed|agreement|document))?)\b`)

// maxLabelPrefix bounds the text between a line start and the underscores
// of a signature line ("**Print Name:** ").
const maxLabelPrefix = 40

// blankUnderscores reports whether the two underscores text[s:e] stand for a
// blank ("__ days", "£__", "$__.__") rather than Markdown emphasis
// ("__bold__", "snake__case"): no word character touches them on both sides.
func blankUnderscores(text string, s, e int) bool {
	before := s > 0 && doctext.IsWordByte(text[s-1])
	after := e < len(text) && doctext.IsWordByte(text[e])
	return !before && !after
}

// signingRow reports whether line holds nothing but labelled blanks, one
// or more: "Employer: ______   Employee: ______", "Tenant: ________". A
// value left blank stands in a sentence; a party's place to sign stands
// alone with its label.
func signingRow(line string) bool {
	n := 0
	for rest := strings.TrimSpace(line); rest != ""; n++ {
		label, after, ok := strings.Cut(rest, ":")
		if !ok || label == "" || len(strings.Fields(label)) > 3 || strings.ContainsAny(label, "_.,;()0123456789") {
			return false
		}
		after = strings.TrimLeft(after, " \t")
		k := 0
		for k < len(after) && after[k] == '_' {
			k++
		}
		if k < 3 {
			return false
		}
		rest = strings.TrimSpace(after[k:])
	}
	return n > 0
}
