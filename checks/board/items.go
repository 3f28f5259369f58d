package board

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// item is a unit of the deliverable a finding may be presented in: a
// table row, a heading or bold line with the text under it, or a list
// item.
type item struct {
	kind    itemKind
	head    doctext.Span // the headline: the row, the heading line, the item's first line
	body    doctext.Span // the headline and what belongs to it
	rate    rating
	rated   bool
	finding bool // presented as a finding: rated, and in a findings table or section or led by an id
	advice  bool // in a section of recommendations, fixes or next steps
	words   map[string]bool
}

// itemKind is what an item is.
type itemKind uint8

const (
	itemRow      itemKind = iota // a table row
	itemBlock                    // a heading or bold line, or a list item, with what is under it
	itemSentence                 // a sentence of prose
)

// Limits on the items of one document.
const (
	maxItems    = 2000
	bodyReach   = 2500
	ratingReach = 600
)

// findingContext are words of a heading or table header that make what is
// under it findings.
var findingContext = []string{"finding", "issue", "vulnerab", "risk", "observation", "concern", "weakness", "gap", "problem", "defect"}

// adviceContext are words of a heading that make what is under it advice,
// not findings.
var adviceContext = []string{"recommend", "fix", "remediation", "remedy", "action", "next step", "proposal", "proposed change", "mitigation"}

// severityHeader are words of a table header cell that hold ratings.
var severityHeader = []string{"severity", "risk", "priority", "rating", "impact", "criticality", "rag", "level", "grade"}

// itemsOf splits text into items: every data row of a pipe table (rated
// by its severity column), every "#" heading and bold-only line with the
// text under it up to the next one, and every list item.
func itemsOf(text string, excluded []doctext.Span) []item {
	var out []item
	for _, t := range doctext.Tables(text) {
		head := doctext.CellTexts(text, t.Header)
		sev, ctx := -1, false
		for i, h := range head {
			lh := strings.ToLower(h)
			if sev < 0 && containsAny(lh, severityHeader) {
				sev = i
			}
			ctx = ctx || containsAny(lh, findingContext) || containsAny(lh, []string{"title", "id", "#"})
		}
		// A table under a heading of fixes ("## Remediation summary")
		// restates the findings' fixes, not the findings.
		advice := false
		if len(t.RowLines) > 0 {
			sec := strings.ToLower(sectionTitleAbove(text, t.RowLines[0].Start))
			advice = containsAny(sec, adviceContext) && !containsAny(sec, findingContext)
		}
		for ri, row := range t.Rows {
			l := t.RowLines[ri]
			it := item{kind: itemRow, head: doctext.Span(l), body: doctext.Span(l), advice: advice}
			if sev >= 0 && sev < len(row) {
				it.rate, it.rated = cellRating(text, row[sev].Start, row[sev].End)
			}
			it.finding = it.rated && ctx && !advice
			out = append(out, it)
		}
	}
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		if len(out) >= maxItems || s == "" || strings.HasPrefix(s, "|") || doctext.InSpans(excluded, l.Start, l.End) {
			return
		}
		head := doctext.Span(l)
		if headLevel(s) == 0 && !listItem(raw) && !idLine(raw, s) {
			b := boldLead(s)
			if b < 0 {
				return
			}
			head.End = l.Start + strings.Index(raw, "**") + b // the bold lead is the headline
		}
		if statusLine(s) {
			return // "**Status: AMBER** — the CLA is usable …": the document's status, no finding's rating
		}
		out = append(out, item{kind: itemBlock, head: head, body: doctext.Span{Start: l.Start, End: min(len(text), l.Start+bodyReach)}})
	})
	closeBodies(text, out)
	for i := range out {
		it := &out[i]
		if it.rated || it.kind != itemBlock {
			continue
		}
		if r, ok := ratingIn(text, it.head.Start, it.head.End); ok {
			it.rate, it.rated = r, true
		} else if r, ok := labelledRating(text, it.head.End, min(it.body.End, it.head.End+ratingReach), ratingLines); ok {
			it.rate, it.rated = r, true
		}
		// A heading's section is its parent heading's; a line under a
		// sibling's sub-heading ("**Fix:**" in the finding before) is no
		// part of it.
		section := parentHeading(text, out, i)
		if headLevel(strings.TrimSpace(text[it.head.Start:it.head.End])) == 0 {
			section += " " + sectionTitleAbove(text, it.head.Start)
		}
		section = strings.ToLower(section)
		it.advice = containsAny(section, adviceContext)
		if it.rated && !it.advice {
			h := text[it.head.Start:it.head.End]
			it.finding = doctext.LeadIDRe.MatchString(strings.TrimSpace(h)) || containsAny(strings.ToLower(h)+" "+section, findingContext)
		}
	}
	for i := range out {
		out[i].words = wordSet(text[out[i].body.Start:out[i].body.End])
	}
	return out
}

