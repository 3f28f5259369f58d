package xref

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// A document numbers its own items by the label each opens its line with:
// "Change 4 · …", "R5 — …", "**E. Article 14 …**", "(c) …", "C.3 …",
// "3. **Backups.**". Labels of one shape (the same markup, keyword, form
// and parent, at the same indent) are one sequence, whatever the keyword
// is: the grammar of a defect is a run from its first label (1, A, a,
// N.1) that breaks, by repeating a label where the next belongs or by
// jumping past one, not a list of the nouns an author may number.
//
// A run is only the document's own when it opens at its first label; a
// label already used earlier in the run (a register listed again, a
// summary then its details) ends the run without a finding, and so does a
// restart at 1. Words that count time or measure ("Day 2", "Year 3") and
// class labels that repeat by design ("P1", "Q3", "Tier 2") are not item
// labels. In a review, keywords that point into the source ("Clause 4.1",
// "Section 7") are the source's numbering, and so are dotted numbers in a
// redline; the clause numbers of any other text are its outline's.

// seqLabel is one line's opening label.
type seqLabel struct {
	family     seqFamily // what makes two labels siblings
	n          int       // its place: 1 for "1", "A", "a", "N.1"
	start, end int       // the label in the text
	text       string    // the label as written, for the message
	reset      bool      // a heading or a paragraph stands between it and its family's last label
	word       bool      // the label has a keyword or an id prefix
}

// seqFamily is what makes two labels siblings: the same indent (in
// steps of two blanks, at most 4), markup, keyword, style, closing mark
// and title mark ("t" for a title without keyword or id).
type seqFamily struct {
	indent                           int
	markup, noun, style, term, title string
}

// isLineHeading reports whether doctext.LineHeading reads s as a heading.
func isLineHeading(s string) bool {
	_, h := doctext.LineHeading(s)
	return h
}

// nonItemWords are keywords whose numbers count time, measure or a class,
// so that the same number may open several lines by design.
var nonItemWords = map[string]bool{
	"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
	"quarter": true, "hour": true, "hours": true, "minute": true, "version": true, "tier": true, "level": true,
	"grade": true, "band": true, "zone": true, "floor": true, "room": true, "unit": true, "lot": true, "page": true,
	"priority": true, "severity": true, "sev": true, "phase": true, "stage": true, "round": true, "wave": true,
	"release": true, "sprint": true, "term": true, "semester": true, "class": true, "category": true, "type": true,
}

// functionWords open a line before a number without naming an item:
// "For 1: replace …" answers item 1, "See 4 above" points at it.
var functionWords = map[string]bool{"for": true, "and": true, "the": true, "see": true, "per": true, "with": true, "from": true,
	"under": true, "after": true, "before": true, "into": true, "via": true, "about": true, "re": true, "ref": true, "answer": true}

// classPrefixes are id prefixes that name a class, not an item: a
// priority, a quarter or half, a financial or calendar year, a severity.
// Letters that number items as often as classes ("T-01" tickets, "V5"
// vulnerabilities, "S6" schedule items) are not among them.
var classPrefixes = map[string]bool{"P": true, "Q": true, "H": true, "FY": true, "CY": true, "SEV": true, "PRI": true, "TLP": true}

// sourceNouns are keywords that, in a review, point into the source.
var sourceNouns = map[string]bool{
	"section": true, "sections": true, "clause": true, "clauses": true, "article": true, "articles": true,
	"schedule": true, "paragraph": true, "para": true, "part": true, "annex": true, "annexure": true,
	"exhibit": true, "appendix": true, "chapter": true, "rule": true, "regulation": true, "condition": true,
	"item": true, "items": true, "title": true, "recital": true, "art": true, "cl": true, "sec": true, "§": true,
}

