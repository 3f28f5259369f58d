package placeholder

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
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

func (c *placeholderCheck) Rule() string { return RulePlaceholder }

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
		ch := text[i]
		switch {
		case ch == '[':
			if e, ok := c.bracket(text, i); ok {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
		case ch == '{' && strings.HasPrefix(text[i:], "{{"):
			if e := closeOnLine(text, i+2, "}}"); e > i+2 && templateField(text[i+2:e-2]) {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
		case ch == '{':
			if e := closeOnLine(text, i+1, "}"); e > i+1 && c.braceField(text[i+1:e-1]) {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
		case ch == '%' || ch == '<' && !strings.HasPrefix(text[i:], "<<") || ch == 'x' && strings.HasPrefix(text[i:], "x.x.x.x"):
			if m := templateVarRe.FindStringIndex(text[i:min(len(text), i+60)]); m != nil && (i == 0 || !doctext.IsWordByte(text[i-1])) {
				out = append(out, doctext.Span{Start: i, End: i + m[1]})
				i += m[1]
				continue
			}
		case ch == '<' && strings.HasPrefix(text[i:], "<<"):
			if e := closeOnLine(text, i+2, ">>"); e > i+2 {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
		case ch == 0xC2 && strings.HasPrefix(text[i:], "«"):
			if e := closeOnLine(text, i+2, "»"); e > i+2 {
				out = append(out, doctext.Span{Start: i, End: e})
				i = e
				continue
			}
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
	if content == "" { // "[ ]": an empty checkbox, unless a value belongs
		return e, afterCurrency(text, i) || !checkboxAt(text, i) && beforeUnit(text, e)
	}
	if content == "x" || content == "X" { // a ticked checkbox, or "[X] days"
		return e, !checkboxAt(text, i)
	}
	if afterCurrency(text, i) { // "$[amount]", "€[ ]": a value left blank
		return e, true
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
	if markupTag(text, content) {
		return 0, false // "[DEL: 72 hours]", "[INS: ...]" in the legend of a mark-up
	}
	if !lower && letters >= 2 && !bracketLabel(content) {
		return e, true
	}
	if titleCase(content) && c.words[strings.ToLower(last)] {
		return e, true
	}
	if first == last && c.words[strings.ToLower(first)] { // "[amount]", "[date]"
		return e, true
	}
	if lower && strings.Count(content, " ") < 5 && c.words[strings.ToLower(last)] && !strings.ContainsAny(content, ",;.:0123456789") {
		return e, true // "[end date]", "[returns email address]", "[number of days]"
	}
	if lower && strings.Count(content, " ") < 5 && c.words[strings.ToLower(first)] && !strings.ContainsAny(content, ",;.:0123456789") && fieldQualifier(content) {
		return e, true // "[time per licence]", "[date of completion]", "[amount under Schedule B]"
	}
	if len(content) == 1 && content[0] >= 'A' && content[0] <= 'Z' && content != "X" && afterOrBeforeValue(text, i, e) {
		return e, true // "[N] hours", "rerun it [N] times"
	}
	return 0, false
}

// braceField reports whether the inside of "{...}" is a field left to
// fill: one to three lower-case words of which the first is a directive
// ("{insert}", "{enter amount}") or the only one a placeholder word
// ("{date}", "{name}"). Code's braces hold identifiers, expressions or
// JSON ("{accountId}", "{i}", "{"a": 1}"), which this never matches.
func (c *placeholderCheck) braceField(content string) bool {
	if content == "" || len(content) > 40 {
		return false
	}
	for _, r := range content {
		if (r < 'a' || r > 'z') && r != ' ' && r != '_' {
			return false
		}
	}
	words := strings.FieldsFunc(content, func(r rune) bool { return r == ' ' || r == '_' })
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	return c.directives[words[0]] || len(words) == 1 && c.words[words[0]]
}

// checkboxAt reports whether the '[' at i is a Markdown task-list box: the
// first thing on its line after a list marker.
func checkboxAt(text string, i int) bool {
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	prefix := strings.TrimSpace(text[ls:i])
	return prefix == "" || prefix == "-" || prefix == "*" || prefix == "+"
}

// afterCurrency reports whether a currency sign stands right before i.
func afterCurrency(text string, i int) bool {
	p := text[:i]
	return strings.HasSuffix(p, "$") || strings.HasSuffix(p, "€") || strings.HasSuffix(p, "£") || strings.HasSuffix(p, "¥")
}

// ruleLine reports whether the underscores text[s:e] are all their line
// holds (a Markdown horizontal rule).
func ruleLine(text string, s, e int) bool {
	// A rule is a short line: look a bounded distance either way, so that a
	// long line of underscores costs linear work.
	lo := max(0, s-8)
	ls := strings.LastIndexByte(text[lo:s], '\n') + 1 + lo
	if ls == lo && lo > 0 {
		return false
	}
	hi := min(len(text), e+8)
	le := strings.IndexByte(text[e:hi], '\n')
	if le < 0 && hi < len(text) {
		return false
	}
	if le < 0 {
		le = hi
	} else {
		le += e
	}
	return strings.TrimSpace(text[ls:s]) == "" && strings.TrimSpace(text[e:le]) == ""
}

// valueUnits are the words after which a blank marker ("X", "XX", "N/A")
// stands where a number belongs: "within XX business days", "N/A days".
var valueUnits = map[string]bool{
	"day": true, "days": true, "business": true, "calendar": true, "working": true,
	"week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
	"hour": true, "hours": true, "minute": true, "minutes": true, "percent": true,
	"per": true, "times": true, "eur": true, "usd": true, "gbp": true, "dollars": true, "euros": true,
	"pounds": true, "units": true, "seats": true, "users": true, "%": true,
}

// beforeUnit reports whether the word after offset e (skipping blanks) is
// a unit of valueUnits, or e is followed by '%'.
func beforeUnit(text string, e int) bool {
	j := e
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '-') {
		j++
	}
	if j < len(text) && text[j] == '%' {
		return true
	}
	s, we := doctext.NextWord(text, j, min(len(text), j+16))
	if s != j || we == s {
		return false
	}
	return valueUnits[strings.ToLower(text[s:we])]
}

// onlyFillerRunes reports whether s consists of blank-marking characters
// only: bullets, ellipses, dots, underscores, asterisks, question marks,
// dashes and spaces.
func onlyFillerRunes(s string) bool {
	for _, r := range s {
		switch r {
		case '●', '•', '…', '.', '_', '*', '?', '-', '–', '—', ' ', '■', '▪', '#':
		default:
			return false
		}
	}
	return true
}

// firstLastWord returns the first and last words of s.
func firstLastWord(s string) (string, string) {
	s1, e1 := doctext.NextWord(s, 0, len(s))
	first := s[s1:e1]
	last := first
	for i := e1; i < len(s); {
		ws, we := doctext.NextWord(s, i, len(s))
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
		ws, we := doctext.NextWord(s, i, len(s))
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
	lineStartSeen := !(ls == lo && lo > 0) // else the line starts further back than any label prefix
	if far := strings.LastIndexByte(text[max(0, i-160):i], '\n') + 1 + max(0, i-160); far > 0 || i < 160 {
		line := strings.TrimLeft(text[far:i], " \t-*>|_")
		if signingLineRe.MatchString(line) {
			return true // "**Signed for ACME LIMITED** ______"
		}
		le := strings.IndexByte(text[i:min(len(text), i+160)], '\n') // bounded: a long line of blanks stays linear
		if le < 0 {
			le = min(len(text), i+160) - i
		}
		whole := text[far : i+le]
		if strings.Trim(whole, "_ \t") == "" {
			return true // a line of signature rules only
		}
		if len(whole) < 60 && yearRe.MatchString(whole) && doctext.WordCount(whole, 0, len(whole)) <= 4 {
			return true // "Göppingen, ____________ 2026": the place and date of signing (a sentence is no place line)
		}
	}
	prefix := strings.TrimLeft(text[ls:i], " \t-*>|")
	prefix = strings.TrimLeft(prefix, "*_")
	if lineStartSeen && signingLineRe.MatchString(prefix) {
		return true // "Signed by the gardener: ____", "Date of this deed: ____ March 2026"
	}
	// "Name: ____ Title: ____ Date: ____": a label may also stand right
	// before the underscores further along the line.
	if k := strings.LastIndexByte(strings.TrimRight(prefix, " \t*_"), ':'); k >= 0 {
		head := strings.TrimRight(prefix[:k], " \t*_")
		if forPartyRe.MatchString(head) {
			return true // "For the Customer: ______": where a party signs
		}
		for _, l := range c.sigLabels {
			if len(head) >= len(l) && strings.EqualFold(head[len(head)-len(l):], l) && (len(head) == len(l) || !doctext.IsWordByte(head[len(head)-len(l)-1])) {
				return true
			}
		}
	}
	for _, l := range c.sigLabels {
		if lineStartSeen && len(prefix) > len(l) && strings.EqualFold(prefix[:len(l)], l) {
			rest := strings.TrimLeft(prefix[len(l):], "*_ \t")
			if strings.HasPrefix(rest, ":") {
				return true
			}
		}
	}
	return false
}

// yearRe matches a year.
var yearRe = regexp.MustCompile(`\b(?:19|20)\d\d\b`)

// signingLineRe matches the start of a line where parties sign or date
// the document by hand.
var signingLineRe = regexp.MustCompile(`^(?i:signed|signature|executed|for\s+and\s+on\s+behalf|witness(?:ed)?|date(?:d)?(?:[ \t]+of[ \t]+this[ \t]+(?:deed|agreement|document))?)\b`)

// forPartyRe matches a party's signing label: "For the Customer", "For and
// on behalf of Acme Ltd".
var forPartyRe = regexp.MustCompile(`(?:^|[ \t_])(?:[Ff]or|FOR)(?:[ \t]+and[ \t]+on[ \t]+behalf[ \t]+of)?[ \t]+(?:the[ \t]+)?[A-Z][\w&.,'-]*(?:[ \t]+[A-Z][\w&.,'-]*){0,4}$`)

// maxLabelPrefix bounds the text between a line start and the underscores
// of a signature line ("**Print Name:** ").
const maxLabelPrefix = 40

// romanContext are words after which an X run is a Roman numeral.
var romanContext = []string{"article", "section", "part", "chapter", "schedule", "title", "annex", "appendix", "exhibit"}

// romanRangeContext are words after which a range of X runs is a range
// of Roman numerals.
var romanRangeContext = append([]string{"articles", "sections", "parts", "chapters", "schedules", "titles", "annexes", "appendices", "exhibits"}, romanContext...)

// word decides whether the word text[s:e] is (the start of) a placeholder.
func (c *placeholderCheck) word(text string, s, e int) (doctext.Span, bool) {
	w := text[s:e]
	if c.tokenFirst[w[0]] && len(w) >= c.tokenLen[0] && len(w) <= c.tokenLen[1] && c.tokens[w] {
		return doctext.Span{Start: s, End: e}, true
	}
	if allX(w) {
		if s > 0 && (text[s-1] == '$' || strings.HasSuffix(text[:s], "€") || strings.HasSuffix(text[:s], "£")) {
			end := e
			for end < len(text) && (text[end] == 'X' || text[end] == 'x' || text[end] == ',' || text[end] == '.') {
				end++
			}
			return doctext.Span{Start: s - 1, End: trimRightPunct(text, s, end)}, true
		}
		if len(w) >= 3 && !c.afterWord(text, s, romanContext) {
			return doctext.Span{Start: s, End: e}, true
		}
		// "XX business days", "X months": a number left blank.
		if w[0] == 'X' && beforeUnit(text, e) && !c.afterWord(text, s, romanContext) {
			return doctext.Span{Start: s, End: e}, true
		}
	}
	// "before DD/MM/YYYY": a date format mask where the date belongs.
	if maskParts[w] && e < len(text) && (text[e] == '/' || text[e] == '-' || text[e] == '.' || text[e] == ' ' || text[e] == '\t') {
		if m := dateMaskRe.FindStringIndex(text[s:min(len(text), s+16)]); m != nil && !describesFormat(text, s, s+m[1]) {
			return doctext.Span{Start: s, End: s + m[1]}, true
		}
	}
	// "lines XX-XX", "pages X–XX": a range whose ends are both X runs is a
	// range left blank (a Roman range would not repeat its own end).
	if allX(w) && w[0] == 'X' {
		if end, ok := xRange(text, e); ok && (strings.TrimLeft(text[e:end], " -–—") == w || !c.afterWord(text, s, romanRangeContext)) {
			return doctext.Span{Start: s, End: end}, true // "Articles X–XX" is ten to twenty
		}
	}
	// "N/A days": not-applicable where a value belongs.
	if (w == "N" || w == "n") && strings.HasPrefix(text[e:], "/A") && (e+2 == len(text) || !doctext.IsWordByte(text[e+2])) && beforeUnit(text, e+2) {
		return doctext.Span{Start: s, End: e + 2}, true
	}
	if len(w) == 5 && strings.EqualFold(w, "lorem") {
		if end, ok := doctext.MatchRest(text, e, len(text), []string{"ipsum"}); ok {
			return doctext.Span{Start: s, End: end}, true
		}
	}
	return doctext.Span{}, false
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
	for k > 0 && doctext.IsWordByte(text[k-1]) {
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

// quotedFromSource reports whether sp lies inside a quotation (quotes,
// from quotedSpans) whose text around sp occurs in the source or the
// evidence: a review that quotes "the fee is TBD" from the contract reports
// the contract's blank, it does not leave one of its own.
func quotedFromSource(doc check.Document, quotes []doctext.Span, sources *[]string, sp doctext.Span) bool {
	if !doctext.InSpans(quotes, sp.Start, sp.End) || doc.Source == "" && len(doc.Evidence) == 0 {
		return false
	}
	i := sort.Search(len(quotes), func(i int) bool { return quotes[i].Start > sp.Start }) - 1
	q := quotes[i]
	// The context: up to 40 bytes either side of sp, inside the quotation
	// marks, cut to whole words.
	in0, in1 := q.Start+1, q.End-1 // straight quotes
	switch doc.Text[q.Start] {
	case '>':
		in1 = q.End
	case 0xE2: // curly quotes are three bytes each
		in0, in1 = q.Start+3, q.End-3
	}
	from, to := max(in0, sp.Start-40), min(in1, sp.End+40)
	for from < sp.Start && from > in0 && doctext.IsWordByte(doc.Text[from-1]) {
		from++
	}
	for to > sp.End && to < in1 && doctext.IsWordByte(doc.Text[to]) {
		to--
	}
	ctx := strings.ToLower(doctext.CollapseSpace(doc.Text[from:to]))
	if *sources == nil {
		*sources = []string{strings.ToLower(doctext.CollapseSpace(doc.Source))}
		for _, e := range doc.Evidence {
			*sources = append(*sources, strings.ToLower(doctext.CollapseSpace(e.Content)))
		}
	}
	for _, src := range *sources {
		if ctx != "" && strings.Contains(src, ctx) {
			return true
		}
	}
	return false
}

// bracketLabels are upper-case words that a bracket holds as a label, not a
// blank: ratings, markup and document status.
var bracketLabels = map[string]bool{
	"RED": true, "AMBER": true, "GREEN": true, "YELLOW": true, "HIGH": true, "MEDIUM": true, "LOW": true,
	"CRITICAL": true, "INFO": true, "NEW": true, "DELETED": true, "INSERTED": true, "ADDED": true, "REMOVED": true,
	"AMENDED": true, "NOTE": true, "DRAFT": true, "FINAL": true, "CONFIDENTIAL": true, "PRIVILEGED": true,
	"SIC": true, "OK": true, "PASS": true, "FAIL": true, "FIXED": true, "OPEN": true, "CLOSED": true, "N/A": true,
	"AGREED": true, "ACCEPTED": true, "REJECTED": true, "RESERVED": true, "INTENTIONALLY OMITTED": true,
}

// bracketLabel reports whether an upper-case bracket content is a label:
// one of bracketLabels ("[RED]", "[DELETED]"), or an id of letters and
// digits such as a comment or footnote mark ("[PC1]", "[JS2]").
func bracketLabel(content string) bool {
	if bracketLabels[content] {
		return true
	}
	i := 0
	for i < len(content) && content[i] >= 'A' && content[i] <= 'Z' {
		i++
	}
	j := i
	for j < len(content) && content[j] >= '0' && content[j] <= '9' {
		j++
	}
	return i >= 1 && i <= 4 && j > i && j == len(content)
}

// maxTagScan bounds how many other uses of a tag markupTag reads.
const maxTagScan = 16

// markupTag reports whether a bracket's content is "TAG: words" where TAG
// is an upper-case word of at most 12 letters that the text uses as a
// mark-up convention: at least one "[TAG: ...]" in it holds real words
// ("[DEL: by publishing a notice]"), not only filler. A redline that marks
// its deletions and insertions this way, and the legend that explains the
// marks ("[DEL: ...]"), hold no blank.
func markupTag(text, content string) bool {
	tag, rest, ok := strings.Cut(content, ":")
	if !ok || len(tag) < 2 || len(tag) > 12 || strings.TrimSpace(rest) == "" {
		return false
	}
	for _, r := range tag {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	open := "[" + tag + ":"
	from := 0
	for n := 0; n < maxTagScan; n++ {
		i := strings.Index(text[from:], open)
		if i < 0 {
			return false
		}
		i += from + len(open)
		limit := min(len(text), i+maxPlaceholderLen)
		e := strings.IndexAny(text[i:limit], "]\n")
		if e < 0 {
			e = limit - i // a long insertion: its first words decide
		}
		if body := strings.TrimSpace(text[i : i+e]); body != "" && !onlyFillerRunes(body) && strings.IndexFunc(body, unicode.IsLetter) >= 0 {
			return true
		}
		from = i + e
	}
	return false
}

// blankUnderscores reports whether the two underscores text[s:e] stand for a
// blank ("__ days", "£__", "$__.__") rather than Markdown emphasis
// ("__bold__", "snake__case"): no word character touches them on both sides.
func blankUnderscores(text string, s, e int) bool {
	before := s > 0 && doctext.IsWordByte(text[s-1])
	after := e < len(text) && doctext.IsWordByte(text[e])
	return !before && !after
}

// templateVarRe matches template variables in other common syntaxes:
// "%FIRST_NAME%", "<bond amount>", "x.x.x.x".
var templateVarRe = regexp.MustCompile(`^(?:%[A-Za-z][A-Za-z0-9_]{1,40}%|<[a-z][a-z]*(?:[ _][a-z]+){1,5}>|x\.x\.x\.x)`)

// afterOrBeforeValue reports whether a bracket text[i:e] stands where a
// number belongs: before a unit or "times", or after a currency sign.
func afterOrBeforeValue(text string, i, e int) bool {
	if afterCurrency(text, i) || beforeUnit(text, e) {
		return true
	}
	rest := strings.TrimLeft(text[e:min(len(text), e+8)], " ")
	return strings.HasPrefix(rest, "times")
}

// templateField reports whether the inside of "{{...}}" names a field to
// fill: words, identifiers and dotted paths ("customer_name",
// " client.address ", "Party Name"), optionally piped through a filter. An
// expression with operators, calls, literals or digits first ("7*7",
// "config.items()") is template code shown as such — an injection payload
// in a security report — not a blank.
func templateField(content string) bool {
	content = strings.TrimSpace(content)
	if content == "" {
		return true // "{{ }}": an empty slot
	}
	r, _ := utf8.DecodeRuneInString(content)
	if !unicode.IsLetter(r) && r != '_' {
		return false
	}
	for _, r := range content {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case r == '_' || r == '.' || r == ' ' || r == '-' || r == '|' || r == '#' || r == '/' || r == '&' || r == '\'':
		default:
			return false // "(", "*", "+", "=", quotes, brackets: an expression
		}
	}
	return true
}

// maskParts are the parts a date format mask is made of; the regular
// expression runs only on a word that is one of them, followed by a
// separator.
var maskParts = map[string]bool{"DD": true, "MM": true, "YY": true, "YYYY": true, "dd": true, "mm": true, "yy": true, "yyyy": true}

// dateMaskRe matches a date format mask: "DD/MM/YYYY", "MM-DD-YY",
// "yyyy.mm.dd", "DD Month YYYY".
var dateMaskRe = regexp.MustCompile(`^(?:(?:DD|MM|YYYY|YY)(?:[/.\-](?:DD|MM|YYYY|YY)){1,2}|(?:dd|mm|yyyy|yy)(?:[/.\-](?:dd|mm|yyyy|yy)){1,2}|DD[ \t]+(?:MMMM?|Month)[ \t]+YYYY|dd[ \t]+(?:mmmm?|month)[ \t]+yyyy)\b`)

// formatWords are words near a date mask that show it describes how to
// write a date ("in DD/MM/YYYY format", "written as dd/mm/yyyy") rather
// than standing where a date belongs.
var formatWords = map[string]bool{"format": true, "formats": true, "formatted": true, "form": true, "pattern": true,
	"as": true, "like": true, "e.g": true, "eg": true, "style": true, "notation": true, "using": true, "use": true, "field": true}

// describesFormat reports whether the date mask text[s:e] is named as a
// format: one of formatWords among the two words before it or the word
// after it, or the mask alone in parentheses.
func describesFormat(text string, s, e int) bool {
	if s > 0 && text[s-1] == '(' && e < len(text) && text[e] == ')' {
		return true // "expiry date (MM/YY)": a hint at how to write it
	}
	j := s
	for n := 0; n < 2 && j > 0; n++ {
		k := j
		for k > 0 && !doctext.IsWordByte(text[k-1]) && text[k-1] != '\n' && j-k < 4 {
			k--
		}
		w := k
		for w > 0 && (doctext.IsWordByte(text[w-1]) || text[w-1] == '.') {
			w--
		}
		if w == k {
			break
		}
		if formatWords[strings.ToLower(strings.Trim(text[w:k], "."))] {
			return true
		}
		j = w
	}
	ws, we := doctext.NextWord(text, e, min(len(text), e+16))
	return we > ws && formatWords[strings.ToLower(text[ws:we])]
}

// xRange reports whether an X run that ends at e is followed by a dash and
// another X run ("XX-XX", "X – XX"), and returns the end of that run.
func xRange(text string, e int) (int, bool) {
	j := e
	for j < len(text) && text[j] == ' ' {
		j++
	}
	switch {
	case strings.HasPrefix(text[j:], "-"):
		j++
	case strings.HasPrefix(text[j:], "–"), strings.HasPrefix(text[j:], "—"):
		j += len("–")
	default:
		return 0, false
	}
	for j < len(text) && text[j] == ' ' {
		j++
	}
	k := j
	for k < len(text) && text[k] == 'X' {
		k++
	}
	if k == j || k < len(text) && doctext.IsWordByte(text[k]) {
		return 0, false
	}
	return k, true
}

// fieldPrepositions are the words after which a field word's qualifier
// follows: "[date of completion]", "[time per licence]".
var fieldPrepositions = map[string]bool{"of": true, "per": true, "from": true, "under": true, "for": true, "as": true, "in": true, "to": true, "on": true, "at": true}

// fieldQualifier reports whether the bracketed content opens with a field
// word qualified by a prepositional phrase: its second word is one of
// fieldPrepositions and a word follows it.
func fieldQualifier(content string) bool {
	_, e1 := doctext.NextWord(content, 0, len(content))
	s2, e2 := doctext.NextWord(content, e1, len(content))
	if s2 >= len(content) || !fieldPrepositions[strings.ToLower(content[s2:e2])] {
		return false
	}
	s3, _ := doctext.NextWord(content, e2, len(content))
	return s3 < len(content)
}
