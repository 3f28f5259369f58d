package checks

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/internal/quotematch"
	"github.com/evalopt/evalopt/evaluator"
)

// Rule ids of the quote verification check.
const (
	// RuleQuoteFabricated: a quotation in the candidate that the source does
	// not contain, even near-verbatim.
	RuleQuoteFabricated = "quote.fabricated"
	// RuleQuoteNearVerbatim: a quotation that differs from the source beyond
	// normalisation (words changed, dropped or added).
	RuleQuoteNearVerbatim = "quote.near_verbatim"
	// RuleQuoteUnverifiable: the candidate quotes something but there is no
	// source or evidence to check it against.
	RuleQuoteUnverifiable = "quote.unverifiable"
)

// DefaultQuoteMinWords is how many words a quoted passage needs to be
// verified; shorter ones are mostly defined terms ("the “Agreement”").
const DefaultQuoteMinWords = 4

// QuoteConfig configures NewQuoteCheck. The zero value means the
// documented defaults.
type QuoteConfig struct {
	// Threshold is the token similarity, in (0,1], at or above which a
	// quotation counts as near-verbatim; 0 means quotematch.DefaultThreshold
	// (0.85).
	Threshold float64
	// MinWords is the fewest words a quoted passage needs to be verified; 0
	// means DefaultQuoteMinWords (4), and then a quotation of fewer than
	// eight words is verified only when its sentence ties it to the source
	// (a clause number, "the Agreement", "reads"): a few quoted words with
	// no such tie may come from anywhere (a statute, a letter).
	MinWords int
	// IndexCacheBytes is the memory budget of the check's source indexes
	// (quotematch.NewIndexCache: least recently used first out); 0 means
	// quote's default, 256 MiB, about 15 MB of source text.
	IndexCacheBytes int64
}

// NewQuoteCheck returns the quote verification check. It takes every
// quoted passage of the candidate ("…", “…” or a "> " block-quote line) of
// at least MinWords words and verifies it (package quote) against
// Document.Source or, when that is empty, against each Document.Evidence
// content, keeping the best match. It reports:
//   - RuleQuoteFabricated (block) for a quotation found nowhere, or whose
//     elided segments are not all found in order;
//   - RuleQuoteNearVerbatim (warn) for one found only near-verbatim, with
//     the similarity and the source's wording (info when only punctuation
//     differs);
//   - RuleQuoteUnverifiable (info, once) when the candidate quotes passages
//     but the document has no source and no evidence.
//
// Exact and normalised quotations (case, curly quotes, dashes, white space)
// pass. The indexes of the sources seen last are kept within
// IndexCacheBytes, least recently used out first, so checking successive
// candidates against one contract indexes it once, and a task with many
// evidence items indexes each once however many there are. An invalid
// threshold, a negative MinWords or a negative IndexCacheBytes is an
// *evaluator.FieldError naming the field, matching evaluator.ErrInvalidOption.
func NewQuoteCheck(cfg QuoteConfig) (Check, error) {
	if t := cfg.Threshold; math.IsNaN(t) || t < 0 || t > 1 {
		return nil, configError("QuoteConfig.Threshold", "must be in (0,1] (0 means the default, %v), got %v", quotematch.DefaultThreshold, t)
	}
	if cfg.MinWords < 0 {
		return nil, configError("QuoteConfig.MinWords", "must be >= 0 (0 means the default, %d), got %d", DefaultQuoteMinWords, cfg.MinWords)
	}
	if cfg.IndexCacheBytes < 0 {
		return nil, configError("QuoteConfig.IndexCacheBytes", "must be >= 0 (0 means the default), got %d", cfg.IndexCacheBytes)
	}
	cache, err := quotematch.NewIndexCache(cfg.IndexCacheBytes)
	if err != nil {
		return nil, fmt.Errorf("checks: QuoteConfig.IndexCacheBytes: %w", err)
	}
	anchorShort := cfg.MinWords == 0
	if cfg.MinWords == 0 {
		cfg.MinWords = DefaultQuoteMinWords
	}
	return &quoteCheck{opts: quotematch.Config{Threshold: cfg.Threshold}, minWords: cfg.MinWords, anchorShort: anchorShort, cache: cache}, nil
}