// statusLine reports whether line s opens with the status of the whole
// text ("**Status: AMBER**", "Overall rating: Red", "Verdict: GREEN").
func statusLine(s string) bool {
	t := strings.ToLower(strings.TrimLeft(s, "*_>#- \t"))
	for _, l := range []string{"status", "overall status", "overall rating", "overall", "verdict", "rag status", "overall rag"} {
		if rest, ok := strings.CutPrefix(t, l); ok && strings.HasPrefix(strings.TrimLeft(rest, "*_ \t"), ":") {
			return true
		}
	}
	return false
}

// idLine reports whether the line opens with an item id, unindented:
// "F2. Address book IDOR — High (P1)", "Finding 3 — ...". The line is a
// finding's headline, as a heading or a list item is.
func idLine(raw, s string) bool {
	return doctext.LeadingSpaces(raw) == 0 && doctext.MayLeadID(s) && doctext.LeadIDRe.MatchString(s)
}

// closeBodies ends each heading's body where the next item of the same
// or a higher level starts, and every block's body at a section break (a
// heading of any form, a short title line on its own); a list item or a
// bold-led paragraph also ends at a blank line followed by a line indented
// no deeper than it. Bodies stay within bodyReach.
func closeBodies(text string, items []item) {
	for i := range items {
		it := &items[i]
		if it.kind != itemBlock {
			continue
		}
		lvl := headLevel(strings.TrimSpace(text[it.head.Start:it.head.End]))
		for j := i + 1; j < len(items); j++ {
			o := items[j]
			if o.kind != itemBlock || o.head.Start <= it.head.Start {
				continue // a table row, or an earlier item
			}
			if o.head.Start >= it.body.End {
				break
			}
			ol := headLevel(strings.TrimSpace(text[o.head.Start:o.head.End]))
			if lvl > 0 && ol > 0 && ol <= lvl || lvl == 0 && (ol > 0 || doctext.LeadingSpaces(text[o.head.Start:o.head.End]) <= doctext.LeadingSpaces(text[it.head.Start:it.head.End])) {
				it.body.End = o.head.Start
				break
			}
		}
		it.body.End = blockEnd(text, it.head, it.body.End, lvl == 0)
	}
}

// blockEnd returns where the block headed at head ends before limit: at a
// section break line, and for a list item or paragraph (para) at a blank
// line followed by a line indented no deeper than its first.
func blockEnd(text string, head doctext.Span, limit int, para bool) int {
	indent := doctext.LeadingSpaces(text[head.Start:head.End])
	blank := false
	for i := head.End + 1; i < limit; {
		e := strings.IndexByte(text[i:limit], '\n')
		if e < 0 {
			e = limit
		} else {
			e += i
		}
		raw := text[i:e]
		s := strings.TrimSpace(raw)
		switch {
		case s == "":
			blank = true
		case para && blank && doctext.LeadingSpaces(raw) <= indent:
			return i
		case sectionBreak(text, i, e, blank):
			return i
		default:
			blank = false
		}
		i = e + 1
	}
	return limit
}

