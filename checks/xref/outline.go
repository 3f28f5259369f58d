package xref

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// label is one defined label.
type label struct {
	key        string // scope + "|" + id, e.g. "|3.2" or "exhibit a|1"
	start, end int    // the label text in the document
	attachment bool
}

// xrefOutline is what the check learns about the document's labels.
type xrefOutline struct {
	maxTop       int // largest top-level number in the body ("13" for 13.2)
	numLabels    int // numbered labels (sections, clauses, sub-clauses)
	attachLabels int // attachment labels
	labels       []label
	byKey        map[string]int // first label with each key
	// parents are the keys of clauses implied by their sub-clauses: "8.1"
	// and "8.2" define clause 8 even when its title line is unnumbered
	// text ("8. Termination" in plain text) the outline does not read.
	parents  map[string]bool
	selfRefs map[int]bool    // offsets of keywords that are part of a label
	scopes   []scopeStart    // attachment scopes by start offset
	findings []check.Finding // numbering gaps and duplicates
	// sourceNames are the names the source goes by ("MSA", "Master
	// Services Agreement"): "Section 10.6 of the MSA" in a review is the
	// source's, not another instrument's.
	sourceNames []string
}

// scopeStart is where an attachment's numbering scope begins.
type scopeStart struct {
	at    int
	scope string
}

// counter tracks numbering at one level of one scope.
type counter struct {
	last    int
	lastKey string
	lastEnd int // where the last label ends
}

// buildSourceOutline reads the labels of a source document
// leniently: a table row's first cell ("| 10.1 | ...") and a plain
// numbered title line ("7. Return of information") label clauses too, so
// that a review's references find what the source holds however it is laid
// out. (Too lenient for the candidate itself, whose list items would then
// clash as duplicate labels.)
func buildSourceOutline(text string, idx *doctext.LineIndex) *xrefOutline {
	return buildOutlineOf(text, idx, outlineSource)
}

// outlineMode says how leniently buildOutlineOf reads labels.
type outlineMode int

const (
	outlineOwn outlineMode = iota // the candidate's own labels
	// outlineReview: a review's own labels, where a line opening with
	// "Section 3.4" names the source clause it discusses, not a label.
	outlineReview
	outlineSource // a source: table rows and plain numbered titles too
	// outlineSources: the sources a review cites (sourceText): also
	// single-level numbered paragraphs ("7. Within fourteen days ..."),
	// with the scope restarting at each docSeparator line.
	outlineSources
)

// outlineBuilder reads a document's labels line by line. It carries what a
// line alone cannot tell: the attachment scope it is in, the numbering
// counters of every level, and the clause, letter and paragraph a
// sub-item line ("(a)", "(ii)", "(2)") hangs from.
type outlineBuilder struct {
	text     string
	idx      *doctext.LineIndex
	mode     outlineMode
	lenient  bool // a source of either kind: table rows and plain numbered titles label clauses
	source   bool // the sources a review cites: numbered paragraphs, scopes restarting at docSeparator
	o        *xrefOutline
	scope    string
	counters map[string]*counter // scope|parent|style -> counter
	// curNum is the last numbered clause id in scope, curLetter the last
	// letter sub-item id ("a") under it, and curPara the last numbered
	// paragraph ("2" of "(2)") under it.
	curNum, curLetter, curPara string
	curLetterIndent            int
	// titles are a review's lines that open with a keyword and its
	// number as a title ("SECTION 2: AMENDMENTS BY RULE"), read at the end
	// by ownTitles.
	titles []reviewTitle
}

// reviewTitle is one keyword title line of a review: its keyword, its
// number and where the keyword and number stand.
type reviewTitle struct {
	noun             string
	id               string
	kwAt, idAt, idTo int
}

// buildOutlineOf reads the labels text defines, as leniently as mode
// says, with the numbering gaps and duplicate labels found on the way.
func buildOutlineOf(text string, idx *doctext.LineIndex, mode outlineMode) *xrefOutline {
	b := &outlineBuilder{
		text: text, idx: idx, mode: mode,
		lenient:  mode == outlineSource || mode == outlineSources,
		source:   mode == outlineSources,
		o:        &xrefOutline{byKey: make(map[string]int), selfRefs: make(map[int]bool), parents: make(map[string]bool)},
		counters: make(map[string]*counter),
	}
	doctext.ForEachLine(text, b.line)
	b.ownTitles()
	return b.o
}