// sequenceBreaks returns a finding for each run of the document's own
// labels that breaks, except on the lines in skip (already reported).
func sequenceBreaks(doc check.Document, skip map[int]bool) []check.Finding {
	labels := seqLabelsOf(doc)
	byFam := map[seqFamily][]int{}
	var order []seqFamily
	for i := range labels {
		f := labels[i].family
		if byFam[f] == nil {
			order = append(order, f)
		}
		byFam[f] = append(byFam[f], i)
	}
	idx := doctext.AnalysisOf(doc).LineIndex()
	var out []check.Finding
	for _, f := range order {
		fam := make([]seqLabel, len(byFam[f]))
		for k, i := range byFam[f] {
			fam[k] = labels[i]
		}
		for _, b := range runBreaks(fam) {
			l := fam[b.at]
			if line, _ := idx.Position(l.start); skip[line] || sourceNumbers(doc, fam, b) || labelledBetween(labels, fam[b.prev], l) {
				continue
			}
			out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
				Message: b.message(fam), Location: idx.Locate(l.start, l.end, doc.Text)})
		}
	}
	return out
}

// labelledBetween reports whether the text labels the places a jump from
// p to q skips, between them, at the same indent and in the same style,
// if in another markup or title form ("4. Putting things right / Adfer y
// tir" among "3. Beth rydym yn ei dalu? / What do we pay?"): the
// numbering goes on; the titles only differ.
func labelledBetween(labels []seqLabel, p, q seqLabel) bool {
	if q.n <= p.n+1 {
		return false
	}
	missing := q.n - p.n - 1
	for _, l := range labels {
		if l.start > p.start && l.start < q.start && l.family.style == p.family.style && l.family.indent == p.family.indent &&
			l.family.noun == p.family.noun && l.n > p.n && l.n < q.n {
			if missing--; missing == 0 {
				return true
			}
		}
	}
	return false
}

// seqBreak is where a run breaks: the label at index at of its family,
// after the label at prev, repeating it (repeat) or jumping past the next.
type seqBreak struct {
	at, prev int
	repeat   bool
}

func (b seqBreak) message(fam []seqLabel) string {
	p, q := fam[b.prev], fam[b.at]
	if b.repeat {
		return fmt.Sprintf("%s is numbered twice in a row, where the next label belongs", q.text)
	}
	return fmt.Sprintf("numbering jumps from %s to %s", p.text, q.text)
}

// runBreaks walks one family's labels in order and returns where each run
// (from a first label, at least two labels long before it breaks)
// breaks.
func runBreaks(fam []seqLabel) []seqBreak {
	var out []seqBreak
	active, prev, count := false, 0, 0
	carried := false         // the run has gone on across a heading or paragraph: its numbering is the document's, not a list's
	dupOne, dupPrev := -1, 0 // a second "1" right after a run of one "1" (lazy numbering, or a repeat), and that first "1"
	seen := map[int]bool{}
	for i, l := range fam {
		if l.n == 1 {
			dupOne = -1
			if active && count == 1 && !l.reset {
				dupOne, dupPrev = i, prev
			}
			active, prev, count, carried = true, i, 1, false
			clear(seen)
			seen[1] = true
			continue
		}
		if active && l.reset && !l.word && l.n == fam[prev].n+1 {
			carried = true // "… 2." / "Prices" / "3. …": one numbering through the sections
		} else if !active || l.reset && !l.word && !(carried && count >= 2) {
			active = false
			continue
		}
		p := fam[prev].n
		if dupOne >= 0 && l.n == 3 && !hasLabel(fam, 2) {
			// "1, 1, 3": the second 1 stands where 2 belongs; lazy
			// numbering would go on "1, 1, 1".
			out = append(out, seqBreak{at: dupOne, prev: dupPrev, repeat: true})
			active = false
			continue
		}
		switch {
		case l.n == p+1:
			prev, count = i, count+1
			seen[l.n] = true
			continue
		case count < 2 || seen[l.n] && l.n != p:
		case l.n == p && !hasLabel(fam, p+1):
			out = append(out, seqBreak{at: i, prev: prev, repeat: true})
		case l.n > p+1:
			out = append(out, seqBreak{at: i, prev: prev})
		}
		active = false
	}
	return out
}