// sectionBreak reports whether the line text[ls:le] starts a new section:
// a heading of any form ("#", a bold-only line, "Label:", capitals) or,
// after a blank line, a short line of its own that ends without a full
// stop ("What we recommend", "Why are we writing?").
func sectionBreak(text string, ls, le int, blankBefore bool) bool {
	s := strings.TrimSpace(text[ls:le])
	if headLevel(s) > 0 || len(doctext.SectionHeadings(s)) > 0 && !listItem(text[ls:le]) {
		return true
	}
	if !blankBefore || len(s) > 70 || listItem(text[ls:le]) || strings.HasPrefix(s, "|") || strings.HasSuffix(s, ".") || strings.HasSuffix(s, ",") {
		return false
	}
	nl := strings.IndexByte(text[le:min(len(text), le+2)], '\n')
	return le >= len(text) || nl == 0 && (le+1 >= len(text) || text[le+1] == '\n' || text[le+1] == '\r')
}

// headLevel returns a heading's level: 1–6 for "#" and <h1>-<h6> headings,
// 7 for a line in bold only, a <summary>, or a title after a section
// marker or in lenticular brackets ("■ Findings", "【Findings】"), 0 for
// anything else.
func headLevel(s string) int {
	if h, _ := doctext.LineHeading(s); h.Form == doctext.AtxHeading || h.Form == doctext.BoldHeading || h.Marked() {
		return h.Level
	}
	return 0
}

// listItem reports whether raw starts a list item ("- ", "* ", "1. ",
// "2) ", "A. ", "(b) "), indented at most three spaces.
func listItem(raw string) bool {
	if doctext.LeadingSpaces(raw) > 3 {
		return false
	}
	s := strings.TrimLeft(raw, " \t")
	if len(s) > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ' {
		return true
	}
	if len(s) > 3 && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') && (s[1] == '.' || s[1] == ')') && s[2] == ' ' {
		return true // "A. Flood", "b) the fee"
	}
	if len(s) > 4 && s[0] == '(' && s[2] == ')' && s[3] == ' ' {
		return true // "(a) the fee"
	}
	return doctext.OrderedItemAt(s)
}

// boldLead returns the end of the bold run a paragraph line starts with
// ("**2. Overdraft on demand (A4.2) — low.** The bank ..."), or -1 when
// the line does not start with one or is bold only.
func boldLead(s string) int {
	t, ok := strings.CutPrefix(s, "**")
	if !ok {
		return -1
	}
	i := strings.Index(t, "**")
	if i <= 0 || i > 160 || strings.TrimSpace(t[i+2:]) == "" {
		return -1
	}
	return i + 4
}

// labelLine reports whether a line starts with a rating label
// ("Severity: High", "**Risk:** Medium", "Priority - P1").
func labelLine(line string) bool {
	t := strings.TrimLeft(line, "*_>- \t")
	s, e := doctext.NextWord(t, 0, len(t))
	if s == 0 && e > 0 && labelWords[strings.ToLower(t[:e])] || strings.HasPrefix(strings.ToLower(t), "risk rating") {
		return true
	}
	// "❌ **Critical** (board: P0)": a status mark, then the rating itself.
	g := strings.TrimLeftFunc(line, func(r rune) bool { return r > 0x7F || strings.ContainsRune("*_>- \t", r) })
	s, e = doctext.NextWord(g, 0, len(g))
	if s != 0 || e == 0 {
		return false
	}
	_, ok := severityWords[strings.ToLower(g[:e])]
	return ok
}

// ratingLines is how many lines under a headline may give its rating:
// further down, a rating belongs to what the item holds.
const ratingLines = 3

