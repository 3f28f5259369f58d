package checks

import (
	"fmt"
	"hash/maphash"
	"regexp"
	"unicode/utf8"
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
	// Patterns are RE2 regular expressions, compiled case-insensitively;
	// nil means EvaluatorPatterns().
	Patterns []string
	// Rubric is rubric text the candidate must not copy, one criterion per
	// entry, added to Document.Rubric.
	Rubric []string
	// MinCopyWords is how many consecutive words shared with a rubric entry
	// make a copy; 0 means 8.
	MinCopyWords int
}

// NewEvaluatorDirectedCheck returns the check for text aimed at the
// evaluator: rule RuleEvaluatorDirected (block) for each phrase or pattern
// match ("ignore previous instructions", "this output passes", "score: 1.0",
// `"status": "pass"`), and RuleRubricCopy (block) for each run of at least
// cfg.MinCopyWords consecutive words (case-insensitive, punctuation ignored)
// shared with an entry of cfg.Rubric or Document.Rubric. It returns an error
// naming the pattern when one does not compile.
func NewEvaluatorDirectedCheck(cfg EvaluatorDirectedConfig) (Check, error) {
	if cfg.Phrases == nil {
		cfg.Phrases = defaultEvaluatorPhrases
	}
	if cfg.Patterns == nil {
		cfg.Patterns = defaultEvaluatorPatterns
	}
	if cfg.MinCopyWords <= 0 {
		cfg.MinCopyWords = 8
	}
	c := &evaluatorDirectedCheck{phrases: newPhraseMatcher(cfg.Phrases), n: cfg.MinCopyWords, rubric: append([]string(nil), cfg.Rubric...), seed: maphash.MakeSeed()}
	for i, p := range cfg.Patterns {
		re, err := regexp.Compile("(?i)" + p)
		if err != nil {
			return nil, fmt.Errorf("checks: evaluator-directed patterns[%d] %q: %w", i, p, err)
		}
		c.patterns = append(c.patterns, re)
	}
	return c, nil
}

type evaluatorDirectedCheck struct {
	phrases  *phraseMatcher
	patterns []*regexp.Regexp
	rubric   []string
	n        int
	seed     maphash.Seed
}

func (c *evaluatorDirectedCheck) Rule() string { return "evaluator_directed" }
func (c *evaluatorDirectedCheck) Rules() []string {
	return []string{RuleEvaluatorDirected, RuleRubricCopy}
}

func (c *evaluatorDirectedCheck) Check(doc Document) []Finding {
	text := doc.Text
	var out []Finding
	var idx *LineIndex
	add := func(rule, msg string, s, e int) {
		idx = lazyIndex(idx, text)
		out = append(out, Finding{Rule: rule, Severity: SeverityBlock, Message: msg, Location: idx.Locate(s, e, text)})
	}
	const msg = "text addressed to the evaluator: remove instructions, verdicts and self-assigned scores"
	c.phrases.find(text, 0, len(text), func(s, e int) { add(RuleEvaluatorDirected, msg, s, e) })
	for _, re := range c.patterns {
		for _, m := range re.FindAllStringIndex(text, -1) {
			add(RuleEvaluatorDirected, msg, m[0], trimRightSpace(text, m[0], m[1]))
		}
	}
	rubric := c.rubric
	if len(doc.Rubric) > 0 {
		rubric = append(append([]string(nil), c.rubric...), doc.Rubric...)
	}
	for _, sp := range c.copies(text, rubric) {
		add(RuleRubricCopy, "rubric language copied into the answer: say what the document does, not what the rubric asks", sp.start, sp.end)
	}
	sortFindings(out)
	return dedupeFindings(out)
}

// copies returns the spans of text that share at least c.n consecutive words
// with a rubric entry; overlapping windows are merged. It hashes every
// c.n-word window of the rubric into a set and slides a window over the
// text's words, so the cost is linear in both.
func (c *evaluatorDirectedCheck) copies(text string, rubric []string) []span {
	if len(rubric) == 0 {
		return nil
	}
	shingles := make(map[uint64]bool)
	for _, r := range rubric {
		ws := wordSpans(r)
		for i := 0; i+c.n <= len(ws); i++ {
			shingles[c.hashWords(r, ws[i:i+c.n])] = true
		}
	}
	if len(shingles) == 0 {
		return nil
	}
	var out []span
	win := make([]span, 0, c.n)
	for i := 0; i < len(text); {
		s, e := nextWord(text, i, len(text))
		if s >= len(text) {
			break
		}
		i = e
		if len(win) == c.n {
			copy(win, win[1:])
			win = win[:c.n-1]
		}
		win = append(win, span{s, e})
		if len(win) < c.n || !shingles[c.hashWords(text, win)] {
			continue
		}
		ws, we := win[0].start, win[len(win)-1].end
		if n := len(out); n > 0 && ws <= out[n-1].end {
			out[n-1].end = we
		} else {
			out = append(out, span{ws, we})
		}
	}
	return out
}

// hashWords hashes the lower-cased words of s at spans ws, separated by one
// space, without allocating.
func (c *evaluatorDirectedCheck) hashWords(s string, ws []span) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	var buf [utf8.UTFMax]byte
	for k, w := range ws {
		if k > 0 {
			h.WriteByte(' ')
		}
		for _, r := range s[w.start:w.end] {
			if r < utf8.RuneSelf {
				b := byte(r)
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				}
				h.WriteByte(b)
				continue
			}
			n := utf8.EncodeRune(buf[:], toLowerRune(r))
			h.Write(buf[:n])
		}
	}
	return h.Sum64()
}

// wordSpans returns the word spans of s.
func wordSpans(s string) []span {
	var out []span
	for i := 0; i < len(s); {
		a, b := nextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		out = append(out, span{a, b})
		i = b
	}
	return out
}

// dedupeFindings drops exact repeats (same rule and span) from sorted fs,
// which happen when a phrase and a pattern match the same text.
func dedupeFindings(fs []Finding) []Finding {
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f.Rule == fs[i-1].Rule && f.Location.Start == fs[i-1].Location.Start && f.Location.End == fs[i-1].Location.End {
			continue
		}
		out = append(out, f)
	}
	return out
}
