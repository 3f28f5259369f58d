package readscore

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// Span is a byte range [Start, End) of the analysed text.
type Span struct {
	Start, End int
}

// Sentences returns the sentence spans of text using the default Analyzer.
func Sentences(text string) []Span { return Default().AppendSentences(nil, text) }

// AppendSentences appends the sentence spans of text to dst and returns it.
//
// Spans are ordered, non-overlapping, start and end on UTF-8 boundaries, and
// exclude surrounding white space; a span holding no letter or digit (a line
// of "* * *") is not a sentence. A sentence ends at '.', '!', '?' or an
// ellipsis (with any closing quotes and brackets after it) followed by white
// space or the end of the text; at a blank line; and before a line that
// opens a Markdown or list block (a table row, heading, block quote, bullet
// or numbered item such as "(a) " or "2. "), so tables and lists are read
// item by item. It does not end:
//   - inside a number or word ("3.2", "$1,000.50", "e.g", "U.S");
//   - after an abbreviation the lists say never ends one ("e.g.", "U.S.");
//   - after a numbering abbreviation followed by a number or "(" ("Sec. 4.1");
//   - after a terminal abbreviation ("Inc.", "etc.") unless an upper-case
//     word follows;
//   - after a single capital letter (an initial: "J. Smith"), unless it
//     follows a label word ("Exhibit A. The");
//   - after a number that opens its line ("2. second item", "## 3. Fees");
//   - at '!', '?' or an ellipsis followed by a lower-case word.
func (a *Analyzer) AppendSentences(dst []Span, text string) []Span {
	for pos := 0; pos < len(text); {
		s, e, ok := a.nextSentence(text, pos)
		if !ok {
			break
		}
		dst = append(dst, Span{s, e})
		pos = e
	}
	return dst
}

// nextSentence returns the first sentence starting at or after pos.
func (a *Analyzer) nextSentence(text string, pos int) (start, end int, ok bool) {
	for pos < len(text) {
		start = skipSpace(text, pos)
		if start >= len(text) {
			return 0, 0, false
		}
		end = a.sentenceEnd(text, start)
		if hasAlnum(text[start:end]) {
			return start, end, true
		}
		pos = end
	}
	return 0, 0, false
}

// sentenceEnd returns the end of the sentence that starts at start.
func (a *Analyzer) sentenceEnd(text string, start int) int {
	for i := start; i < len(text); i++ {
		if !sentenceByte[text[i]] {
			continue // most bytes: nothing to decide
		}
		switch c := text[i]; c {
		case '\n':
			if blankLineAt(text, i) || blockStartAt(text, i+1) {
				return trimSpaceRight(text, start, i)
			}
		case '.', '!', '?':
			if c == '.' && i+1 < len(text) && alnum256[text[i+1]] {
				continue // "3.2", "e.g", "U.S": a period inside a token
			}
			if e, ok := a.terminator(text, i); ok {
				return e
			}
			i = skipTerminators(text, i) - 1
		case 0xE2: // first byte of U+2026 '…'
			if hasEllipsisAt(text, i) {
				if e, ok := a.terminator(text, i); ok {
					return e
				}
				i = skipTerminators(text, i) - 1
			}
		}
	}
	return trimSpaceRight(text, start, len(text))
}

// terminator decides whether the run of terminal punctuation starting at i
// ends a sentence, and if so returns the sentence end (after closers).
func (a *Analyzer) terminator(text string, i int) (int, bool) {
	j := skipTerminators(text, i)
	k := skipClosers(text, j)
	if k < len(text) && !isSpaceAt(text, k) {
		return 0, false // "3.2", "U.S.A", "e.g.,", "?!x": not followed by a space
	}
	next := skipSpace(text, k)
	if next >= len(text) {
		return k, true
	}
	nr, _ := utf8.DecodeRuneInString(text[next:])
	run := text[i:j]
	if run != "." {
		// '!', '?' or an ellipsis: a lower-case continuation is the same
		// sentence ("Playing ... games", "“Why?” she asked").
		return k, !unicode.IsLower(nr)
	}
	word := wordBefore(text, i)
	if isListNumber(text, i-len(word), word) {
		return 0, false // "2. second item", "## 3. Fees": a list or heading number
	}
	if len(word) > a.abbrevMax {
		return k, true // longer than any abbreviation or a lone initial
	}
	var buf [maxKey]byte
	key, fits := lowerInto(buf[:0], word)
	if !fits || len(key) == 0 {
		return k, true
	}
	switch a.abbrev[string(key)] {
	case abbrevNever:
		return 0, false
	case abbrevNumbering:
		if nr == '(' || unicode.IsDigit(nr) {
			return 0, false
		}
		return k, true
	case abbrevTerminal:
		return k, unicode.IsUpper(nr)
	}
	if r, size := utf8.DecodeRuneInString(word); size == len(word) && unicode.IsUpper(r) {
		// A lone capital: an initial, unless a label word precedes it.
		prev := wordBefore(text, i-len(word))
		var pbuf [maxKey]byte
		pkey, _ := lowerInto(pbuf[:0], prev)
		return k, a.abbrev[string(pkey)] == abbrevLabel
	}
	return k, true
}