// ownTitles adds a review's keyword titles as its own labels when they
// number its own sections: one keyword, numbered 1, 2, 3 … in order, at
// least two ("SECTION 1: PURPOSE" … "SECTION 4: ACTION REQUESTED"). A
// review's titles otherwise cite the source ("Clause 5 — Liability",
// "Clause 9 — Audit"), and stay references.
func (b *outlineBuilder) ownTitles() {
	if len(b.titles) < 2 {
		return
	}
	for i, t := range b.titles {
		if t.noun != b.titles[0].noun || t.id != strconv.Itoa(i+1) {
			return
		}
	}
	for _, t := range b.titles {
		b.o.selfRefs[t.kwAt] = true
		b.numbered(t.id, t.idAt, t.idTo)
	}
}

// add records the label key at [s, e), or a duplicate-label finding when
// the key is already defined (the first definition stays the one looked
// up).
func (b *outlineBuilder) add(key string, s, e int, attachment bool) {
	o, idx := b.o, b.idx
	if i, dup := o.byKey[key]; dup {
		prev := o.labels[i]
		pl, pc := idx.Position(prev.start)
		o.findings = append(o.findings, check.Finding{Rule: RuleDuplicateLabel, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("label defined twice (first at line %d:%d)", pl, pc),
			Location: idx.Locate(s, e, b.text)})
	} else {
		o.byKey[key] = len(o.labels)
	}
	o.labels = append(o.labels, label{key: key, start: s, end: e, attachment: attachment})
	if attachment {
		o.attachLabels++
	} else {
		o.numLabels++
	}
}

// sequence checks that ordinal n follows the previous one at its level,
// and records a numbering-gap finding when it skips.
func (b *outlineBuilder) sequence(level string, n int, display string, s, e int) {
	c := b.counters[level]
	if c == nil {
		c = &counter{}
		b.counters[level] = c
	}
	// A first label above 1 is no gap: an excerpt, a standalone
	// schedule or a consolidated extract may start anywhere.
	if n > c.last+1 && c.lastKey != "" && !numbersOpenLines(b.text[c.lastEnd:s], c.last+1, n) {
		prev := c.lastKey
		b.o.findings = append(b.o.findings, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("numbering jumps from %s to %s", prev, display),
			Location: b.idx.Locate(s, e, b.text)})
	}
	if n > c.last {
		c.last, c.lastKey, c.lastEnd = n, display, e
	}
}

// numbersOpenLines reports whether every number from lo to hi-1 opens a line
// of seg ("5. Pa mor hir? / How long …"): a title the outline did not
// read as a label, whose number is still there.
func numbersOpenLines(seg string, lo, hi int) bool {
	for k := lo; k < hi; k++ {
		p := strconv.Itoa(k) + ". "
		if !strings.HasPrefix(seg, p) && !strings.Contains(seg, "\n"+p) {
			return false
		}
	}
	return true
}

// numbered records a numbered clause id at [s, e): its label, its place in
// the numbering of its parent, and the parents it implies. It becomes the
// clause later sub-items hang from.
func (b *outlineBuilder) numbered(id string, s, e int) {
	b.add(b.scope+"|"+id, s, e, false)
	if top, ok := topNumber(id); ok && b.scope == "" {
		b.o.maxTop = max(b.o.maxTop, top)
	}
	parent, n := splitNumber(id)
	b.sequence(b.scope+"|"+parent+"|num", n, id, s, e)
	for p := parent; p != ""; p, _ = splitNumber(p) {
		b.o.parents[b.scope+"|"+p] = true
	}
	b.curNum, b.curLetter, b.curPara = id, "", ""
}

// line reads one line: an attachment title, a numbered heading, a
// numbered line, or a sub-item of the current clause, tried in that order.
func (b *outlineBuilder) line(l doctext.Line) {
	s := b.text[l.Start:l.End]
	if b.source && s == docSeparator {
		b.scope, b.curNum, b.curLetter, b.curPara = "", "", "", ""
		return
	}
	body, off := s, 0
	lvl, hoff := doctext.HeadingLevel(s)
	if lvl > 0 {
		body, off = s[hoff:], hoff
	} else {
		trimmed := strings.TrimLeft(s, " \t")
		off = len(s) - len(trimmed)
		body = trimmed
	}
	at := l.Start + off
	if b.attachment(l.Start, body, at, lvl) {
		return
	}
	if lvl > 0 {
		b.numberedHeading(body, at)
		return
	}
	if b.numberedLine(body, at) {
		b.inlineClauses(body, at)
		return
	}
	if b.curNum == "" {
		return
	}
	b.subItem(s, body, at)
}

