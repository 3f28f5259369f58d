package readscore

import (
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
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
		start = doctext.SkipSpace(text, pos)
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

// sentenceEnd returns the end of the sentence that starts at start, by
// the text layer's one definition (text.SentenceRules) with a's
// abbreviations: readability ends a sentence at a blank line or a line
// that opens a block (text.BlockLines, the default).
func (a *Analyzer) sentenceEnd(text string, start int) int {
	return a.rules.SentenceEndFrom(text, start)
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
