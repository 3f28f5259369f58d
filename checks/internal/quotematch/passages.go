package quotematch

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Passage is a quoted passage of a text: [Start, End) covers the quote marks,
// or a whole block-quote line.
type Passage struct {
	Start, End int
}

// Passages yields the double-quoted passages of text[from:to] in document
// order: a straight quote pairs with the mark that closes it, inner
// quotations nesting (see closeStraightQuote); a curly “ pairs with the
// next ”; a Markdown block-quote line ("> ...", after optional blanks) is
// one passage. Passages do not overlap; an unpaired quote mark opens
// nothing. Offsets are in text.
//
// Passages holds no list: it finds one passage at a time, in one pass over
// the text (once no ” is left, later “ are skipped without searching), so
// 20 MB of '"' yield their ten million passages in linear time and
// constant memory. The caller stops it by breaking out of the range.
func Passages(text string, from, to int) iter.Seq[Passage] {
	return func(yield func(Passage) bool) {
		from, to = max(from, 0), min(to, len(text))
		atLineStart := true
		noCurlyClose := false // no ” after the last search: later “ cannot close
		calloutEnd := from    // the end of the block quote last classified
		for i := from; i < to; {
			if atLineStart {
				j := i
				for j < to && (text[j] == ' ' || text[j] == '\t') {
					j++
				}
				if j < to && text[j] == '>' && i >= calloutEnd {
					if end, ok := callout(text, i, to); ok {
						calloutEnd = end
						i = end
						continue
					}
				}
				if j < to && text[j] == '>' {
					e := strings.IndexByte(text[j:to], '\n')
					if e < 0 {
						e = to
					} else {
						e += j
					}
					if !yield(Passage{j, e}) {
						return
					}
					i = e
					continue
				}
				atLineStart = false
			}
			// Skip to the next byte that can matter.
			for i < to && !passageStop[text[i]] {
				i++
			}
			if i >= to {
				return
			}
			switch c := text[i]; {
			case c == '\n':
				atLineStart = true
				i++
			case c == '"':
				e := closeStraightQuote(text, i, to)
				if e < 0 {
					return
				}
				if !yield(Passage{i, e + 1}) {
					return
				}
				i = e + 1
			case strings.HasPrefix(text[i:to], "“"):
				e := -1
				if !noCurlyClose {
					e = strings.Index(text[i+3:to], "”")
				}
				if e < 0 {
					noCurlyClose = true
					i += 3
					continue
				}
				if !yield(Passage{i, i + 3 + e + 3}) {
					return
				}
				i += 3 + e + 3
			default: // 0xE2 starting another rune
				i++
			}
		}
	}
}

// callout reports whether the block quote whose first line starts at
// text[start:] is a call-out — a summary box of bullet points, with at most
// bold title lines beside them, or a box that opens with a call-out label
// (admonition), that no line ending in ':' introduces — and
// where the block ends. Models set summaries and key points in block
// quotes; a call-out is the deliverable's own text, not a quotation of a
// source. The block is read once; a block that is not a call-out is then
// read line by line as quotations, so each line costs at most twice.
func callout(text string, start, to int) (int, bool) {
	bullets, other := 0, false
	first, box := true, false
	i := start
	for i < to {
		j := i
		for j < to && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j >= to || text[j] != '>' {
			break
		}
		e := strings.IndexByte(text[j:to], '\n')
		if e < 0 {
			e = to
		} else {
			e += j
		}
		line := strings.TrimSpace(strings.TrimLeft(text[j:e], "> \t"))
		title := false
		if first && line != "" {
			first = false
			// "> **Note** — ...", "> ⚠️ ...", "> [!NOTE]": a call-out box
			// whatever follows; "> On Tue, Ann wrote:": an earlier message
			// of the thread, quoted as the reply's context.
			box = admonition(line) || quotedMessage(line)
			title = boxTitle(line)
		}
		switch {
		case line == "" || title:
		case isBullet(line):
			bullets++
		case strings.HasPrefix(line, "**") && strings.HasSuffix(strings.TrimRight(line, ":"), "**"):
		default:
			other = true
		}
		i = e + 1
	}
	end := min(i, to)
	if !box && (bullets == 0 || other) {
		return end, false
	}
	prev := strings.TrimRight(text[:start], " \t\n")
	if strings.HasSuffix(prev, ":") {
		return end, false // introduced as a quotation
	}
	return end, true
}

// admonition reports whether the first line of a block quote opens a
// call-out box: a GitHub alert ("[!NOTE]"), a pictograph ("ℹ️", "⚠️",
// "💡"), or a bold label with no digit in it ("**Note** —", "**Not
// changed, for the record:**"; a label with a digit, "**Clause 4.2**", may
// head a quotation of the source).
func admonition(line string) bool {
	if strings.HasPrefix(line, "[!") {
		return true
	}
	if r, n := utf8.DecodeRuneInString(line); r >= 0x2100 && (unicode.IsSymbol(r) || strings.HasPrefix(line[n:], "\uFE0F")) {
		return true // a pictograph ("⚠", "💡", "ℹ️" with its emoji selector); quote marks are punctuation
	}
	_, ok := CalloutLabel(line)
	return ok
}

