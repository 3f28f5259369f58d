package quote

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// Which quotations the check verifies. Not every quoted passage claims to
// be the source's words: a defined term, an example for the reader to say,
// drafted replacement text or a report's quotation of a prompt is not, and
// verifying it would call good text fabricated.

// quotationsToVerify returns the inner spans of doc's quotations (outside
// code) that claim to be a source's words and are long enough to verify.
// A review memo or redline (or a document of no kind) quotes the source
// under review, so every such quotation is verified; a contract quotes
// defined phrases and the instrument it amends, a red-team report, a reply
// or consumer text quotes prompts, tool output, customers and titles:
// there only what is introduced as a document's words ("the policy says
// "..."") is verified.
func (c *quoteCheck) quotationsToVerify(doc check.Document) []doctext.Span {
	text := doc.Text
	verifyAll := doc.Kind == "" || doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedline
	a := doctext.AnalysisOf(doc)
	draftedAt := a.DraftedQuotes()
	var quoted []doctext.Span
	for i, s := range a.QuotesOutsideCode() {
		drafted := draftedAt[i]
		in := innerQuote(text, s)
		long := in.End > in.Start && doctext.WordCount(text, in.Start, in.End) >= c.minWords
		block := text[s.Start] == '>'
		if !long && !block {
			continue // too short to verify, and no block quote to follow
		}
		if exampleQuote(text, s.Start) {
			continue // an example for the reader to say or write, not a quotation
		}
		if !verifyAll && !introducedAsSource(text, s.Start) && !attributedToPart(text, s.Start) && !(doc.Kind == evaluator.KindRedTeamReport && doctext.IntroducedAsRecorded(text, s.Start) && doctext.RecordEvidence(doc)) && !doctext.AmendedWords(text, s.End) {
			continue // a report's or reply's quotation of a prompt, a title, a customer
		}
		if drafted || !long {
			continue // drafted: new language the reviewer proposes, not a quotation of the source
		}
		if block && doctext.CommentLineRe.MatchString(text[in.Start:in.End]) {
			continue // "> **Comment [PC1]:** ...": the reviewer's note, not the source
		}
		if c.anchorShort && verifyAll && !block && doctext.WordCount(text, in.Start, in.End) < doctext.MinReplacementWords && !sourceAnchored(text, s.Start) && !sourceAnchoredAfter(text, s.End) {
			continue // a few quoted words with nothing tying them to the source (a statute's "as soon as feasible")
		}
		quoted = append(quoted, in)
	}
	return quoted
}

// addRedlineSource adds to quoted, in document order, what a redline
// sets out as the source's own wording, which is verified like a
// quotation: each passage that sets out the source's text (a marked-up
// clause, a "−" line, the other side's draft column), unmarked, and its
// struck text ("[deleted: ...]", "~~...~~") outside those passages. It
// returns the passages too, whose insertions are elided when verified.
func (c *quoteCheck) addRedlineSource(text string, quoted []doctext.Span) (all, segs []doctext.Span) {
	segs = doctext.RedlineSourceSegments(text)
	for _, sg := range segs {
		if !doctext.InSpans(quoted, sg.Start, sg.Start+1) && doctext.WordCount(UnmarkRedline(text[sg.Start:sg.End]), 0, len(UnmarkRedline(text[sg.Start:sg.End]))) >= doctext.MinSourceSegmentWords {
			quoted = append(quoted, sg)
		}
	}
	for _, m := range doctext.DeletedRe.FindAllStringSubmatchIndex(text, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 && doctext.WordCount(text, m[g], m[g+1]) >= c.minWords && !doctext.InSpans(segs, m[g], m[g+1]) {
				quoted = append(quoted, doctext.Span{Start: m[g], End: m[g+1]})
			}
		}
	}
	doctext.SortSpans(quoted)
	return quoted, segs
}

// innerQuote narrows a quoted span to its content: without the quote marks,
// or the leading '>' of a block-quote line, and without surrounding space.
func innerQuote(text string, s doctext.Span) doctext.Span {
	t := text[s.Start:s.End]
	start, end := s.Start, s.End
	switch {
	case strings.HasPrefix(t, "“") && strings.HasSuffix(t, "”") && len(t) >= 6:
		start, end = start+len("“"), end-len("”")
	case strings.HasPrefix(t, `"`) && strings.HasSuffix(t, `"`) && len(t) >= 2:
		start, end = start+1, end-1
	case strings.HasPrefix(t, ">"):
		start++
	}
	for start < end && (text[start] == ' ' || text[start] == '\t') {
		start++
	}
	for end > start && (text[end-1] == ' ' || text[end-1] == '\t' || text[end-1] == '\r') {
		end--
	}
	return doctext.Span{Start: start, End: end}
}

// exampleIntroRe matches the words right before a quotation that make it
// an example of what someone may say or write ("a message like "..."",
// "for example "..."", "write "..." in the subject line").
var exampleIntroRe = regexp.MustCompile(`(?i)\b(?:like|such\s+as|for\s+example|for\s+instance|e\.g\.,?|say(?:ing)?|write|writing|type|typing|ask(?:ing)?\s+for|reply(?:ing)?|respond(?:ing)?\s+with|use\s+the\s+words|subject(?:\s+line)?|mark(?:ed)?|label(?:led)?|headed|titled|called)[ \t]*:?[ \t]*$`)

// exampleQuote reports whether the quotation at start is introduced as an
// example by the words just before it on its line.
func exampleQuote(text string, start int) bool {
	from := max(0, start-40)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	return mayIntroduceExample(text[from:start]) && exampleIntroRe.MatchString(text[from:start])
}