type quoteCheck struct {
	opts        quotematch.Config
	minWords    int
	anchorShort bool                   // default MinWords: a short quotation needs a tie to the source
	cache       *quotematch.IndexCache // the sources indexed last, bounded by bytes
}

// Rule returns the rule family prefix.
func (c *quoteCheck) Rule() string { return "quote" }

// Rules lists the rule ids the check can report.
func (c *quoteCheck) Rules() []string {
	return []string{RuleQuoteFabricated, RuleQuoteNearVerbatim, RuleQuoteUnverifiable}
}

// markerReach is how far before a quotation a replacement marker may start.
const markerReach = 160

// maxRowReach is how far before a quotation its table row may start.
const maxRowReach = 4096

// draftKind says whether a quotation is drafted replacement text.
type draftKind int

const (
	notDraft       draftKind = iota
	isDraft                  // introduced by a replacement marker
	continuesQuote           // a block-quote line right below another: same verdict as that one
)

// introducesDraft reports whether the quotation starting at start is drafted
// replacement text rather than a quotation: a "Replacement text:" style
// marker (the one the recommendation checks recognise) precedes it on its
// line, or, for a "> " block quote, ends the nearest non-blank line above.
// A block-quote line whose nearest non-blank line above is another
// block-quote line continues that quote.
func introducesDraft(text string, start int) draftKind {
	// Look back at most markerReach bytes: a marker stands right before
	// its quotation, and an unbounded look-back on a long line would make
	// the check quadratic.
	from := max(0, start-markerReach)
	lineStart := from + strings.LastIndexByte(text[from:start], '\n') + 1
	prefix := text[lineStart:start]
	if c := strings.LastIndexByte(prefix, ':'); c >= 0 && strings.Trim(prefix[c+1:], " \t*_") == "" && isDraftIntro(prefix[:c]) {
		return isDraft // the cheap ':' test spares the regexps most quotations
	}
	if lastWordIn(prefix, " \t:", replaceWithLast) && replaceWithRe.MatchString(prefix) ||
		lastWordIn(prefix, " \t:", substituteLast) && substituteRe.MatchString(prefix) {
		return isDraft // replace "old" with "new": the second quotation is new text
	}
	rowFrom := max(0, start-maxRowReach) // a table row's cells run long: find its start further back
	if draftColumn(text, rowFrom+strings.LastIndexByte(text[rowFrom:start], '\n')+1, start) {
		return isDraft // a table's "Proposed" column
	}
	if lineStart == from && from > 0 || strings.TrimSpace(prefix) != "" || start >= len(text) {
		return notDraft
	}
	block := text[start] == '>'

	for end := lineStart - 1; end > 0; {
		ls := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimSpace(text[ls:end])
		switch {
		case strings.HasPrefix(line, ">") && block:
			return continuesQuote
		case line != "":
			if line = strings.TrimRight(line, "*_ \t"); strings.HasSuffix(line, ":") && isDraftIntro(strings.TrimRight(line, ":")) {
				return isDraft
			}
			return notDraft
		}
		end = ls - 1 // a blank line
	}
	return notDraft
}

// source is one text quotes may come from, with a label for messages.
type quoteSource struct {
	label string
	idx   *quotematch.Index
}

func (c *quoteCheck) sources(doc Document) []quoteSource {
	if doc.Source != "" {
		return []quoteSource{{"the source", c.cache.Index(doc.Source)}}
	}
	var out []quoteSource
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) == "" {
			continue
		}
		out = append(out, quoteSource{fmt.Sprintf("evidence %q", e.ID), c.cache.Index(e.Content)})
	}
	return out
}

