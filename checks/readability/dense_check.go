package readability

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/readscore"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// RuleDensePassage: a passage of consumer-facing text written as dense
// legalese (long sentences at a very high grade, with jargon, passive
// voice or nominalisations), even when the text as a whole reads well.
const RuleDensePassage = "readability.dense_passage"

// Defaults of DensePassageConfig.
const (
	// DefaultDenseMinWords is the sentence length from which a sentence can
	// be dense: plain-language guides put the ceiling near 35 words.
	DefaultDenseMinWords = 35
	// DefaultDenseGrade is the Flesch-Kincaid grade of a sentence from
	// which it can be dense: university level and beyond.
	DefaultDenseGrade = 18
)

// DensePassageConfig configures NewDensePassageCheck. The zero value means
// the documented defaults.
type DensePassageConfig struct {
	// MinWords is the fewest words a sentence needs to be dense; 0 means
	// DefaultDenseMinWords (35).
	MinWords int
	// MinGrade is the lowest Flesch-Kincaid grade of a dense sentence; 0
	// means DefaultDenseGrade (18).
	MinGrade float64
	// Analyzer supplies sentence splitting, syllables and the jargon
	// lexicon; nil means readscore.Default().
	Analyzer *readscore.Analyzer
}

// NewDensePassageCheck returns the check for dense passages in
// consumer-facing text (rule RuleDensePassage, warn): a rewrite that is
// plain overall but has a paragraph or section turned back into legalese.
// The document-wide grade (RuleReadabilityGrade) averages such a passage
// away; this check judges each sentence and reports each paragraph that
// holds a dense one, located on the dense sentences of that paragraph.
//
// A sentence of w words at grade g, holding j jargon tokens (the
// analyzer's lexicon: "notwithstanding", "pursuant to", "hereinafter"), a
// passive construction (p = 1) and n nominalisations ("-tion", "-ment",
// "-ance", "-ence", "-ity" nouns of 8 letters or more), is dense when it is
// long and hard and reads as drafting rather than as a long but friendly
// sentence:
//   - w >= 1.7*MinWords (60) and g >= MinGrade+4 (22) with a jargon token
//     or two nominalisations: a wall of text that drafts (a long chatty
//     sentence of plain words, run on with semicolons and dashes, is long
//     but not dense);
//   - w >= 1.3*MinWords (45) and g >= MinGrade+2 (20) and j + p + n/3 >= 2;
//   - w >= MinWords (35) and g >= MinGrade (18) and j >= 2.
//
// An invalid configuration (a negative or NaN field) is an
// *evaluator.FieldError naming the field, matching
// evaluator.ErrInvalidOption.
func NewDensePassageCheck(cfg DensePassageConfig) (check.Check, error) {
	switch {
	case cfg.MinWords < 0:
		return nil, doctext.ConfigError("DensePassageConfig.MinWords", "must be >= 0 (0 means the default, %d), got %d", DefaultDenseMinWords, cfg.MinWords)
	case math.IsNaN(cfg.MinGrade) || math.IsInf(cfg.MinGrade, 0) || cfg.MinGrade < 0:
		return nil, doctext.ConfigError("DensePassageConfig.MinGrade", "must be a finite number >= 0 (0 means the default, %d), got %v", DefaultDenseGrade, cfg.MinGrade)
	}
	if cfg.MinWords == 0 {
		cfg.MinWords = DefaultDenseMinWords
	}
	if cfg.MinGrade == 0 {
		cfg.MinGrade = DefaultDenseGrade
	}
	if cfg.Analyzer == nil {
		cfg.Analyzer = readscore.Default()
	}
	return &denseCheck{cfg: cfg}, nil
}

type denseCheck struct {
	cfg DensePassageConfig
}

// Rule returns RuleDensePassage.
func (c *denseCheck) Rule() string { return RuleDensePassage }

// denseSentence is one sentence judged dense.
type denseSentence struct {
	start, end int
	words      int
	grade      float64
	jargon     int
}

