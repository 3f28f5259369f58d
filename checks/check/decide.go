package check

import (
	"fmt"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/internal/clip"
	"github.com/evalopt/evalopt/evaluator"
)

// Score weights: each block finding weighs 1, each warn 1/4, each info 1/20.
const (
	blockWeight = 1.0
	warnWeight  = 0.25
	infoWeight  = 0.05
)

// The bounds of a decision, whatever the input: it lands in the trace and
// in the reviser's prompt, where 25,000 failures of one rule help no one.
const (
	// maxFindingsPerRule is how many findings of one rule a decision
	// details; the rest of the rule's are one "and N more" entry.
	maxFindingsPerRule = 50
	// maxEntryRunes bounds one entry or reason (a finding's message and
	// a requirement's name and instruction are the caller's text).
	maxEntryRunes = 2000
	// maxDecisionBytes bounds the decision's JSON encoding.
	maxDecisionBytes = 256 << 10
	// detailBytes is the part of maxDecisionBytes the detailed findings
	// may take; the rest is for the "and N more" entries, the passed
	// criteria and the decision's own fields.
	detailBytes = 192 << 10
	// summaryBytes bounds the JSON of the rules' own "and N more"
	// entries; the rules after them share one.
	summaryBytes = 48 << 10
)

// Score returns 1 / (1 + B + W/4 + I/20) for B block, W warn and I info
// findings among fs (a malformed severity weighs as block): 1 with no
// findings, 0.5 with one block, 0.8 with one warn. It is the score of
// Suite.Decide, for evaluators that build their decision from findings.
func Score(fs []Finding) float64 {
	var weight float64
	for _, f := range fs {
		switch f.Severity {
		case SeverityInfo:
			weight += infoWeight
		case SeverityWarn:
			weight += warnWeight
		default:
			weight += blockWeight
		}
	}
	return 1 / (1 + weight)
}

// Decide turns findings (as returned by Run) into a decision:
//   - Status is block when any finding has severity block, revise when any
//     has warn, and pass otherwise (info findings only inform);
//   - BlockingFailures hold one entry per block finding and
//     RevisionInstructions one per warn finding, each "rule: message (line
//     L:C, "matched text")" unless the finding sets Failure (a requirement
//     reports its Name); a block finding's Instruction is added to
//     RevisionInstructions; StopReason is StopPolicyBlock on a block, or
//     the first block finding's own StopReason;
//   - Criteria hold one failed criterion per finding (Finding.Criterion)
//     followed by one passed criterion per rule of the suite with no finding;
//   - Score is 1 / (1 + B + W/4 + I/20) for B block, W warn and I info
//     findings: 1 with no findings, 0.5 with one block, 0.8 with one warn.
//
// The decision is bounded whatever the input: it details at most 50
// findings of a rule, and only while the detailed findings take less than
// 192 KB of JSON; the rest of each rule's findings become one failed
// criterion and one entry "rule: and N more findings" (in
// BlockingFailures when one of them blocks, else in RevisionInstructions
// when one warns). An entry or reason is cut to 2,000 runes. So the
// decision's JSON stays under 256 KB (for a suite of at most a few hundred
// rules); Status, Score and StopReason count every finding.
func (s *Suite) Decide(findings []Finding) evaluator.EvaluationDecision {
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{}}
	failed := make(map[string]bool)
	b := decisionBudget{perRule: make(map[string]int), more: make(map[string]*omitted)}
	for _, f := range findings {
		failed[f.Rule] = true
		d.Status = evaluator.Stricter(d.Status, statusOf(f.Severity))
		b.add(&d, f)
	}
	b.summarise(&d)
	for _, r := range s.rules {
		if !failed[r] {
			d.Criteria = append(d.Criteria, evaluator.Criterion{Name: r, Passed: true, EvidenceRefs: []string{}, Reason: "no findings"})
		}
	}
	d.Score = Score(findings)
	if d.Status == evaluator.StatusBlock {
		d.StopReason = evaluator.StopPolicyBlock
		for _, f := range findings {
			if f.Severity == SeverityBlock && f.StopReason != "" {
				d.StopReason = f.StopReason
				break
			}
		}
	}
	return d
}

// statusOf is the status a finding of severity sev asks for; a malformed
// severity blocks (fail closed).
func statusOf(sev Severity) evaluator.Status {
	switch sev {
	case SeverityInfo:
		return evaluator.StatusPass
	case SeverityWarn:
		return evaluator.StatusRevise
	default:
		return evaluator.StatusBlock
	}
}