// Check returns the findings for doc, in document order.
func (c *quoteCheck) Check(doc Document) []Finding {
	text := doc.Text
	var quoted []span
	// A review memo or redline quotes the source under review; a contract
	// quotes defined phrases and the instrument it amends, a red-team
	// report, a reply or consumer text quotes prompts, tool output,
	// customers and titles: there only what is introduced as a document's
	// words ("the policy says "..."") is verified.
	verifyAll := doc.Kind == "" || doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedline
	a := analysisOf(doc)
	draftedAt := a.draftedQuotes()
	var segs []span // a redline's passages that set out the source's text
	for i, s := range a.quotesOutsideCode() {
		drafted := draftedAt[i]
		in := innerQuote(text, s)
		long := in.end > in.start && wordCount(text, in.start, in.end) >= c.minWords
		block := text[s.start] == '>'
		if !long && !block {
			continue // too short to verify, and no block quote to follow
		}
		if exampleQuote(text, s.start) {
			continue // an example for the reader to say or write, not a quotation
		}
		if !verifyAll && !introducedAsSource(text, s.start) && !attributedToPart(text, s.start) && !(doc.Kind == evaluator.KindRedTeamReport && introducedAsRecorded(text, s.start) && recordEvidence(doc)) && !amendedWords(text, s.end) {
			continue // a report's or reply's quotation of a prompt, a title, a customer
		}
		if drafted || !long {
			continue // drafted: new language the reviewer proposes, not a quotation of the source
		}
		if block && commentLineRe.MatchString(text[in.start:in.end]) {
			continue // "> **Comment [PC1]:** ...": the reviewer's note, not the source
		}
		if c.anchorShort && verifyAll && !block && wordCount(text, in.start, in.end) < minReplacementWords && !sourceAnchored(text, s.start) && !sourceAnchoredAfter(text, s.end) {
			continue // a few quoted words with nothing tying them to the source (a statute's "as soon as feasible")
		}
		quoted = append(quoted, in)
	}
	// A redline's struck text ("[deleted: ...]", "~~...~~") is the source's
	// own wording and is verified like a quotation.
	if doc.Kind == evaluator.KindRedline {
		// So is each passage that sets out the source's text (a marked-up
		// clause, a "−" line, the other side's draft column), unmarked.
		segs = redlineSourceSegments(text)
		for _, sg := range segs {
			if !inSpans(quoted, sg.start, sg.start+1) && wordCount(unmarkRedline(text[sg.start:sg.end]), 0, len(unmarkRedline(text[sg.start:sg.end]))) >= minSourceSegmentWords {
				quoted = append(quoted, sg)
			}
		}
		for _, m := range deletedRe.FindAllStringSubmatchIndex(text, -1) {
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 && wordCount(text, m[g], m[g+1]) >= c.minWords && !inSpans(segs, m[g], m[g+1]) {
					quoted = append(quoted, span{m[g], m[g+1]})
				}
			}
		}
		sortSpans(quoted)
	}
	if len(quoted) == 0 {
		return nil
	}
	idx := NewLineIndex(text)
	srcs := c.sources(doc)
	if len(srcs) == 0 {
		return []Finding{{
			Rule:     RuleQuoteUnverifiable,
			Severity: SeverityInfo,
			Message:  fmt.Sprintf("%d quotation(s) cannot be verified: the document has no source and no evidence", len(quoted)),
			Location: idx.Locate(quoted[0].start, quoted[0].end, text),
		}}
	}
	var out []Finding
	for _, q := range quoted {
		passage := unmarkRedline(text[q.start:q.end])
		if inSpans(segs, q.start, q.end) {
			passage = elideInsertions(text[q.start:q.end]) // the source's words around each insertion, in order
		}
		best, from, ok := c.verify(passage, srcs)
		if !ok {
			continue // no word after normalisation: nothing to verify
		}
		loc := idx.Locate(q.start, q.end, text)
		switch best.Kind {
		case quotematch.Fabricated:
			out = append(out, Finding{
				Rule:     RuleQuoteFabricated,
				Severity: SeverityBlock,
				Message:  fabricatedMessage(best, len(srcs)),
				Location: loc,
			})
		case quotematch.NearVerbatim:
			src := from.idx.Source()
			how := fmt.Sprintf("(similarity %.2f)", best.Score)
			sev := SeverityWarn
			if best.Score == 1 {
				how, sev = "in punctuation only", SeverityInfo // the words are right
			}
			out = append(out, Finding{
				Rule:     RuleQuoteNearVerbatim,
				Severity: sev,
				Message: fmt.Sprintf("quotation differs from %s %s; quote it exactly: %q",
					from.label, how, shorten(src[best.Start:best.End], 160)),
				Location: loc,
			})
		}
	}
	sortFindings(out)
	return out
}

