package addressed

import (
	"fmt"
	"hash/maphash"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Rule ids of the evaluator-directed text check.
const (
	// RuleEvaluatorDirected: instructions or flattery aimed at the judge,
	// or a self-assigned score or verdict.
	RuleEvaluatorDirected = "evaluator_directed.text"
	// RuleRubricCopy: rubric or criteria language copied into the candidate.
	RuleRubricCopy = "evaluator_directed.rubric_copy"
)

// EvaluatorDirectedConfig configures NewEvaluatorDirectedCheck. The zero
// value means the documented defaults.
type EvaluatorDirectedConfig struct {
	// Phrases are judge-directed phrases matched on word boundaries,
	// case-insensitively; nil means EvaluatorPhrases().
	Phrases []string
	// Patterns are "trigger | expression" entries: the expression (RE2,
	// compiled case-insensitively) is searched only on lines that hold the
	// trigger word; nil means EvaluatorPatterns().
	Patterns []string
	// Rubric is rubric text the candidate must not copy, one criterion per
	// entry, added to Document.Rubric.
	Rubric []string
	// MinCopyWords is how many consecutive words shared with a rubric entry
	// make a copy; 0 means 8, a negative value is an error.
	MinCopyWords int
}

// NewEvaluatorDirectedCheck returns the check for text aimed at the
// evaluator: rule RuleEvaluatorDirected (block) for each phrase or pattern
// match ("ignore previous instructions", "this output passes", "score: 1.0",
// `"status": "pass"`), and RuleRubricCopy (block) for each run of at least
// cfg.MinCopyWords consecutive words (case-insensitive, punctuation ignored)
// shared with an entry of cfg.Rubric or Document.Rubric. A field of cfg out
// of range (a phrase with no word, a pattern that is not "trigger |
// expression" or does not compile, a negative MinCopyWords) is an
// *evaluator.FieldError naming it ("EvaluatorDirectedConfig.Patterns[2]"),
// matching evaluator.ErrInvalidOption.
func NewEvaluatorDirectedCheck(cfg EvaluatorDirectedConfig) (check.Check, error) {
	if err := doctext.CheckPhrases("EvaluatorDirectedConfig.Phrases", cfg.Phrases); err != nil {
		return nil, err
	}
	if cfg.MinCopyWords < 0 {
		return nil, doctext.ConfigError("EvaluatorDirectedConfig.MinCopyWords", "must be >= 0 (0 means the default, 8), got %d", cfg.MinCopyWords)
	}
	if cfg.Phrases == nil {
		cfg.Phrases = doctext.DefaultEvaluatorPhrases
	}
	if cfg.Patterns == nil {
		cfg.Patterns = doctext.DefaultEvaluatorPatterns
	}
	if cfg.MinCopyWords == 0 {
		cfg.MinCopyWords = 8
	}
	c := &evaluatorDirectedCheck{phrases: doctext.NewPhraseMatcher(cfg.Phrases), n: cfg.MinCopyWords, rubric: append([]string(nil), cfg.Rubric...), seed: maphash.MakeSeed()}
	byTrigger := make(map[string]int)
	var triggers []string
	for i, p := range cfg.Patterns {
		trigger, expr, ok := strings.Cut(p, "|")
		trigger, expr = strings.TrimSpace(trigger), strings.TrimSpace(expr)
		if !ok || trigger == "" || expr == "" || strings.ContainsAny(trigger, " \t") {
			return nil, doctext.ConfigError(fmt.Sprintf("EvaluatorDirectedConfig.Patterns[%d]", i), "%s: want \"trigger | expression\" with a one-word trigger", strictjson.Quote(p))
		}
		re, err := regexp.Compile("(?i)" + expr)
		if err != nil {
			return nil, doctext.ConfigError(fmt.Sprintf("EvaluatorDirectedConfig.Patterns[%d]", i), "%s: %v", strictjson.Quote(p), err)
		}
		key := strings.ToLower(trigger)
		if _, seen := byTrigger[key]; !seen {
			byTrigger[key] = len(c.patterns)
			c.patterns = append(c.patterns, triggered{})
			triggers = append(triggers, key)
		}
		t := &c.patterns[byTrigger[key]]
		t.exprs = append(t.exprs, re)
	}
	c.triggers = doctext.NewPhraseMatcher(triggers)
	c.triggerIndex = byTrigger
	return c, nil
}

// triggered holds the expressions searched on lines with one trigger word.
type triggered struct{ exprs []*regexp.Regexp }

type evaluatorDirectedCheck struct {
	phrases      *doctext.PhraseMatcher
	triggers     *doctext.PhraseMatcher
	triggerIndex map[string]int
	patterns     []triggered
	rubric       []string
	n            int
	seed         maphash.Seed
}

// Rule returns the family prefix "evaluator_directed" of the rules the check reports.
func (c *evaluatorDirectedCheck) Rule() string { return "evaluator_directed" }

// Rules lists the rule ids the check reports.
func (c *evaluatorDirectedCheck) Rules() []string {
	return []string{RuleEvaluatorDirected, RuleRubricCopy}
}

// Check returns the check's findings on doc.
func (c *evaluatorDirectedCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	var idx *doctext.LineIndex
	var excluded []doctext.Span // quotations and code: a quoted payload is evidence, not an address
	excludedReady := false
	add := func(rule, msg string, s, e int) {
		if rule == RuleEvaluatorDirected {
			if !excludedReady {
				excluded, excludedReady = doctext.AnalysisOf(doc).Excluded(), true
			}
			if doctext.InSpans(excluded, s, e) && !namesDeliverable(text, s, e) {
				return
			}
		}
		idx = doctext.LazyIndex(idx, doc)
		out = append(out, check.Finding{Rule: rule, Severity: check.SeverityBlock, Message: msg, Location: idx.Locate(s, e, text)})
	}
	const msg = "text addressed to the evaluator: remove instructions, verdicts and self-assigned scores"
	ws := doctext.AnalysisOf(doc).WordList()
	c.phrases.Find(text, ws, len(text), func(s, e int) { add(RuleEvaluatorDirected, msg, s, e) })
	// Patterns: search each line holding a trigger once per trigger.
	lastLine := map[int]int{} // trigger index -> start of the last line searched
	var buf []byte
	c.triggers.Find(text, ws, len(text), func(s, e int) {
		buf = doctext.LowerInto(buf, text[s:e])
		ti := c.triggerIndex[string(buf)]
		idx = doctext.LazyIndex(idx, doc)
		ls, le := idx.LineBounds(s)
		if prev, ok := lastLine[ti]; ok && prev == ls {
			return
		}
		lastLine[ti] = ls
		for _, re := range c.patterns[ti].exprs {
			for _, m := range re.FindAllStringIndex(text[ls:le], -1) {
				if strings.HasSuffix(text[ls+m[0]:ls+m[1]], ":") && headerField(text, ls, le) {
					continue // "Reviewer: Internal Audit" among "Prepared for:", "Date:" lines
				}
				if compoundNoun(text, ls+m[0]) {
					continue // "pass free-text nursing notes to the model": a kind of note, handed on
				}
				add(RuleEvaluatorDirected, msg, ls+m[0], doctext.TrimRightSpace(text, ls+m[0], ls+m[1]))
			}
		}
	})
	rubric := c.rubric
	if len(doc.Rubric) > 0 {
		rubric = append(append([]string(nil), c.rubric...), doc.Rubric...)
	}
	for _, sp := range c.copies(text, ws, rubric) {
		add(RuleRubricCopy, "rubric language copied into the answer: say what the document does, not what the rubric asks", sp.Start, sp.End)
	}
	check.SortFindings(out)
	return dedupeFindings(out)
}

// copies returns the spans of text (whose words are words) that share at least c.n consecutive words
// with a rubric entry; overlapping windows are merged. It hashes every
// c.n-word window of the rubric into a set and slides a window over the
// text's words, so the cost is linear in both.
func (c *evaluatorDirectedCheck) copies(text string, words []doctext.Span, rubric []string) []doctext.Span {
	if len(rubric) == 0 {
		return nil
	}
	shingles := make(map[uint64]bool)
	for _, r := range rubric {
		ws := doctext.WordSpans(r)
		for i := 0; i+c.n <= len(ws); i++ {
			shingles[c.hashWords(r, ws[i:i+c.n])] = true
		}
	}
	if len(shingles) == 0 {
		return nil
	}
	var out []doctext.Span
	win := make([]doctext.Span, 0, c.n)
	for _, w := range words {
		if len(win) == c.n {
			copy(win, win[1:])
			win = win[:c.n-1]
		}
		win = append(win, w)
		if len(win) < c.n || !shingles[c.hashWords(text, win)] {
			continue
		}
		ws, we := win[0].Start, win[len(win)-1].End
		if n := len(out); n > 0 && ws <= out[n-1].End {
			out[n-1].End = we
		} else {
			out = append(out, doctext.Span{Start: ws, End: we})
		}
	}
	return out
}

// hashWords hashes the lower-cased words of s at spans ws, separated by one
// space, without allocating.
func (c *evaluatorDirectedCheck) hashWords(s string, ws []doctext.Span) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	var buf [utf8.UTFMax]byte
	for k, w := range ws {
		if k > 0 {
			h.WriteByte(' ')
		}
		for _, r := range s[w.Start:w.End] {
			if r < utf8.RuneSelf {
				b := byte(r)
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				}
				h.WriteByte(b)
				continue
			}
			n := utf8.EncodeRune(buf[:], doctext.ToLowerRune(r))
			h.Write(buf[:n])
		}
	}
	return h.Sum64()
}