// inlineClauses defines the sub-clauses a clause's line runs inline after
// its title: "**2. Placement period.** 2.1 Each placement … 2.2 The Client
// may …". Each is the clause's number, a dot and a number, at the start of
// a sentence (after the title's close or a full stop) and before a
// capitalised word; the clause's own number opens the line.
func (b *outlineBuilder) inlineClauses(body string, at int) {
	top, _, _ := strings.Cut(b.curNum, ".")
	if top == "" || b.curNum != top {
		return
	}
	pfx := top + "."
	for i := 1; i < len(body); {
		j := strings.Index(body[i:], pfx)
		if j < 0 {
			return
		}
		s := i + j
		i = s + len(pfx)
		e := doctext.DigitsEnd(body, i)
		if e == i || e-i > 3 || e+1 >= len(body) || body[e] != ' ' || body[e+1] < 'A' || body[e+1] > 'Z' {
			continue
		}
		lead := strings.TrimRight(body[:s], " \t*")
		if lead == "" || !strings.HasSuffix(lead, ".") && !strings.HasSuffix(lead, ":") {
			continue // "see 2.1 Each …" mid-sentence is a reference
		}
		id := body[s:e]
		if _, dup := b.o.byKey[b.scope+"|"+id]; !dup {
			b.add(b.scope+"|"+id, at+s, at+e, false)
		}
		i = e
	}
}

// attachment reads an attachment label ("Exhibit A", "Schedule 1"):
// headings in any case, title lines in upper case (in a source, in any
// case). The attachment opens a new numbering scope.
func (b *outlineBuilder) attachment(lineStart int, body string, at, lvl int) bool {
	re := doctext.AttachLineRe
	if lvl > 0 || doctext.AttachTitleRe.MatchString(body) {
		// A heading, or a title line in any case ("Annex 1 - Service
		// Credits", "Annex 1 — Security measures: as listed in …").
		re = doctext.AttachHeadRe
	}
	m := doctext.MatchIf(doctext.StartsWithAny(body, "*ESAesa"), re, body)
	if m == nil {
		return false
	}
	kind := strings.ToLower(body[m[2]:m[3]])
	id := body[m[4]:m[5]]
	key := kind + " " + strings.ToLower(id)
	if m[6] >= 0 {
		key += "-" + body[m[6]:m[7]]
	}
	kwStart := at + m[2]
	b.o.selfRefs[kwStart] = true
	b.add(key+"|", kwStart, at+m[1], true)
	if n, ok := ordinal(id); ok && m[6] < 0 {
		b.sequence("attach|"+kind, n, body[m[2]:m[5]], kwStart, at+m[1])
	}
	if b.lenient && len(b.o.labels) == 1 && strings.TrimSpace(b.text[:lineStart]) == "" {
		// A source titled "Annex B — …" is the annex: its clauses are the
		// ones a review names without the annex ("paragraph 8.1").
		b.curNum, b.curLetter, b.curPara = "", "", ""
		return true
	}
	b.scope = key
	b.o.scopes = append(b.o.scopes, scopeStart{at: lineStart, scope: b.scope})
	b.curNum, b.curLetter, b.curPara = "", "", ""
	return true
}

// numberedHeading reads a heading's number ("## 3.2 Invoices", "## Article
// IV"); a heading with neither defines no label.
func (b *outlineBuilder) numberedHeading(body string, at int) {
	if m := doctext.HeadingNumRe.FindStringSubmatchIndex(body); m != nil {
		b.o.selfRefs[at] = true
		b.numbered(body[m[2]:m[3]], at+m[2], at+m[3])
	} else if m := doctext.HeadingRomanRe.FindStringSubmatchIndex(body); m != nil {
		b.o.selfRefs[at] = true
		b.numbered(body[m[2]:m[3]], at+m[2], at+m[3])
	}
}

