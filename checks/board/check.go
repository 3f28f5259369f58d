package board

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RuleBoardMismatch: the posted findings and the text disagree — a
// severity in another band (block), or a finding on one side only (warn).
// Rubric dimension: Tool Consistency.
const RuleBoardMismatch = "findings.board_mismatch"

// DefaultKind is the evidence kind of a findings board.
const DefaultKind = "findings"

// Config configures New. The zero value means the defaults.
type Config struct {
	// Kinds are the evidence kinds (Metadata["kind"]) read as findings
	// boards; nil means []string{DefaultKind}.
	Kinds []string
}

// Thresholds of the match between a posted finding and an item of the
// text: the share of the title's content words (those of the item's
// headline count fully, those of its body at bodyWeight), plus
// citeWeight when the item names a citation's location and catWeight
// when it names the category.
const (
	matchThreshold = 0.5
	strayThreshold = 0.4
	bodyWeight     = 0.6
	citeWeight     = 0.3
	catWeight      = 0.2
	maxFindings    = 50
)

// New returns the findings-board check. Each posted finding is matched
// to the item of the deliverable (a table row, a heading or bold line
// with the text under it, a list item) that best shares its title's words
// (with its citation's location and its category as support). Then:
//   - a matched item whose rating (a severity column, "Severity: High",
//     "(P1)", "High:" at the start) lies in another band than the posted
//     severity — P0/P1 and critical/high/major/red are high, P2 and
//     medium/moderate/amber medium, P3 and low/minor/informational low —
//     is RuleBoardMismatch, block, at the rating;
//   - a posted finding no item matches is RuleBoardMismatch, warn, at the
//     findings section's heading (or the start of the text);
//   - an item the text presents as a finding (rated, in a findings table
//     or section or led by an id such as "F3") that shares little with
//     every posted finding is RuleBoardMismatch, warn, at its headline.
//
// A board that does not parse is reported once, warn, at the start of the
// text. An empty kind in cfg.Kinds is an *evaluator.FieldError matching
// evaluator.ErrInvalidOption.
func New(cfg Config) (check.Check, error) {
	kinds := cfg.Kinds
	if kinds == nil {
		kinds = []string{DefaultKind}
	}
	c := &boardCheck{kinds: map[string]bool{}}
	for i, k := range kinds {
		if strings.TrimSpace(k) == "" {
			return nil, doctext.ConfigError(fmt.Sprintf("Config.Kinds[%d]", i), "empty kind")
		}
		c.kinds[k] = true
	}
	return c, nil
}

type boardCheck struct{ kinds map[string]bool }

func (c *boardCheck) Rule() string { return RuleBoardMismatch }

func (c *boardCheck) Rules() []string { return []string{RuleBoardMismatch} }

