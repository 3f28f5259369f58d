package structure

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Execution. A contract that creates or changes obligations on its own (an
// agreement, an amendment, a supplement, a deed, a repayment arrangement)
// is signed, so its text carries an execution block: a place for each
// party to sign. A text that restates another instrument (a conformed copy,
// a consolidated or plain-language version, a translation for convenience),
// forms part of one (a schedule, an exhibit) or sets out standard terms
// accepted another way (terms of sale) is not signed itself. The need is
// read from the text's own grammar — its title and what it calls itself
// ("This Supplement", "this arrangement") — and from the task's evidence,
// never from a list of documents.

// executionNeed says how strongly a contract without an execution block
// needs one.
type executionNeed int

const (
	// executionUnknown: nothing shows the text is signed itself.
	executionUnknown executionNeed = iota
	// executionInstrument: the text is an operative instrument, or its
	// evidence is signed; it should keep an execution block.
	executionInstrument
	// executionDeclared: the text itself says it is signed ("IN WITNESS
	// WHEREOF", "Executed as a deed", "By signing below") yet gives no
	// place to sign.
	executionDeclared
)

var (
	// instrumentRe matches a noun naming an operative instrument.
	instrumentRe = regexp.MustCompile(`(?i)\b(?:agreement|contract|deed|amendment|supplement|variation|addendum|arrangement|licen[cs]e|lease|order\s+form|statement\s+of\s+work|side\s+letter|letter\s+of\s+(?:agreement|engagement)|memorandum\s+of\s+understanding|settlement|novation|assignment|undertaking|guarantee)\b`)
	// selfInstrumentRe matches the text calling itself an instrument:
	// "This Agreement", "this deed", "THIS SUPPLEMENT".
	selfInstrumentRe = regexp.MustCompile(`\b(?:[Tt]his|THIS)[ \t]+(?:[A-Z][\w-]*[ \t]+){0,3}?(?i:agreement|contract|deed|amendment|supplement|variation|addendum|arrangement|licen[cs]e|lease|order\s+form|statement\s+of\s+work|side\s+letter|settlement|novation|undertaking|guarantee)\b`)
	// restatementRe matches what makes a text a restatement of an
	// instrument signed elsewhere, in its title or opening.
	restatementRe = regexp.MustCompile(`(?i)\b(?:conformed|consolidated|consolidation|plain[- ](?:english|language)|easy[- ]read|translation|courtesy|for\s+convenience|convenience\s+copy|reading\s+copy|for\s+information|information\s+only|unofficial|compiled|explainer|key\s+facts)\b`)
	// restatementTitleRe matches a title that names a summary or a form of
	// an instrument rather than the instrument: "Summary of the Lease",
	// "Term Sheet", "Specimen Agreement". (In an opening these words are
	// often the instrument's own recitals: "replaces the term sheet".)
	restatementTitleRe = regexp.MustCompile(`(?i)\b(?:summary|term\s+sheet|heads\s+of\s+terms|specimen|sample|template|precedent)\b`)
	// partTitleRe matches the title of a part of another instrument.
	partTitleRe = regexp.MustCompile(`(?i)^(?:schedule|exhibit|annex|annexure|appendix|attachment|rider)\b`)
	// partOfRe matches a text saying it forms part of another instrument.
	partOfRe = regexp.MustCompile(`(?i)\b(?:forms?|is|are)\s+(?:a\s+|an\s+)?(?:integral\s+)?part\s+of\s+(?:the|that|this)\b|\bincorporated\s+(?:in|into)\s+(?:the|that)\b`)
	// termsTitleRe matches standard terms and policies, accepted without
	// a signature: "Terms of Sale", "General Terms and Conditions",
	// "Privacy Policy".
	termsTitleRe = regexp.MustCompile(`(?i)\b(?:terms|conditions|policy|notice|handbook|code\s+of\s+conduct|rules)\b`)
	// signingPlaceRe matches a place to sign: a "By:", "Signed:",
	// "Name:" or "Signature:" label, a "Signed for X" or "for and on
	// behalf of X" line, a run of blanks, or an electronic signature
	// ("/s/").
	signingPlaceRe = regexp.MustCompile(`(?im)^[ \t>*_|-]*(?:by|signed|signature|signatory|name)(?:\*\*|__)?[ \t]*:|^[ \t>*_|-]*(?:signed|executed)[ \t]+(?:by|for)\b|\bfor\s+and\s+on\s+behalf\s+of\b|_{4,}|\.{8,}|/s/`)
	// signLabelLineRe matches a line where a party signs: a signing label
	// followed by blanks ("Signed: ________ (Teuila Fonoti)").
	signLabelLineRe = regexp.MustCompile(`(?im)^[ \t>*_|-]*(?:by|signed|signature|executed)\b[^\n]{0,80}?_{3,}`)
)

// minPartyLines is how many party lines make an execution block: a
// contract binds two parties at least.
const minPartyLines = 2

// partyLines counts the parties a signatures section names as signing,
// one per line or per column of a line: a label, a colon, then a name ("Member: Sofia Lindqvist —
// signed 3 February 2025", "For PulseWorks: Callum Reid, Club Manager"),
// or a name, its signatory and the date the party signed, set apart by
// dashes or commas ("Lotus Bit Games, Inc. — Linh Tran, COO — 19 May
// 2025").
func partyLines(section string) int {
	n := 0
	doctext.ForEachLine(section, func(l doctext.Line) {
		// Parties side by side on one line, set apart by a run of blanks
		// ("Seller: Gunnar Eriksson        Buyer: Per Nystrom"), are one
		// party each.
		for _, col := range strings.Split(section[l.Start:l.End], "   ") {
			s := strings.Trim(strings.TrimSpace(col), "*_>|- \t")
			label, rest, ok := strings.Cut(s, ":")
			rest = strings.TrimLeft(rest, "*_ \t")
			if ok && label != "" && len(label) <= 80 && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' || datedSignatory(s) ||
				len(s) <= 80 && strings.HasPrefix(strings.ToLower(s), "for ") && doctext.ForPartyRe.MatchString(s) {
				n++ // "For the Agency" over the signatory's name
			}
		}
	})
	return n
}

// maxSignatoryLine bounds a line that records one party's signing.
const maxSignatoryLine = 160

// datedSignatory reports whether line s records a party's signing by
// name and date: it opens with a capital, sets its parts apart with a
// dash or a comma, and holds a date.
func datedSignatory(s string) bool {
	if len(s) > maxSignatoryLine || s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	if !strings.Contains(s, " — ") && !strings.Contains(s, " – ") && !strings.Contains(s, ", ") {
		return false
	}
	return len(doctext.ScanDates(s, doctext.WordSpans(s))) > 0
}

// openingBytes bounds the opening read for what a text says it is.
const openingBytes = 1200

// needsExecution reports how strongly doc, a contract with no execution
// block, needs one (see executionNeed).
func needsExecution(doc check.Document) executionNeed {
	text := doc.Text
	if doctext.ExecutionClauseRe.MatchString(text) {
		return executionDeclared
	}
	title := doctext.TitleLine(text)
	opening := text[:min(len(text), openingBytes)]
	partOf := partOfRe.MatchString(opening) && !doctext.AmendingRe.MatchString(title) // an amendment "forms part of" what it amends, and is signed
	if partTitleRe.MatchString(title) || restatementTitleRe.MatchString(title) || restatementRe.MatchString(opening) || partOf ||
		termsTitleRe.MatchString(title) && !instrumentRe.MatchString(title) {
		return executionUnknown
	}
	if instrumentRe.MatchString(title) || selfInstrumentRe.MatchString(opening) {
		return executionInstrument
	}
	for _, e := range doc.Evidence {
		if hasExecutionBlock(e.Content) {
			return executionInstrument // what it was drafted from is signed
		}
	}
	return executionUnknown
}

// hasExecutionBlock reports whether text has an execution block with a
// place to sign.
func hasExecutionBlock(text string) bool {
	if text == "" {
		return false
	}
	s, e := executionBlock(text, doctext.WordSpans(text))
	return s >= 0 && e > s
}

// executionBlock returns the byte range of text's execution block (ws are
// its words), or -1, -1: the signature block (signatureBlock: from "IN
// WITNESS WHEREOF" or the lines above the first "By:"), else the last
// section headed as one ("Signatures", "Execution", "Signed by the
// parties"), provided it holds a place to sign (signingPlaceRe), else from
// the paragraph before the first signing line (signLabelLineRe) to the end.
// A witness clause with nowhere to sign is not a block.
func executionBlock(text string, ws []doctext.Span) (int, int) {
	start, end := signatureBlock(text, ws)
	if start >= 0 && signingPlaceRe.MatchString(text[start:end]) {
		return start, end
	}
	if rs := doctext.SignatureRegions(text); len(rs) > 0 {
		r := rs[len(rs)-1]
		// A place to sign, or the record of the signing itself: under a
		// heading that names the signatures, a line per party ("For
		// Wellspring Trust: Helen Marsh, Grants Director — 14 April 2025").
		if signingPlaceRe.MatchString(text[r.Start:r.End]) || partyLines(text[r.Start:r.End]) >= minPartyLines {
			return r.Start, r.End
		}
	}
	if loc := doctext.SignedForLineRe.FindAllStringIndex(text, minPartyLines); len(loc) >= minPartyLines {
		// A signed copy with no heading: "Signed for Lee Valley Care Homes
		// DAC: Dr Ciarán O'Mahony, Director", one line per party.
		return loc[0][0], len(text)
	}
	if at := partyBlanks(text); at >= 0 {
		return at, len(text) // "Employer: ______   Employee: ______"
	}
	if loc := signLabelLineRe.FindStringIndex(text); loc != nil {
		// Signing lines with no heading of their own: the block runs from
		// the paragraph before the first of them to the end.
		start := loc[0]
		if p := strings.LastIndex(text[:start], "\n\n"); p >= 0 {
			start = p + 2
		}
		return start, len(text)
	}
	return -1, -1
}

// tailLines is how many non-blank lines at the end of a text are read for
// the parties' blanks to sign on.
const tailLines = 8

// partyBlanks returns where the parties' blanks to sign on start at the
// end of text, or -1: two labelled blanks or more ("For the TES:
// ________", "Employer: ____  Employee: ____") with different labels
// among its last lines, one per party. Labelled blanks higher up are a
// form's fields, not its signing.
func partyBlanks(text string) int {
	labels := map[string]bool{}
	first := -1
	for n, at := 0, len(text); n < tailLines; n++ {
		start, end := doctext.LineAbove(text, at, at)
		if start < 0 {
			break
		}
		at = start
		for _, m := range labelledBlankRe.FindAllStringSubmatch(text[start:end], -1) {
			labels[strings.ToLower(strings.TrimSpace(m[1]))] = true
			first = start
		}
	}
	if len(labels) < minPartyLines {
		return -1
	}
	return first
}

// labelledBlankRe matches a labelled blank to sign on: a short label
// that opens with a capital, a colon, perhaps the signatory's name, and a
// run of underscores or dots ("For the Company: Ivana Petrić, charter
// manager ............").
var labelledBlankRe = regexp.MustCompile(`(?:^|[ \t>*|])([A-Z][^\n:_]{0,40}):[^\n_.:]{0,60}?(?:\*\*)?(?:_{4,}|\.{6,})`)

// closingBytes bounds the closing of a text read for signing lines.
const closingBytes = 4096

// closingSignWords are the first words of the lines a text is signed
// under, whatever their layout: "Signed for …", "SIGNATURES", "Executed
// at …", "Witnessed by …".
var closingSignWords = map[string]bool{
	"sign": true, "signed": true, "signing": true, "signature": true, "signatures": true, "signatory": true,
	"executed": true, "witnessed": true,
}

// signingTrace is what the closing of a text with no recognised execution
// block shows of one: a line that opens with a signing word (lines), and
// a place to sign — a signing label or a run of blanks (signingPlaceRe),
// or a party's "For <Party>" label (places).
type signingTrace struct{ lines, places bool }

// closingSigning reads the closing quarter of text (at most closingBytes,
// at least minClosingBytes) for a signingTrace. A text whose closing has
// one is most likely signed in a layout the execution reader does not
// know, so the absence of its block is not verified.
func closingSigning(text string) signingTrace {
	from := len(text) - min(len(text), max(minClosingBytes, min(closingBytes, len(text)/4)))
	for from > 0 && from < len(text) && text[from-1] != '\n' {
		from++
	}
	var tr signingTrace
	doctext.ForEachLine(text[from:], func(l doctext.Line) {
		s := strings.TrimLeft(text[from+l.Start:from+l.End], " \t>*_|#-")
		if s == "" {
			return
		}
		label, _, _ := strings.Cut(s, ":")
		if signingPlaceRe.MatchString(s) || len(label) <= 80 && doctext.ForPartyRe.MatchString(strings.TrimRight(label, "*_ \t")) {
			tr.places = true
		}
		w := s
		if i := strings.IndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }); i >= 0 {
			w = s[:i]
		}
		tr.lines = tr.lines || closingSignWords[strings.ToLower(w)]
	})
	return tr
}

// minClosingBytes is the least closing read: a short text's last quarter
// may be a line or two.
const minClosingBytes = 400