// numberedLine reads a label at the start of a plain line, in the layouts
// the mode admits, and reports whether it found one. Each expression runs
// only when the line's first byte can start its match.
func (b *outlineBuilder) numberedLine(body string, at int) bool {
	if m := doctext.MatchIf(doctext.StartsWithAny(body, doctext.DigitsAndStar) || letterNumStart(body), doctext.LineNumRe, body); m != nil {
		// "6.2 (a) The Franchisor may ...", then "6.2 (b) ...": a clause
		// number that each of its sub-items repeats defines the clause
		// once and its items one by one.
		id := body[m[2]:m[3]]
		rest := strings.TrimLeft(body[m[3]:], ".*")
		rest = strings.TrimLeft(rest, " \t")
		sub := strings.HasPrefix(rest, "(")
		if !sub || id != b.curNum {
			b.numbered(id, at+m[2], at+m[3])
		}
		if sub {
			b.subItem(body, rest, at+len(body)-len(rest))
		}
		return true
	}
	if b.lenient {
		if m := doctext.MatchIf(strings.HasPrefix(body, "|"), doctext.TableNumRe, body); m != nil {
			b.numbered(body[m[2]:m[3]], at+m[2], at+m[3])
			return true
		}
	}
	if b.lenient || b.mode != outlineReview {
		// "1. Placement period (replaces clause 2.1)": a numbered title,
		// a source's clause or a contract's own paragraph.
		if m := doctext.MatchIf(doctext.StartsWithAny(body, "0123456789"), doctext.OrderedItemRe, body); m != nil && doctext.PlainTitle(strings.TrimSpace(body)) {
			b.numbered(body[m[2]:m[3]], at+m[2], at+m[3])
			return true
		}
	}
	if m := doctext.MatchIf(b.mode == outlineReview && doctext.StartsWithAny(body, "*SsCcAaPp"), doctext.KeywordLineRe, body); m != nil {
		b.titles = append(b.titles, reviewTitle{strings.ToLower(body[m[2]:m[3]]), body[m[4]:m[5]], at + m[2], at + m[4], at + m[5]})
	}
	if id, n := sectionSignTitle(body); n > 0 && b.mode != outlineReview {
		b.numbered(id, at+n-len(id), at+n) // "§ 1 What is to be scanned": a clause's title
		return true
	}
	if m := doctext.MatchIf(b.mode != outlineReview && doctext.StartsWithAny(body, "*SsCcAaPp"), doctext.KeywordLineRe, body); m != nil {
		// "Section 1.1 Scope. ...", "ARTICLE IV - WARRANTY": a line
		// that opens with its keyword and number defines the label; a
		// reference would go on ("Section 3 of the ...", "Clause 4
		// applies").
		b.o.selfRefs[at+m[2]] = true
		b.numbered(body[m[4]:m[5]], at+m[4], at+m[5])
		return true
	}
	if m := doctext.MatchIf(strings.HasPrefix(body, "**"), doctext.BoldNumRe, body); m != nil {
		b.numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "**2. Term.** This Agreement ..."
		return true
	}
	if m := doctext.MatchIf(b.source && doctext.StartsWithAny(body, "PpSsCcAa"), keywordNumRe, body); m != nil {
		b.numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "Paragraph 7. Enquiries ..." in a source
		return true
	}
	if id, n := parenSubLabel(body); b.lenient && n > 0 {
		b.numbered(id, at, at+n) // "4(c) Rejected fruit ..." in a source: clause 4's item (c)
		return true
	}
	if m := doctext.MatchIf(b.source && doctext.StartsWithAny(body, "0123456789"), plainNumRe, body); m != nil {
		b.numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "7. Within fourteen days ..." in a source
		return true
	}
	return false
}

