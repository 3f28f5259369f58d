package quote

import (
	"fmt"
	"math"
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
// Document.SourceText or, when that is empty, against each Document.Evidence
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
	if doc.SourceText != "" {
		out = append(out, quoteSource{"the source", c.cache.Index(doc.SourceText)})
	}
	// A quotation may come from any evidence the task holds: a reply quotes
	// the policy, a memo the email that set its terms, beside the source.
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) == "" || e.Content == doc.SourceText {
			continue
		}
		out = append(out, quoteSource{fmt.Sprintf("evidence %q", e.ID), c.cache.Index(e.Content)})
	}
	return out
}

// Check returns the findings for doc, in document order.
func (c *quoteCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	quoted := c.quotationsToVerify(doc)
	var segs []doctext.Span // a redline's passages that set out the source's text
	if doc.Kind == evaluator.KindRedline {
		quoted, segs = c.addRedlineSource(text, quoted)
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
	var redrafts []redraft               // the fabricated findings whose words keep close to the source's
	prevFound := doctext.Span{Start: -1} // the last quotation the source holds as quoted
	for _, q := range quoted {
		passage := UnmarkRedline(text[q.Start:q.End])
		if doctext.InSpans(segs, q.Start, q.End) {
			passage = doctext.ElideInsertions(text[q.Start:q.End]) // the source's words around each insertion, in order
		}
		best, from, ok := c.verify(passage, srcs)
		if !ok {
			continue // no word after normalisation: nothing to verify
		}
		f, bad := matchFinding(best, from, len(srcs))
		if !bad {
			prevFound = q
			continue
		}
		if prevFound.Start >= 0 && pairedProposal(text, prevFound, q) {
			continue // "Alt: "…"" then "Neu: "…"": the second of a labelled pair is the proposal
		}
		f.Location = idx.Locate(q.Start, q.End, text)
		if f.Rule == RuleQuoteFabricated && best.Score >= minRedraftScore {
			redrafts = append(redrafts, redraft{len(out), best.Score})
		}
		out = append(out, f)
	}
	if len(redrafts) >= minSystematic {
		for _, r := range redrafts {
			out[r.i].Severity = check.SeverityInfo
			out[r.i].Message = fmt.Sprintf("quotation not found in %s as quoted (best similarity %.2f), like %d others in this text: read as drafted text (a proposal or a paraphrase), not the source's words; if it quotes the source, quote it exactly",
				sourcesName(len(srcs)), r.score, len(redrafts)-1)
		}
	}
	check.SortFindings(out)
	return out
}

// redraft is a fabricated finding (its index in the findings) whose
// best match keeps close to the source.
type redraft struct {
	i     int
	score float64
}

// A quotation the source does not hold is verified as fabricated one at
// a time. When many of one text's quotations depart from the source alike
// — each still close to some passage of it (minRedraftScore), at least
// minSystematic of them — the text is setting out its own wording in
// quotation marks (the proposals of a redline, a memo's paraphrase of
// each clause), not misquoting the source minSystematic times: those
// findings inform. A text that invents its quotations outright (far from
// every passage) still blocks, however many there are.
const (
	minRedraftScore = 0.35
	minSystematic   = 3
)

// pairedProposal reports whether quotation q is the second of a labelled
// pair whose first, prev, quotes the source as it stands: q's line opens
// with a short label ("Neu:", "Proposed:", "To be:") and the nearest
// non-blank line above it opens with another label and holds prev
// ("Alt: "…""). A redline sets the current words and the new ones side
// by side in whatever language it is written; the new words are no
// quotation of the source.
func pairedProposal(text string, prev, q doctext.Span) bool {
	ls := strings.LastIndexByte(text[:q.Start], '\n') + 1
	label, ok := lineLabel(text[ls:q.Start])
	if !ok || ls == 0 {
		return false
	}
	ps, end := doctext.LineAbove(text, ls, ls)
	if ps < 0 || prev.Start < ps || prev.Start > end {
		return false
	}
	other, ok := lineLabel(text[ps:prev.Start])
	return ok && !strings.EqualFold(other, label)
}

// maxPairLabel bounds a label of a current/proposed pair.
const maxPairLabel = 24

// lineLabel returns the label that opens a line before its quotation
// (lead is the line up to the quotation): list marks and emphasis, one to
// four words ("Neu", "As I'd have it"), a colon, and nothing else.
func lineLabel(lead string) (string, bool) {
	t := strings.TrimRight(strings.TrimSpace(lead), "*_ \t\"“„'«")
	t, ok := strings.CutSuffix(t, ":")
	if !ok {
		return "", false
	}
	t = strings.Trim(t, "-*+•>_ \t")
	if t == "" || len(t) > maxPairLabel || len(strings.Fields(t)) > 4 || strings.ContainsAny(t, ".;,\"") {
		return "", false
	}
	return t, true
}

// matchFinding returns the finding a quotation's best match calls for
// (without its location), and false when the match is exact or
// normalised: fabricated blocks; near-verbatim warns, with the source's
// wording to quote instead, and is only information when the words are
// right and the punctuation differs.
func matchFinding(best quotematch.Match, from quoteSource, nsrc int) (check.Finding, bool) {
	switch best.Kind {
	case quotematch.Fabricated:
		return check.Finding{
			Rule:     RuleQuoteFabricated,
			Severity: check.SeverityBlock,
			Message:  fabricatedMessage(best, nsrc),
		}, true
	case quotematch.NearVerbatim:
		src := from.idx.Source()
		how := fmt.Sprintf("(similarity %.2f)", best.Score)
		sev := check.SeverityWarn
		if best.Score == 1 {
			how, sev = "in punctuation only", check.SeverityInfo // the words are right
		}
		return check.Finding{
			Rule:     RuleQuoteNearVerbatim,
			Severity: sev,
			Message: fmt.Sprintf("quotation differs from %s %s; quote it exactly: %q",
				from.label, how, clip.Runes(src[best.Start:best.End], 160)),
		}, true
	}
	return check.Finding{}, false
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

// sourcesName names the texts a quotation was looked for in.
func sourcesName(nsrc int) string {
	if nsrc > 1 {
		return fmt.Sprintf("any of the %d evidence items", nsrc)
	}
	return "the source"
}

func fabricatedMessage(m quotematch.Match, nsrc int) string {
	where := sourcesName(nsrc)
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