// Check returns one finding per paragraph holding a dense sentence.
func (c *denseCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	an := c.cfg.Analyzer
	var out []check.Finding
	var group []denseSentence // dense sentences of the current paragraph
	groupPara := -1
	var idx *doctext.LineIndex
	flush := func() {
		if len(group) == 0 {
			return
		}
		first, last := group[0], group[len(group)-1]
		worst := group[0]
		for _, d := range group[1:] {
			if d.grade > worst.grade {
				worst = d
			}
		}
		if idx == nil {
			idx = doctext.AnalysisOf(doc).LineIndex()
		}
		what := "a sentence"
		if len(group) > 1 {
			what = fmt.Sprintf("%d sentences", len(group))
		}
		out = append(out, check.Finding{Rule: RuleDensePassage, Severity: check.SeverityWarn,
			Message: fmt.Sprintf("dense legal passage in consumer text: %s of up to %d words at grade %.0f (%d jargon terms); "+
				"rewrite it as short sentences that say who does what", what, worst.words, worst.grade, worst.jargon),
			Location: idx.Locate(first.start, last.end, text)})
		group = group[:0]
	}
	para, paraEnd := 0, densePassageEnd(text, 0)
	for _, s := range an.AppendSentences(nil, text) {
		for s.Start >= paraEnd && paraEnd < len(text) {
			para++
			paraEnd = densePassageEnd(text, paraEnd)
		}
		if para != groupPara {
			flush()
			groupPara = para
		}
		if d, ok := c.dense(text, s); ok {
			group = append(group, d)
		}
	}
	flush()
	return out
}

// dense judges one sentence.
func (c *denseCheck) dense(text string, s readscore.Span) (denseSentence, bool) {
	// A cheap bound first: a sentence shorter than MinWords words cannot be
	// dense, and every word takes at least two bytes with its separator.
	if s.End-s.Start < 2*c.cfg.MinWords {
		return denseSentence{}, false
	}
	st := c.cfg.Analyzer.Analyze(text[s.Start:s.End])
	w, g, j := st.Words, st.FleschKincaidGrade, st.JargonTokens
	if w < c.cfg.MinWords || g < c.cfg.MinGrade {
		return denseSentence{}, false
	}
	p := 0
	if st.PassiveSentences > 0 {
		p = 1
	}
	n := nominalisations(text[s.Start:s.End])
	min, grade := float64(c.cfg.MinWords), c.cfg.MinGrade
	ok := float64(w) >= 1.7*min && g >= grade+4 && (j >= 1 || n >= 2) ||
		float64(w) >= 1.3*min && g >= grade+2 && float64(j+p)+float64(n)/3 >= 2 ||
		j >= 2
	return denseSentence{start: s.Start, end: s.End, words: w, grade: g, jargon: j}, ok
}

// nominalisations counts the nouns made from verbs and adjectives in s
// ("termination", "reimbursement", "compliance", "occurrence",
// "liability"): words of eight letters or more with such an ending.
func nominalisations(s string) int {
	n := 0
	for i := 0; i < len(s); {
		a, b := doctext.NextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		i = b
		if b-a < 8 {
			continue
		}
		w := strings.ToLower(s[a:b])
		for _, suf := range nominalSuffixes {
			if strings.HasSuffix(w, suf) {
				n++
				break
			}
		}
	}
	return n
}

// nominalSuffixes end the nouns nominalisations counts (plural forms too).
var nominalSuffixes = []string{"tion", "tions", "sion", "sions", "ment", "ments", "ance", "ances", "ence", "ences", "ity", "ities"}

// densePassageEnd returns the end of the paragraph that holds offset i: the
// start of the next blank line (or of a heading line, which opens a new
// section), or len(text).
func densePassageEnd(text string, i int) int {
	for {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return len(text)
		}
		next := i + j + 1
		rest := text[next:]
		k := 0
		for k < len(rest) && (rest[k] == ' ' || rest[k] == '\t' || rest[k] == '\r') {
			k++
		}
		if k == len(rest) || rest[k] == '\n' || rest[k] == '#' {
			return next
		}
		i = next
	}
}
