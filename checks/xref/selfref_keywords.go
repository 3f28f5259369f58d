package xref

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// References by keyword and number ("Section 5 of this memo", "see
// Recommendation 4", "Appendix C below"), each judged by its family: a
// part, an attachment, or an item of a family the text labels.

// wordRefs reads the references that open on a word, in one walk over
// the text's words: keyword references, short ids and "see" numbers.
// ready must have run.
func (r *selfRefRun) wordRefs() {
	var buf []byte
	short := len(r.short) > 0
	for _, w := range doctext.AnalysisOf(r.doc).WordList() {
		buf = r.keywordWord(w, buf)
		if short {
			r.shortWord(w)
		}
		r.seeNumberWord(w)
	}
}

// keywordWord finds a keyword reference at word w and judges it. The
// keyword table is consulted only where a number follows a word, and the
// expression runs only on a short window at a keyword, so the scan stays
// linear. buf is scratch space, returned for the next word.
func (r *selfRefRun) keywordWord(w doctext.Span, buf []byte) []byte {
	text := r.text
	if w.End-w.Start < 3 || w.End-w.Start > 15 || !numberFollows(text, w.End) {
		return buf
	}
	buf = doctext.LowerInto(buf, text[w.Start:w.End])
	if !doctext.SelfRefWords[string(buf)] {
		return buf
	}
	m := selfRefRe.FindStringSubmatchIndex(text[w.Start:min(len(text), w.Start+40)])
	if m == nil || m[0] != 0 {
		return buf
	}
	shiftMatch(m, w.Start)
	r.keywordRef(m)
	return buf
}

// keywordRef judges one selfRefRe match m (offsets in the text): it reads
// the family and number, whether the text marks it as its own ("of this
// memo", "above"), and hands it to the rule of its family.
func (r *selfRefRun) keywordRef(m []int) {
	text := r.text
	s, e := m[0], m[1]
	if doctext.InSpans(r.excluded, s, e) {
		return
	}
	fam := familyOf(text[m[2]:m[3]])
	num := refNumber(text[m[4]:m[5]])
	if len(num) == 1 && num[0] >= 'A' && num[0] <= 'Z' && !attachmentFamily(fam) {
		return // "Part A", "Item B": lettered ids only name appendices, tables and the like
	}
	own := mayOwnMarker(text, e) && ownMarkerRe.MatchString(text[e:min(len(text), e+60)])
	switch {
	case fam == "part":
		r.partRef(m, num, own)
	case attachmentFamily(fam):
		r.attachmentRef(m, fam, num, own)
	case r.labels[fam] != nil:
		r.itemRef(m, fam, num)
	case own || ownBeforeRe.MatchString(text[max(0, s-24):s]) && doctext.IsReview(r.doc.Kind):
		r.report(s, e, text[s:e])
	}
}

// refNumber normalises a reference's number as the text's labels are
// stored: no leading zeros, and an id's prefix dropped ("R-04" -> "4"),
// so that "Recommendation 04" and "R-4" find label 4.
func refNumber(raw string) string {
	num := strings.TrimLeft(raw, "0")
	if len(num) > 1 && strings.ContainsAny(num, "-ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		num = strings.TrimLeft(strings.TrimLeft(num, "ABCDEFGHIJKLMNOPQRSTUVWXYZ-"), "0")
	}
	return num
}

// partRef judges a reference to a section, part or paragraph. Whether it
// is the text's own is the hard part: in a review it may be the source's,
// and without a source "of our formal notice" names another document.
func (r *selfRefRun) partRef(m []int, num string, own bool) {
	text, doc := r.text, r.doc
	s, e := m[0], m[1]
	if !own && doctext.IsReview(doc.Kind) && doc.SourceText != "" {
		var done bool
		if own, done = r.reviewPartRef(m, num); done {
			return
		}
	}
	if !own && (!doctext.IsReview(doc.Kind) || doc.SourceText == "") && !refOfInstrument(text, e) && !externalRef(text, s, e) {
		switch {
		case ofOtherDocRe.MatchString(text[e:min(len(text), e+40)]):
			r.otherDocPartRef(s, e, num)
			return
		case ownBeforeRe.MatchString(text[max(0, s-24):s]) && len(r.labels["part"]) >= 2:
			own = true // "(see section 9)" in a text that numbers its sections, with no source to cite
		}
	}
	if r.added == nil {
		r.added, _ = newLabels(doc, nil)
	}
	if r.added["|"+num] {
		return // "a new Section 6.3": the text adds it
	}
	if own && !r.labels["part"][num] {
		r.report(s, e, text[s:e]+" of this document")
	}
}

