package advice

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the recommendation checks.
const (
	// RuleHedge: a hedged recommendation ("consider", "may want to").
	RuleHedge = "recommendation.hedge"
	// RuleHedgeHighRisk: a hedge on a recommendation of risk at or above the
	// block threshold (default 3) that carries no drafted replacement text.
	RuleHedgeHighRisk = "recommendation.hedge_high_risk"
	// RuleDirectional: a directional-only fix ("strengthen", "clarify")
	// without drafted replacement text.
	RuleDirectional = "recommendation.directional"
	// RuleDirectionalHighSeverity: a directional-only fix on a RED, AMBER or
	// YELLOW recommendation.
	RuleDirectionalHighSeverity = "recommendation.directional_high_severity"
	// RuleActionability: the share of non-actionable recommendations is
	// above the limit (default 30%).
	RuleActionability = "recommendation.actionability_ratio"
)

// RecommendationConfig configures the recommendation checks. The zero value
// means the documented defaults.
type RecommendationConfig struct {
	// Hedges are the hedge phrases; nil means HedgePhrases().
	Hedges []string
	// Directional are the directional-only fix phrases; nil means
	// DirectionalPhrases().
	Directional []string
	// BlockRisk is the risk level, 1 to 5, from which an undrafted hedge
	// blocks; 0 means 3.
	BlockRisk int
	// MaxNonActionable is the largest allowed share of non-actionable
	// recommendations, in (0,1]; 0 means 0.30.
	MaxNonActionable float64
}

// recommendation is what the recommendation checks learn about one item.
// Of a drafted item other than a proposal only the hedges are read: no
// check reports its rating or its directional fixes (see analyzeUnits).
type recommendation struct {
	item        doctext.Span
	risk        int            // -1 when none is given
	class       riskClass      // what the item (or the heading above it) says about its risk
	label       string         // how the risk was stated, for messages ("risk 4", "RED")
	drafted     bool           // carries drafted replacement text
	hedges      []doctext.Span // hedge matches outside quotations
	stacked     bool           // a sentence of it stacks minStackedDevices kinds of hedging
	directional []doctext.Span // directional-only fixes outside quotations
	vague       []doctext.Span // those of directional whose own sentence is vague (vagueDirection)
}

func (r recommendation) actionable() bool {
	return r.drafted || r.class == riskLow || (len(r.hedges) == 0 && len(r.directional) == 0)
}

// recommendationAnalyzer holds the compiled lists shared by the checks.
type recommendationAnalyzer struct {
	hedges, directional *doctext.PhraseMatcher
	grammar             bool // the hedge grammar applies (default hedge list)
	dirGrammar          bool // the directional grammar applies (default list)
	blockRisk           int
	maxNonActionable    float64
	// shareKey identifies what analyze finds: analyzers with the default
	// lists and one BlockRisk find the same, so the hedge, directional and
	// actionability checks of a Suite analyse a document once between them.
	shareKey any
}

// defaultListsKey is the shareKey of an analyzer with the default lists.
type defaultListsKey struct{ blockRisk int }

func newRecommendationAnalyzer(cfg RecommendationConfig) (*recommendationAnalyzer, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	a := &recommendationAnalyzer{blockRisk: cfg.BlockRisk, maxNonActionable: cfg.MaxNonActionable}
	if cfg.Hedges == nil {
		cfg.Hedges, a.grammar = doctext.DefaultHedges, true
	}
	if cfg.Directional == nil {
		cfg.Directional, a.dirGrammar = doctext.DefaultDirectional, true
	}
	if a.blockRisk == 0 {
		a.blockRisk = 3
	}
	if a.maxNonActionable == 0 {
		a.maxNonActionable = 0.30
	}
	a.hedges = doctext.NewPhraseMatcher(cfg.Hedges)
	a.directional = doctext.NewPhraseMatcher(cfg.Directional)
	a.shareKey = a
	if a.grammar && a.dirGrammar {
		a.shareKey = defaultListsKey{a.blockRisk}
	}
	return a, nil
}

