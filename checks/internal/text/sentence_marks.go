package text

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// This file holds the byte-level pieces of SentenceRules (sentences.go):
// terminators, closers, the word before a period, block-opening lines,
// and the embedded abbreviation table.

// SentenceAbbreviations returns a copy of one section of the embedded
// abbreviation table (data/sentence_abbreviations.txt): "never",
// "numbering", "terminal", "labels" or "citations".
func SentenceAbbreviations(section string) []string {
	return clone(abbreviationSections()[section])
}

// abbreviationSections parses data/sentence_abbreviations.txt: "[name]"
// starts a section, every other line is one entry.
var abbreviationSections = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	cur := ""
	for _, line := range LoadList("sentence_abbreviations") {
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			cur = line[1 : len(line)-1]
			continue
		}
		out[cur] = append(out[cur], line)
	}
	return out
})

// AbbreviationClasses maps each section of the embedded table to its class.
var AbbreviationClasses = map[string]AbbrevClass{
	"never": AbbrevNever, "numbering": AbbrevNumbering, "terminal": AbbrevTerminal,
	"labels": AbbrevLabel, "citations": AbbrevCitation,
}

// AbbreviationKey is the table key of an entry: lower case, without the
// final period; of a phrase ("et al"), the last word.
func AbbreviationKey(entry string) string {
	key := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(entry)), ".")
	if f := strings.Fields(key); len(f) > 1 {
		key = f[len(f)-1]
	}
	return key
}

// defaultSentenceRules is the embedded table with no option set.
var defaultSentenceRules = sync.OnceValue(func() *SentenceRules {
	m := map[string]AbbrevClass{}
	for section, class := range AbbreviationClasses {
		for _, e := range abbreviationSections()[section] {
			m[AbbreviationKey(e)] = class
		}
	}
	return NewSentenceRules(m, nil)
})

// DefaultSentenceRules returns rules over the embedded abbreviation table
// with every option at its default (the readability splitter's rules).
// The result is shared: change options with With.
func DefaultSentenceRules() *SentenceRules { return defaultSentenceRules() }

// sentenceByte marks the bytes SentenceEndFrom must look at.
var sentenceByte = func() (t [256]bool) {
	for _, c := range []byte{'\n', ';', '.', '!', '?', 0xE2} {
		t[c] = true
	}
	return t
}()

// alnumByte marks the ASCII letters and digits.
var alnumByte = func() (t [256]bool) {
	for c, class := range textscan.ASCIIAlnum() {
		t[c] = class == textscan.Letter
	}
	return t
}()

// spaceByte marks the ASCII white space bytes.
var spaceByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

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
			if spaceByte[c] {
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
		if !isOpener(r) && r != '*' && r != '_' {
			break // emphasis opens a word too: "**Art. 5 (Medium)**"
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

// skipClosers returns the index after the closing quotes and brackets (and,
// with Markup, emphasis and code marks) at i.
func (r *SentenceRules) skipClosers(text string, i int) int {
	for i < len(text) {
		if r.Markup && (text[i] == '*' || text[i] == '_' || text[i] == '`') {
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(text[i:])
		if !isCloser(c) {
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

// BlockStartAt reports whether the line starting at i opens a Markdown or
// list block: a table row ("|"), heading ("#"), block quote (">"), bullet
// ("- ", "* ", "+ ", "• ") or numbered item ("1. ", "2) ", "(a) ", "(iv) ").
// Under BlockLines such a line starts a new sentence even without a blank
// line before it, so a table or list is not read as one endless sentence.
func BlockStartAt(text string, i int) bool {
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
		for j < len(text) && j-i <= 5 && alnumByte[text[j]] {
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
		return spaceByte[c]
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r)
}

// SkipSpace returns the index of the first non-space rune at or after i.
func SkipSpace(text string, i int) int { return skipSpace(text, i) }

func skipSpace(text string, i int) int {
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !spaceByte[c] {
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