// exampleLastWords are the last words of exampleIntroRe's phrases,
// lower-cased.
var exampleLastWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields("like as example instance say saying write writing type typing for reply replying with " +
		"words subject line mark marked label labelled headed titled called") {
		exampleLastWords[w] = true
	}
}

// mayIntroduceExample reports whether exampleIntroRe may match s: s,
// blanks and one ':' trimmed from its end, ends with '.', ',' (e.g.) or a
// run of ASCII letters that is one of exampleLastWords. False only when
// the expression cannot match; it spares the expression, tried from every
// byte, nearly every quotation.
func mayIntroduceExample(s string) bool {
	if strings.Contains(s, "ſ") || strings.Contains(s, "\u212a") {
		return true // (?i) folds them to s and k
	}
	s = strings.TrimRight(s, " \t")
	s = strings.TrimRight(strings.TrimSuffix(s, ":"), " \t")
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, ",") {
		return true
	}
	i := len(s)
	for i > 0 && (s[i-1]|0x20 >= 'a' && s[i-1]|0x20 <= 'z') {
		i--
	}
	if len(s)-i > 10 {
		return false
	}
	var buf [10]byte
	for k := i; k < len(s); k++ {
		buf[k-i] = s[k] | 0x20
	}
	return exampleLastWords[string(buf[:len(s)-i])]
}

// sourceQuoteIntroRe matches the words before a quotation that present it
// as a document's own words: "the policy says", "clause 4 reads", "our
// terms state:", "its wording is". (A speaker's "said" or "replied" in a
// transcript is not a document's.)
var sourceQuoteIntroRe = regexp.MustCompile(`(?i)\b(?:says?|states?|stated|reads?|provides?|specifies|sets?\s+out|(?:the|its|our|their)\s+(?:exact\s+)?(?:wording|words))\b[^.!?\n]{0,30}[:,]?[ \t]*$`)

// introducedAsSource reports whether the quotation at start is introduced
// as the words of a document (sourceQuoteIntroRe on its line, just before).
func introducedAsSource(text string, start int) bool {
	from := max(0, start-80)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	last := doctext.LastSentence(text[from:start])
	return sourceQuoteIntroRe.MatchString(text[from:start]) || docPutsRe.MatchString(last) || docSaysRe.MatchString(text[from:start])
}

// docSaysRe matches a sentence that names a document, or a part of one,
// and then says that it speaks, right before the quotation: "Our policy is
// clear on this point:", "Annex A, A.1 requires that", "In point 2 of the
// notice this is called a reason".
var docSaysRe = regexp.MustCompile(`(?i)\b(?:policy|terms|conditions|contract|agreement|notice|annex|appendix|schedule|clause|section|rules?)\b[^!?\n"“]{0,40}?\b(?:is\s+clear|says|states|reads|provides|requires|sets\s+out|(?:this\s+)?is\s+called)(?:\s+on\s+this(?:\s+point)?|\s+that|\s+(?:a|an|the)(?:\s+[a-z]+)?)?\s*[:,]?\s*$`)

// docPutsRe matches a sentence that attributes what follows to a named
// document in other words than sourceQuoteIntroRe's: "the letter puts it
// this way:", "as the notice words it,", "our policy tells you".
var docPutsRe = regexp.MustCompile(`(?i)\b(?:the|our|your|its|their|this|that)\s+(?:[\w-]+\s+){0,2}(?:letter|notice|policy|prompt|contract|agreement|terms|conditions|email|document|guidance|leaflet|rules|instructions|brief|specification|spec|statement|licen[cs]e|lease|notice|handbook|clause|section|report|order|judgment|act|regulations?)\s+(?:puts|put|words|worded|phrases|phrased|calls|called|describes|described|tells\s+you|explains|warns|promises|requires)\b[^.!?\n]{0,30}$`)

// quotedPartRe matches a numbered part of a document named right before a
// quotation: `despite rule 5, "..."`, `clause 4.2: "..."`, `(section 3) "..."`.
var quotedPartRe = regexp.MustCompile(`(?i)\b(?:rules?|clauses?|sections?|paragraphs?|articles?|conditions?|instructions?|principles?|guidelines?)\s+(?:\d{1,3}[a-z]?(?:\.\d{1,3})*|[a-z])(?:\([a-z0-9]{1,4}\))?\)?\s*(?:[,:–—-]|reads|says|states|provides)?\s*$`)

// attributedToPart reports whether the quotation at start follows, on its
// line, the number of the rule, clause or section it quotes: a quotation
// so attributed claims to be that part's words and is verified in every
// kind.
func attributedToPart(text string, start int) bool {
	from := max(0, start-40)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	return quotedPartRe.MatchString(text[from:start])
}

// sourceAnchored reports whether the sentence holding the quotation at
// start (back to its line start or the previous sentence end) ties it to
// the source.
func sourceAnchored(text string, start int) bool {
	from := max(0, start-200)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	return doctext.SourceAnchorRe.MatchString(doctext.LastSentence(text[from:start]))
}

// sourceAnchoredAfter reports whether the rest of the sentence after a
// quotation ending at end ties it to the source: `"potential
// co-investors" can receive everything (section 3)`.
func sourceAnchoredAfter(text string, end int) bool {
	// SentenceEnd stops at the line break, so the rest never runs past it.
	rest := text[end:doctext.SentenceEnd(text, end, min(len(text), end+160))]
	return doctext.SourceAnchorRe.MatchString(rest)
}