// boxTitle reports whether the first line of a block quote may title a
// box of bullet points: short, with no quote mark and no sentence end
// ("Key points for the Committee", "What changes on 1 March").
func boxTitle(line string) bool {
	line = strings.TrimRight(line, ":")
	return line != "" && len(line) <= 60 && !strings.ContainsAny(line, "\"“”") && !strings.ContainsAny(line[len(line)-1:], ".;!?,")
}

// quotedMessage reports whether the first line of a block quote heads an
// earlier message of an email thread: "On Tue, Ann Lee wrote:", "Ann Lee
// <ann@example.com> wrote:", or its "From:" header.
func quotedMessage(line string) bool {
	l := strings.ToLower(line)
	return len(l) <= 200 && (strings.HasSuffix(l, " wrote:") || strings.HasPrefix(l, "from:") || strings.HasPrefix(l, "-----original message"))
}

// CalloutLabel returns the bold label that opens a call-out box on the
// first line of a block quote (line without its "> "), lower case: a label
// with text after it on the line ("**Note** — …"), or one of calloutLabels
// alone on its line ("**TL;DR**", "**Bottom line**"; a bare bold title may
// also head a quoted clause, "**Limitation of Liability**"). A label with
// a digit or a quote mark ("**Clause 4.2**") opens no box.
func CalloutLabel(line string) (string, bool) {
	label, ok := strings.CutPrefix(line, "**")
	if !ok {
		return "", false
	}
	k := strings.Index(label, "**")
	if k <= 0 || k > 60 || strings.ContainsAny(label[:k], "0123456789\"“") {
		return "", false
	}
	name := strings.ToLower(strings.TrimRight(strings.TrimSpace(label[:k]), ":.!"))
	if k+2 < len(label) {
		return name, true // text follows the label on the line
	}
	return name, calloutLabels[name] || addressesReader(name)
}

// addressesReader reports whether a label speaks to the reader ("Before
// you publish", "What this means for you"): a clause's title never does.
func addressesReader(label string) bool {
	for _, w := range strings.Fields(label) {
		switch w {
		case "you", "your", "you're", "we", "we're", "our", "us":
			return true
		}
	}
	return false
}

// calloutLabels are the labels a call-out box opens with when its label
// stands alone on the first line: the GitHub alert kinds and the labels of
// summary boxes.
var calloutLabels = map[string]bool{
	"note": true, "notes": true, "tip": true, "tips": true, "important": true, "warning": true, "caution": true,
	"heads up": true, "heads-up": true, "tl;dr": true, "tldr": true, "in short": true, "bottom line": true,
	"at a glance": true, "key points": true, "key takeaways": true, "takeaway": true, "takeaways": true,
	"why it matters": true, "summary": true, "quick summary": true, "what this means": true, "remember": true,
}

// isBullet reports whether line is a Markdown bullet item.
func isBullet(line string) bool {
	return strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ") || strings.HasPrefix(line, "+ ") || strings.HasPrefix(line, "• ")
}

// passageStop marks the bytes Passages must look at: quotes, line breaks and the
// first byte of a curly quote.
var passageStop = [256]bool{'"': true, '\n': true, 0xE2: true}

// Drafted clauses often quote words inside themselves ("… using "#ad" or
// "Ad" and the platform's tool …"). Pairing straight quotes strictly in
// order would close the outer quotation at the first inner mark and turn
// the rest of the clause into a quotation of its own. closeStraightQuote
// reads the marks by where they stand instead: a mark after a space and
// before a word opens an inner quotation, one after a word closes.

// maxNestedReach bounds how far closeStraightQuote reads nested quotations:
// past it, or past a blank line, marks pair in order again, so the cost
// per quotation stays constant.
const maxNestedReach = 2000

// closeStraightQuote returns the offset of the '"' that closes the one at
// open, searching text[open+1:to], or -1 when there is none. Marks that
// open an inner quotation (after white space or an opening bracket, before
// a non-space) nest; when the nesting does not close within
// maxNestedReach bytes and before a blank line, the next mark closes, as
// in plain in-order pairing. A next mark that does not open an inner
// quotation closes at once, with no look further: 20 MB of '"' cost a
// byte each.
func closeStraightQuote(text string, open, to int) int {
	first := strings.IndexByte(text[open+1:to], '"')
	if first < 0 {
		return -1
	}
	first += open + 1
	if !opensQuote(text, first, to) {
		return first
	}
	limit := min(to, open+maxNestedReach)
	if p := strings.Index(text[open+1:limit], "\n\n"); p >= 0 {
		limit = open + 1 + p
	}
	depth := 1
	for j := first; j >= 0 && j < limit; {
		if opensQuote(text, j, to) {
			depth++
		} else {
			depth--
		}
		if depth == 0 {
			return j
		}
		k := strings.IndexByte(text[j+1:limit], '"')
		if k < 0 {
			break
		}
		j += 1 + k
	}
	return first
}

// opensQuote reports whether the '"' at i stands as an opening mark: after
// the start, white space or an opening bracket, and before a character that
// is not white space or closing punctuation.
func opensQuote(text string, i, to int) bool {
	if i > 0 {
		switch text[i-1] {
		case ' ', '\t', '\n', '(', '[', '/':
		default:
			return false
		}
	}
	if i+1 >= to {
		return false
	}
	switch text[i+1] {
	case ' ', '\t', '\n', '\r', ',', '.', ';', ':', ')', ']', '!', '?':
		return false
	}
	return true
}
