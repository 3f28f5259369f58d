package quote

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	"github.com/evalopt/evalopt/checks/internal/quotematch"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
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
func NewQuoteCheck(cfg QuoteConfig) (check.Check, error) {
	if t := cfg.Threshold; math.IsNaN(t) || t < 0 || t > 1 {
		return nil, doctext.ConfigError("QuoteConfig.Threshold", "must be in (0,1] (0 means the default, %v), got %v", quotematch.DefaultThreshold, t)
	}
	if cfg.MinWords < 0 {
		return nil, doctext.ConfigError("QuoteConfig.MinWords", "must be >= 0 (0 means the default, %d), got %d", DefaultQuoteMinWords, cfg.MinWords)
	}
	if cfg.IndexCacheBytes < 0 {
		return nil, doctext.ConfigError("QuoteConfig.IndexCacheBytes", "must be >= 0 (0 means the default), got %d", cfg.IndexCacheBytes)
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

// quoteSource is one text quotes may come from, with a label for messages.
type quoteSource struct {
	label string
	idx   *quotematch.Index
}

func (c *quoteCheck) sources(doc check.Document) []quoteSource {
	var out []quoteSource
	if doc.Source != "" {
		out = append(out, quoteSource{"the source", c.cache.Index(doc.Source)})
	}
	// A quotation may come from any evidence the task holds: a reply quotes
	// the policy, a memo the email that set its terms, beside the source.
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) == "" || e.Content == doc.Source {
			continue
		}
		out = append(out, quoteSource{fmt.Sprintf("evidence %q", e.ID), c.cache.Index(e.Content)})
	}
	return out
}

// Check returns the findings for doc, in document order.
func (c *quoteCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var quoted []doctext.Span
	// A review memo or redline quotes the source under review; a contract
	// quotes defined phrases and the instrument it amends, a red-team
	// report, a reply or consumer text quotes prompts, tool output,
	// customers and titles: there only what is introduced as a document's
	// words ("the policy says "..."") is verified.
	verifyAll := doc.Kind == "" || doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedline
	a := doctext.AnalysisOf(doc)
	draftedAt := a.DraftedQuotes()
	var segs []doctext.Span // a redline's passages that set out the source's text
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
	// A redline's struck text ("[deleted: ...]", "~~...~~") is the source's
	// own wording and is verified like a quotation.
	if doc.Kind == evaluator.KindRedline {
		// So is each passage that sets out the source's text (a marked-up
		// clause, a "−" line, the other side's draft column), unmarked.
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
	}
	if len(quoted) == 0 {
		return nil
	}
	idx := doctext.NewLineIndex(text)
	srcs := c.sources(doc)
	if len(srcs) == 0 {
		return []check.Finding{{
			Rule:     RuleQuoteUnverifiable,
			Severity: check.SeverityInfo,
			Message:  fmt.Sprintf("%d quotation(s) cannot be verified: the document has no source and no evidence", len(quoted)),
			Location: idx.Locate(quoted[0].Start, quoted[0].End, text),
		}}
	}
	var out []check.Finding
	for _, q := range quoted {
		passage := UnmarkRedline(text[q.Start:q.End])
		if doctext.InSpans(segs, q.Start, q.End) {
			passage = doctext.ElideInsertions(text[q.Start:q.End]) // the source's words around each insertion, in order
		}
		best, from, ok := c.verify(passage, srcs)
		if !ok {
			continue // no word after normalisation: nothing to verify
		}
		loc := idx.Locate(q.Start, q.End, text)
		switch best.Kind {
		case quotematch.Fabricated:
			out = append(out, check.Finding{
				Rule:     RuleQuoteFabricated,
				Severity: check.SeverityBlock,
				Message:  fabricatedMessage(best, len(srcs)),
				Location: loc,
			})
		case quotematch.NearVerbatim:
			src := from.idx.Source()
			how := fmt.Sprintf("(similarity %.2f)", best.Score)
			sev := check.SeverityWarn
			if best.Score == 1 {
				how, sev = "in punctuation only", check.SeverityInfo // the words are right
			}
			out = append(out, check.Finding{
				Rule:     RuleQuoteNearVerbatim,
				Severity: sev,
				Message: fmt.Sprintf("quotation differs from %s %s; quote it exactly: %q",
					from.label, how, clip.Runes(src[best.Start:best.End], 160)),
				Location: loc,
			})
		}
	}
	check.SortFindings(out)
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
					where, i+1, len(m.Segments), clip.Runes(s.Quote, 80), s.Score)
			}
		}
	}
	return fmt.Sprintf("quotation not found in %s, even near-verbatim (best similarity %.2f); quote the source or remove the quotation marks",
		where, m.Score)
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
	return exampleIntroRe.MatchString(text[from:start])
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
	return sourceQuoteIntroRe.MatchString(text[from:start]) || docPutsRe.MatchString(doctext.LastSentence(text[from:start]))
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
	return doctext.SourceAnchorRe.MatchString(rest)
}

// UnmarkRedline returns the source text a marked-up passage stands for:
// inserted text dropped, struck text kept without its marks. A passage
// without markup is returned as is.
func UnmarkRedline(s string) string {
	if !strings.ContainsAny(s, "[~*<{_") {
		return s
	}
	s = doctext.InsertedRe.ReplaceAllString(s, "")
	s = doctext.DeletedRe.ReplaceAllString(s, "$1$2$3$4")
	return doctext.SpaceBeforePunctRe.ReplaceAllString(doctext.CollapseSpace(s), "$1")
}
