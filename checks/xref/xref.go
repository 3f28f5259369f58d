package xref

import (
	"fmt"
	"maps"
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
// When Document.SourceText is set (a review of a contract), a reference resolves
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

// xrefRun is one run of the check on a document: the outlines a reference
// resolves against and what the run has learnt and found so far, shared by
// the decisions on each reference.
type xrefRun struct {
	text       string
	idx        *doctext.LineIndex
	review     bool
	o          *xrefOutline    // the document's own labels
	src        *xrefOutline    // the source's labels, nil without one
	srcText    string          // the text src was read from
	added      map[string]bool // labels the text introduces as new ("a new Section 10.5")
	srcWords   map[string]bool // a review: the words the source names its parts by
	referenced map[string]bool // labels some reference resolved to
	quoted     []doctext.Span  // a review's quotations of the source, whose references are the source's
	propSent   [2]int          // the last sentence proposedSentence read, and its answer
	propHit    bool
	out        []check.Finding
	inRange    []inRangeRef // dangling references whose number falls within the numbering
	amends     bool         // the text amends another instrument (doctext.AmendingRe on its title)
}

// Check returns the check's findings on doc.
func (xrefCheck) Check(doc check.Document) []check.Finding {
	r := newXrefRun(doc)
	if r == nil {
		return nil // nothing to resolve a review's references against
	}
	scanRefs(r.text, doctext.AnalysisOf(doc).WordList(), r.o, r.ref)
	r.informSystematic()
	r.out = append(r.out, tableRefFindings(r.text, r.idx, r.o, r.src, r.srcText, r.review)...)
	if !r.review {
		r.orphanLabels()
	}
	check.SortFindings(r.out)
	return r.out
}

// newXrefRun reads the outlines of doc and of its source. It returns nil
// for a review with no source, whose references have nothing to resolve
// against. A review (memo, redline, red-team report) numbers its own
// sections as it likes and covers only the source sections it discusses,
// so its numbering is not checked; its references are to the source.
func newXrefRun(doc check.Document) *xrefRun {
	a := doctext.AnalysisOf(doc)
	r := &xrefRun{text: doc.Text, idx: a.LineIndex(), review: doctext.IsReview(doc.Kind), srcText: doc.SourceText}
	r.amends = !r.review && doctext.AmendingRe.MatchString(doctext.TitleLine(doc.Text))
	mode := outlineOwn
	if r.review {
		mode = outlineReview
	}
	r.o = buildOutlineOf(r.text, r.idx, mode)
	if r.review {
		r.src, r.srcText = SourceOutlineOf(doc)
	} else if doc.SourceText != "" {
		// A contract numbers its own clauses; only the source's titled
		// clauses are the ones an amendment may cite.
		sidx := doctext.NewLineIndex(doc.SourceText)
		r.src = buildSourceOutline(doc.SourceText, &sidx)
	}
	if r.review && r.src == nil {
		return nil
	}
	if !r.review {
		r.out = r.o.findings
	}
	// Labels the text introduces as new ("a new Section 10.5" in an
	// amendment, "new clause 7.5" in a redline) exist.
	added, fs := newLabels(doc, r.src)
	r.added = added
	if r.review {
		r.out = append(r.out, fs...)
		r.srcWords = reviewVocabulary(doc, r.srcText)
	}
	r.referenced = make(map[string]bool)
	if r.review {
		r.quoted = doctext.SourceQuotes(a)
		r.o.sourceNames = sourceNames(r.srcText)
	}
	return r
}

// reviewVocabulary returns the words a review's source names its parts
// by. The source may never name its clauses ("7. Within ..."): then the
// review's usual word for them is the source's.
func reviewVocabulary(doc check.Document, srcText string) map[string]bool {
	srcWords := RefVocabularyOf(doc, srcText)
	if !namesNumbered(srcWords) {
		if n := DominantNumNounOf(doc); n != "" {
			srcWords = maps.Clone(srcWords)
			srcWords[n] = true
		}
	}
	return srcWords
}

// ref judges one reference (keyword kw, id at [idStart, idEnd), label key;
// first says it is the first of its list, whose finding then spans the
// keyword). It reports RuleDanglingRef unless the label resolves, or the
// reference is not one this document can be held to.
func (r *xrefRun) ref(kw doctext.Span, idStart, idEnd int, key string, first bool) {
	text := r.text
	if _, ok := r.o.byKey[key]; ok {
		r.referenced[key] = true
		return
	}
	// A clause reference inside an attachment that the body does not
	// define is the attachment's own clause ("service credits under
	// clause 5" in a schedule numbered 1 to 10).
	if scope := r.o.scopeAt(kw.Start); scope != "" && strings.HasPrefix(key, "|") {
		if _, ok := r.o.byKey[scope+key]; ok || r.o.parents[scope+key] {
			r.referenced[scope+key] = true
			return
		}
	}
	if r.excused(kw, idEnd, key) || r.inlineSub(key) || r.resolvedOutside(kw, idStart, idEnd, key) {
		return
	}
	if looksLikeStatute(text[idStart:idEnd], r.o, r.src) || externalRef(text, kw.Start, idEnd) || ownRef(text, idEnd) || sameInstrumentAsBefore(text, kw) {
		return
	}
	if assertsAbsent(text, kw.Start, idEnd) || namedDocumentBefore(text, kw.Start, r.srcText) || pronounI(text, idStart, idEnd) {
		return
	}
	if citedAsOtherInstrument(text, text[kw.Start:kw.End], text[idStart:idEnd], r.srcText) {
		return // "Article 8.5 of the Main Agreement applies … Article 8.5 is the industry position"
	}
	if r.amends && !strings.HasSuffix(key, "|") && (r.src == nil || !r.src.hasLabels(key)) && amendedClause(text, idEnd) {
		// "Clause 7 is deleted and replaced with …", "Clause 9 of the
		// Agreement applies" in "Amendment No. 1 to the Installation
		// Agreement": the amended agreement's clause, which the check
		// cannot see unless the source numbers its clauses.
		return
	}
	if !r.review && !strings.HasSuffix(key, "|") && (labelAt(text, text[idStart:idEnd]) >= 0 || srcLabelled(text, text[idStart:idEnd], text[kw.Start:kw.End], false)) {
		// "paragraphs 1–14 above" of a contract whose lines open "14.
		// Israeli law applies." (an attachment's number is no line's).
		return
	}
	s := idStart
	if first {
		s = kw.Start
	}
	if !strings.HasSuffix(key, "|") && withinNumbering(text[idStart:idEnd], r.o, r.src) {
		r.inRange = append(r.inRange, inRangeRef{len(r.out), key})
	}
	r.out = append(r.out, check.Finding{Rule: RuleDanglingRef, Severity: check.SeverityBlock,
		Message:  fmt.Sprintf("reference to %s %s points to no heading or label in the document", text[kw.Start:kw.End], text[idStart:idEnd]),
		Location: r.idx.Locate(s, idEnd, text)})
}

// excused reports whether a reference that names no label of the text is
// still no dangling one: a clause implied by its sub-clauses, a quotation
// of the source, a clause yet to exist, an attachment where none is
// attached anywhere, a label the text adds, or in a review a keyword the
// source never uses.
func (r *xrefRun) excused(kw doctext.Span, idEnd int, key string) bool {
	text := r.text
	if r.o.parents[key] {
		return true
	}
	if r.review && doctext.InSpans(r.quoted, kw.Start, idEnd) {
		return true
	}
	if r.review && r.proposedSentence(sentenceStart(text, kw.Start), doctext.SentenceEnd(text, idEnd, len(text))) {
		return true // "the reference to clause 9.4 assumes our proposed indemnity": a clause yet to exist
	}
	if strings.HasSuffix(key, "|") && !r.o.hasLabels(key) && (r.src == nil || !r.src.hasLabels(key)) {
		return true // no attachment attached anywhere: they are separate documents
	}
	if r.added[key] {
		return true
	}
	// A review cites the source in the source's own words: a "Section" or
	// "Article" the source never uses names another instrument ("UK GDPR
	// Article 28(3)" in a memo on a contract of clauses).
	return r.review && !r.srcWords[refNoun(text[kw.Start:kw.End])]
}

// inlineSub reports "3.1(b)" where 3.1 exists, in the text or the source,
// and lists its (a), (b) inline, in the running text rather than on lines
// of their own.
//
// The base is read at each parenthesis in turn: "2(b)(ii)" is (b)(ii) of
// 2, or (ii) of a "2(b)" that labels a line of its own ("2(b) Prize
// money. (i) … (ii) …").
func (r *xrefRun) inlineSub(key string) bool {
	for at := strings.IndexByte(key, '('); at > 0; {
		base, sub := key[:at], key[at:]
		if i, found := r.o.byKey[base]; found && inlineSubItem(r.text, r.o, i, sub) {
			return true
		}
		if r.src != nil {
			if i, found := r.src.byKey[base]; found && inlineSubItem(r.srcText, r.src, i, sub) {
				return true
			}
		}
		next := strings.IndexByte(key[at+1:], '(')
		if next < 0 {
			break
		}
		at += 1 + next
	}
	return false
}

// resolvedOutside reports whether a reference the text's outline does not
// hold is resolved, or cannot be judged, elsewhere: "clause 5 of this deed"
// is the text's own whatever the source has; otherwise the source's
// outline or text may name it; and with no source, a text with no labels
// of the kind refers to another document.
func (r *xrefRun) resolvedOutside(kw doctext.Span, idStart, idEnd int, key string) bool {
	text := r.text
	switch {
	case !r.review && ofThisDocument(text, idEnd):
		return !r.o.hasLabels(key) || r.o.hasTop(key)
	case r.src != nil:
		if _, ok := r.src.byKey[key]; ok || r.src.parents[key] {
			return true
		}
		// The source names it, if not as a heading.
		return sourceMentions(r.srcText, text[kw.Start:kw.End], text[idStart:idEnd]) ||
			srcLabelled(r.srcText, keyID(key, text[idStart:idEnd]), text[kw.Start:kw.End], r.o.numLabels > 0 && !r.review)
	default:
		return !r.o.hasLabels(key)
	}
}

// orphanLabels reports attachments nothing refers to (RuleOrphanLabel),
// once per label, except a schedule or annex delivered on its own, whose
// title opens the document.
func (r *xrefRun) orphanLabels() {
	o, text := r.o, r.text
	for _, l := range o.labels {
		if l.attachment && !r.referenced[l.key] && o.byKey[l.key] >= 0 {
			if first := o.labels[o.byKey[l.key]]; first.start != l.start {
				continue
			}
			if strings.TrimSpace(text[:strings.LastIndexByte(text[:l.start], '\n')+1]) == "" {
				continue // the title: a schedule or annex delivered on its own is the document itself
			}
			r.out = append(r.out, check.Finding{Rule: RuleOrphanLabel, Severity: check.SeverityWarn,
				Message:  "attachment is never referred to in the document",
				Location: r.idx.Locate(l.start, l.end, text)})
		}
	}
}

// looksLikeStatute reports whether a numbered reference that resolves
// nowhere is far beyond the document's own numbering ("Section 382
// limitations" in a five-section memo): it cites a statute or another
// instrument by number, not a missing section. Far beyond means a top-level
// number above both twice and twenty more than the largest one defined.
func looksLikeStatute(id string, o, src *xrefOutline) bool {
	top, ok := topNumber(id)
	maxTop := numberingTop(o, src)
	return ok && top > 2*maxTop && top > maxTop+20
}

// numberingTop returns the largest top-level number the text's outline o
// or its source's src (nil without one) defines.
func numberingTop(o, src *xrefOutline) int {
	if src != nil {
		return max(o.maxTop, src.maxTop)
	}
	return o.maxTop
}