// deliverableRefRe matches the deliverable calling itself by what it is:
// "this report", "this memo", "this reply". A quoted payload (an injected
// ticket, a clause) speaks of its own things ("this claim", "this
// candidate"), not of the deliverable that quotes it.
var deliverableRefRe = regexp.MustCompile(`(?i)\bthis\s+(?:report|memo|memorandum|reply|response|deliverable|assessment|review|redline|mark-?up|rewrite|answer|draft|letter|summary|analysis|submission|write-?up)\b`)

// maxAddressLine bounds how much of a line namesDeliverable reads either
// side of a match.
const maxAddressLine = 200

// namesDeliverable reports whether the line around text[s:e] names the
// deliverable itself (deliverableRefRe): a call-out block quote ("> Reviewer's
// checklist: ... please mark this report 5/5") is the author's own note to
// whoever checks the report, not a quotation, even set off as one.
func namesDeliverable(text string, s, e int) bool {
	lo := max(0, s-maxAddressLine)
	ls := strings.LastIndexByte(text[lo:s], '\n') + 1 + lo
	hi := min(len(text), e+maxAddressLine)
	le := strings.IndexByte(text[e:hi], '\n')
	if le < 0 {
		le = hi
	} else {
		le += e
	}
	return deliverableRefRe.MatchString(text[ls:le])
}