// subItem reads a sub-item line of the current clause s ("(a)", "(ii)",
// "(2)"): a numbered paragraph, a Roman item under a letter, a Roman item
// of its own, or a letter, each numbered in its own sequence.
func (b *outlineBuilder) subItem(s, body string, at int) {
	m := doctext.MatchIf(doctext.StartsWithAny(body, "(-*+"), doctext.SubItemRe, body)
	if m == nil {
		return
	}
	id := body[m[2]:m[3]]
	indent := doctext.LeadingSpaces(s)
	ls, le := at+m[2]-1, at+m[3]+1 // the label with its brackets
	if id[0] >= '0' && id[0] <= '9' {
		// "(2)": a numbered paragraph of the clause (German and
		// Australian style); its letters are "7(2)(a)".
		full := b.curNum + "(" + id + ")"
		b.add(b.scope+"|"+full, ls, le, false)
		if n, err := strconv.Atoi(id); err == nil {
			b.sequence(b.scope+"|"+b.curNum+"|para", n, full, ls, le)
		}
		b.curPara, b.curLetter = id, ""
		return
	}
	base := b.curNum
	if b.curPara != "" {
		base = b.curNum + "(" + b.curPara + ")"
	}
	roman, isRoman := romanValue(id)
	isRoman = isRoman && roman <= 12 // "(c)" after "(a)" is a letter: sub-item numerals run i to xii
	letterNext := b.curLetter == "" && id == "a" || len(id) == 1 && b.curLetter != "" && id[0] == b.curLetter[0]+1
	if isRoman && b.curLetter != "" && (indent > b.curLetterIndent || !letterNext) {
		full := base + "(" + b.curLetter + ")(" + id + ")"
		b.add(b.scope+"|"+full, ls, le, false)
		b.sequence(b.scope+"|"+base+"("+b.curLetter+")|roman", roman, full, ls, le)
		return
	}
	if isRoman && b.curLetter == "" && id != "a" && !(len(id) == 1 && id != "i") {
		full := base + "(" + id + ")"
		b.add(b.scope+"|"+full, ls, le, false)
		b.sequence(b.scope+"|"+base+"|roman", roman, full, ls, le)
		return
	}
	full := base + "(" + id + ")"
	b.add(b.scope+"|"+full, ls, le, false)
	if n, ok := ordinal(id); ok {
		b.sequence(b.scope+"|"+base+"|letter", n, full, ls, le)
	}
	b.curLetter, b.curLetterIndent = id, indent
	b.inlineItems(full, body[m[1]:], at+m[1])
}

// inlineItems defines the numbered items a sub-item runs inline ("(b) Each
// subcontractor must (i) sign this Code and (ii) accept audits"): a run of
// "(i)", "(ii)", ... (or "(1)", "(2)") in order, two at least, are items of
// the sub-item full ("4(b)(i)", "4(b)(ii)").
func (b *outlineBuilder) inlineItems(full, rest string, at int) {
	type inl struct {
		id   string
		s, e int
	}
	var run []inl
	for i := 0; i < len(rest) && len(run) < 12; {
		j := strings.IndexByte(rest[i:], '(')
		if j < 0 {
			break
		}
		o := i + j
		c := strings.IndexByte(rest[o:], ')')
		if c < 2 || c > 6 {
			i = o + 1
			continue
		}
		id := rest[o+1 : o+c]
		want := len(run) + 1
		if n, ok := romanValue(id); ok && n == want || id == strconv.Itoa(want) {
			run = append(run, inl{id, at + o, at + o + c + 1})
		}
		i = o + c + 1
	}
	if len(run) < 2 {
		return
	}
	for _, x := range run {
		b.add(b.scope+"|"+full+"("+x.id+")", x.s, x.e, false)
	}
}

// hasLabels reports whether the outline defines any label of key's kind
// (numbered or attachment); without any, references of that kind cannot be
// resolved in this document.
func (o *xrefOutline) hasLabels(key string) bool {
	if strings.HasSuffix(key, "|") {
		return o.attachLabels > 0
	}
	return o.numLabels > 0
}

// parenSubLabel reads a line that opens with a clause number and a
// bracketed sub-item, "4(c) " or "12(ii) ", and returns the label and its
// length (0 when the line does not open so).
func parenSubLabel(body string) (string, int) {
	i := 0
	for i < len(body) && i < 3 && body[i] >= '0' && body[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(body) || body[i] != '(' {
		return "", 0
	}
	j := i + 1
	for j < len(body) && j-i <= 4 && body[j] >= 'a' && body[j] <= 'z' {
		j++
	}
	if j == i+1 || j+1 >= len(body) || body[j] != ')' || body[j+1] != ' ' && body[j+1] != '\t' {
		return "", 0
	}
	return body[:j+1], j + 1
}

// sectionSignTitle reads a line that opens with "§", a number and a
// capitalised title ("§ 1 What is to be scanned", "**§ 7.** Payment"),
// and returns the number and where it ends (0 when the line does not
// open so).
func sectionSignTitle(body string) (string, int) {
	i := 0
	if strings.HasPrefix(body, "**") {
		i = 2
	}
	if !strings.HasPrefix(body[i:], "§") {
		return "", 0
	}
	i += len("§")
	for i < len(body) && body[i] == ' ' {
		i++
	}
	j := doctext.DigitsEnd(body, i)
	if j == i || j-i > 3 {
		return "", 0
	}
	k := j
	for k < len(body) && (body[k] == '.' || body[k] == '*' || body[k] == ' ') {
		k++
	}
	if k == j || k >= len(body) || body[k] < 'A' || body[k] > 'Z' {
		return "", 0
	}
	return body[i:j], j
}
