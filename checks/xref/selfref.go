package xref

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// RuleSelfReference: a reference to a part of the deliverable itself
// ("Section 5 of this memo", "see Recommendation 4", "as noted in Finding 6
// above") that the deliverable does not have.
const RuleSelfReference = "xref.self_reference"

// NewSelfReferenceCheck returns the check for references to the
// deliverable's own parts (rule RuleSelfReference, block). It reads the
// labels the text defines: numbered headings and paragraphs ("## 3.
// Recommendations", "2.4 ..."), "Part 4" headings, and items of a family
// (recommendation, finding, issue, step, action, question, option,
// point, vulnerability) named at the start of a heading, line or table row
// in full ("Finding 3", "Recommendation 2:") or by initial ("F3", "R-02").
// It reports:
//   - "Section/Part/Paragraph N" followed by "of this memo/report/...", or
//     by "above"/"below", when N is not one of the text's numbered parts;
//   - an item reference ("Recommendation 4", "Finding 6", "F6" when the text
//     labels its findings F1, F2, ...) whose family the text labels but
//     whose number it does not, or that says "above"/"below" or "of this
//     memo" when the text labels no item of that family; each number of a
//     list or range ("amendments (1) to (5)"), and a later bare range of
//     the same sentence that is the subject of a verb ("recommendations 1
//     and 2 ..., even if 3 to 6 are refused");
//   - in a text that numbers its own paragraphs ("1.1", "2.3"), a bare
//     "(see 7.2)" that is neither its own nor the source's, and, in a
//     review of a source that never speaks of paragraphs, "paragraphs 3.1
//     to 3.7" beyond its own.
func NewSelfReferenceCheck() check.Check { return selfRefCheck{} }

type selfRefCheck struct{}

// Rule returns RuleSelfReference.
func (selfRefCheck) Rule() string { return RuleSelfReference }

var (
	// selfRefRe finds a reference to a part or item by family and number.
	selfRefRe = regexp.MustCompile(`(?i)\b(sections?|parts?|paragraphs?|paras?\.?|recs?\.?|recommendations?|findings?|issues?|steps?|actions?|questions?|options?|points?|vulnerabilit(?:y|ies)|vulns?\.?|observations?|items?|rows?|comments?|amendments?|appendix|appendices|annex(?:es)?|tables?|figures?|attachments?)[ \t]+(?:#|\()?([0-9]{1,3}(?:\.[0-9]{1,3})*|[A-Z]?-?[0-9]{1,3}|(?-i:[A-Z])\b)`)
	// ownMarkerRe, matched right after a reference, says it is to this
	// text: "of this memo", "above", "below", "in this report".
	ownMarkerRe = regexp.MustCompile(`(?i)^[ \t]*(?:,[ \t]*)?(?:(?:of|in)[ \t]+(?:this|the[ \t]+present)[ \t]+(?:memo|memorandum|report|review|document|letter|note|analysis|assessment|reply|response|email|redline|advice|summary|deliverable|paper)\b|above\b|below\b|earlier\b|later\b)`)
	// ownBeforeRe, matched right before a reference, says the same:
	// "see", "as noted in", "as set out in", "per", "under".
	ownBeforeRe = regexp.MustCompile(`(?i)\b(?:see|cf\.?|as\s+(?:noted|set\s+out|discussed|explained|described|stated|shown|mentioned|covered)\s+(?:in|under|at)|per|in)[ \t]+$`)
	// itemLabelRe finds an item label at the start of a heading, line or
	// table row: "### F4 – ...", "**Recommendation 2:**", "| R-03 |".
	itemLabelRe = regexp.MustCompile(`(?i)^(?:#{1,6}[ \t]+|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__)?(?:(recommendation|finding|issue|step|action|question|option|point|vulnerability|observation|item)[ \t]+#?|([A-Z]{1,4})-?)([0-9]{1,3})\b`)
	// partHeadRe finds a "Part 4" or "Section 4" heading.
	partHeadRe = regexp.MustCompile(`(?i)^(?:part|section)[ \t]+([0-9]{1,3}|[ivx]{1,5})\b`)
)