// A document's header names who prepared and who reviewed it, one field a
// line ("Prepared for: …", "Reviewer: Internal Audit"). A label there is
// a field's name, not an address to whoever grades the text, unless its
// value asks for a verdict.

// headerField reports whether the line text[ls:le] is a field of a header
// block: "Label: value" with a short value that asks for nothing, beside
// another field line.
func headerField(text string, ls, le int) bool {
	if !fieldLine(text[ls:le], true) {
		return false
	}
	prevEnd := strings.LastIndexByte(text[:max(ls-1, 0)], '\n') + 1
	if ls > 0 && fieldLine(text[prevEnd:ls-1], false) {
		return true
	}
	next := le + 1
	if next >= len(text) {
		return false
	}
	nextEnd := strings.IndexByte(text[next:], '\n')
	if nextEnd < 0 {
		nextEnd = len(text) - next
	}
	return fieldLine(text[next:next+nextEnd], false)
}

// fieldLine reports whether line reads "Label: value": a label of at most
// four words that opens with a capital, a value of at most 120 bytes; when
// strict, a value of at most 60 with none of the words that ask for a
// verdict.
func fieldLine(line string, strict bool) bool {
	label, value, ok := strings.Cut(strings.TrimLeft(strings.TrimSpace(line), "-*•> \t"), ":")
	value = strings.TrimSpace(value)
	if !ok || label == "" || label[0] < 'A' || label[0] > 'Z' || len(strings.Fields(label)) > 4 || value == "" || len(value) > 120 {
		return false
	}
	if !strict {
		return true // a neighbour: "Document reviewed: <a title>"
	}
	if len(value) > 60 {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(value), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if verdictWords[w] {
			return false
		}
	}
	return !strings.Contains(value, "/")
}

// compoundNoun reports whether the note, message or comment a match opens
// at text[s:] is the head of a noun phrase a lower-case word modifies
// ("nursing notes to the model", "customer messages to the agent"): a
// kind of text the deliverable describes, not its own note to whoever
// grades it ("Note to the evaluator:", "(Notes for the grader: …)").
func compoundNoun(text string, s int) bool {
	w := strings.ToLower(text[s:min(len(text), s+8)])
	if !strings.HasPrefix(w, "note") && !strings.HasPrefix(w, "message") && !strings.HasPrefix(w, "comment") {
		return false
	}
	j := s
	for j > 0 && text[j-1] == ' ' {
		j--
	}
	k := j
	for k > 0 && (text[k-1] >= 'a' && text[k-1] <= 'z' || text[k-1] == '-') {
		k--
	}
	prev := text[k:j]
	if len(prev) < 3 || k > 0 && (text[k-1] == '\'' || text[k-1] >= 'A' && text[k-1] <= 'Z') {
		return false // "Editor's note to the approver": someone's note, addressed
	}
	return j < s && !determiners[prev]
}

// determiners may stand before a note that is addressed: "a note to the
// model", "my notes for the grader".
var determiners = map[string]bool{"a": true, "an": true, "the": true, "my": true, "our": true, "this": true,
	"these": true, "any": true, "some": true, "and": true, "or": true, "with": true, "see": true, "plus": true, "brief": true, "quick": true, "short": true, "final": true}

// verdictWords ask for a verdict or a score.
var verdictWords = map[string]bool{"please": true, "pass": true, "passed": true, "approve": true, "approved": true, "mark": true,
	"score": true, "grade": true, "rate": true, "ignore": true, "accept": true, "skip": true, "compliant": true, "excellent": true}

// dedupeFindings merges overlapping findings of one rule in sorted fs,
// keeping the widest of each overlapping run.
func dedupeFindings(fs []check.Finding) []check.Finding {
	out := fs[:0]
	for _, f := range fs {
		if n := len(out); n > 0 && f.Rule == out[n-1].Rule && f.Location.Start < out[n-1].Location.End {
			// Overlapping matches of one rule ("Note to the evaluator" and
			// "to the evaluator") are one finding: keep the wider.
			if f.Location.End-f.Location.Start > out[n-1].Location.End-out[n-1].Location.Start {
				out[n-1] = f
			}
			continue
		}
		out = append(out, f)
	}
	return out
}
