package placeholder

import (
	"strings"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RulePlaceholder: an unfilled placeholder.
const RulePlaceholder = "placeholder.unfilled"

// PlaceholderConfig configures NewPlaceholderCheck. The zero value means the
// documented defaults.
type PlaceholderConfig struct {
	// Tokens are bare words that are placeholders wherever they stand,
	// matched case-sensitively; nil means PlaceholderTokens().
	Tokens []string
	// Words are last words that make a bracketed Title Case phrase a
	// fill-in field ("[Party Name]"); nil means PlaceholderWords().
	Words []string
	// Directives are first words that make a bracketed phrase a drafting
	// instruction ("[insert address]"); nil means PlaceholderDirectives().
	Directives []string
	// SignatureLabels are the line labels after which a run of underscores
	// is a place to sign by hand, not a placeholder; nil means By, Name,
	// Title, Date, Signature, Signed, Print Name, Witness, Place, Position,
	// Initials.
	SignatureLabels []string
}

// NewPlaceholderCheck returns the check for unfilled placeholders (rule
// RulePlaceholder, block). It reports, in one pass over the text:
//   - bracketed fill-ins: "[DATE]", "[PARTY NAME]" (no lower-case letters and
//     at least two letters), "[●]", "[•]", "[…]", "[___]", "[?]", "[insert
//     …]" and other phrases starting with a directive word, and Title Case
//     phrases ending in a placeholder word ("[Notice Address]");
//   - template fields "{{var}}", "<<field>>", "«field»";
//   - runs of four or more underscores, except after a signature label at
//     the start of a line ("By: ________");
//   - the bare tokens (TBD, TBC, TBA, TODO, FIXME), runs of three or more X
//     (not after Article, Section, Part, Chapter or Schedule, where they are
//     Roman numerals), currency amounts written with X ("$X,XXX"), and
//     "lorem ipsum".
//
// It does not report list markers such as "(a)", Markdown links and
// checkboxes, numeric citations "[1]", or bracketed optional wording in lower
// case such as "[and its affiliates]". An entry of a cfg list with no word
// in it is an *evaluator.FieldError naming it ("PlaceholderConfig.Tokens[2]"),
// matching evaluator.ErrInvalidOption.
func NewPlaceholderCheck(cfg PlaceholderConfig) (check.Check, error) {
	for _, l := range []struct {
		field string
		list  []string
	}{{"Tokens", cfg.Tokens}, {"Words", cfg.Words}, {"Directives", cfg.Directives}, {"SignatureLabels", cfg.SignatureLabels}} {
		if err := doctext.CheckPhrases("PlaceholderConfig."+l.field, l.list); err != nil {
			return nil, err
		}
	}
	if cfg.Tokens == nil {
		cfg.Tokens = doctext.DefaultPlaceholderTokens
	}
	if cfg.Words == nil {
		cfg.Words = doctext.DefaultPlaceholderWords
	}
	if cfg.Directives == nil {
		cfg.Directives = doctext.DefaultPlaceholderDirectives
	}
	if cfg.SignatureLabels == nil {
		cfg.SignatureLabels = []string{"By", "Name", "Title", "Date", "Signature", "Signed", "Print Name", "Witness", "Place", "Position", "Initials"}
	}
	c := &placeholderCheck{
		tokenLen:   [2]int{1 << 30, 0},
		tokens:     make(map[string]bool),
		words:      make(map[string]bool),
		directives: make(map[string]bool),
		sigLabels:  cfg.SignatureLabels,
	}
	for _, t := range cfg.Tokens {
		if t == "" {
			continue
		}
		c.tokens[t] = true
		c.tokenFirst[t[0]] = true
		c.tokenLen[0] = min(c.tokenLen[0], len(t))
		c.tokenLen[1] = max(c.tokenLen[1], len(t))
	}
	for _, w := range cfg.Words {
		c.words[strings.ToLower(w)] = true
	}
	for _, w := range cfg.Directives {
		c.directives[strings.ToLower(w)] = true
	}
	return c, nil
}

type placeholderCheck struct {
	tokenFirst                [256]bool // first bytes of the tokens
	tokenLen                  [2]int    // shortest and longest token
	tokens, words, directives map[string]bool
	sigLabels                 []string
}

// Rule returns RulePlaceholder.
func (c *placeholderCheck) Rule() string { return RulePlaceholder }

// Check returns the check's findings on doc.
func (c *placeholderCheck) Check(doc check.Document) []check.Finding {
	var out []check.Finding
	var idx *doctext.LineIndex
	var quotes, code []doctext.Span
	var sources []string // lower-cased, space-collapsed; built on first need
	for i, sp := range c.scan(doc.Text, doctext.AnalysisOf(doc).WordList()) {
		if i == 0 {
			a := doctext.AnalysisOf(doc)
			quotes, code = a.Quoted(), a.Code()
		}
		if doctext.InSpans(code, sp.Start, sp.End) {
			continue // "<order_id>" in code is a parameter, not a blank
		}
		if doc.Kind == evaluator.KindRedTeamReport && doc.Text[sp.Start] == '<' && !strings.HasPrefix(doc.Text[sp.Start:], "<<") {
			continue // a report's "<order number>" names a request parameter
		}
		if quotedFromSource(doc, quotes, &sources, sp) {
			continue // the source's own blank, quoted verbatim
		}
		idx = doctext.LazyIndex(idx, doc)
		out = append(out, check.Finding{Rule: RulePlaceholder, Severity: check.SeverityBlock,
			Message:  "unfilled placeholder: replace it with the final text",
			Location: idx.Locate(sp.Start, sp.End, doc.Text)})
	}
	return out
}

// scan returns the placeholder spans of text, whose words are ws
// (wordSpans), in document order.
func (c *placeholderCheck) scan(text string, ws []doctext.Span) []doctext.Span {
	var out []doctext.Span
	k := 0                     // the first word of ws not ending before i
	var regions []doctext.Span // signature blocks, found on the first blank
	regionsDone := false
	for i := 0; i < len(text); {
		if e, opener := c.delimited(text, i); opener {
			if e > 0 {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
			i++
			continue
		}
		ch := text[i]
		switch {
		case ch == '#' && i > 1 && text[i-1] == '-' && doctext.IsWordByte(text[i-2]):
			// "GL-#####": an identifier's digits masked (a heading's marks
			// open a line, never follow a hyphen).
			e := i
			for e < len(text) && text[e] == '#' {
				e++
			}
			if e-i >= 3 && (e == len(text) || !doctext.IsWordByte(text[e])) {
				out = append(out, doctext.Span{Start: i - 1 - wordBefore(text, i-1), End: e})
			}
			i = e
			continue
		case ch == '_':
			e := i
			for e < len(text) && text[e] == '_' {
				e++
			}
			if (e-i >= 3 || e-i == 2 && blankUnderscores(text, i, e)) && (beforeUnit(text, e) || !c.afterSignatureLabel(text, i)) && !ruleLine(text, i, e) {
				if !regionsDone {
					regions, regionsDone = doctext.SignatureRegions(text), true
				}
				if !signatureBlank(text, i, e, regions) {
					out = append(out, doctext.Span{Start: i, End: e})
				}
			}
			i = e
			continue
		case doctext.IsWordByte(ch) || ch >= utf8.RuneSelf:
			for k < len(ws) && ws[k].End <= i {
				k++
			}
			if k == len(ws) {
				return out
			}
			s, e := ws[k].Start, ws[k].End
			if s < i {
				// Inside a word (after a run of '_' it starts): read on from i.
				s, e = doctext.NextWord(text, i, len(text))
			}
			if s > i { // a non-word rune: step over it alone, so a '[' after it is seen
				_, size := utf8.DecodeRuneInString(text[i:])
				i += size
				continue
			}
			if sp, ok := c.word(text, s, e); ok {
				out = append(out, sp)
				i = sp.End
				continue
			}
			i = e
			continue
		}
		i++
	}
	return out
}

// wordBefore returns the length of the word that ends at end.
func wordBefore(text string, end int) int {
	n := 0
	for end-n > 0 && doctext.IsWordByte(text[end-n-1]) {
		n++
	}
	return n
}