// familyOf maps a reference word or an initial to its item family.
func familyOf(word string) string {
	w := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(word), "."), "s")
	switch w {
	case "rec":
		return "recommendation"
	case "section", "part", "paragraph", "para":
		return "part"
	}
	if f := itemFamilyOf(word); f != "" {
		return f
	}
	return w
}

// initialFamily maps an item initial to the family it stands for in the
// text: F for finding, R for recommendation, and so on.
var initialFamily = map[byte]string{'F': "finding", 'R': "recommendation", 'I': "issue", 'V': "vulnerability", 'A': "action", 'S': "step", 'Q': "question", 'O': "observation"}

// ownLabels returns the text's labels: family -> numbers, with "part"
// holding the numbered headings and paragraphs. short reports which
// initials the text labels its items with.
func ownLabels(text string) (labels map[string]map[string]bool, short map[string]bool) {
	labels = map[string]map[string]bool{}
	short = map[string]bool{}
	add := func(fam, n string) {
		if labels[fam] == nil {
			labels[fam] = map[string]bool{}
		}
		labels[fam][strings.TrimLeft(n, "0")] = true
	}
	var items itemTracker // numbered items under a heading that names their family
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		// Drafted clauses (indented, block-quoted or fenced) carry the
		// source's numbering, not the deliverable's.
		if s == "" || doctext.LeadingSpaces(raw) >= 4 || strings.HasPrefix(s, ">") {
			return
		}
		body := s
		items.line(s, add)
		if lvl, off := doctext.HeadingLevel(s); lvl > 0 {
			body = s[off:]
			if m := partHeadRe.FindStringSubmatch(body); m != nil {
				add("part", m[1])
			}
		}
		if m := doctext.MatchIf(doctext.StartsWithAny(body, doctext.DigitsAndStar+"SsCcAaPp§"), doctext.HeadingNumRe, body); m != nil {
			id := body[m[2]:m[3]]
			add("part", id)
			top, _, _ := strings.Cut(id, ".")
			add("part", top)
		}
		if !doctext.MayBeItemLabel(s) {
			return
		}
		if m := itemLabelRe.FindStringSubmatch(s); m != nil {
			if m[1] != "" {
				add(familyOf(m[1]), m[3])
			} else if strings.ToUpper(m[2]) == m[2] && (len(m[2]) > 1 || initialFamily[m[2][0]] != "" || strings.ContainsAny(s[:1], "|#*")) && idSetOff(s) {
				add(prefixFamily(m[2]), m[3])
				short[m[2]] = true
			}
		}
	})
	return labels, short
}