// reviewPartRef decides whether a review's part reference with no marker
// of its own is the review's. In a review, a part keyword the source never
// uses ("part 4" in a memo on a contract of clauses) names the review's
// own part, as "of this memo" does. done reports that a paragraph range
// was judged here and nothing is left to do.
func (r *selfRefRun) reviewPartRef(m []int, num string) (own, done bool) {
	text := r.text
	s, e := m[0], m[1]
	if r.vocab == nil {
		r.vocab = RefVocabularyOf(r.doc, r.doc.SourceText)
	}
	// Paragraphs are how a source's schedules number their points
	// ("paragraph 4 of Schedule 2"), so only "part" and "section" are read
	// this way.
	kw := refNoun(text[m[2]:m[3]])
	top, _ := topNumber(num)
	// A number the source has is the source's when the review calls the
	// source's clauses by this word ("section" in a review that cites
	// sections throughout); a review that cites clauses or articles means
	// its own "section 4".
	if r.dominant == "" {
		r.dominant = DominantNumNounOf(r.doc) + "|"
	}
	own = (kw == "part" || kw == "section") && !r.vocab[kw] && (!r.srcLabels()[num] || kw+"|" != r.dominant) &&
		top <= maxOwnTop(r.labels)+1 && !refOfInstrument(text, e) && !externalRef(text, s, e)
	// "paragraphs 3.1 to 3.7" in a review that numbers its own paragraphs
	// 3.1, 3.2, ... of a source that never speaks of paragraphs: the
	// review's own, each end of the range. A single-level "paragraph 5" is
	// as likely a schedule's point ("Paragraph 4 of Schedule 2 ...
	// Paragraph 5").
	if !own && kw == "paragraph" && strings.Contains(num, ".") && !r.vocab[kw] && numbersOwnParagraphs(r.labels) && !refOfInstrument(text, e) && !externalRef(text, s, e) && !refOfOther(text, e) {
		r.ownParagraphRange(m, num)
		return false, true
	}
	return own, false
}