func (c *boardCheck) Check(doc check.Document) []check.Finding {
	var board []posted
	var ids []string
	text := doc.Text
	a := doctext.AnalysisOf(doc)
	idx := a.LineIndex()
	var out []check.Finding
	for _, e := range doc.Evidence {
		if !c.kinds[e.Metadata[evaluator.EvidenceKindKey]] {
			continue
		}
		ps, err := parsePosted(e.Content)
		if err != nil {
			out = append(out, check.Finding{Rule: RuleBoardMismatch, Severity: check.SeverityWarn,
				Message:  "the findings board (evidence " + clip.Runes(e.ID, 40) + ") cannot be read: " + clip.Runes(err.Error(), 120),
				Location: idx.Locate(0, 0, text)})
			continue
		}
		board = append(board, ps...)
		ids = append(ids, e.ID)
	}
	if len(board) == 0 {
		return out
	}
	items := newItemSet(text, itemsOf(text, a.Code()))
	matched := make([]bool, len(items.list))
	at := make([]int, len(board)) // the item each posted finding is presented in, -1 for none
	var sentences *itemSet        // read only when a posted finding matches no block
	for i, p := range board {
		best, score := items.best(p, matched, true)
		if score < matchThreshold {
			best, score = items.best(p, matched, false)
		}
		at[i] = -1
		if score >= matchThreshold {
			matched[best], at[i] = true, best
			c.compare(&out, text, idx, p, items.list[best])
			// The same finding presented again (a table row and its
			// detail paragraph): each presentation must agree.
			for _, j := range items.candidates(p) {
				if it := items.list[j]; j != best && !matched[j] && it.rated && !it.advice && items.headScore(p, j) >= matchThreshold {
					matched[j] = true
					c.compare(&out, text, idx, p, it)
				}
			}
			continue
		}
		if sentences == nil {
			sentences = newItemSet(text, sentencesOf(text, a.Code()))
		}
		if si, s := sentences.best(p, make([]bool, len(sentences.list)), false); si >= 0 && s >= matchThreshold {
			at[i] = -2 // presented in prose
			c.compare(&out, text, idx, p, sentences.list[si])
		}
	}
	for i, p := range board {
		if at[i] != -1 || len(out) >= maxFindings {
			continue
		}
		where := missingAt(text, items.list, at, i)
		out = append(out, check.Finding{Rule: RuleBoardMismatch, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("the board (evidence %s) holds %q (%s) but the text does not present it: add it, or withdraw it from the board", clip.Runes(strings.Join(ids, ", "), 40), clip.Runes(p.f.Title, 80), p.f.Severity),
			Location: idx.Locate(where.Start, where.End, text)})
	}
	posts := newPostedIndex(board)
	for i, it := range items.list {
		if matched[i] || !it.finding || len(out) >= maxFindings {
			continue
		}
		if items.bestPosted(i, board, posts) >= strayThreshold {
			continue
		}
		h := doctext.Span{Start: it.head.Start, End: doctext.TrimRightSpace(text, it.head.Start, it.head.End)}
		out = append(out, check.Finding{Rule: RuleBoardMismatch, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("the text presents this as a finding (%s) but the board (evidence %s) holds no such finding: post it, or drop it", text[it.rate.start:it.rate.end], clip.Runes(strings.Join(ids, ", "), 40)),
			Location: idx.Locate(h.Start, h.End, text)})
	}
	check.SortFindings(out)
	return out
}

// compare reports an item whose rating lies in another band than the
// posted finding it presents.
func (c *boardCheck) compare(out *[]check.Finding, text string, idx *doctext.LineIndex, p posted, it item) {
	if !it.rated || p.band == bandNone || it.rate.band == p.band || len(*out) >= maxFindings {
		return
	}
	*out = append(*out, check.Finding{Rule: RuleBoardMismatch, Severity: check.SeverityBlock,
		Message: fmt.Sprintf("the board posted %q as %s (%s); the text rates it %s (%s): give it the posted severity, or post the change",
			clip.Runes(p.f.Title, 80), p.f.Severity, p.band, text[it.rate.start:it.rate.end], it.rate.band),
		Location: idx.Locate(it.rate.start, it.rate.end, text)})
}

// missingAt returns where the text should present posted finding i,
// which it does not: at the headline of the item presenting the next
// posted finding (boards and texts usually share an order), else right
// after the item presenting the one before, else at the findings
// section's heading.
func missingAt(text string, items []item, at []int, i int) doctext.Span {
	for j := i + 1; j < len(at); j++ {
		if at[j] >= 0 {
			h := items[at[j]].head
			return doctext.Span{Start: h.Start, End: doctext.TrimRightSpace(text, h.Start, h.End)}
		}
	}
	for j := i - 1; j >= 0; j-- {
		if at[j] >= 0 {
			e := items[at[j]].body.End
			return doctext.Span{Start: e, End: e}
		}
	}
	return findingsHeading(text, items)
}

// findingsHeading returns the headline of the text's findings section
// (the first heading naming findings, issues or risks), or the start of
// the text.
func findingsHeading(text string, items []item) doctext.Span {
	for _, it := range items {
		if it.kind != itemBlock || headLevel(strings.TrimSpace(text[it.head.Start:it.head.End])) == 0 {
			continue
		}
		if containsAny(strings.ToLower(text[it.head.Start:it.head.End]), findingContext) {
			return doctext.Span{Start: it.head.Start, End: doctext.TrimRightSpace(text, it.head.Start, it.head.End)}
		}
	}
	return doctext.Span{}
}