// verify returns the strongest match of q over srcs (then the highest
// score; the first source wins ties) and the source it came from; ok is
// false when q holds no word.
func (c *quoteCheck) verify(q string, srcs []quoteSource) (best quotematch.Match, from quoteSource, ok bool) {
	for _, s := range srcs {
		m, err := s.idx.Verify(q, c.opts)
		if err != nil {
			return quotematch.Match{}, quoteSource{}, false // ErrEmptyQuote; options were validated
		}
		if !ok || kindRank(m.Kind) < kindRank(best.Kind) || (m.Kind == best.Kind && m.Score > best.Score) {
			best, from, ok = m, s, true
		}
	}
	return best, from, ok
}

func kindRank(k quotematch.MatchKind) int {
	switch k {
	case quotematch.Exact:
		return 0
	case quotematch.Normalized:
		return 1
	case quotematch.NearVerbatim:
		return 2
	}
	return 3
}

func fabricatedMessage(m quotematch.Match, nsrc int) string {
	where := "the source"
	if nsrc > 1 {
		where = fmt.Sprintf("any of the %d evidence items", nsrc)
	}
	if len(m.Segments) > 1 {
		for i, s := range m.Segments {
			if s.Kind == quotematch.Fabricated {
				return fmt.Sprintf("quotation not found in %s: elided segment %d of %d (%q) is missing or out of order (best similarity %.2f)",
					where, i+1, len(m.Segments), shorten(s.Quote, 80), s.Score)
			}
		}
	}
	return fmt.Sprintf("quotation not found in %s, even near-verbatim (best similarity %.2f); quote the source or remove the quotation marks",
		where, m.Score)
}

// innerQuote narrows a quoted span to its content: without the quote marks,
// or the leading '>' of a block-quote line, and without surrounding space.
func innerQuote(text string, s span) span {
	t := text[s.start:s.end]
	start, end := s.start, s.end
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
	return span{start, end}
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
	return exampleIntroRe.MatchString(text[from:start])
}

// replaceWithRe matches the text before the second quotation of a
// replacement: `Replace "15 business days" with `, `change "X" to `.
var replaceWithRe = regexp.MustCompile(`(?i)\b(?:replac|chang|substitut|amend|revis|swap|updat|turn|convert)\w*\b.*["”][ \t]*(?:with|to|by|for|into)[ \t]*:?[ \t]*$`)

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
	return sourceQuoteIntroRe.MatchString(text[from:start]) || docPutsRe.MatchString(lastSentence(text[from:start]))
}

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

var (
	// commentLineRe matches a block-quote line that is a labelled note:
	// "**Comment [PC1]:**", "Note:", "Rationale:".
	commentLineRe = regexp.MustCompile(`(?i)^(?:\*\*|__)?(?:comment|note|rationale|reason|explanation|drafting note|negotiation note|our comment|reviewer comment)s?\b[^:\n]{0,20}:`)
	// deletedRe finds struck text in a redline: "[deleted: ...]",
	// "~~...~~", "<del>...</del>", "{--...--}".
	deletedRe = regexp.MustCompile(`(?i)\[(?:deleted|delete|struck|strike|removed)[ \t]*:[ \t]*([^\]\n]{1,600})\]|~~([^~\n]{1,600})~~|<del>([^<\n]{1,600})</del>|\{--([^\n]{1,600}?)--\}`)
	// insertedRe finds inserted text in a redline, which the source lacks.
	insertedRe = regexp.MustCompile(`(?i)\[(?:inserted|insert|added|add|new(?:[ \t]+text)?)[ \t]*:[^\]\n]{0,600}\]|\*\*[^*\n]{1,600}\*\*|<ins>[^<\n]{0,600}</ins>|\{\+\+[^\n]{0,600}?\+\+\}|__[^_\n]{1,600}__`)
	// sourceAnchorRe matches what ties a short quotation to the source: a
	// clause or section number, or words that name the document.
	sourceAnchorRe = regexp.MustCompile(`(?i)\b(?:sections?|clauses?|cl\.|articles?|paragraphs?|schedules?|exhibits?|annex(?:es)?|appendix)[ \t]*[0-9A-Z]|§|\bthe[ \t]+(?:agreement|contract|draft|dpa|lease|policy|terms|addendum|licen[cs]e|nda|msa|sow|order form)\b|\b(?:currently|reads|provides|states|says|wording|drafted|defines|defined)\b`)
)

