package xref

import (
	"fmt"
	"maps"
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