// isListNumber reports whether word (starting at byte ws) is one to four
// digits that open their line, after nothing but spaces, tabs and '#'.
func isListNumber(text string, ws int, word string) bool {
	if len(word) == 0 || len(word) > 4 {
		return false
	}
	for k := 0; k < len(word); k++ {
		if word[k] < '0' || word[k] > '9' {
			return false
		}
	}
	for j := ws - 1; j >= 0; j-- {
		switch text[j] {
		case '\n':
			return true
		case ' ', '\t', '#':
		default:
			return false
		}
	}
	return true
}

// wordBefore returns the non-space run ending at i (exclusive), without
// leading opening quotes and brackets.
func wordBefore(text string, i int) string {
	j := i
	for j > 0 && text[j-1] == ' ' {
		j-- // for the label lookup: "Exhibit A" has one space before "A"
	}
	e := j
	for j > 0 {
		if c := text[j-1]; c < utf8.RuneSelf {
			if space256[c] {
				break
			}
			j--
			continue
		}
		r, size := utf8.DecodeLastRuneInString(text[:j])
		if unicode.IsSpace(r) {
			break
		}
		j -= size
	}
	for j < e {
		r, size := utf8.DecodeRuneInString(text[j:])
		if !isOpener(r) {
			break
		}
		j += size
	}
	return text[j:e]
}

func skipTerminators(text string, i int) int {
	for i < len(text) {
		switch {
		case text[i] == '.' || text[i] == '!' || text[i] == '?':
			i++
		case hasEllipsisAt(text, i):
			i += len("…")
		default:
			return i
		}
	}
	return i
}

func skipClosers(text string, i int) int {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isCloser(r) {
			return i
		}
		i += size
	}
	return i
}

func hasEllipsisAt(text string, i int) bool {
	return i+2 < len(text) && text[i] == 0xE2 && text[i+1] == 0x80 && text[i+2] == 0xA6
}

func isOpener(r rune) bool {
	switch r {
	case '(', '[', '{', '"', '\'', '“', '‘', '«', '¿', '¡':
		return true
	}
	return false
}

func isCloser(r rune) bool {
	switch r {
	case ')', ']', '}', '"', '\'', '”', '’', '»':
		return true
	}
	return false
}

// blockStartAt reports whether the line starting at i opens a Markdown or
// list block: a table row ("|"), heading ("#"), block quote (">"), bullet
// ("- ", "* ", "+ ", "• ") or numbered item ("1. ", "2) ", "(a) ", "(iv) ").
// Such a line starts a new sentence even without a blank line before it, so
// a table or list is not read as one endless sentence.
func blockStartAt(text string, i int) bool {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) {
		return false
	}
	spaceAt := func(j int) bool { return j < len(text) && (text[j] == ' ' || text[j] == '\t') }
	switch c := text[i]; {
	case c == '|' || c == '#' || c == '>':
		return true
	case c == '-' || c == '*' || c == '+':
		return spaceAt(i + 1)
	case strings.HasPrefix(text[i:], "•"):
		return spaceAt(i + len("•"))
	case '0' <= c && c <= '9':
		j := i
		for j < len(text) && j-i < 4 && '0' <= text[j] && text[j] <= '9' {
			j++
		}
		return j < len(text) && (text[j] == '.' || text[j] == ')') && spaceAt(j+1)
	case c == '(':
		j := i + 1
		for j < len(text) && j-i <= 5 && alnum256[text[j]] {
			j++
		}
		return j > i+1 && j < len(text) && text[j] == ')' && spaceAt(j+1)
	}
	return false
}

// blankLineAt reports whether the newline at i is followed, after spaces and
// tabs, by another newline.
func blankLineAt(text string, i int) bool {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return false
}

func isSpaceAt(text string, i int) bool {
	c := text[i]
	if c < utf8.RuneSelf {
		return space256[c]
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r)
}

func skipSpace(text string, i int) int {
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !space256[c] {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsSpace(r) {
			return i
		}
		i += size
	}
	return i
}

func trimSpaceRight(text string, start, end int) int {
	for end > start {
		r, size := utf8.DecodeLastRuneInString(text[start:end])
		if !unicode.IsSpace(r) {
			break
		}
		end -= size
	}
	return end
}

func hasAlnum(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if alnum256[c] {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if textscan.IsAlnum(r) {
			return true
		}
		i += size
	}
	return false
}

// sentenceByte marks the bytes sentenceEnd must look at.
var sentenceByte = func() (t [256]bool) {
	for _, c := range []byte{'\n', '.', '!', '?', 0xE2} {
		t[c] = true
	}
	return t
}()