// Check returns the check's findings on doc.
func (selfRefCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var labels map[string]map[string]bool
	var short map[string]bool
	var excluded []doctext.Span
	var vocab map[string]bool // the source's reference keywords, built on first need
	var srcNums map[string]bool
	var added map[string]bool // labels the text introduces ("a new Section 6.3")
	var dominant string       // the review's usual noun for numbered clauses, plus "|"; built on first need
	// srcLabels returns the numbers the source labels its clauses with: a
	// review's "Section 8.2" is the source's when the source has an 8.2,
	// whatever word the source uses for it.
	srcLabels := func() map[string]bool {
		if srcNums == nil {
			srcNums = map[string]bool{}
			so, _ := SourceOutlineOf(doc)
			if so == nil {
				return srcNums
			}
			for k := range so.byKey {
				if id, ok := strings.CutPrefix(k, "|"); ok {
					srcNums[id] = true
					top, _, _ := strings.Cut(id, ".")
					srcNums[top] = true
				}
			}
		}
		return srcNums
	}
	var out []check.Finding
	ready := func() {
		if labels == nil {
			labels, short = ownLabels(text)
			excluded = doctext.AnalysisOf(doc).Excluded()
		}
	}
	report := func(s, e int, what string) {
		if definedElsewhere(doc, s, e) {
			return
		}
		idx := doctext.AnalysisOf(doc).LineIndex()
		out = append(out, check.Finding{Rule: RuleSelfReference, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("reference to %s, which this document does not have: point to an existing part or remove the reference", what),
			Location: idx.Locate(s, e, text)})
	}
	var buf []byte
	for _, w := range doctext.AnalysisOf(doc).WordList() {
		if w.End-w.Start < 3 || w.End-w.Start > 15 || !numberFollows(text, w.End) {
			continue
		}
		buf = doctext.LowerInto(buf, text[w.Start:w.End])
		if !doctext.SelfRefWords[string(buf)] {
			continue
		}
		// The keyword's number, read from a short window: the regexp runs
		// only where a keyword stands, so the scan stays linear.
		m := selfRefRe.FindStringSubmatchIndex(text[w.Start:min(len(text), w.Start+40)])
		if m == nil || m[0] != 0 {
			continue
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += w.Start
			}
		}
		ready()
		s, e := m[0], m[1]
		if doctext.InSpans(excluded, s, e) {
			continue
		}
		fam := familyOf(text[m[2]:m[3]])
		num := strings.TrimLeft(text[m[4]:m[5]], "0")
		if len(num) > 1 && strings.ContainsAny(num, "-ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			num = strings.TrimLeft(strings.TrimLeft(num, "ABCDEFGHIJKLMNOPQRSTUVWXYZ-"), "0")
		}
		if len(num) == 1 && num[0] >= 'A' && num[0] <= 'Z' && !attachmentFamily(fam) {
			continue // "Part A", "Item B": lettered ids only name appendices, tables and the like
		}
		own := ownMarkerRe.MatchString(text[e:min(len(text), e+60)])
		switch {
		case fam == "part":
			// In a review, a part keyword the source never uses ("part 4"
			// in a memo on a contract of clauses) names the review's own
			// part, as "of this memo" does.
			if !own && doctext.IsReview(doc.Kind) && doc.Source != "" {
				if vocab == nil {
					vocab = RefVocabularyOf(doc, doc.Source)
				}
				// Paragraphs are how a source's schedules number their
				// points ("paragraph 4 of Schedule 2"), so only "part" and
				// "section" are read this way.
				kw := refNoun(text[m[2]:m[3]])
				top, _ := topNumber(num)
				// A number the source has is the source's when the review
				// calls the source's clauses by this word ("section" in a
				// review that cites sections throughout); a review that
				// cites clauses or articles means its own "section 4".
				if dominant == "" {
					dominant = DominantNumNounOf(doc) + "|"
				}
				own = (kw == "part" || kw == "section") && !vocab[kw] && (!srcLabels()[num] || kw+"|" != dominant) &&
					top <= maxOwnTop(labels)+1 && !refOfInstrument(text, e) && !externalRef(text, s, e)
				// "paragraphs 3.1 to 3.7" in a review that numbers its own
				// paragraphs 3.1, 3.2, ... of a source that never speaks of
				// paragraphs: the review's own, each end of the range.
				// A single-level "paragraph 5" is as likely a schedule's
				// point ("Paragraph 4 of Schedule 2 ... Paragraph 5").
				if !own && kw == "paragraph" && strings.Contains(num, ".") && !vocab[kw] && numbersOwnParagraphs(labels) && !refOfInstrument(text, e) && !externalRef(text, s, e) && !refOfOther(text, e) {
					ids, end := dottedRangeEnds(text, e)
					var missing []string
					for _, id := range append([]string{num}, ids...) {
						if !labels["part"][id] {
							missing = append(missing, id)
						}
					}
					if len(missing) > 0 {
						report(s, end, text[m[2]:m[3]]+" "+strings.Join(missing, ", ")+" of this document")
					}
					continue
				}
			}
			if !own && (!doctext.IsReview(doc.Kind) || doc.Source == "") && !refOfInstrument(text, e) && !externalRef(text, s, e) {
				switch {
				case ofOtherDocRe.MatchString(text[e:min(len(text), e+40)]):
					// "paragraph 9 of our formal notice": the source's, in a
					// rewrite or reply that has one.
					if so := srcLabels(); len(so) > 0 && !so[num] {
						idx := doctext.AnalysisOf(doc).LineIndex()
						out = append(out, check.Finding{Rule: RuleDanglingRef, Severity: check.SeverityBlock,
							Message:  fmt.Sprintf("reference to %s of the source, which it does not have: point to an existing part or remove the reference", text[s:e]),
							Location: idx.Locate(s, e, text)})
					}
					continue
				case ownBeforeRe.MatchString(text[max(0, s-24):s]) && len(labels["part"]) >= 2:
					own = true // "(see section 9)" in a text that numbers its sections, with no source to cite
				}
			}
			if added == nil {
				added, _ = newLabels(doc, nil)
			}
			if added["|"+num] {
				continue // "a new Section 6.3": the text adds it
			}
			if own && !labels["part"][num] {
				report(s, e, text[s:e]+" of this document")
			}
		case attachmentFamily(fam):
			// "Appendix C below", "Table 3 above": the text's own unless a
			// source names it; checked when marked as this text's or when
			// the text has parts of that kind.
			if labels[fam][strings.ToUpper(num)] || !own && labels[fam] == nil || refOfOther(text, e) || refOfInstrument(text, e) {
				continue
			}
			if doc.Source != "" && sourceMentions(doc.Source, text[m[2]:m[3]], text[m[4]:m[5]]) {
				continue
			}
			report(s, e, text[s:e])
		case labels[fam] != nil:
			if refOfOther(text, e) {
				continue // "item 3 of Schedule 2", "recommendation 4 of the guidance"
			}
			more, end := refListNumbers(text, e)
			var missing []string
			for _, n := range append([]string{num}, more...) {
				if n = strings.TrimLeft(n, "0"); !labels[fam][n] {
					missing = append(missing, n)
				}
			}
			if len(missing) > 0 {
				report(s, end, text[m[2]:m[3]]+" "+strings.Join(missing, ", "))
			}
			// "recommendations 1 and 2 ..., even if 3 to 5 are refused":
			// a later bare range of the same sentence, the subject of a
			// verb, names the same family.
			if es, ee, ids, ok := elidedRange(text, end, labels[fam]); ok {
				for _, n := range ids {
					if !labels[fam][n] {
						report(es, ee, fam+" "+n)
						break
					}
				}
			}
		case own || ownBeforeRe.MatchString(text[max(0, s-24):s]) && doctext.IsReview(doc.Kind):
			report(s, e, text[s:e])
		}
	}
	ready()
	if len(short) > 0 {
		for _, w := range doctext.AnalysisOf(doc).WordList() {
			init, num, e, ok := shortRef(text, w)
			if !ok || !short[init] || doctext.InSpans(excluded, w.Start, e) {
				continue
			}
			if fam := prefixFamily(init); !labels[fam][strings.TrimLeft(num, "0")] {
				report(w.Start, e, text[w.Start:e])
			}
		}
	}
	// "(see 7.2)": a bare paragraph number a text that numbers its own
	// paragraphs points to; the source's numbers are the source's.
	for _, w := range doctext.AnalysisOf(doc).WordList() {
		// The expression runs only at a "see" or "cf" word, on a short
		// window, so the scan stays linear.
		if w.End-w.Start < 2 || w.End-w.Start > 3 || text[w.Start]|0x20 != 's' && text[w.Start]|0x20 != 'c' {
			continue
		}
		m := seeNumRe.FindStringSubmatchIndex(text[w.Start:min(len(text), w.Start+40)])
		if m == nil {
			continue
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += w.Start
			}
		}
		ready()
		id := text[m[2]:m[3]]
		if !numbersOwnParagraphs(labels) || labels["part"][id] || doctext.InSpans(excluded, m[2], m[3]) {
			continue
		}
		if doc.Source != "" && srcLabels()[id] || refOfInstrument(text, m[3]) || refOfOther(text, m[3]) || externalRef(text, m[2], m[3]) {
			continue
		}
		report(m[2], m[3], "paragraph "+id)
	}
	for _, m := range seeTitleMatches(text) {
		ready()
		g := 2
		if m[2] < 0 {
			g = 4
		}
		title := text[m[g]:m[g+1]]
		if !hasHeadingTitled(text, title) {
			report(m[g], m[g+1], "the part titled \""+title+"\"")
		}
	}
	check.SortFindings(out)
	return out
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

