package text

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// Drafted language is introduced by what governs it, not only by a
// "Proposed text:" label: a drafting verb right before the quotation
// ("Delete the words "…" and substitute "…"", "the amount "…" is replaced
// by "…"", "revise clause 3.1 to read "…"").

// DraftLeadRe matches the end of the words between a quotation and what
// precedes it on its line (the line start or the previous quotation) when
// they make it drafted text: an imperative drafting verb whose object is
// the quotation ("substitute", "insert", "add", "add at the end"), a change verb with its
// preposition ("replaced by", "change … to"), or "to read"/"becomes".
var DraftLeadRe = regexp.MustCompile(`(?i)(?:\b(?:substitut(?:e|ing)|insert(?:ing)?|add(?:ing)?|append(?:ing)?|prepend(?:ing)?)|\b(?:insert|add|append)(?:ing)?\s+(?:at\s+the\s+(?:end|beginning|start)(?:\s+of\s+(?:the\s+|this\s+|that\s+)?(?:clause|sentence|paragraph|section|article|item))?|the\s+following(?:\s+(?:words?|text|sentence))?)|\b(?:replac|chang|amend|revis|updat|convert|turn)(?:e|ed|es|ing)?\b[^"“”\n]{0,40}?\b(?:with|by|to|into)|\b(?:to|shall|should|would|will|must|now|then|it)\s+(?:now\s+)?read(?:s)?(?:\s+as\s+follows)?|\breads?\s+as\s+follows|\bbecomes?|\bwith\s+the\s+(?:words?|following|text))[\s:,*_]*$`)

// DraftedByLead reports whether the quotation starting at start is drafted
// text by the words that lead to it from from (the end of the previous
// quotation on its line, or the line start): draftLeadRe on at most the
// last 120 bytes.
func DraftedByLead(text string, from, start int) bool {
	from = max(from, start-120)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	lead := text[from:start]
	if strings.TrimSpace(lead) == "" {
		return false
	}
	return LastWordIn(lead, " \t\n\f\r:,*_", DraftLeadLast) && DraftLeadRe.MatchString(lead)
}

// draftTracker tells, for each quotation of a text in document order,
// whether it is drafted language: introduced by a marker on its line or
// the line above, or standing in a drafted-language table column
// (introducesDraft, with a block quote's continuation lines sharing the
// verdict of its first), or led to by a drafting verb (draftedByLead).
type draftTracker struct {
	text    string
	block   bool // the verdict of the last block quote, for its continuation lines
	prevEnd int
	scanned int // the text before it has been read for line breaks
	nl      int // the last line break before scanned, or -1
}

func newDraftTracker(text string) *draftTracker {
	return &draftTracker{text: text, nl: -1}
}

// drafted must be called for every quotation span (as quotedSpans returns
// them) in document order.
func (d *draftTracker) drafted(s Span) bool {
	text := d.text
	from := d.prevEnd
	d.prevEnd = s.End
	if s.Start >= d.scanned {
		if i := strings.LastIndexByte(text[d.scanned:s.Start], '\n'); i >= 0 {
			d.nl = d.scanned + i
		}
		d.scanned = s.Start
	} else { // out of order: read back as IntroducesDraft does
		rowFrom := max(0, s.Start-maxRowReach)
		d.scanned, d.nl = s.Start, rowFrom+strings.LastIndexByte(text[rowFrom:s.Start], '\n')
	}
	switch introducesDraft(text, s.Start, d.nl) {
	case IsDraft:
		d.block = true
		return true
	case ContinuesQuote:
		return d.block
	}
	d.block = false
	if text[s.Start] != '>' && DraftedByLead(text, from, s.Start) {
		return true // "substitute "…"", "is replaced by "…"": the new words
	}
	return false
}

// SourceQuotes returns the code and the quotations of text that are not
// drafted language (draftTracker), sorted and without overlaps: the
// passages whose references are the source's own, not the deliverable's.
//
// The result may share the analysis's own spans: callers must not modify it.
func SourceQuotes(a *analysis) []Span {
	drafted, outside := a.DraftedQuotes(), a.QuotesOutsideCode()
	n := 0
	for _, d := range drafted {
		if !d {
			n++
		}
	}
	if n == len(outside) {
		return unionSpans(a.Code(), outside) // none drafted: no copy of a long text's quotations
	}
	var qs []Span
	if n > 0 {
		qs = make([]Span, 0, n)
	}
	for i, q := range outside {
		if !drafted[i] {
			qs = append(qs, q)
		}
	}
	return unionSpans(a.Code(), qs)
}

// recordedIntroRe matches the words before a quotation that present it as
// what a system under test or its input recorded: "The agent replied:",
// "Pip replied", "began its reply with", "replied with the band", "text
// reading", "stating that Councillor X", "the prompt still contains", "an
// HTML comment in README.md (".
var recordedIntroRe = regexp.MustCompile(`(?i)\b(?:(?:replie[ds]|reply\s+with|answered|responded|returned|output(?:s|ted)?|wrote|writes|stating|reading|contain(?:s|ed|ing)?|includ(?:es|ed|ing))\b[^.!?"“\n]{0,40}?[:,]?|(?:comment|text|message|prompt|instruction|payload|string|email|response)s?\b(?:[^.!?"“()\n]|\.\S){0,30}\()[ \t]*$`)

// IntroducedAsRecorded reports whether the quotation at start is introduced
// as recorded words (recordedIntroRe on its line, just before): a
// red-team report's quotation of the output or input it tested, which its
// evidence (the logs) must hold.
func IntroducedAsRecorded(text string, start int) bool {
	from := max(0, start-80)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	return recordedIntroRe.MatchString(text[from:start])
}

// recordKindRe matches an evidence kind that records what was tested and
// seen ("test_log", "session notes", "transcript"), as opposed to a scope,
// a policy or a contract.
var recordKindRe = regexp.MustCompile(`(?i)log|note|transcript|record|result|capture|trace|output`)

// RecordEvidence reports whether the quotations a document checks are
// checked against a record of the testing: the evidence that is the
// source (or, without a source, any evidence) has a record kind. A report
// whose only evidence is its scope is itself the first record of what the
// system said.
func RecordEvidence(doc check.Document) bool {
	for _, e := range doc.Evidence {
		if doc.SourceText != "" && e.Content != doc.SourceText {
			continue
		}
		if recordKindRe.MatchString(e.Metadata[evaluator.EvidenceKindKey]) {
			return true
		}
	}
	return false
}

// amendedAfterRe matches what follows the words an amendment changes: the
// amount "EUR 5,000,000" "is replaced by", the words "…" "are deleted".
var amendedAfterRe = regexp.MustCompile(`(?i)^[ \t]*,?[ \t]*(?:is|are|shall\s+be|will\s+be)\s+(?:hereby\s+)?(?:replaced|deleted|omitted|struck(?:\s+out)?|removed|amended|substituted|changed)\b`)

// AmendedWords reports whether the quotation ending at end is the words an
// amendment replaces or deletes, which the amended instrument must hold.
func AmendedWords(text string, end int) bool {
	return amendedAfterRe.MatchString(text[end:min(len(text), end+60)])
}
