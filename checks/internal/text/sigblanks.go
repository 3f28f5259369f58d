package text

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
	// SignLeadRe matches the start of a line where a party signs or dates
	// by hand: "Signed for X", "Executed by X", "Witnessed by", "Date of
	// this deed", "Dated", "For and on behalf of X", "By the Supplier",
	// "Acknowledged by the Principal Investigator".
	SignLeadRe = regexp.MustCompile(`^(?i:signed|signature|executed|witness(?:ed)?|sworn|dated?|place\s+and\s+date|place,\s+date|(?:acknowledged|accepted|agreed|received)(?:\s+and\s+(?:agreed|accepted))?\s+by)\b|^(?:[Ff]or|FOR)(?:\s+and\s+on\s+behalf\s+of)?\s+(?:the\s+)?[A-Z]|^(?:[Bb]y|BY)\s+(?:the\s+)?[A-Z]`)
	// DayOfMonthRe matches what follows a blank day of an execution date:
	// a month name, or "day of" and one ("____ March 2026", "__ day of
	// June").
	DayOfMonthRe = regexp.MustCompile(`^[ \t]*(?:(?:st|nd|rd|th)[ \t]+)?(?:day[ \t]+of[ \t]+)?(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b`)
	// signHeadRe matches a heading or title line that opens a signature
	// block: "Signatures", "Execution", "EXECUTED AS A DEED", "In witness
	// whereof", "Signed by the parties", "Agreed and accepted".
	signHeadRe = regexp.MustCompile(`(?i)^(?:signatures?|signed|execution(?:\s+page|\s+block)?|executed\b|in\s+witness|agreed\s+and\s+accepted|accepted\s+and\s+agreed|attestation|signing\s+page|unterschriften)`)
	// ExecutionClauseRe matches a sentence by which a text says it is
	// signed: the testimonium ("IN WITNESS WHEREOF the Parties have
	// signed"), "executed as a deed", "by signing below", "the parties
	// sign this Amendment in two counterparts", "Done at Brussels on 20
	// November 2026 in two originals", "SIGNED at Bloemfontein on 24
	// June 2025", "Signed in two copies", "Signed electronically by both
	// parties". What follows it, to the end of the
	// text, is the signature block.
	ExecutionClauseRe = regexp.MustCompile(`(?i)\b(?:in\s+witness\s+whereof|executed\s+(?:and\s+delivered\s+)?as\s+a\s+deed|signed\s+as\s+a\s+deed|by\s+signing\s+(?:below|this|here)|sign(?:ed)?\s+below|signature\s+page\s+follows|signed\s+(?:electronically|digitally)|(?:electronically|digitally)\s+signed|(?:parties|party)\s+(?:have\s+|hereby\s+|now\s+)?(?:signed|sign|executed|execute)\s+this|(?:done|signed|executed)\s+(?:at|in)\s+[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?,?\s+(?:on|this)|in\s+(?:two|three|duplicate|triplicate)\s+(?:originals|counterparts|(?:original\s+|identical\s+)?copies))\b`)
)

// maxExecutionLine bounds the line a testimonium is looked for in: a
// sentence, not a clause of pages.
const maxExecutionLine = 600

// SignatureRegions returns the signature blocks of text: from a heading or
// title line that opens one (signHeadRe) to the next Markdown heading that
// does not, or the end of the text.
func SignatureRegions(text string) []Span {
	var out []Span
	open := -1
	ForEachLine(text, func(l Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if s == "" {
			return
		}
		// A Markdown or bold heading, or a title in capitals in any form
		// ("SIGNATURES:", "EXECUTION").
		h, ok := LineHeading(s)
		lvl := 0
		if h.Form == AtxHeading {
			lvl = h.Level
		}
		title := strings.Trim(h.Title, "*_ \t:")
		if !ok {
			title = strings.Trim(s, "*_ \t:.")
		}
		isHead := ok && (lvl > 0 || h.Form == BoldHeading || h.Form == NumberedHeading || h.Form == LabelHeading || h.Capitals)
		switch {
		case (isHead || signingTitle(s)) && signHeadRe.MatchString(title):
			if open < 0 {
				open = l.Start
			}
		case open < 0 && !isHead && len(s) < maxExecutionLine && ExecutionClauseRe.MatchString(s):
			open = l.End // the lines after the testimonium
		case open < 0 && signingField(s):
			open = l.Start // "BLOCK 15. CONTRACTOR SIGNATURE: ______ DATE: ____"
		case lvl > 0 && open >= 0:
			out = append(out, Span{open, l.Start})
			open = -1
		}
	})
	if open >= 0 {
		out = append(out, Span{open, len(text)})
	}
	return out
}

// ForPartyRe matches a party's signing label at the end of what it is
// given: "For the Customer" (before its colon), "For and on behalf of Acme
// Ltd", a line "For the Agency" over the signatory's name.
var ForPartyRe = regexp.MustCompile(`(?:^|[ \t_])(?:[Ff]or|FOR)(?:[ \t]+and[ \t]+on[ \t]+behalf[ \t]+of)?[ \t]+(?:the[ \t]+)?[A-Z][\w&.,'-]*(?:[ \t]+[A-Z][\w&.,'-]*){0,4}$`)

// SignedForLineRe matches a line recording or opening a party's signing,
// after its list and emphasis marks: "Signed for X:", "**SIGNED** for and
// on behalf of X", "Executed by X", "Accepted for X".
var SignedForLineRe = regexp.MustCompile(`(?im)^[ \t>*_|-]*(?:signed|executed|accepted|agreed)(?:\*\*|__)?[ \t]+(?:by|for|on[ \t]+behalf[ \t]+of)\b`)

// signingField reports whether line s is a form's signing field: a label
// that names a signature, a colon, then a blank to sign on ("Tenant's
// signature: ________", "CONTRACTOR SIGNATURE: ____ DATE: ____").
func signingField(s string) bool {
	label, rest, ok := strings.Cut(s, ":")
	if !ok || len(label) > 80 || !strings.Contains(strings.ToLower(label), "signature") {
		return false
	}
	return strings.Contains(rest, "___")
}

// signingTitle reports whether s, a line of at most four words with no
// sentence punctuation, may title a signing block on its own ("Signed",
// "Signed by the parties"): signHeadRe then says whether it does.
func signingTitle(s string) bool {
	return len(strings.Fields(s)) <= 4 && !strings.ContainsAny(strings.TrimRight(s, ".:"), ".,;:")
}

// AmendingRe matches the title of an instrument that changes another
// ("Amendment No. 1 to the Installation Agreement", "Supplement",
// "Variation", "Addendum", "Side Letter", "Novation"): it is signed though
// it forms part of what it changes, and the clauses it names are mostly
// the other instrument's.
var AmendingRe = regexp.MustCompile(`(?i)\b(?:amendment|supplement|variation|addendum|side\s+letter|novation)\b`)