// sourceAnchored reports whether the sentence holding the quotation at
// start (back to its line start or the previous sentence end) ties it to
// the source.
func sourceAnchored(text string, start int) bool {
	from := max(0, start-200)
	if i := strings.LastIndexByte(text[from:start], '\n'); i >= 0 {
		from += i + 1
	}
	return sourceAnchorRe.MatchString(lastSentence(text[from:start]))
}

// sourceAnchoredAfter reports whether the rest of the sentence after a
// quotation ending at end ties it to the source: `"potential
// co-investors" can receive everything (section 3)`.
func sourceAnchoredAfter(text string, end int) bool {
	to := min(len(text), end+160)
	if i := strings.IndexByte(text[end:to], '\n'); i >= 0 {
		to = end + i
	}
	rest := text[end:to]
	for i := 0; i+1 < len(rest); i++ {
		if (rest[i] == '.' || rest[i] == '!' || rest[i] == '?') && rest[i+1] == ' ' && (i == 0 || rest[i-1] < '0' || rest[i-1] > '9') {
			rest = rest[:i]
			break
		}
	}
	return sourceAnchorRe.MatchString(rest)
}

// unmarkRedline returns the source text a marked-up passage stands for:
// inserted text dropped, struck text kept without its marks. A passage
// without markup is returned as is.
func unmarkRedline(s string) string {
	if !strings.ContainsAny(s, "[~*<{_") {
		return s
	}
	s = insertedRe.ReplaceAllString(s, "")
	s = deletedRe.ReplaceAllString(s, "$1$2$3$4")
	return spaceBeforePunctRe.ReplaceAllString(collapseSpace(s), "$1")
}

// spaceBeforePunctRe matches a space left before punctuation where
// inserted text was dropped ("confidentiality ." for "confidentiality
// **to the Discloser**.").
var spaceBeforePunctRe = regexp.MustCompile(` +([.,;:])`)

// substituteRe matches a drafting verb right before a quotation: `and
// substitute "..."`, `insert "..."`.
var substituteRe = regexp.MustCompile(`(?i)\b(?:substitute|insert|add|append|prepend)[ \t]*:?[ \t]*$`)

// draftColumn reports whether the quotation at start stands in a table
// cell whose column heading introduces drafting ("Proposed", "Revised
// text", "Our wording"). lineStart is the start of its line.
func draftColumn(text string, lineStart, start int) bool {
	row := text[lineStart:start]
	if !strings.HasPrefix(strings.TrimSpace(row), "|") {
		return false
	}
	col := strings.Count(row, "|") - 1
	// Walk up to the header: the row above the "|---|" rule.
	end := lineStart - 1
	for k := 0; k < 200 && end > 0; k++ {
		ls := strings.LastIndexByte(text[:end], '\n') + 1
		l := strings.TrimSpace(text[ls:end])
		if !strings.HasPrefix(l, "|") {
			return false
		}
		if strings.Trim(l, "|-: \t") == "" && ls > 0 { // the rule: the header is above it
			hs := strings.LastIndexByte(text[:ls-1], '\n') + 1
			cells := strings.Split(strings.Trim(strings.TrimSpace(text[hs:ls-1]), "|"), "|")
			return col >= 0 && col < len(cells) && isDraftIntro(cells[col])
		}
		end = ls - 1
	}
	return false
}