// validate reports the first field out of range (see configError): a
// phrase with no word, a BlockRisk outside 0..5, a MaxNonActionable
// outside [0,1] or NaN. Nothing is clamped.
func (cfg RecommendationConfig) validate() error {
	if err := doctext.CheckPhrases("RecommendationConfig.Hedges", cfg.Hedges); err != nil {
		return err
	}
	if err := doctext.CheckPhrases("RecommendationConfig.Directional", cfg.Directional); err != nil {
		return err
	}
	if cfg.BlockRisk < 0 || cfg.BlockRisk > 5 {
		return doctext.ConfigError("RecommendationConfig.BlockRisk", "must be in [1,5] (0 means the default, 3), got %d", cfg.BlockRisk)
	}
	if m := cfg.MaxNonActionable; math.IsNaN(m) || m < 0 || m > 1 {
		return doctext.ConfigError("RecommendationConfig.MaxNonActionable", "must be in (0,1] (0 means the default, 0.30), got %v", m)
	}
	return nil
}

// Analyze finds the recommendations of text and what each carries (see
// analyzeUnits), once per document and shareKey when the document carries
// a Suite's shared analysis. The result is read-only.
func (a *recommendationAnalyzer) Analyze(doc check.Document) []recommendation {
	return check.Shared(doc, recsKey{a.shareKey}, func() []recommendation { return a.analyzeUnits(doc) })
}

// recsKey is the Shared key of the recommendations the analyzers with one
// share key find.
type recsKey struct{ share any }

// grammarMatches returns the hedge grammar's matches in body (at most 8),
// or none when the caller replaced the hedge list.
func (a *recommendationAnalyzer) grammarMatches(body string) [][]int {
	if !a.grammar || !mayHedgeGrammar(body) {
		return nil
	}
	return hedgeGrammarRe.FindAllStringIndex(body, 8)
}

// riskLabel says how a recommendation's risk was stated in t, for
// messages: "RED", "risk 4", "high-risk".
func riskLabel(r recommendation, t *ratedText) string {
	if r.class == riskHigh {
		if m := t.colourMatch(); m != nil {
			if m[1] != "" {
				return m[1]
			}
			return upper(m[2])
		}
	}
	switch {
	case r.risk >= 0:
		return "risk " + strconv.Itoa(r.risk)
	case r.class == riskHigh:
		return "high-risk"
	case r.class == riskLow:
		return "low-risk"
	}
	return "unrated"
}

// quotesSource reports whether the quotation at q is introduced as the
// source's own words ("Clause 5.3 reads: "...""), which is evidence, not
// drafted replacement text: the last sentence before it, within its item
// (from), holds a source word and no drafting word.
func quotesSource(text string, from, q int) bool {
	pre := text[max(from, q-160):q]
	if i := strings.LastIndexByte(pre, '\n'); i >= 0 {
		pre = pre[i+1:]
	}
	pre = doctext.LastSentence(pre)
	return doctext.SourceIntroRe.MatchString(pre) && !doctext.IsDraftIntro(pre)
}

// overlapsAny reports whether [s,e) overlaps one of spans.
func overlapsAny(spans []doctext.Span, s, e int) bool {
	for _, x := range spans {
		if x.Start < e && s < x.End {
			return true
		}
	}
	return false
}

// headingAbove returns the text of the nearest heading before offset at —
// a Markdown heading, an HTML <summary> or <hN>, a title after a section
// marker or in lenticular brackets — looking back at most 8 KB; "" when
// none.
func headingAbove(text string, at int) string {
	from := max(0, at-8192)
	for end := at; end > from; {
		ls := strings.LastIndexByte(text[from:end], '\n')
		if ls < 0 {
			ls = 0
		} else {
			ls += from + 1
		}
		line := text[ls:end]
		if lvl, off := doctext.HeadingLevel(line); lvl > 0 {
			return line[off:]
		}
		if h, ok := doctext.LineHeading(line); ok && h.Marked() {
			return h.Title // "<summary>F-02 · IDOR · High</summary>", "■ F-02 IDOR — High"
		}
		if ls <= from {
			break
		}
		end = ls - 1
	}
	return ""
}