// seeTitleRe finds a pointer to a part by its title: `see "Refunds"
// below`, "(see HOW TO APPLY above)".
var seeTitleRe = regexp.MustCompile(`\b(?:[Ss]ee|[Ss]ee also|[Rr]ead|under|in)[ \t]+(?:["“'‘]([^"”'’\n]{2,60})["”'’]|([A-Z][A-Z0-9'’&,-]*(?:[ \t]+[A-Z0-9][A-Z0-9'’&,-]*){0,8}))[ \t]+(?:below|above)\b`)

// hasHeadingTitled reports whether text has a heading whose words hold
// title's (case and punctuation aside).
func hasHeadingTitled(text, title string) bool {
	want := strings.Join(strings.Fields(strings.ToLower(strings.Trim(title, " .:"))), " ")
	for _, h := range doctext.SectionHeadings(text) {
		got := strings.Join(strings.Fields(strings.ToLower(strings.Trim(h, " *_#:"))), " ")
		if strings.Contains(got, want) || strings.Contains(want, got) && len(got) > 3 {
			return true
		}
	}
	return false
}

// shortRef reads an item reference by its id at word w: "F6", "R-04",
// "AI-5" (the word "AI" followed by "-5"). It returns the prefix, the
// number and the end of the reference.
func shortRef(text string, w doctext.Span) (prefix, num string, end int, ok bool) {
	i := w.Start
	for i < w.End && i-w.Start < 4 && text[i] >= 'A' && text[i] <= 'Z' {
		i++
	}
	if i == w.Start || i-w.Start > 4 {
		return "", "", 0, false
	}
	digits := func(from, to int) bool {
		if to-from < 1 || to-from > 3 {
			return false
		}
		for k := from; k < to; k++ {
			if text[k] < '0' || text[k] > '9' {
				return false
			}
		}
		return true
	}
	switch {
	case i < w.End:
		if digits(i, w.End) {
			return text[w.Start:i], text[i:w.End], w.End, true
		}
	case w.End < len(text) && text[w.End] == '-':
		e := w.End + 1
		for e < len(text) && e-w.End <= 4 && text[e] >= '0' && text[e] <= '9' {
			e++
		}
		if digits(w.End+1, e) && (e == len(text) || !doctext.IsWordByte(text[e])) {
			return text[w.Start:i], text[w.End+1 : e], e, true
		}
	}
	return "", "", 0, false
}

// prefixFamily returns the item family an id prefix stands for: a single
// initial its word ("F" for finding, so "F3" and "Finding 3" are one
// label), any other prefix itself ("AI-2", "T-6").
func prefixFamily(prefix string) string {
	if len(prefix) == 1 {
		if f, ok := initialFamily[prefix[0]]; ok {
			return f
		}
	}
	return "id:" + prefix
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
	return of != nil && doctext.RefInstrumentRe.MatchString(rest[of[1]:]) && !doctext.RefOfThisRe.MatchString(rest[of[1]:])
}

// seeNumRe finds a bare paragraph number after "see": "(see 7.2)", "see
// also 4.1". A unit or a further digit after it ("see 7.2%", "see 7.2.1"
// is read whole) makes it no reference.
var seeNumRe = regexp.MustCompile(`^(?:[Ss]ee|cf\.)(?:[ \t]+also)?[ \t]+(\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)(?:[ \t]*[),;]|[ \t]+(?:above|below)\b|\.(?:[ \t]|$))`)

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