// omitted counts the findings of one rule a decision does not detail, and
// the strictest status among them.
type omitted struct {
	n      int
	status evaluator.Status
}

// decisionBudget is what Decide has spent of the decision's bounds.
type decisionBudget struct {
	perRule map[string]int // findings detailed per rule
	bytes   int            // JSON bytes the detailed findings take
	more    map[string]*omitted
	order   []string // rules with omissions, in order of the first
}

// add details f in d, or counts it as omitted when its rule has had its
// share or the detailed findings their bytes.
func (b *decisionBudget) add(d *evaluator.EvaluationDecision, f Finding) {
	c := f.Criterion()
	c.Reason = clip.Runes(c.Reason, maxEntryRunes)
	entry := f.Failure
	if entry == "" {
		entry = f.Rule + ": " + f.Describe()
	}
	entry = clip.Runes(entry, maxEntryRunes)
	instruction := clip.Runes(f.Instruction, maxEntryRunes)
	sev := statusOf(f.Severity)
	cost := criterionOverhead + jsonLen(c.Name) + jsonLen(c.Reason)
	if sev != evaluator.StatusPass {
		cost += jsonLen(entry) + 1
	}
	if sev == evaluator.StatusBlock && instruction != "" {
		cost += jsonLen(instruction) + 1
	}
	if b.perRule[f.Rule] >= maxFindingsPerRule || b.bytes+cost > detailBytes {
		o := b.more[f.Rule]
		if o == nil {
			o = &omitted{status: evaluator.StatusPass}
			b.more[f.Rule] = o
			b.order = append(b.order, f.Rule)
		}
		o.n++
		o.status = evaluator.Stricter(o.status, sev)
		return
	}
	b.perRule[f.Rule]++
	b.bytes += cost
	d.Criteria = append(d.Criteria, c)
	switch sev {
	case evaluator.StatusRevise:
		d.RevisionInstructions = append(d.RevisionInstructions, entry)
	case evaluator.StatusBlock:
		d.BlockingFailures = append(d.BlockingFailures, entry)
		if instruction != "" {
			d.RevisionInstructions = append(d.RevisionInstructions, instruction)
		}
	}
}

// summarise adds one "and N more" criterion and entry per rule with
// omitted findings while they take less than summaryBytes of JSON, then
// one for all the others.
func (b *decisionBudget) summarise(d *evaluator.EvaluationDecision) {
	rest := omitted{status: evaluator.StatusPass}
	restRules, used := 0, 0
	for _, r := range b.order {
		o := b.more[r]
		name := clip.Runes(r, 200)
		text := fmt.Sprintf("%s: and %d more findings", name, o.n)
		if used += criterionOverhead + jsonLen(name) + 2*jsonLen(text) + 1; used > summaryBytes {
			rest.n += o.n
			rest.status = evaluator.Stricter(rest.status, o.status)
			restRules++
			continue
		}
		summary(d, name, text, o)
	}
	if restRules > 0 {
		summary(d, "checks.more", fmt.Sprintf("and %d more findings of %d more rules", rest.n, restRules), &rest)
	}
}

// summary adds the failed criterion and the entry for o's findings.
func summary(d *evaluator.EvaluationDecision, name, text string, o *omitted) {
	d.Criteria = append(d.Criteria, evaluator.Criterion{Name: name, Passed: false, EvidenceRefs: []string{}, Reason: text})
	switch o.status {
	case evaluator.StatusRevise:
		d.RevisionInstructions = append(d.RevisionInstructions, text)
	case evaluator.StatusBlock:
		d.BlockingFailures = append(d.BlockingFailures, text)
	}
}

// criterionOverhead is the JSON a criterion takes besides its name and
// reason: `{"name":,"passed":false,"evidenceRefs":[],"reason":},`.
const criterionOverhead = len(`{"name":,"passed":false,"evidenceRefs":[],"reason":},`)

// jsonLen returns at least the length of s encoded as a JSON string by
// encoding/json: quotes, escapes (\", \\, \n, \u003c for <, > and &,
// \u00XX for other control bytes), U+2028 and U+2029 escaped, and an
// invalid byte as \ufffd.
func jsonLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				n += 2
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, r == '\u2028', r == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}