// hasDraft reports whether text[from:to] holds drafted language: a fenced
// code block (a config or code fix), or a line that introduces drafted
// text and ends with ':' ("Replacement text for clause 8.2:") followed by
// more text.
func hasDraft(text string, from, to int) bool {
	body := text[from:to]
	if strings.Contains(body, "```") || strings.Contains(body, "~~~") {
		return true
	}
	for off := 0; off < len(body); {
		c := strings.IndexByte(body[off:], ':')
		if c < 0 {
			return false
		}
		c += off
		ls := strings.LastIndexByte(body[:c], '\n') + 1
		if strings.TrimSpace(body[c+1:]) != "" && doctext.IsDraftIntro(body[ls:c]) {
			return true
		}
		off = c + 1
	}
	return false
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// NewHedgeCheck returns the check for hedged recommendations (rules
// RuleHedge, warn, and RuleHedgeHighRisk, block).
//
// Recommendations are the items of a section whose heading contains
// "Recommendation(s)" (each sub-heading or top-level list item, or each
// paragraph when there are none) and any line starting "Recommendation N",
// "Rec. N" or "RN". A hedge is a phrase of cfg.Hedges outside quotation
// marks. A hedge in a recommendation whose risk level (see riskRe formats:
// "Risk: 3", "Risk level 4", "risk rating 2", "Risk 4/5") is at least
// cfg.BlockRisk and that carries no drafted replacement text is
// RuleHedgeHighRisk; any other hedge is RuleHedge. Drafted replacement text
// is a "Replacement text:" / "Proposed language:" style marker, a quoted
// passage of at least eight words, or a Markdown block quote. A field of cfg
// out of range is an *evaluator.FieldError naming it, matching
// evaluator.ErrInvalidOption.
func NewHedgeCheck(cfg RecommendationConfig) (check.Check, error) {
	a, err := newRecommendationAnalyzer(cfg)
	if err != nil {
		return nil, err
	}
	return &HedgeCheck{A: a}, nil
}

// HedgeCheck is the check NewHedgeCheck returns: hedged recommendations
// (RuleHedge, RuleHedgeHighRisk). A is its recommendation analyzer, which
// the benchmarks drive directly.
type HedgeCheck struct{ A *recommendationAnalyzer }

// Rule returns the family prefix "recommendation.hedge" of the rules the check reports.
func (c *HedgeCheck) Rule() string { return "recommendation.hedge" }

// Rules lists the rule ids the check reports.
func (c *HedgeCheck) Rules() []string { return []string{RuleHedge, RuleHedgeHighRisk} }

// Check returns the check's findings on doc.
func (c *HedgeCheck) Check(doc check.Document) []check.Finding {
	var out []check.Finding
	var idx *doctext.LineIndex
	for _, r := range c.A.Analyze(doc) {
		// Hedges stacked in one recommendation ("it may be worth
		// considering whether they might perhaps be open to …") leave no
		// recommendation standing, whatever its rating and whatever text
		// it quotes (the clause as it stands is no action): the first
		// warns.
		stacked := (len(r.hedges) >= minStackedHedges || r.stacked) && r.class != riskLow
		for i, h := range r.hedges {
			idx = doctext.LazyIndex(idx, doc)
			f := check.Finding{Rule: RuleHedge, Severity: check.SeverityInfo, Location: idx.Locate(h.Start, h.End, doc.Text)}
			switch {
			case r.class == riskHigh && !r.drafted:
				f.Rule, f.Severity = RuleHedgeHighRisk, check.SeverityBlock
				f.Message = fmt.Sprintf("hedged recommendation (%s) with no drafted replacement text: state the action and draft the clause", r.label)
			case stacked && i == 0:
				f.Severity = check.SeverityWarn
				f.Message = fmt.Sprintf("hedged recommendation (%s): say what to do instead of suggesting it be considered", stackedHow(r))
			default:
				f.Message = "hedged recommendation: say what to do instead of suggesting it be considered"
			}
			out = append(out, f)
		}
	}
	return out
}

// stackedHow says how r's hedging stacks, for the finding's message.
func stackedHow(r recommendation) string {
	if len(r.hedges) >= minStackedHedges {
		return fmt.Sprintf("%d hedges in one recommendation", len(r.hedges))
	}
	return fmt.Sprintf("%d or more kinds of hedging in one sentence", minStackedDevices)
}

// minStackedHedges is how many hedges one recommendation holds before the
// hedging is the recommendation (see HedgeCheck.Check).
const minStackedHedges = 3

// NewDirectionalCheck returns the check for directional-only fixes:
// recommendations that say "strengthen", "tighten", "clarify" (phrases of
// cfg.Directional, outside quotation marks) and carry no drafted replacement
// text. Rule RuleDirectionalHighSeverity (block) when the recommendation is
// marked RED, AMBER or YELLOW, RuleDirectional (warn) otherwise. A field of
// cfg out of range is an *evaluator.FieldError naming it, matching
// evaluator.ErrInvalidOption.
func NewDirectionalCheck(cfg RecommendationConfig) (check.Check, error) {
	a, err := newRecommendationAnalyzer(cfg)
	if err != nil {
		return nil, err
	}
	return &directionalCheck{a: a}, nil
}

type directionalCheck struct{ a *recommendationAnalyzer }

// Rule returns the family prefix "recommendation.directional" of the rules the check reports.
func (c *directionalCheck) Rule() string { return "recommendation.directional" }

// Rules lists the rule ids the check reports.
func (c *directionalCheck) Rules() []string {
	return []string{RuleDirectional, RuleDirectionalHighSeverity}
}

// Check returns the check's findings on doc.
func (c *directionalCheck) Check(doc check.Document) []check.Finding {
	var out []check.Finding
	var idx *doctext.LineIndex
	for _, r := range c.a.Analyze(doc) {
		if r.drafted {
			continue
		}
		for _, d := range r.directional {
			if concreteElsewhere(doc.Text, r.item, d) && !slices.Contains(r.vague, d) {
				continue // a figure or wording elsewhere in the recommendation may be the fix; a vague sentence is vague whatever is around it
			}
			idx = doctext.LazyIndex(idx, doc)
			f := check.Finding{Rule: RuleDirectional, Severity: check.SeverityWarn, Location: idx.Locate(d.Start, d.End, doc.Text),
				Message: "directional-only fix: draft the replacement language instead of naming a direction"}
			switch r.class {
			case riskHigh:
				f.Rule, f.Severity = RuleDirectionalHighSeverity, check.SeverityBlock
				f.Message = fmt.Sprintf("directional-only fix on a recommendation rated %s: draft the replacement language or name the concrete change", r.label)
			case riskLow:
				f.Severity = check.SeverityInfo
			}
			out = append(out, f)
		}
	}
	return out
}

// NewActionabilityCheck returns the check for the share of non-actionable
// recommendations (rule RuleActionability, block). A recommendation is
// non-actionable when it holds a hedge or a directional-only phrase and no
// drafted replacement text. When more than cfg.MaxNonActionable (default
// 30%) of the document's recommendations are non-actionable, one finding is
// reported at the first non-actionable recommendation. A field of cfg out
// of range is an *evaluator.FieldError naming it, matching
// evaluator.ErrInvalidOption.
func NewActionabilityCheck(cfg RecommendationConfig) (check.Check, error) {
	a, err := newRecommendationAnalyzer(cfg)
	if err != nil {
		return nil, err
	}
	return &actionabilityCheck{a: a}, nil
}

type actionabilityCheck struct{ a *recommendationAnalyzer }

// Rule returns RuleActionability.
func (c *actionabilityCheck) Rule() string { return RuleActionability }

// Check returns the check's findings on doc.
func (c *actionabilityCheck) Check(doc check.Document) []check.Finding {
	recs := c.a.Analyze(doc)
	if len(recs) == 0 {
		return nil
	}
	bad, first := 0, -1
	for i, r := range recs {
		if !r.actionable() {
			bad++
			if first < 0 {
				first = i
			}
		}
	}
	ratio := float64(bad) / float64(len(recs))
	if ratio <= c.a.maxNonActionable {
		return nil
	}
	it := recs[first].item
	end := it.End
	if nl := indexByteFrom(doc.Text, '\n', it.Start, it.End); nl >= 0 {
		end = nl
	}
	idx := doctext.AnalysisOf(doc).LineIndex()
	return []check.Finding{{
		Rule: RuleActionability, Severity: check.SeverityBlock,
		Message: fmt.Sprintf("%d of %d recommendations (%.0f%%) are not actionable (hedged or directional-only with no drafted text); at most %.0f%% allowed",
			bad, len(recs), ratio*100, c.a.maxNonActionable*100),
		Location: idx.Locate(it.Start, end, doc.Text),
	}}
}

// indexByteFrom returns the index of c in text[from:to], or -1.
func indexByteFrom(text string, c byte, from, to int) int {
	for i := from; i < to; i++ {
		if text[i] == c {
			return i
		}
	}
	return -1
}

// findingRefRe finds a recommendation's pointer to the finding it answers.
var findingRefRe = regexp.MustCompile(`(?i)\b(?:finding|issue|point|risk|observation)[ \t]+#?(\d{1,3})\b|\b([FI])-?(\d{1,3})\b`)

// referencedFinding returns the text of the finding a recommendation body
// points to ("for F2", "On Issue 2"): the line that labels it and the 300
// bytes after, or "".
func referencedFinding(text, body string) string {
	m := findingRefRe.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	var labels []string
	if m[1] != "" {
		labels = []string{"Finding " + m[1], "Issue " + m[1], "F" + m[1], "F-" + m[1], "I" + m[1]}
	} else {
		labels = []string{m[2] + m[3], m[2] + "-" + m[3]}
		if m[2] == "F" || m[2] == "f" {
			labels = append(labels, "Finding "+m[3])
		} else {
			labels = append(labels, "Issue "+m[3])
		}
	}
	found := ""
	doctext.ForEachLineUntil(text, func(l doctext.Line) bool {
		s := strings.TrimLeft(text[l.Start:l.End], " \t#*-|_>")
		for _, lb := range labels {
			if len(s) > len(lb) && strings.EqualFold(s[:len(lb)], lb) && !doctext.IsWordByte(s[len(lb)]) {
				found = text[l.Start:min(len(text), l.End+300)]
				return false
			}
		}
		return true
	})
	return found
}

// concreteElsewhere reports whether a sentence of the recommendation item's
// line holding d, other than the one holding the directional word d, sets out the fix in
// code, a quotation or a setting: "Fix before the next release." after
// "resolve `memberId` from the token and return 404" closes a concrete
// fix; it is no directional-only one. A figure alone does not count there:
// "Interest runs at 0% today." describes the problem, not its fix.
func concreteElsewhere(text string, item, d doctext.Span) bool {
	// The item's line holding d: a list of fixes puts one on each line.
	from := max(item.Start, strings.LastIndexByte(text[:d.Start], '\n')+1)
	to := min(item.End, doctext.LineEndAt(text, d.Start))
	for s := from; s < to; {
		e := min(doctext.SentenceEnd(text, s, to)+1, to)
		if (d.Start < s || d.Start >= e) && strings.ContainsAny(text[s:e], "`\"=“") {
			return true
		}
		s = e
	}
	return false
}
