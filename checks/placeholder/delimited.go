package placeholder

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// maxPlaceholderLen bounds how far a bracket, brace or chevron placeholder
// may extend on its line, so that a stray '[' costs constant work.
const maxPlaceholderLen = 120

// delimited reports whether text[i] opens a delimited placeholder form —
// a bracket, "{{field}}", a template variable ("%NAME%", "<bond amount>",
// "x.x.x.x"), "<<field>>" or "«field»" — and, when it is a placeholder,
// returns its end (else 0). A position where a form opens but is no
// placeholder is stepped over alone by the caller, never read as a word.
func (c *placeholderCheck) delimited(text string, i int) (end int, opener bool) {
	ch := text[i]
	switch {
	case ch == '[':
		if e, ok := c.bracket(text, i); ok {
			return e, true
		}
	case ch == '{' && strings.HasPrefix(text[i:], "{{"):
		if e := closeOnLine(text, i+2, "}}"); e > i+2 && templateField(text[i+2:e-2]) {
			return e, true
		}
	case ch == '{':
		if e := closeOnLine(text, i+1, "}"); e > i+1 && (c.braceField(text[i+1:e-1]) || c.directiveField(text[i+1:e-1]) || identField(text, i, e)) {
			return e, true
		}
	case ch == '(':
		if e := closeOnLine(text, i+1, ")"); e > i+2 && c.parenField(text, i, e) {
			return e, true
		}
		return 0, false // an ordinary parenthesis: read on inside it
	case ch == '%' || ch == '<' && !strings.HasPrefix(text[i:], "<<") || ch == 'x' && strings.HasPrefix(text[i:], "x.x.x.x"):
		if m := templateVarRe.FindStringIndex(text[i:min(len(text), i+60)]); m != nil && (i == 0 || !doctext.IsWordByte(text[i-1])) {
			return i + m[1], true
		}
	case ch == '<' && strings.HasPrefix(text[i:], "<<"):
		if e := closeOnLine(text, i+2, ">>"); e > i+2 {
			return e, true
		}
	case ch == 0xC2 && strings.HasPrefix(text[i:], "«"):
		if e := closeOnLine(text, i+2, "»"); e > i+2 && c.guillemetField(text[i+2:e-len("»")]) {
			return e, true
		}
	default:
		return 0, false
	}
	return 0, true
}

