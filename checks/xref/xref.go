package xref

import (
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the cross-reference check.
const (
	// RuleDanglingRef: a reference to a section, clause, article,
	// paragraph, exhibit, schedule, annex or appendix that no heading or
	// label in the document defines.
	RuleDanglingRef = "xref.dangling"
	// RuleOrphanLabel: an exhibit, schedule, annex or appendix that nothing
	// refers to.
	RuleOrphanLabel = "xref.orphan_label"
	// RuleNumberingGap: a label that skips a number or letter at its level
	// ("3.2" followed by "3.4").
	RuleNumberingGap = "xref.numbering_gap"
	// RuleDuplicateLabel: a label defined twice in the same scope.
	RuleDuplicateLabel = "xref.duplicate_label"
)

// NewXrefCheck returns the cross-reference check (rules RuleDanglingRef,
// block; RuleDuplicateLabel, block; RuleNumberingGap, warn;
// RuleOrphanLabel, warn).
//
// Labels are defined by:
//   - Markdown headings that start with a number, optionally after
//     Section/Clause/Article/Paragraph ("## 3. Payment", "### 3.2 Invoices",
//     "## Article 5", "## ARTICLE IV");
//   - lines starting with a multi-level number ("3.2 Invoices. The ...");
//   - in a contract (not a review, whose "Section 3.4" lines name the
//     source's clauses), lines opening with Section/Clause/Article/
//     Paragraph and a number or upper-case Roman numeral, then a title,
//     dash, colon or the line's end ("Section 1.1 Scope.", "ARTICLE II -
//     FEES");
//   - sub-clauses, which imply their clause: "8.1" and "8.2" define clause
//     8 even when its title line is plain text;
//   - in a source, a title line "Annex 1 - Service Credits" in any case;
//   - lines starting with "(a)", "(b)" or "(i)", "(ii)", which label
//     sub-clauses of the last numbered clause ("3.2(a)", "3.2(a)(i)"); an
//     indented Roman item under a letter item is its sub-clause;
//   - attachment headings, or upper-case title lines, "Exhibit A",
//     "Schedule 1", "Annex B", "Appendix 2" (also "Exhibit A-1").
//
// Numbers inside an attachment belong to that attachment's scope, so an
// exhibit may restart at "1." without clashing with the body.
//
// References are "Section 3.2", "Sections 3.2 and 4.1(b)", "Clauses 3
// through 5", "Article 12", "§ 4", "Exhibit A", "Schedules 1 and 2" (any
// case). A reference followed by "of"/"under"/"in" and another instrument
// ("Section 5 of the Supply Agreement", "Section 409A of the Code", "Article
// 28 of the GDPR") is not checked; "of this Agreement" and "of the
// Agreement" are internal; "Section 2 of Exhibit A" resolves in Exhibit A.
// Section, Clause, Article and Paragraph share one numbering namespace.
//
// A numbered reference far beyond the document's own numbering (a top-level
// number above both twice and twenty more than the largest defined, such as
// "Section 382" in a five-section memo) cites a statute and is not checked.
//
// When Document.Source is set (a review of a contract), a reference resolves
// if the candidate or the source defines the label. Without a source, a
// candidate that defines no numbered labels (or no attachment labels) is
// taken to refer to another document, and its references of that kind are
// not checked.
func NewXrefCheck() check.Check { return xrefCheck{} }

type xrefCheck struct{}

// Rule returns the family prefix "xref" of the rules the check reports.
func (xrefCheck) Rule() string { return "xref" }

// Rules lists the rule ids the check reports.
func (xrefCheck) Rules() []string {
	return []string{RuleDanglingRef, RuleDuplicateLabel, RuleNumberingGap, RuleOrphanLabel}
}

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

type scopeStart struct {
	at    int
	scope string
}

// counter tracks numbering at one level of one scope.
type counter struct {
	last    int
	lastKey string
}

// Check returns the check's findings on doc.
func (xrefCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	a := doctext.AnalysisOf(doc)
	idx := a.LineIndex()
	review := doctext.IsReview(doc.Kind)
	mode := outlineOwn
	if review {
		mode = outlineReview
	}
	o := buildOutlineOf(text, idx, mode)
	// A review (memo, redline, red-team report) numbers its own sections
	// as it likes and covers only the source sections it discusses, so its
	// numbering is not checked; its references are to the source.
	var src *xrefOutline
	srcText := doc.Source
	if review {
		src, srcText = SourceOutlineOf(doc)
	} else if doc.Source != "" {
		// A contract numbers its own clauses; only the source's titled
		// clauses are the ones an amendment may cite.
		sidx := doctext.NewLineIndex(doc.Source)
		src = buildSourceOutline(doc.Source, &sidx)
	}
	if review && src == nil {
		return nil // nothing to resolve a review's references against
	}
	var out []check.Finding
	if !review {
		out = o.findings
	}
	// Labels the text introduces as new ("a new Section 10.5" in an
	// amendment, "new clause 7.5" in a redline) exist.
	added, fs := newLabels(doc, src)
	var srcWords map[string]bool
	if review {
		out = append(out, fs...)
		srcWords = RefVocabularyOf(doc, srcText)
		if !namesNumbered(srcWords) {
			// The source never names its clauses ("7. Within ..."): the
			// review's usual word for them is the source's.
			if n := DominantNumNounOf(doc); n != "" {
				srcWords = maps.Clone(srcWords)
				srcWords[n] = true
			}
		}
	}
	referenced := make(map[string]bool)
	var quoted []doctext.Span // a review's quotations of the source, whose references are the source's
	if review {
		quoted = doctext.SourceQuotes(a)
		o.sourceNames = sourceNames(srcText)
	}
	scanRefs(text, a.WordList(), o, func(kw doctext.Span, idStart, idEnd int, key string, first bool) {
		if _, ok := o.byKey[key]; ok {
			referenced[key] = true
			return
		}
		if o.parents[key] {
			return
		}
		if review && doctext.InSpans(quoted, kw.Start, idEnd) {
			return
		}
		if review && proposedRefRe.MatchString(text[sentenceStart(text, kw.Start):doctext.SentenceEnd(text, idEnd, len(text))]) {
			return // "the reference to clause 9.4 assumes our proposed indemnity": a clause yet to exist
		}
		if strings.HasSuffix(key, "|") && !o.hasLabels(key) && (src == nil || !src.hasLabels(key)) {
			return // no attachment attached anywhere: they are separate documents
		}
		if added[key] {
			return
		}
		if review {
			// A review cites the source in the source's own words: a
			// "Section" or "Article" the source never uses names another
			// instrument ("UK GDPR Article 28(3)" in a memo on a contract
			// of clauses).
			if !srcWords[refNoun(text[kw.Start:kw.End])] {
				return
			}
		}
		// "3.1(b)" where 3.1 exists and lists its (a), (b) inline, in the
		// running text rather than on lines of their own.
		if base, sub, ok := strings.Cut(key, "("); ok {
			if i, found := o.byKey[base]; found && inlineSubItem(text, o, i, "("+sub) {
				return
			}
			if src != nil {
				if i, found := src.byKey[base]; found && inlineSubItem(srcText, src, i, "("+sub) {
					return
				}
			}
		}
		if !review && ofThisDocument(text, idEnd) {
			// "clause 5 of this deed": the text's own clause, whatever the
			// source has.
			if !o.hasLabels(key) || o.hasTop(key) {
				return
			}
		} else if src != nil {
			if _, ok := src.byKey[key]; ok || src.parents[key] {
				return
			}
			if sourceMentions(srcText, text[kw.Start:kw.End], text[idStart:idEnd]) || srcLabelled(srcText, keyID(key, text[idStart:idEnd]), text[kw.Start:kw.End], o.numLabels > 0 && !review) {
				return // the source names it, if not as a heading
			}
		} else if !o.hasLabels(key) {
			return // nothing to resolve against: a reference to another document
		}
		if looksLikeStatute(text[idStart:idEnd], o, src) || externalRef(text, kw.Start, idEnd) || ownRef(text, idEnd) {
			return
		}
		s := idStart
		if first {
			s = kw.Start
		}
		out = append(out, check.Finding{Rule: RuleDanglingRef, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("reference to %s %s points to no heading or label in the document", text[kw.Start:kw.End], text[idStart:idEnd]),
			Location: idx.Locate(s, idEnd, text)})
	})
	out = append(out, tableRefFindings(text, idx, o, src, srcText, review)...)
	for _, l := range o.labels {
		if review {
			break
		}
		if l.attachment && !referenced[l.key] && o.byKey[l.key] >= 0 {
			if first := o.labels[o.byKey[l.key]]; first.start != l.start {
				continue
			}
			if strings.TrimSpace(text[:strings.LastIndexByte(text[:l.start], '\n')+1]) == "" {
				continue // the title: a schedule or annex delivered on its own is the document itself
			}
			out = append(out, check.Finding{Rule: RuleOrphanLabel, Severity: check.SeverityWarn,
				Message:  "attachment is never referred to in the document",
				Location: idx.Locate(l.start, l.end, text)})
		}
	}
	check.SortFindings(out)
	return out
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

func buildOutlineOf(text string, idx *doctext.LineIndex, mode outlineMode) *xrefOutline {
	lenient := mode == outlineSource || mode == outlineSources
	source := mode == outlineSources
	o := &xrefOutline{byKey: make(map[string]int), selfRefs: make(map[int]bool), parents: make(map[string]bool)}
	scope := ""
	counters := make(map[string]*counter) // scope|parent|style -> counter
	var curNum string                     // last numbered clause id in scope
	var curLetter string                  // last letter sub-item id ("a") under curNum
	var curPara string                    // last numbered paragraph ("2" of "(2)") under curNum
	curLetterIndent := 0
	add := func(key string, s, e int, attachment bool) {
		if i, dup := o.byKey[key]; dup {
			prev := o.labels[i]
			pl, pc := idx.Position(prev.start)
			o.findings = append(o.findings, check.Finding{Rule: RuleDuplicateLabel, Severity: check.SeverityBlock,
				Message:  fmt.Sprintf("label defined twice (first at line %d:%d)", pl, pc),
				Location: idx.Locate(s, e, text)})
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
	// sequence checks that ordinal n follows the previous one at its level.
	sequence := func(level string, n int, display string, s, e int) {
		c := counters[level]
		if c == nil {
			c = &counter{}
			counters[level] = c
		}
		// A first label above 1 is no gap: an excerpt, a standalone
		// schedule or a consolidated extract may start anywhere.
		if n > c.last+1 && c.lastKey != "" {
			prev := c.lastKey
			o.findings = append(o.findings, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("numbering jumps from %s to %s", prev, display),
				Location: idx.Locate(s, e, text)})
		}
		if n > c.last {
			c.last, c.lastKey = n, display
		}
	}
	numbered := func(id string, s, e int) {
		add(scope+"|"+id, s, e, false)
		if top, ok := topNumber(id); ok && scope == "" {
			o.maxTop = max(o.maxTop, top)
		}
		parent, n := splitNumber(id)
		sequence(scope+"|"+parent+"|num", n, id, s, e)
		for p := parent; p != ""; p, _ = splitNumber(p) {
			o.parents[scope+"|"+p] = true
		}
		curNum, curLetter, curPara = id, "", ""
	}
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := text[l.Start:l.End]
		if source && s == docSeparator {
			scope, curNum, curLetter, curPara = "", "", "", ""
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
		// Attachment labels: headings in any case, title lines in upper case.
		re := doctext.AttachLineRe
		if lvl > 0 || lenient && doctext.AttachTitleRe.MatchString(body) {
			// A heading, or in a source a title line in any case
			// ("Annex 1 - Service Credits").
			re = doctext.AttachHeadRe
		}
		if m := doctext.MatchIf(doctext.StartsWithAny(body, "*ESAesa"), re, body); m != nil {
			kind := strings.ToLower(body[m[2]:m[3]])
			id := body[m[4]:m[5]]
			key := kind + " " + strings.ToLower(id)
			if m[6] >= 0 {
				key += "-" + body[m[6]:m[7]]
			}
			kwStart := at + m[2]
			o.selfRefs[kwStart] = true
			add(key+"|", kwStart, at+m[1], true)
			if n, ok := ordinal(id); ok && m[6] < 0 {
				sequence("attach|"+kind, n, body[m[2]:m[5]], kwStart, at+m[1])
			}
			scope = key
			o.scopes = append(o.scopes, scopeStart{at: l.Start, scope: scope})
			curNum, curLetter, curPara = "", "", ""
			return
		}
		if lvl > 0 {
			if m := doctext.HeadingNumRe.FindStringSubmatchIndex(body); m != nil {
				o.selfRefs[at] = true
				numbered(body[m[2]:m[3]], at+m[2], at+m[3])
			} else if m := doctext.HeadingRomanRe.FindStringSubmatchIndex(body); m != nil {
				o.selfRefs[at] = true
				numbered(body[m[2]:m[3]], at+m[2], at+m[3])
			}
			return
		}
		if m := doctext.MatchIf(doctext.StartsWithAny(body, doctext.DigitsAndStar) || letterNumStart(body), doctext.LineNumRe, body); m != nil {
			numbered(body[m[2]:m[3]], at+m[2], at+m[3])
			return
		}
		if lenient {
			if m := doctext.MatchIf(strings.HasPrefix(body, "|"), doctext.TableNumRe, body); m != nil {
				numbered(body[m[2]:m[3]], at+m[2], at+m[3])
				return
			}
			if m := doctext.MatchIf(doctext.StartsWithAny(body, "0123456789"), doctext.OrderedItemRe, body); m != nil && doctext.PlainTitle(strings.TrimSpace(body)) {
				numbered(body[m[2]:m[3]], at+m[2], at+m[3])
				return
			}
		}
		if m := doctext.MatchIf(mode != outlineReview && doctext.StartsWithAny(body, "*SsCcAaPp"), doctext.KeywordLineRe, body); m != nil {
			// "Section 1.1 Scope. ...", "ARTICLE IV - WARRANTY": a line
			// that opens with its keyword and number defines the label; a
			// reference would go on ("Section 3 of the ...", "Clause 4
			// applies").
			o.selfRefs[at+m[2]] = true
			numbered(body[m[4]:m[5]], at+m[4], at+m[5])
			return
		}
		if m := doctext.MatchIf(strings.HasPrefix(body, "**"), doctext.BoldNumRe, body); m != nil {
			numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "**2. Term.** This Agreement ..."
			return
		}
		if m := doctext.MatchIf(source && doctext.StartsWithAny(body, "PpSsCcAa"), keywordNumRe, body); m != nil {
			numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "Paragraph 7. Enquiries ..." in a source
			return
		}
		if m := doctext.MatchIf(source && doctext.StartsWithAny(body, "0123456789"), plainNumRe, body); m != nil {
			numbered(body[m[2]:m[3]], at+m[2], at+m[3]) // "7. Within fourteen days ..." in a source
			return
		}
		if curNum == "" {
			return
		}
		m := doctext.MatchIf(doctext.StartsWithAny(body, "(-*+"), doctext.SubItemRe, body)
		if m == nil {
			return
		}
		id := body[m[2]:m[3]]
		indent := doctext.LeadingSpaces(s)
		if id[0] >= '0' && id[0] <= '9' {
			// "(2)": a numbered paragraph of the clause (German and
			// Australian style); its letters are "7(2)(a)".
			full := curNum + "(" + id + ")"
			add(scope+"|"+full, at+m[2]-1, at+m[3]+1, false)
			if n, err := strconv.Atoi(id); err == nil {
				sequence(scope+"|"+curNum+"|para", n, full, at+m[2]-1, at+m[3]+1)
			}
			curPara, curLetter = id, ""
			return
		}
		base := curNum
		if curPara != "" {
			base = curNum + "(" + curPara + ")"
		}
		roman, isRoman := romanValue(id)
		isRoman = isRoman && roman <= 12 // "(c)" after "(a)" is a letter: sub-item numerals run i to xii
		letterNext := curLetter == "" && id == "a" || len(id) == 1 && curLetter != "" && id[0] == curLetter[0]+1
		if isRoman && curLetter != "" && (indent > curLetterIndent || !letterNext) {
			full := base + "(" + curLetter + ")(" + id + ")"
			add(scope+"|"+full, at+m[2]-1, at+m[3]+1, false)
			sequence(scope+"|"+base+"("+curLetter+")|roman", roman, full, at+m[2]-1, at+m[3]+1)
			return
		}
		if isRoman && curLetter == "" && id != "a" && !(len(id) == 1 && id != "i") {
			full := base + "(" + id + ")"
			add(scope+"|"+full, at+m[2]-1, at+m[3]+1, false)
			sequence(scope+"|"+base+"|roman", roman, full, at+m[2]-1, at+m[3]+1)
			return
		}
		full := base + "(" + id + ")"
		add(scope+"|"+full, at+m[2]-1, at+m[3]+1, false)
		if n, ok := ordinal(id); ok {
			sequence(scope+"|"+base+"|letter", n, full, at+m[2]-1, at+m[3]+1)
		}
		curLetter, curLetterIndent = id, indent
	})
	return o
}

// topNumber returns the leading decimal number of an id ("382" of "382(a)",
// "3" of "3.2").
func topNumber(id string) (int, bool) {
	n := 0
	for n < len(id) && id[n] >= '0' && id[n] <= '9' {
		n++
	}
	if n == 0 {
		return 0, false
	}
	v, err := strconv.Atoi(id[:n])
	return v, err == nil
}

// looksLikeStatute reports whether a numbered reference that resolves
// nowhere is far beyond the document's own numbering ("Section 382
// limitations" in a five-section memo): it cites a statute or another
// instrument by number, not a missing section. Far beyond means a top-level
// number above both twice and twenty more than the largest one defined.
func looksLikeStatute(id string, o, src *xrefOutline) bool {
	top, ok := topNumber(id)
	if !ok {
		return false
	}
	maxTop := o.maxTop
	if src != nil {
		maxTop = max(maxTop, src.maxTop)
	}
	return top > 2*maxTop && top > maxTop+20
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

// splitNumber splits "3.2.1" into its parent "3.2" and last number 1.
func splitNumber(id string) (string, int) {
	parent, last := "", id
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		parent, last = id[:i], id[i+1:]
	}
	if n, ok := romanValue(strings.ToLower(last)); ok && last != "" && last[0] >= 'A' && last[0] <= 'Z' {
		return parent, n
	}
	n, _ := strconv.Atoi(last)
	return parent, n
}

// ordinal turns an attachment or item id into its position: "A"/"a" -> 1,
// "B" -> 2, "3" -> 3. Two-letter ids and other forms have none.
func ordinal(id string) (int, bool) {
	if n, err := strconv.Atoi(id); err == nil {
		return n, true
	}
	if len(id) == 1 {
		c := id[0] | 0x20
		if c >= 'a' && c <= 'z' {
			return int(c-'a') + 1, true
		}
	}
	return 0, false
}

// romanValue parses a lower-case Roman numeral up to 89 ("i".."lxxxix").
func romanValue(s string) (int, bool) {
	vals := map[byte]int{'i': 1, 'v': 5, 'x': 10, 'l': 50, 'c': 100}
	if s == "" {
		return 0, false
	}
	total := 0
	for i := 0; i < len(s); i++ {
		v, ok := vals[s[i]|0x20]
		if !ok {
			return 0, false
		}
		if i+1 < len(s) && vals[s[i+1]|0x20] > v {
			total -= v
		} else {
			total += v
		}
	}
	if total <= 0 || toRoman(total) != strings.ToLower(s) {
		return 0, false
	}
	return total, true
}

func toRoman(n int) string {
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{100, "c"}, {90, "xc"}, {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}

// scopeAt returns the attachment scope of offset at ("" for the body).
func (o *xrefOutline) scopeAt(at int) string {
	scope := ""
	lo, hi := 0, len(o.scopes)
	for lo < hi { // last scope starting at or before at
		mid := (lo + hi) / 2
		if o.scopes[mid].at <= at {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo > 0 {
		scope = o.scopes[lo-1].scope
	}
	return scope
}

// scanRefs finds every internal reference and calls fn with the keyword
// span, the id bounds, the label key it must resolve to, and whether it is
// the first id after its keyword.
func scanRefs(text string, ws []doctext.Span, o *xrefOutline, fn func(kw doctext.Span, idStart, idEnd int, key string, first bool)) {
	var buf []byte
	next := 0
	// "§" is not a word: find it separately and merge with the word scan.
	sect := strings.Index(text, "§")
	for k := 0; k <= len(ws); k++ {
		wStart := len(text)
		if k < len(ws) {
			wStart = ws[k].Start
		}
		for sect >= 0 && sect < wStart {
			if sect >= next {
				e := sect + len("§")
				if strings.HasPrefix(text[e:], "§") {
					e += len("§")
				}
				next = max(resolveRefs(text, o, doctext.Span{Start: sect, End: e}, "num", fn), e)
			}
			if n := strings.Index(text[sect+len("§"):], "§"); n >= 0 {
				sect += len("§") + n
			} else {
				sect = -1
			}
		}
		if k == len(ws) {
			break
		}
		s, e := ws[k].Start, ws[k].End
		if s < next || e-s < 5 || e-s > 10 || !doctext.RefNounFirst[text[s]|0x20] {
			continue
		}
		buf = doctext.LowerInto(buf, text[s:e])
		ns, ok := doctext.RefKeywords[string(buf)]
		if !ok || o.selfRefs[s] {
			continue
		}
		next = resolveRefs(text, o, doctext.Span{Start: s, End: e}, ns, fn)
	}
}

// resolveRefs reads the id list after the keyword kw and reports each id;
// it returns the end of the list.
func resolveRefs(text string, o *xrefOutline, kw doctext.Span, ns string, fn func(kw doctext.Span, idStart, idEnd int, key string, first bool)) int {
	window := text[kw.End:min(len(text), kw.End+240)]
	firstRe, nextRe := doctext.RefFirstNumRe, doctext.RefNextNumRe
	if ns != "num" {
		firstRe, nextRe = doctext.RefFirstAttachRe, doctext.RefNextAttachRe
	}
	m := firstRe.FindStringSubmatchIndex(window)
	if m == nil {
		return kw.End
	}
	if ns == "num" && m[3]+1 < len(window) && window[m[3]] == '.' && window[m[3]+1] >= '0' && window[m[3]+1] <= '9' && window[m[3]-1] >= 'A' {
		return kw.End // "paragraph C.2": a lettered paragraph, not Roman C
	}
	type id struct{ s, e int }
	ids := []id{{m[2], m[3]}}
	pos := m[1]
	for {
		n := nextRe.FindStringSubmatchIndex(window[pos:])
		if n == nil {
			break
		}
		ids = append(ids, id{pos + n[2], pos + n[3]})
		pos += n[1]
	}
	// Decide the scope: another instrument, an attachment, or here.
	scope := o.scopeAt(kw.Start)
	if of := doctext.RefOfRe.FindStringIndex(window[pos:]); of != nil {
		rest := window[pos+of[1]:]
		switch {
		case doctext.RefOfThisRe.MatchString(rest) || strings.HasPrefix(rest, "Agreement") && !doctext.RefInstrumentRe.MatchString(rest[len("Agreement"):]):
			// "of this Agreement", "of the Agreement": this document.
		case doctext.RefOfAttachRe.MatchString(rest) && ns == "num":
			a := doctext.RefOfAttachRe.FindStringSubmatch(rest)
			scope = strings.ToLower(a[1]) + " " + strings.ToLower(a[2])
			if a[3] != "" {
				scope += "-" + a[3]
			}
		case doctext.RefInstrumentRe.MatchString(rest) && !namesSource(rest, o.sourceNames):
			return kw.End + pos
		}
	}
	base := "" // the first id's clause number, for a paragraph list "(4) to (6)"
	for k, d := range ids {
		idText := strings.ReplaceAll(window[d.s:d.e], " ", "") // "8 (4)" is "8(4)"
		if k == 0 {
			base, _, _ = strings.Cut(idText, "(")
		} else if strings.HasPrefix(idText, "(") {
			idText = base + idText // "§ 10 (4) to (6)": 10(6)
		}
		var key string
		if ns == "num" {
			key = scope + "|" + idText
			// From inside an attachment, a clause may be the body's; a
			// paragraph is the attachment's own ("paragraph 8" of a
			// schedule).
			if _, ok := o.byKey[key]; !ok && scope != "" && (refNoun(text[kw.Start:kw.End]) != "paragraph" || !o.numbersScope(scope)) {
				key = "|" + idText
			}
		} else {
			key = ns + " " + strings.ToLower(idText) + "|"
		}
		fn(kw, kw.End+d.s, kw.End+d.e, key, k == 0)
	}
	return kw.End + pos
}

var (
	// externalBeforeRe matches the end of the text before a reference
	// keyword that names another instrument: an acronym ("GDPR Article 28",
	// "UCC § 2-207"), a possessive ("the Act's Section 5"), or a Title Case
	// statute word ("Regulation Article 6", "Code section 409A").
	externalBeforeRe = regexp.MustCompile(`(?:\b[A-Z][A-Z0-9]{1,9}|['’]s|\b(?:Act|Code|Regulation|Directive|Convention|Treaty|Statute|Rules|Law|Constitution|Standard|Framework|CFR|U\.S\.C\.))[ \t]*$`)
	// externalAfterRe matches the text after a reference id that names
	// another instrument right away: "Article 28 GDPR", "Article 6(1)(f) of
	// Regulation (EU) 2016/679", "Section 1542 (California Civil Code)".
	externalAfterRe = regexp.MustCompile(`^(?:[ \t]*(?:\(\d{1,3}\)|(?:No\.|Nr\.|para\.|sentence|subsection|lit\.)[ \t]*[0-9a-z]{1,3}\b))*[ \t]*(?:\(?[A-Z][A-Z0-9]{1,9}\b\)?|[A-Z][A-Za-z]{1,10}[A-Z]\b|\([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)*[ \t]+(?:Act|Code|Regulation|Directive|Law)\))`)
	// refListTailRe matches the rest of a reference list: " to 36", ",
	// 33 and 34(1)".
	refListTailRe = regexp.MustCompile(`^(?:[ \t]*(?:,|and|or|to|through|[-–])[ \t]*(?:and[ \t]+|or[ \t]+)?\d{1,4}(?:\.\d{1,4})*(?:\([a-z0-9]{1,4}\))*)+`)
	// ownRefRe matches "of this memo/report/..." after a reference: a
	// reference to the deliverable itself, which the self-reference check
	// resolves.
	ownRefRe = regexp.MustCompile(`^,?[ \t]+(?:of|in)[ \t]+(?:this|the[ \t]+present)[ \t]+(?i:memo|memorandum|report|review|document|letter|note|analysis|assessment|reply|response|email|redline|mark-?up)\b`)
)

// externalRef reports whether the reference whose keyword starts at kwStart
// and whose id ends at idEnd names another instrument (an acronym or a
// statute word right before or after it): external law is never dangling.
func externalRef(text string, kwStart, idEnd int) bool {
	before := text[max(0, kwStart-40):kwStart]
	after := text[idEnd:min(len(text), idEnd+80)]
	if m := refListTailRe.FindStringIndex(after); m != nil {
		after = after[m[1]:] // "Articles 32 to 36 UK GDPR": past the list
	}
	return externalBeforeRe.MatchString(before) || externalAfterRe.MatchString(after)
}

// ownRef reports whether the reference ending at idEnd is to the
// deliverable itself ("Section 5 of this memo").
func ownRef(text string, idEnd int) bool {
	return ownRefRe.MatchString(text[idEnd:min(len(text), idEnd+60)])
}

// sourceMentions reports whether the source names the reference (keyword
// and id, in any case, as whole words) anywhere: an attachment or clause
// the source titles in prose ("the Data Processing Terms attached as
// Exhibit B") exists even when no heading labels it.
func sourceMentions(source, keyword, id string) bool {
	kw := strings.ToLower(strings.TrimRight(keyword, "s"))
	if kw == "appendice" {
		kw = "appendix"
	}
	if kw == "annexe" {
		kw = "annex"
	}
	if kw == "section" || kw == "clause" || kw == "article" || kw == "paragraph" || kw == "§" {
		return false // numbered clauses are labels; a mention is not one
	}
	ls := strings.ToLower(source)
	needle := kw + " " + strings.ToLower(id)
	for off := 0; ; {
		i := strings.Index(ls[off:], needle)
		if i < 0 {
			return false
		}
		e := off + i + len(needle)
		if e == len(ls) || !doctext.IsWordByte(ls[e]) {
			return true
		}
		off = e
	}
}

// inlineSubItem reports whether the clause of label i (up to the next
// label, at most 4 KB) holds sub ("(b)", "(b)(ii)": its first part).
func inlineSubItem(text string, o *xrefOutline, i int, sub string) bool {
	if j := strings.Index(sub[1:], "("); j >= 0 {
		sub = sub[:j+1]
	}
	start := o.labels[i].end
	end := min(len(text), start+4096)
	for _, l := range o.labels[i+1:] {
		if l.start >= start {
			end = min(end, l.start)
			break
		}
	}
	return strings.Contains(text[start:end], sub)
}

// refNoun returns the singular, lower-case reference keyword ("clauses" ->
// "clause", "§§" -> "§").
func refNoun(kw string) string {
	k := strings.ToLower(kw)
	switch {
	case strings.HasPrefix(k, "§"):
		return "§"
	case k == "appendices":
		return "appendix"
	case k == "annexes":
		return "annex"
	}
	return strings.TrimSuffix(k, "s")
}

// refVocabulary returns the reference keywords (refNoun form) the source
// uses anywhere, followed by a number or letter.
func refVocabulary(source string) map[string]bool {
	out := make(map[string]bool)
	forEachRefNoun(source, func(noun string) { out[noun] = true })
	if strings.Contains(source, "§") {
		out["§"] = true
	}
	return out
}

var (
	// newLabelRe finds a label a review introduces: "new clause 7.5",
	// "a new Section 12.4", "[inserted: 7.5 If ...", "Insert ... as clause
	// 7.5".
	newLabelRe = regexp.MustCompile(`(?i)\bnew[ \t]+(?:sub-?)?(section|clause|article|paragraph|schedule|exhibit|annex|appendix|§)[ \t]*([A-Z]{1,2}[0-9]{1,3}(?:\.[0-9]{1,4})*|[0-9]{1,4}(?:\.[0-9]{1,4})*|[A-Z]\b)|\[(?:inserted|insert|added|add|new(?:[ \t]+text)?)[ \t]*:[ \t]*(?:\*\*)?(?:(?:section|clause|article|§)[ \t]*)?([0-9]{1,4}(?:\.[0-9]{1,4})+)\b`)
	// newLabelAtRe is newLabelRe anchored at the start: what it finds is
	// newLabelRe's match when that starts at 0, found without trying
	// every later start (a run of "[" tried 80 starts each).
	newLabelAtRe = regexp.MustCompile(`^(?:` + newLabelRe.String() + `)`)
)

// newLabels returns the labels a review introduces as new text (keys as
// resolveRefs builds them) and, when the source is known, a finding for
// each new numbered clause whose number is already taken in the source or
// skips numbers after the source's last sibling ("new clause 7.7" when
// clause 7 ends at 7.4).
func newLabels(doc check.Document, src *xrefOutline) (map[string]bool, []check.Finding) {
	text := doc.Text
	added := make(map[string]bool)
	var out []check.Finding
	seen := make(map[string]bool)
	for _, m := range NewLabelMatchesOf(doc) {
		var kind, id string
		var s, e int
		if m[2] >= 0 {
			kind, id, s, e = strings.ToLower(text[m[2]:m[3]]), text[m[4]:m[5]], m[4], m[5]
		} else {
			kind, id, s, e = "clause", text[m[6]:m[7]], m[6], m[7]
		}
		switch kind {
		case "exhibit", "schedule", "annex", "appendix":
			added[kind+" "+strings.ToLower(id)+"|"] = true
			continue
		}
		added["|"+id] = true
		if src == nil || seen[id] {
			continue
		}
		seen[id] = true
		if _, taken := src.byKey["|"+id]; taken {
			continue // "new clause 7.5" also used for a replaced clause: leave it
		}
		parent, n := splitNumber(id)
		last := 0
		for k := range src.byKey {
			if p, num := splitNumber(strings.TrimPrefix(k, "|")); strings.HasPrefix(k, "|") && p == parent {
				last = max(last, num)
			}
		}
		if (last > 0 || parent == "") && n > last+1 && !added["|"+numberWith(parent, n-1)] {
			out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("new clause %s skips numbers: the source's last sibling is %s", id, numberWith(parent, last)),
				Location: doctext.AnalysisOf(doc).LineIndex().Locate(s, e, text)})
		}
	}
	return added, out
}

// keyID returns the id a numbered reference's key resolves ("6(2)" for the
// "(2)" of "§ 6(1) and (2)"), or raw when the key holds none.
func keyID(key, raw string) string {
	if _, id, ok := strings.Cut(key, "|"); ok && id != "" {
		return id
	}
	return raw
}

// numberWith joins a parent number and a last number ("7", 5 -> "7.5").
func numberWith(parent string, n int) string {
	if parent == "" {
		return strconv.Itoa(n)
	}
	return parent + "." + strconv.Itoa(n)
}

// proposedRefRe matches a sentence about a clause the review proposes.
// ("New" only before a clause word: "New York" proposes nothing.)
var proposedRefRe = regexp.MustCompile(`\b(?:(?i:propos\w*|would\s+be|if\s+(?:it\s+is\s+|they\s+are\s+)?accepted|to\s+be\s+(?:inserted|added))|new|NEW|New\s+(?i:clause|section|article|paragraph|sub-?clause|schedule))\b`)

// sentenceStart returns the start of the sentence holding offset i: after
// the previous ". ", "! ", "? " or line break, at most 400 bytes back.
func sentenceStart(text string, i int) int {
	from := max(0, i-400)
	for j := i - 1; j > from; j-- {
		switch text[j] {
		case '\n':
			return j + 1
		case ' ':
			if c := text[j-1]; c == '.' || c == '!' || c == '?' {
				return j + 1
			}
		}
	}
	return from
}

// newLabelMatches returns newLabelRe's matches in text, running the
// expression only near the words that can start one ("new", "[inserted:"),
// so that a long contract costs a word scan, not a regexp pass.
func newLabelMatches(text string) [][]int {
	var out [][]int
	next := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if i < next || !(c == 'n' || c == 'N' || c == '[') || c != '[' && i > 0 && doctext.IsWordByte(text[i-1]) {
			continue
		}
		if c != '[' && !(i+3 <= len(text) && strings.EqualFold(text[i:i+3], "new")) {
			continue
		}
		w := text[i:min(len(text), i+80)]
		if m := newLabelAtRe.FindStringSubmatchIndex(w); m != nil {
			for k := range m {
				if m[k] >= 0 {
					m[k] += i
				}
			}
			out = append(out, m)
			next = m[1]
		}
	}
	return out
}