// hasLabel reports whether any label of the family has place n.
func hasLabel(fam []seqLabel, n int) bool {
	for _, l := range fam {
		if l.n == n {
			return true
		}
	}
	return false
}

// sourceNumbers reports whether, in a review, the labels around a break
// are the source's own: both open lines of the source as written.
func sourceNumbers(doc check.Document, fam []seqLabel, b seqBreak) bool {
	if !doctext.IsReview(doc.Kind) || doc.SourceText == "" {
		return false
	}
	return opensSourceLine(doc.SourceText, fam[b.at].text) && opensSourceLine(doc.SourceText, fam[b.prev].text)
}

// opensSourceLine reports whether some line of src opens with label,
// after blanks and markup, followed by a non-word byte.
func opensSourceLine(src, label string) bool {
	for i := 0; i < len(src); {
		j := strings.Index(src[i:], label)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + 1
		ls := strings.LastIndexByte(src[:at], '\n') + 1
		if strings.Trim(src[ls:at], " \t#*_>|-+") != "" {
			continue
		}
		if e := at + len(label); e == len(src) || !isWordByte(src[e]) {
			return true
		}
	}
	return false
}

// readSeqLabels returns the label each line of doc opens with, in order,
// outside code, block quotes and tables.
func readSeqLabels(doc check.Document) []seqLabel {
	review := doctext.IsReview(doc.Kind)
	redline := doc.Kind == evaluator.KindRedline
	var out []seqLabel
	// breaks counts the headings and the paragraphs that start after a
	// blank line: either ends a plain list, as in Markdown.
	breaks, blank := 0, true
	lastHead := map[seqFamily]int{}
	doctext.ForEachUnfencedLine(doc.Text, func(l doctext.Line, raw, s string) {
		blankBefore := blank
		if blank = s == ""; blank {
			return
		}
		lb, ok := readSeqLabel(raw)
		if !ok || lb.dotted && redline || review && sourceNouns[lb.noun] || !review && outlined(lb) {
			// The blank test first: most paragraphs follow one, and
			// LineHeading reads the whole line.
			if blankBefore && doctext.LeadingSpaces(raw) < 2 || isLineHeading(s) {
				breaks++
			}
			return
		}
		sl := lb.label(l.Start)
		if lb.title {
			// A title is a heading to the items below it, not to its
			// own family.
			breaks++
		} else if h, seen := lastHead[sl.family]; seen && h != breaks {
			sl.reset = true
		}
		lastHead[sl.family] = breaks
		out = append(out, sl)
	})
	return out
}

// outlined reports whether the clause outline of a text that is not a
// review numbers lb (a clause number "6.4" or a lettered sub-clause "(c)"):
// the cross-reference check reports its gaps and duplicates.
func outlined(lb lineLabel) bool {
	return lb.term == "()" || lb.dotted && lb.style[4] >= '0' && lb.style[4] <= '9'
}

// lineLabel is what readSeqLabel reads from one line.
type lineLabel struct {
	markup     string // "h2", "b" (a bullet), "*" (bold), or ""
	indent     int
	noun       string // the keyword, lower case, or ""
	style      string // "n", "A", "a", "id:PFX" or "dot:PARENT."
	term       string // what closes the label: ".", ")", "()", or ""
	n          int
	start, end int // the label (keyword included) within the line
	text       string
	dotted     bool
	title      bool // the line is a title: a heading, or a short bold or plain one
}

func (lb lineLabel) label(lineStart int) seqLabel {
	title := ""
	if lb.title && lb.noun == "" && !strings.HasPrefix(lb.style, "id:") {
		title = "t"
	}
	fam := seqFamily{indent: min(lb.indent/2, 4), markup: lb.markup, noun: lb.noun, style: lb.style, term: lb.term, title: title}
	return seqLabel{family: fam, n: lb.n, start: lineStart + lb.start, end: lineStart + lb.end, text: lb.text,
		word: lb.noun != "" || strings.HasPrefix(lb.style, "id:") || lb.dotted}
}

