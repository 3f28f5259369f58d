package text

import (
	"regexp"
	"strings"
)

// A redline sets out the source's own text, marked up: a clause line with
// struck and inserted words is, once the insertions are dropped and the
// struck words kept, the source's wording ("within ~~5 days~~ **15 working
// days**" says the source reads "within 5 days"); a diff line marked "−" is
// the current text; a table column headed as the other side's draft holds
// its words verbatim. Each such passage is checked like a quotation, so a
// redline cannot misstate what it amends.

// MinSourceSegmentWords is how many words a set-out passage needs (after
// unmarking) to be checked: a short cell ("—", "No change") is no text.
const MinSourceSegmentWords = 8

// redlineMarkRe finds redline markup that changes words: deletions,
// insertions, and bold runs that do not open the line (a bold clause
// number is a label, not an insertion).
var redlineMarkRe = regexp.MustCompile(`~~|<del>|<ins>|\[(?i:deleted|delete|struck|inserted|insert|added)[ \t]*:|\{--|\{\+\+|[^\s*|]\s*\*\*[^*\n]+\*\*`)

// sourceTextColumnRe matches a table header naming the source's own text:
// "Kranich draft version 2", "Current text", "Existing wording", "Investor's
// draft".
var sourceTextColumnRe = regexp.MustCompile(`(?i)\b(?:draft|(?:current|existing|original|old)\s+(?:text|wording|clause|version)|as\s+drafted|text\s+(?:as\s+drafted|without\s+change))\b`)

// RedlineSourceSegments returns the passages of a redline that set out the
// source's text: each marked-up line or table cell (without a leading clause
// number), each "−" diff line (without the sign), and each cell of a column
// whose header names the source's text. Passages are in order and do not
// overlap.
func RedlineSourceSegments(text string) []Span {
	var out []Span
	var srcCols map[int]bool // source-text columns of the current table
	prevStart, prevEnd, rows := -1, -1, 0
	add := func(s, e int) {
		for s < e && (text[s] == ' ' || text[s] == '\t') {
			s++
		}
		for e > s && (text[e-1] == ' ' || text[e-1] == '\t' || text[e-1] == '\r') {
			e--
		}
		if e > s {
			out = append(out, Span{s, e})
		}
	}
	ForEachUnfencedLine(text, func(l Line, raw, s string) {
		if s == "" {
			return
		}
		at := l.Start + len(raw) - len(strings.TrimLeft(raw, " \t"))
		if !strings.HasPrefix(s, "|") {
			srcCols, rows = nil, 0
			switch {
			case strings.HasPrefix(s, "−"):
				add(at+len("−"), l.End) // "− 7. Within fourteen days ...": the current text
			case strings.HasPrefix(s, "+"):
				// the proposed text
			case redlineMarkRe.MatchString(s):
				// Only clause text: a line that opens with a clause number
				// or a sub-item, or a block quote (a legend such as "deleted
				// words are ~~struck~~" is no clause).
				if m := MatchIf(StartsWithAny(s, ">|<[{*_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), RedlineLabelRe, s); m != nil && strings.Contains(s[m[2]:m[3]], ".") {
					if !insertedClause(s, m) {
						add(at+m[1], l.End) // past the clause number and its markup
					}
				} else if strings.HasPrefix(s, ">") || SubItemRe.MatchString(strings.TrimLeft(s, "*_")) {
					body := strings.TrimLeft(s, "> \t")
					if !CommentLineRe.MatchString(body) && !strings.HasPrefix(body, "**") && !(boxBullet(body) && !explicitRedlineMark(body)) {
						add(at+len(s)-len(body), l.End)
					}
				}
			}
			return
		}
		rows++
		if rows == 2 && SeparatorRow(s) {
			srcCols = nil
			for i, h := range RowCellTexts(text[prevStart:prevEnd]) {
				if sourceTextColumnRe.MatchString(h) && !IsDraftIntro(h) {
					if srcCols == nil {
						srcCols = map[int]bool{}
					}
					srcCols[i] = true
				}
			}
			return
		}
		prevStart, prevEnd = l.Start, l.End
		if rows < 3 {
			return
		}
		first := strings.IndexByte(raw, '|')
		for i, c := 0, first+1; c <= len(raw); i++ {
			e := strings.IndexByte(raw[c:], '|')
			if e < 0 {
				break
			}
			cell := raw[c : c+e]
			if srcCols[i] && !strings.ContainsAny(cell, "\"“") || redlineMarkRe.MatchString(cell) {
				add(l.Start+c, l.Start+c+e)
			}
			c += e + 1
		}
	})
	return out
}

// insertedClause reports whether a clause line (s, with m its
// redlineLabelRe match) is wholly new: the number stands inside an
// insertion ("[inserted: 7.5 ...", "<ins>**C6.5**") or a bold run that
// goes on past it ("**9.4 Despite clause 9.2, ...**"), or is called new
// ("**New 10.4**").
func insertedClause(s string, m []int) bool {
	head := s[:m[2]]
	if strings.Contains(head, "<ins>") || strings.Contains(head, "[") || strings.Contains(head, "{++") || strings.Contains(strings.ToLower(head), "new") {
		return true
	}
	if strings.HasSuffix(strings.TrimRight(head, " \t"), "**") || strings.HasSuffix(strings.TrimRight(head, " \t"), "__") {
		// "**9.4 Despite ..." is wholly bold; "**10.1** For ..." only its number
		rest := s[m[3]:]
		return !strings.HasPrefix(strings.TrimLeft(rest, "."), "**") && !strings.HasPrefix(strings.TrimLeft(rest, "."), "__")
	}
	return false
}

// ElideInsertions returns the source text a marked-up passage stands for,
// with an elision ("…") where each insertion was: struck words are kept
// in place, so "for **undisputed** claims ~~, including all~~" becomes
// "for … claims, including all". Verified as an elided quotation, each
// stretch the redline leaves unmarked must be the source's, in order,
// while a word the markup changed without marking it falls in a gap.
func ElideInsertions(s string) string {
	if !strings.ContainsAny(s, "[~*<{_") {
		return s
	}
	s = InsertedRe.ReplaceAllString(s, " … ")
	s = DeletedRe.ReplaceAllString(s, "$1$2$3$4")
	s = SpaceBeforePunctRe.ReplaceAllString(CollapseSpace(s), "$1")
	return strings.Trim(s, " …")
}

// boxBullet reports whether a block quote's line is a bullet ("- ", "* ",
// "• "): an item of a summary box, whose bold words are emphasis, not
// inserted text.
func boxBullet(body string) bool {
	return strings.HasPrefix(body, "- ") || strings.HasPrefix(body, "* ") || strings.HasPrefix(body, "• ")
}

// explicitRedlineMark reports whether s holds markup that can only mean a
// change (struck or inserted text), not emphasis.
func explicitRedlineMark(s string) bool {
	if strings.Contains(s, "~~") || strings.Contains(s, "<del>") || strings.Contains(s, "<ins>") || strings.Contains(s, "{--") || strings.Contains(s, "{++") {
		return true
	}
	l := strings.ToLower(s)
	for _, m := range []string{"[deleted", "[delete", "[struck", "[inserted", "[insert", "[added"} {
		if strings.Contains(l, m) {
			return true
		}
	}
	return false
}
