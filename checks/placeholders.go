package checks

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
	// Title, Date, Signature, Signed, Print Name, Witness.
	SignatureLabels []string
}

// maxPlaceholderLen bounds how far a bracket, brace or chevron placeholder
// may extend on its line, so that a stray '[' costs constant work.
const maxPlaceholderLen = 120

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
// case such as "[and its affiliates]".
func NewPlaceholderCheck(cfg PlaceholderConfig) Check {
	if cfg.Tokens == nil {
		cfg.Tokens = defaultPlaceholderTokens
	}
	if cfg.Words == nil {
		cfg.Words = defaultPlaceholderWords
	}
	if cfg.Directives == nil {
		cfg.Directives = defaultPlaceholderDirectives
	}
	if cfg.SignatureLabels == nil {
		cfg.SignatureLabels = []string{"By", "Name", "Title", "Date", "Signature", "Signed", "Print Name", "Witness"}
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
	return c
}

type placeholderCheck struct {
	tokenFirst                [256]bool // first bytes of the tokens
	tokenLen                  [2]int    // shortest and longest token
	tokens, words, directives map[string]bool
	sigLabels                 []string
}

func (c *placeholderCheck) Rule() string { return RulePlaceholder }

func (c *placeholderCheck) Check(doc Document) []Finding {
	var out []Finding
	var idx *LineIndex
	for _, sp := range c.scan(doc.Text) {
		idx = lazyIndex(idx, doc)
		out = append(out, Finding{Rule: RulePlaceholder, Severity: SeverityBlock,
			Message:  "unfilled placeholder: replace it with the final text",
			Location: idx.Locate(sp.start, sp.end, doc.Text)})
	}
	return out
}

// scan returns the placeholder spans of text in document order.
func (c *placeholderCheck) scan(text string) []span {
	var out []span
	for i := 0; i < len(text); {
		ch := text[i]
		switch {
		case ch == '[':
			if e, ok := c.bracket(text, i); ok {
				out = append(out, span{i, e})
				i = e
				continue
			}
		case ch == '{' && strings.HasPrefix(text[i:], "{{"):
			if e := closeOnLine(text, i+2, "}}"); e > i+2 {
				out = append(out, span{i, e})
				i = e
				continue
			}
		case ch == '<' && strings.HasPrefix(text[i:], "<<"):
			if e := closeOnLine(text, i+2, ">>"); e > i+2 {
				out = append(out, span{i, e})
				i = e
				continue
			}
		case ch == 0xC2 && strings.HasPrefix(text[i:], "«"):
			if e := closeOnLine(text, i+2, "»"); e > i+2 {
				out = append(out, span{i, e})
				i = e
				continue
			}
		case ch == '_':
			e := i
			for e < len(text) && text[e] == '_' {
				e++
			}
			if e-i >= 4 && !c.afterSignatureLabel(text, i) {
				out = append(out, span{i, e})
			}
			i = e
			continue
		case isWordByte(ch) || ch >= utf8.RuneSelf:
			s, e := nextWord(text, i, len(text))
			if s >= len(text) {
				return out
			}
			if s > i { // non-word rune skipped
				i = s
			}
			if sp, ok := c.word(text, s, e); ok {
				out = append(out, sp)
				i = sp.end
				continue
			}
			i = e
			continue
		}
		i++
	}
	return out
}

// closeOnLine returns the offset just past the first closing delimiter at or
// after from on the same line and within maxPlaceholderLen bytes, or -1.
func closeOnLine(text string, from int, closing string) int {
	limit := min(len(text), from+maxPlaceholderLen)
	j := strings.Index(text[from:limit], closing)
	if j <= 0 || strings.IndexByte(text[from:from+j], '\n') >= 0 {
		return -1
	}
	return from + j + len(closing)
}

// bracket decides whether the '[' at i opens a placeholder and returns its end.
func (c *placeholderCheck) bracket(text string, i int) (int, bool) {
	if i > 0 && (text[i-1] == '\\' || text[i-1] == '!') {
		return 0, false
	}
	e := closeOnLine(text, i+1, "]")
	if e < 0 {
		// "[]" or no close on this line.
		return 0, false
	}
	if e < len(text) && (text[e] == '(' || text[e] == '[') { // Markdown link
		return 0, false
	}
	content := strings.TrimSpace(text[i+1 : e-1])
	if content == "" || content == "x" || content == "X" { // checkbox
		return 0, false
	}
	if onlyFillerRunes(content) {
		return e, true
	}
	letters, lower := 0, false
	for _, r := range content {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsLower(r) {
				lower = true
			}
		}
	}
	if letters == 0 {
		return 0, false // "[1]", "[2020]"
	}
	first, last := firstLastWord(content)
	if c.directives[strings.ToLower(first)] {
		return e, true
	}
	if !lower && letters >= 2 {
		return e, true
	}
	if titleCase(content) && c.words[strings.ToLower(last)] {
		return e, true
	}
	return 0, false
}