// labelledRating finds a labelled rating ("Severity: High", "**Risk:**
// Medium") on one of the first n non-blank lines of text[from:to].
func labelledRating(text string, from, to, n int) (rating, bool) {
	for i := from; i < to && n > 0; {
		e := strings.IndexByte(text[i:to], '\n')
		if e < 0 {
			e = to
		} else {
			e += i
		}
		line := strings.TrimSpace(text[i:e])
		if line != "" {
			n--
		}
		if headLevel(line) > 0 || listItem(text[i:e]) || strings.HasPrefix(line, "|") {
			break // a nested item: its rating is its own
		}
		if labelLine(line) {
			if r, ok := ratingIn(text, i, e); ok {
				return r, true
			}
		}
		i = e + 1
	}
	return rating{}, false
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// stopWords are left out of a title's content words.
var stopWords = map[string]bool{"the": true, "and": true, "for": true, "with": true, "from": true, "that": true,
	"this": true, "are": true, "not": true, "its": true, "their": true, "into": true, "under": true, "over": true,
	"any": true, "all": true, "can": true, "may": true, "has": true, "have": true, "was": true, "were": true,
	"been": true, "will": true, "shall": true, "per": true, "via": true, "out": true, "our": true, "you": true,
	"your": true, "clause": true, "section": true, "finding": true, "issue": true, "risk": true}

// contentWords returns the lower-cased words of s of three letters or
// more that are not stop words, a plural "s" dropped.
func contentWords(s string) []string {
	var out []string
	for _, w := range doctext.WordSpans(s) {
		x := stem(strings.ToLower(s[w.Start:w.End]))
		if len(x) >= 3 && !stopWords[x] || len(x) >= 2 && hasLetterDigit(x) {
			out = append(out, x) // "F2", "A3" are ids, short as they are
		}
	}
	return out
}

func stem(w string) string {
	w = strings.TrimSuffix(w, "'s")
	if len(w) > 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// wordSet returns the content words of s as a set.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range contentWords(s) {
		m[w] = true
	}
	return m
}

// maxSentences bounds the sentences read as items.
const maxSentences = 5000

// sentencesOf returns the sentences of prose outside tables, headings,
// list items and code as items, each rated by a rating it gives ("a
// high-risk point", "severity: low").
func sentencesOf(text string, excluded []doctext.Span) []item {
	var out []item
	for i := 0; i < len(text) && len(out) < maxSentences; {
		_, e := doctext.SentenceAround(text, i, i, bodyReach)
		s := i
		for s < e && (text[s] == ' ' || text[s] == '\t' || text[s] == '\n') {
			s++
		}
		i = e + 1
		if e-s < 12 || doctext.InSpans(excluded, s, e) || strings.HasPrefix(text[s:e], "|") || headLevel(text[s:e]) > 0 || listItem(text[s:e]) {
			continue
		}
		it := item{kind: itemSentence, head: doctext.Span{Start: s, End: e}, body: doctext.Span{Start: s, End: e}}
		it.rate, it.rated = ratingIn(text, s, e)
		it.words = wordSet(text[s:e])
		out = append(out, it)
	}
	return out
}

// parentHeading returns the headline of the nearest heading above item i
// of a higher level (fewer '#'; any heading for a list item, a bold-led
// paragraph or a bold line): the section the item belongs to.
func parentHeading(text string, items []item, i int) string {
	lvl := headLevel(strings.TrimSpace(text[items[i].head.Start:items[i].head.End]))
	if lvl == 0 {
		lvl = 8 // a list item or a paragraph: below every heading
	}
	for j := i - 1; j >= 0; j-- {
		o := items[j]
		if o.kind != itemBlock {
			continue
		}
		h := strings.TrimSpace(text[o.head.Start:o.head.End])
		if l := headLevel(h); l > 0 && l < lvl {
			return h
		}
	}
	return ""
}

// titleReach bounds how far above an item sectionTitleAbove looks.
const titleReach = 6000

// sectionTitleAbove returns the nearest line above off that breaks a
// section (sectionBreak: a heading of any form, a short title line of its
// own), or "".
func sectionTitleAbove(text string, off int) string {
	lo := max(0, off-titleReach)
	end := strings.LastIndexByte(text[lo:off], '\n')
	for end > 0 {
		end += lo
		start := strings.LastIndexByte(text[lo:end], '\n') + 1 + lo
		if start == lo && lo > 0 {
			return ""
		}
		blank := start >= 2 && text[start-2] == '\n' || start == 0
		if s := strings.TrimSpace(text[start:end]); s != "" && sectionBreak(text, start, end, blank) {
			return s
		}
		if start == lo {
			return ""
		}
		end = start - 1 - lo
	}
	return ""
}

func hasLetterDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789") && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz")
}