// guillemetField reports whether the text inside « » is a mail-merge
// field ("«ClientName»", "«start_date»") or a directive ("«insert
// name»"), not a quotation: guillemets are the quotation marks of French,
// Russian or Arabic text («المساعدة القانونية», «le Client»).
func (c *placeholderCheck) guillemetField(content string) bool {
	content = strings.TrimSpace(content)
	if content == "" {
		return true
	}
	first, _ := firstLastWord(content)
	if c.directives[strings.ToLower(first)] {
		return true
	}
	for i := 0; i < len(content); i++ {
		b := content[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.') {
			return false
		}
	}
	return true
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
	if admonition(text, i, content) {
		return 0, false // "> [!NOTE]": a call-out's kind, as GitHub and Obsidian write it
	}
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
	if arrayLiteral(content) {
		return 0, false // `["RS256"]`, `["ALL", "L2"]`: a JSON array of strings, a value given
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
	if !lower && letters >= 2 && !bracketLabel(content) && !c.bracketHeading(text, i, e, content) {
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

// arrayLiteral reports whether the inside of a bracket is a list of
// quoted strings, comma-separated: an array literal of code or JSON.
func arrayLiteral(content string) bool {
	for _, el := range strings.Split(content, ",") {
		el = strings.TrimSpace(el)
		if len(el) < 2 || el[0] != '"' && el[0] != '\'' || el[len(el)-1] != el[0] || strings.ContainsRune(el[1:len(el)-1], rune(el[0])) {
			return false
		}
	}
	return true
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
	words := strings.FieldsFunc(content, func(r rune) bool { return r == ' ' || r == '_' })
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	// "{insert RM name}": a directive may be followed by any words.
	directive := c.directives[words[0]] && strings.IndexByte(content, ' ') > 0
	for _, r := range content {
		if (r < 'a' || r > 'z') && r != ' ' && r != '_' && !(directive && (r >= 'A' && r <= 'Z' || r == '-')) {
			return false
		}
	}
	// "{date}", "{due_date}", "{customer name}": ending on a field word.
	return c.directives[words[0]] || c.words[words[len(words)-1]]
}

// maxDirectiveField bounds a "{insert …}" field: a directive and what to
// insert, in any case ("{insert district privacy email}", "{insert second
// batch no.}").
const maxDirectiveField = 60

// directiveField reports whether the text inside { } opens with a
// directive word ("insert", "add", "enter", …) followed by what to put
// there, however many words and whatever their case: braces that tell the
// writer what to insert are a blank left, never prose.
func (c *placeholderCheck) directiveField(content string) bool {
	first, rest, ok := strings.Cut(strings.TrimSpace(content), " ")
	return ok && len(content) <= maxDirectiveField && c.directives[strings.ToLower(first)] && strings.TrimSpace(rest) != "" &&
		!strings.ContainsAny(content, "{}")
}

// identField reports whether the "{…}" at text[i:e] holds one template
// identifier — snake_case ("{dispute_deadline}"), capitals ("{EXT}") or
// camelCase ("{customerName}") — standing on its own: a mail merge's
// variable left unfilled. In a path or an address ("/claims/{claimId}")
// or glued to a word it is a parameter of what it stands in, not a blank.
func identField(text string, i, e int) bool {
	id := text[i+1 : e-1]
	if len(id) < 2 || len(id) > maxIdentField {
		return false
	}
	upper, lower, snake := false, false, false
	for k := 0; k < len(id); k++ {
		switch b := id[k]; {
		case b >= 'A' && b <= 'Z':
			upper = true
		case b >= 'a' && b <= 'z':
			lower = true
		case b == '_':
			snake = true
		case b >= '0' && b <= '9' && k > 0:
		default:
			return false
		}
	}
	shaped := snake && (upper || lower) || upper && !lower || upper && lower && id[0] >= 'a' && id[0] <= 'z'
	if !shaped {
		return false
	}
	before, after := byte(' '), byte(' ')
	if i > 0 {
		before = text[i-1]
	}
	if e < len(text) {
		after = text[e]
	}
	glued := func(b byte) bool { return doctext.IsWordByte(b) || strings.IndexByte("/.:=@#$%&{}-", b) >= 0 }
	return !glued(before) && !(glued(after) && after != '.' && after != ':')
}

// maxIdentField bounds a template identifier in braces.
const maxIdentField = 40

// maxParenFieldWords bounds the words of a parenthesised field.
const maxParenFieldWords = 3

// parenField reports whether the "(…)" at text[i:e] is a field left to
// fill: one to three lower-case words ending on a placeholder word
// ("(amount)", "(phone number)", "(number)") where a value belongs —
// after a currency sign or code, a preposition or verb that takes it, or
// a comma, colon or cell border. After a noun it annotates that noun
// ("Response time (hours)", "the fee (amount)" aside).
func (c *placeholderCheck) parenField(text string, i, e int) bool {
	content := text[i+1 : e-1]
	words := strings.Fields(content)
	if len(words) == 0 || len(words) > maxParenFieldWords {
		return false
	}
	for _, r := range content {
		if (r < 'a' || r > 'z') && r != ' ' {
			return false
		}
	}
	if !c.words[words[len(words)-1]] {
		return false
	}
	before := strings.TrimRight(text[max(0, i-40):i], " \t")
	if before == "" || afterCurrency(text, i) {
		return true
	}
	if last := before[len(before)-1]; !doctext.IsWordByte(last) {
		return last != ')' && last != '"'
	}
	ws := strings.Fields(before)
	prev := ws[len(ws)-1]
	if doctext.CurrencyCode(prev) != "" {
		return true // "SGD (amount)"
	}
	return fieldLeads[strings.ToLower(prev)]
}

// fieldLeads are the words after which a parenthesised field stands where
// its value belongs: "call us on (phone number)", "within (number) days".
var fieldLeads = map[string]bool{"on": true, "by": true, "at": true, "to": true, "within": true, "for": true,
	"until": true, "before": true, "after": true, "from": true, "is": true, "are": true, "be": true, "of": true,
	"call": true, "email": true, "visit": true, "dial": true, "per": true, "dated": true}

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

// bracketLabels are upper-case words that a bracket holds as a label, not a
// blank: ratings, markup and document status.
var bracketLabels = map[string]bool{
	"RED": true, "AMBER": true, "GREEN": true, "YELLOW": true, "HIGH": true, "MEDIUM": true, "LOW": true,
	"CRITICAL": true, "INFO": true, "MED": true, "MODERATE": true, "SEVERE": true, "MAJOR": true, "MINOR": true, "CRIT": true, "NEW": true, "DELETED": true, "INSERTED": true, "ADDED": true, "REMOVED": true,
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

// maxHeadingWords bounds the words of a bracketed heading.
const maxHeadingWords = 5

// bracketHeading reports whether the upper-case "[ OVERVIEW ]" at
// text[i:e] is a heading in a template's style: alone on its line, over
// body text, its words none of the placeholder words ("[CLIENT NAME]" on a
// line of its own is still a field to fill).
func (c *placeholderCheck) bracketHeading(text string, i, e int, content string) bool {
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		return false // the last line: nothing under it
	}
	if strings.Trim(text[ls:i], " \t#*") != "" || strings.Trim(text[e:e+le], " \t*:") != "" {
		return false
	}
	words := strings.Fields(content)
	if len(words) > maxHeadingWords {
		return false
	}
	for _, w := range words {
		if c.words[strings.ToLower(strings.Trim(w, ",&/-"))] {
			return false
		}
	}
	return doctext.OpensBody(text, e+le)
}

// admonition reports whether the "[" at i opens a call-out marker: "!"
// and one word in capitals ("[!NOTE]", "[!WARNING]", "[!TIP]") opening a
// block-quote line, as GitHub alerts and Obsidian call-outs mark their
// kind.
func admonition(text string, i int, content string) bool {
	kind, ok := strings.CutPrefix(content, "!")
	if !ok || kind == "" || len(kind) > 12 {
		return false
	}
	for k := 0; k < len(kind); k++ {
		if kind[k] < 'A' || kind[k] > 'Z' {
			return false
		}
	}
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	return strings.Trim(text[ls:i], " \t") == ">"
}