// onlyFillerRunes reports whether s consists of blank-marking characters
// only: bullets, ellipses, dots, underscores, asterisks, question marks,
// dashes and spaces.
func onlyFillerRunes(s string) bool {
	for _, r := range s {
		switch r {
		case '●', '•', '…', '.', '_', '*', '?', '-', '–', '—', ' ', '■', '▪':
		default:
			return false
		}
	}
	return true
}

// firstLastWord returns the first and last words of s.
func firstLastWord(s string) (string, string) {
	s1, e1 := nextWord(s, 0, len(s))
	first := s[s1:e1]
	last := first
	for i := e1; i < len(s); {
		ws, we := nextWord(s, i, len(s))
		if ws >= len(s) {
			break
		}
		last = s[ws:we]
		i = we
	}
	return first, last
}

// titleCase reports whether every word of s of more than three letters
// starts with an upper-case letter, and the first word does.
func titleCase(s string) bool {
	firstWord := true
	for i := 0; i < len(s); {
		ws, we := nextWord(s, i, len(s))
		if ws >= len(s) {
			break
		}
		r, _ := utf8.DecodeRuneInString(s[ws:])
		if (firstWord || we-ws > 3) && !unicode.IsUpper(r) {
			return false
		}
		firstWord = false
		i = we
	}
	return !firstWord
}

// afterSignatureLabel reports whether the underscores at i follow a
// signature label ("By:") that starts their line.
func (c *placeholderCheck) afterSignatureLabel(text string, i int) bool {
	// Labels sit at the start of a short line prefix: look back a bounded
	// distance so that a long line costs constant work per run.
	lo := max(0, i-maxLabelPrefix)
	ls := strings.LastIndexByte(text[lo:i], '\n') + 1 + lo
	if ls == lo && lo > 0 {
		return false // the line starts further back than any label prefix
	}
	prefix := strings.TrimLeft(text[ls:i], " \t-*>|")
	prefix = strings.TrimLeft(prefix, "*_")
	for _, l := range c.sigLabels {
		if len(prefix) > len(l) && strings.EqualFold(prefix[:len(l)], l) {
			rest := strings.TrimLeft(prefix[len(l):], "*_ \t")
			if strings.HasPrefix(rest, ":") {
				return true
			}
		}
	}
	return false
}

// maxLabelPrefix bounds the text between a line start and the underscores
// of a signature line ("**Print Name:** ").
const maxLabelPrefix = 40

// romanContext are words after which an X run is a Roman numeral.
var romanContext = []string{"article", "section", "part", "chapter", "schedule", "title", "annex", "appendix", "exhibit"}

// word decides whether the word text[s:e] is (the start of) a placeholder.
func (c *placeholderCheck) word(text string, s, e int) (span, bool) {
	w := text[s:e]
	if c.tokenFirst[w[0]] && len(w) >= c.tokenLen[0] && len(w) <= c.tokenLen[1] && c.tokens[w] {
		return span{s, e}, true
	}
	if allX(w) {
		if s > 0 && (text[s-1] == '$' || strings.HasSuffix(text[:s], "€") || strings.HasSuffix(text[:s], "£")) {
			end := e
			for end < len(text) && (text[end] == 'X' || text[end] == 'x' || text[end] == ',' || text[end] == '.') {
				end++
			}
			return span{s - 1, trimRightPunct(text, s, end)}, true
		}
		if len(w) >= 3 && !c.afterWord(text, s, romanContext) {
			return span{s, e}, true
		}
	}
	if len(w) == 5 && strings.EqualFold(w, "lorem") {
		if end, ok := matchRest(text, e, len(text), []string{"ipsum"}); ok {
			return span{s, end}, true
		}
	}
	return span{}, false
}

func allX(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] != 'X' && w[i] != 'x' {
			return false
		}
	}
	return len(w) > 0
}

func trimRightPunct(text string, s, e int) int {
	for e > s && (text[e-1] == ',' || text[e-1] == '.') {
		e--
	}
	return e
}

// afterWord reports whether the word before offset s (skipping blanks) is
// one of words (lower case).
func (c *placeholderCheck) afterWord(text string, s int, words []string) bool {
	j := s
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && isWordByte(text[k-1]) {
		k--
	}
	prev := text[k:j]
	for _, w := range words {
		if strings.EqualFold(prev, w) {
			return true
		}
	}
	return false
}