// ownParagraphRange reports the numbers of a list or range of the review's
// own paragraphs ("paragraphs 3.1 to 3.7") that the review does not have,
// in one finding over the whole list.
func (r *selfRefRun) ownParagraphRange(m []int, num string) {
	text := r.text
	ids, end := dottedRangeEnds(text, m[1])
	var missing []string
	for _, id := range append([]string{num}, ids...) {
		if !r.labels["part"][id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		r.report(m[0], end, text[m[2]:m[3]]+" "+strings.Join(missing, ", ")+" of this document")
	}
}

// otherDocPartRef judges "paragraph 9 of our formal notice": the source's,
// in a rewrite or reply that has one, so it is dangling (RuleDanglingRef)
// when the source has labels and not this one.
func (r *selfRefRun) otherDocPartRef(s, e int, num string) {
	if so := r.srcLabels(); len(so) > 0 && !so[num] {
		r.out = append(r.out, check.Finding{Rule: RuleDanglingRef, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("reference to %s of the source, which it does not have: point to an existing part or remove the reference", r.text[s:e]),
			Location: r.lineIndex().Locate(s, e, r.text)})
	}
}

// attachmentRef judges "Appendix C below", "Table 3 above": the text's
// own unless a source names it; checked when marked as this text's or
// when the text has parts of that kind.
func (r *selfRefRun) attachmentRef(m []int, fam, num string, own bool) {
	text := r.text
	s, e := m[0], m[1]
	if r.labels[fam][strings.ToUpper(num)] || !own && r.labels[fam] == nil || refOfOther(text, e) || refOfInstrument(text, e) {
		return
	}
	if r.doc.SourceText != "" && sourceMentions(r.doc.SourceText, text[m[2]:m[3]], text[m[4]:m[5]]) {
		return
	}
	r.report(s, e, text[s:e])
}

// itemRef judges a reference to an item of a family the text labels
// ("Recommendation 4", "findings 2 and 7"): each number of its list or
// range, and of a later bare range of the same sentence, must be one the
// text labels.
func (r *selfRefRun) itemRef(m []int, fam, num string) {
	text := r.text
	s, e := m[0], m[1]
	if refOfOther(text, e) {
		// "item 3 of Schedule 2", "recommendation 4 of the guidance"; a
		// later bare "item 3" is the same item.
		if r.others == nil {
			r.others = map[string]bool{}
		}
		r.others[fam+" "+num] = true
		return
	}
	if r.others[fam+" "+num] {
		return
	}
	more, end := refListNumbers(text, e)
	docWide := continuesParagraphs(r.labels, fam)
	var missing []string
	for _, n := range append([]string{num}, more...) {
		if n = strings.TrimLeft(n, "0"); !r.labels[fam][n] && !(docWide && r.labels["part"][n]) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 && !r.quotesSourceItem(end, num) {
		r.report(s, end, text[m[2]:m[3]]+" "+strings.Join(missing, ", "))
	}
	// "recommendations 1 and 2 ..., even if 3 to 5 are refused": a later
	// bare range of the same sentence, the subject of a verb, names the
	// same family.
	if es, ee, ids, ok := elidedRange(text, end, r.labels[fam]); ok {
		for _, n := range ids {
			if !r.labels[fam][n] {
				r.report(es, ee, fam+" "+n)
				break
			}
		}
	}
}

// continuesParagraphs reports whether the family's items are paragraphs
// of one numbering that runs through the whole text: each of its numbers
// is a numbered paragraph of the text, and it does not start at 1 ("3." to
// "7." under "POINTS OF CONCERN" in a memo numbered 1 to 12). Its other
// paragraphs are then the same kind of item ("points 8 to 10").
func continuesParagraphs(labels map[string]map[string]bool, fam string) bool {
	if labels[fam]["1"] || len(labels[fam]) == 0 {
		return false
	}
	for n := range labels[fam] {
		if !labels["part"][n] {
			return false
		}
	}
	return true
}

// numberFollows reports whether what follows a word ending at e can be
// the number selfRefRe reads after a keyword: blanks, then a digit, '#' or
// a capital letter. It spares the keyword lookup on most words.
func numberFollows(text string, e int) bool {
	k := e
	for k < len(text) && k-e < 8 && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	if k == e || k >= len(text) {
		return false
	}
	c := text[k]
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '#' || c == '(' && k+1 < len(text) && text[k+1] >= '0' && text[k+1] <= '9'
}

// maxOwnTop returns the largest top-level number of the text's own parts.
func maxOwnTop(labels map[string]map[string]bool) int {
	m := 0
	for id := range labels["part"] {
		if !strings.Contains(id, ".") {
			if n, ok := topNumber(id); ok {
				m = max(m, n)
			}
		}
	}
	return m
}

// refOfInstrument reports whether the reference ending at e is followed by
// "of/under the <Instrument>" ("section 76 of the Competition Act").
func refOfInstrument(text string, e int) bool {
	rest := text[e:min(len(text), e+120)]
	of := doctext.RefOfRe.FindStringIndex(rest)
	return of != nil && instrumentRef(rest[of[1]:]) && !doctext.RefOfThisRe.MatchString(rest[of[1]:])
}

// numbersOwnParagraphs reports whether the text numbers its own paragraphs
// by section: at least two two-level labels ("1.1", "2.3").
func numbersOwnParagraphs(labels map[string]map[string]bool) bool {
	n := 0
	for id := range labels["part"] {
		if strings.Contains(id, ".") {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// dottedRangeRe reads one more element of a list of paragraph numbers:
// " to 3.7", ", 4.2", " and 5.1".
var dottedRangeRe = regexp.MustCompile(`^[ \t]*(?:,|and|or|&|to|through|–|-)[ \t]*(?:and[ \t]+|or[ \t]+)?(\d{1,3}(?:\.\d{1,3})*)\b`)

// dottedRangeEnds returns the further paragraph numbers of a list that
// starts before e and the end of the list.
func dottedRangeEnds(text string, e int) ([]string, int) {
	var ids []string
	for len(ids) < 12 {
		m := dottedRangeRe.FindStringSubmatchIndex(text[e:min(len(text), e+40)])
		if m == nil {
			break
		}
		ids = append(ids, text[e+m[2]:e+m[3]])
		e += m[1]
	}
	return ids, e
}

// elidedRangeRe finds a bare range that stands for items already named:
// "if 3 to 5 are refused", ", 4 and 6 were closed". It must follow a
// conjunction or a comma and be the subject of a verb, so that a count
// ("12 staff") or a quantity ("3 to 5 days") is never read as one.
var elidedRangeRe = regexp.MustCompile(`(?:\b(?:if|unless|while|but|and|though|whereas|when|once)|[,;])[ \t]+(\d{1,2})[ \t]*(?:to|through|and|or|–|-)[ \t]*(\d{1,2})[ \t]+(?:are|is|were|was|remain|fail|get|can|cannot|will|would|may|might|must|should|need)\b`)

// elidedRange looks in the rest of the sentence after e for a bare range
// whose first number is one of the family's labels ("3 to 6" after
// "recommendations 1 and 2"), and returns its bounds and numbers, each
// number of a "to" range listed.
func elidedRange(text string, e int, fam map[string]bool) (int, int, []string, bool) {
	end := doctext.SentenceEnd(text, e, min(len(text), e+300))
	m := elidedRangeRe.FindStringSubmatchIndex(text[e:end])
	if m == nil {
		return 0, 0, nil, false
	}
	first, last := text[e+m[2]:e+m[3]], text[e+m[4]:e+m[5]]
	a, _ := strconv.Atoi(first)
	b, _ := strconv.Atoi(last)
	if !fam[first] || b < a || b-a > 20 {
		return 0, 0, nil, false
	}
	var ids []string
	if strings.Contains(text[e+m[3]:e+m[4]], "to") || strings.Contains(text[e+m[3]:e+m[4]], "through") || strings.ContainsAny(text[e+m[3]:e+m[4]], "-–") {
		for n := a; n <= b; n++ {
			ids = append(ids, strconv.Itoa(n))
		}
	} else {
		ids = []string{first, last}
	}
	return e + m[2], e + m[5], ids, true
}

// quotesSourceItem reports whether an item reference ending at e, of
// number num, is followed by a quotation ('item 6 ("the whole or any
// part")') and the source numbers a line num: the reference is to the
// source's item it quotes, in a sentence about the source.
func (r *selfRefRun) quotesSourceItem(e int, num string) bool {
	rest := strings.TrimLeft(r.text[e:min(len(r.text), e+8)], " \t(:,")
	if !strings.HasPrefix(rest, "\"") && !strings.HasPrefix(rest, "“") {
		return false
	}
	src := r.openingsOf(openSource, r.doc.SourceText)
	return src.opensWith(num+".", false, -1) || src.opensWith(num+")", false, -1)
}

// mayOwnMarker reports whether ownMarkerRe can match at text[e:]: after
// its blanks and comma, "of" or "in", blanks and a 't', or the first two
// letters of "above", "below", "earlier" or "later" (no letter of these
// folds to a rune outside ASCII). It spares the expression after most
// references (FuzzMayOwnMarker).
func mayOwnMarker(text string, e int) bool {
	k := blanksAt(text, e)
	if k < len(text) && text[k] == ',' {
		k = blanksAt(text, k+1)
	}
	if k+2 > len(text) {
		return false
	}
	a, b := lowerASCII(text[k]), lowerASCII(text[k+1])
	switch {
	case a == 'a' && b == 'b', a == 'b' && b == 'e', a == 'e' && b == 'a', a == 'l' && b == 'a':
		return true
	case a == 'o' && b == 'f', a == 'i' && b == 'n':
		t := blanksAt(text, k+2)
		return t > k+2 && t < len(text) && lowerASCII(text[t]) == 't'
	}
	return false
}