// readSeqLabel reads the label raw opens with, if any.
func readSeqLabel(raw string) (lineLabel, bool) {
	var lb lineLabel
	lb.indent = doctext.LeadingSpaces(raw)
	i := len(raw) - len(strings.TrimLeft(raw, " \t"))
	if lb.indent >= 8 || i >= len(raw) || raw[i] == '>' || raw[i] == '|' {
		return lb, false
	}
	if raw[i] == '<' {
		// "<summary><strong>F-02 · ...</strong></summary>": the label
		// opens the element's text.
		inner, block := doctext.StripLineTags(raw)
		j := strings.Index(raw, inner)
		if block == "" || inner == "" || j < 0 {
			return lb, false
		}
		lb.markup, i, lb.title = "<"+block, j, true
	} else if lvl, off := doctext.HeadingLevel(raw); lvl > 0 {
		lb.markup, i, lb.title = "h"+strconv.Itoa(lvl), off, true
	} else if i+1 < len(raw) && strings.ContainsRune("-*+", rune(raw[i])) && (raw[i+1] == ' ' || raw[i+1] == '\t') {
		lb.markup = "b"
		i += 2
	}
	bold := strings.HasPrefix(raw[i:], "**") || strings.HasPrefix(raw[i:], "__")
	if bold {
		lb.markup += "*"
		i += 2
	}
	lb.start = i
	if strings.HasPrefix(raw[i:], "§") {
		// "§ 4 — HOW WE RUN THE GAMES": the section sign is the keyword
		j := i + len("§")
		for j < len(raw) && raw[j] == ' ' {
			j++
		}
		if j < len(raw) && isDigitByte(raw[j]) {
			lb.noun, i = "§", j
		}
	} else if w := wordAt(raw, i); w > 0 && i+w < len(raw) && raw[i+w] == ' ' {
		// The word lower-cased on the stack (it is ASCII letters): most
		// lines it opens are prose, whose first word is no keyword.
		var b [16]byte
		low := b[:w]
		for k := range low {
			low[k] = lowerASCII(raw[i+k])
		}
		if !nonItemWords[string(low)] && w >= 3 && !monthNames[string(low)] && !functionWords[string(low)] {
			lb.noun = raw[i : i+w] // as written until the label is read: readForm and closes ask only whether there is one
			i += w + 1
			if i+1 < len(raw) && raw[i] == '#' && isDigitByte(raw[i+1]) {
				i++ // "Issue #3": the number sign is no part of the label
			}
		}
	}
	j, ok := lb.readForm(raw, i)
	if !ok || !lb.closes(raw, j) {
		return lb, false
	}
	lb.noun = strings.ToLower(lb.noun)
	lb.text = strings.TrimRight(raw[lb.start:lb.end], ".:")
	s := strings.TrimSpace(raw)
	lb.title = lb.title || bold && strings.HasSuffix(strings.TrimRight(s, ".:"), "**") || lb.markup == "" && doctext.PlainTitle(s)
	return lb, true
}

// wordAt returns the length of the run of 3 to 15 ASCII letters at i that
// a blank follows, or 0.
func wordAt(s string, i int) int {
	n := 0
	for i+n < len(s) && n <= 15 && (s[i+n] >= 'a' && s[i+n] <= 'z' || s[i+n] >= 'A' && s[i+n] <= 'Z') {
		n++
	}
	if n < 3 || n > 15 || s[i] < 'A' || s[i] > 'Z' {
		return 0
	}
	return n
}

var monthNames = map[string]bool{"jan": true, "january": true, "feb": true, "february": true, "mar": true, "march": true,
	"apr": true, "april": true, "may": true, "jun": true, "june": true, "jul": true, "july": true, "aug": true,
	"august": true, "sep": true, "sept": true, "september": true, "oct": true, "october": true, "nov": true,
	"november": true, "dec": true, "december": true}
