package xref

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

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
		if s >= next && doctext.RefAbbrevAt(text, s, e) {
			// "Art. 9.4", "cl. 6.4": the keyword with its dot.
			next = max(resolveRefs(text, o, doctext.Span{Start: s, End: e + 1}, "num", fn), e+1)
			continue
		}
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
	if externalBefore(text, kw.Start) {
		return kw.End // "(NIST SP 800-63B, section 5.2.2)": that standard's section
	}
	window := text[kw.End:min(len(text), kw.End+240)]
	firstRe, nextRe := doctext.RefFirstNumRe, doctext.RefNextNumRe
	if ns != "num" {
		firstRe, nextRe = doctext.RefFirstAttachRe, doctext.RefNextAttachRe
	}
	m := firstRe.FindStringSubmatchIndex(window[:refRun(window, 0)])
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
		n := nextRe.FindStringSubmatchIndex(window[pos:refRun(window, pos)])
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
		case doctext.RefOfThisRe.MatchString(rest) || strings.HasPrefix(rest, "Agreement") && !instrumentRef(rest[len("Agreement"):]):
			// "of this Agreement", "of the Agreement": this document.
		case doctext.RefOfAttachRe.MatchString(rest) && ns == "num":
			a := doctext.RefOfAttachRe.FindStringSubmatch(rest)
			scope = strings.ToLower(a[1]) + " " + strings.ToLower(a[2])
			if a[3] != "" {
				scope += "-" + a[3]
			}
		case instrumentRef(rest) && !namesSource(rest, o.sourceNames):
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
	// statute word ("Regulation Article 6", "Code section 409A"), or a
	// standard's number ("ISO 15189:2022 clause 6.8").
	externalBeforeRe = regexp.MustCompile(`(?:\b[A-Z][A-Z0-9]{1,9}|\b[A-Z]{2,6}[ \t]?[0-9]{2,6}(?:[-:][0-9]{1,4})?|['’]s|\b(?:Act|Code|Regulation|Directive|Convention|Treaty|Statute|Rules|Law|Constitution|Standard|Framework|CFR|U\.S\.C\.))[ \t]*$`)
	// externalAfterRe matches the text after a reference id that names
	// another instrument right away: "Article 28 GDPR", "Article 6(1)(f) of
	// Regulation (EU) 2016/679", "Section 1542 (California Civil Code)".
	externalAfterRe = regexp.MustCompile(`^(?:[ \t]*(?:\(\d{1,3}\)|(?:No\.|Nr\.|para\.|sentence|subsection|lit\.)[ \t]*[0-9a-z]{1,3}\b))*[ \t]*(?:\(?[A-Z][A-Z0-9]{1,9}\b\)?|[A-Z][A-Za-z]{1,10}[A-Z]\b|\([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)*[ \t]+(?:Act|Code|Regulation|Directive|Law)\))`)
	// refListTailRe matches the rest of a reference list: " to 36", ",
	// 33 and 34(1)", " and Art. 12" (the keyword repeated).
	refListTailRe = regexp.MustCompile(`^(?:[ \t]*(?:,|and|or|to|through|[-–])[ \t]*(?:and[ \t]+|or[ \t]+)?(?:(?:Arts?\.|Articles?|Sections?|Clauses?|§§?)[ \t]*)?\d{1,4}(?:\.\d{1,4})*(?:\([a-z0-9]{1,4}\))*)+`)
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

// sameInstrumentAsBefore reports whether the keyword kw repeats, in its
// sentence, a keyword that an external instrument's name leads ("under
// GDPR Art. 5(1)(b) … and Art. 6(1)(a)"): the later one cites the same
// instrument.
func sameInstrumentAsBefore(text string, kw doctext.Span) bool {
	word := text[kw.Start:kw.End]
	s0 := sentenceStart(text, kw.Start)
	for at := s0; at < kw.Start; {
		i := indexFold(text[at:kw.Start], word)
		if i < 0 {
			return false
		}
		p := at + i
		if externalBeforeRe.MatchString(text[max(s0, p-40):p]) {
			return true
		}
		at = p + len(word)
	}
	return false
}

// indexFold is strings.Index of sub in s, ASCII case aside.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
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
	if n := doctext.RefAbbrevNoun(strings.TrimSuffix(k, ".")); n != "" && strings.HasSuffix(k, ".") {
		return n // "Art.", "cl."
	}
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

// sentenceStart returns the start of the sentence holding offset i, at
// most 400 bytes back: after the previous line break or sentence end by
// the text layer's clause rules.
func sentenceStart(text string, i int) int {
	return doctext.ClauseSentenceRules().SentenceStart(text, max(0, i-400), i)
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

// refByte marks the bytes a match of the id expressions of resolveRefs
// (doctext.RefFirstNumRe, RefNextNumRe, RefFirstAttachRe, RefNextAttachRe)
// can hold: blanks, ASCII letters and digits, ".,()-" and the bytes of
// "–"; and '_', so that the byte a run stops at is never a word byte.
// The backtracker clears a bitmap the size of its input on every try,
// so each runs on the run of such bytes its match must lie in, not on
// the 240-byte window; at the run's end \b reads the end of the input
// as it would the non-word byte there (FuzzRefRun).
var refByte = func() (t [256]bool) {
	for _, c := range []byte(" \t.,()-_–") {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c], t[c+'a'-'A'] = true, true
	}
	return t
}()

// refRun returns the end of the run of refByte bytes at s[i:].
func refRun(s string, i int) int {
	for i < len(s) && refByte[s[i]] {
		i++
	}
	return i
}

// externalBefore reports whether the reference keyword at text[at:] follows
// the name of an external instrument and a comma in its own bracket or
// line: "(NIST SP 800-63B, section 5.2.2)", "ISO 27001, clause 9.2". The
// name holds an acronym or a token with digits; a plain word ("Code,
// Section 4(a)") may be the source's own name and is left to resolve.
func externalBefore(text string, at int) bool {
	seg := strings.TrimRight(text[max(0, at-80):at], " \t")
	seg, ok := strings.CutSuffix(seg, ",")
	if !ok {
		return false
	}
	i := strings.LastIndexAny(seg, "(;\n")
	if i < 0 && at > 80 {
		return false
	}
	name := strings.Fields(seg[i+1:])
	if len(name) == 0 || len(name) > 5 {
		return false
	}
	for _, w := range name {
		caps, digit := 0, false
		for j := 0; j < len(w); j++ {
			switch c := w[j]; {
			case c >= 'A' && c <= 'Z':
				caps++
			case c >= '0' && c <= '9':
				digit = true
			}
		}
		if digit || caps >= 2 && caps == len(strings.Trim(w, ".-")) {
			return true
		}
	}
	return false
}

// insertedLabelRe finds a numbered clause an amendment inserts: "The
// following Article 4.3 is inserted", "clause 12.3 shall be added",
// "clause 4.1A is inserted".
var insertedLabelRe = regexp.MustCompile(`(?i)\b(section|clause|article|paragraph)[ \t]+([0-9]{1,4}(?:\.[0-9]{1,4})*[A-Z]?)[ \t]+(?:is|are|shall[ \t]+be|will[ \t]+be)[ \t]+(?:inserted|added)\b`)

// insertedLabelMatches returns insertedLabelRe's matches in text in
// newLabelRe's layout (the keyword and the number as its first two
// groups), run only when the text says something is inserted or added.
func insertedLabelMatches(text string) [][]int {
	var out [][]int
	seen := map[int]bool{}
	for _, a := range insertAnchors {
		for _, at := range wordsAt(text, a.word, maxInsertMatches) {
			lo, hi := max(0, at-insertReachBefore), min(len(text), at+len(a.word)+insertReachAfter)
			for _, re := range a.res {
				for _, m := range re.FindAllStringSubmatchIndex(text[lo:hi], -1) {
					if seen[lo+m[0]] {
						continue
					}
					seen[lo+m[0]] = true
					out = append(out, []int{lo + m[0], lo + m[1], lo + m[2], lo + m[3], lo + m[4], lo + m[5], -1, -1})
				}
			}
		}
	}
	return out
}

// insertAnchors are the words each grammar of an inserted label holds,
// so that its expression runs only on a window around one: over a whole
// memo, three unanchored expressions cost more than the rest of the
// cross-reference check.
var insertAnchors = []struct {
	word string
	res  []*regexp.Regexp
}{
	{"inserted", []*regexp.Regexp{insertedLabelRe, insertedAsRe}},
	{"added", []*regexp.Regexp{insertedLabelRe, insertedAsRe}},
	{"insert", []*regexp.Regexp{insertedAsRe}},
	{"add", []*regexp.Regexp{insertedAsRe}},
	{"new", []*regexp.Regexp{isNewLabelRe}},
}

// Bounds of the window around an anchor word, and of the anchors read.
const (
	insertReachBefore = 80
	insertReachAfter  = 90
	maxInsertMatches  = 64
)

// wordsAt returns the offsets where word (lower-case ASCII) stands as a
// whole word in text, written in lower case, with a capital or in
// capitals, at most limit of them in all. Three fast searches cost less
// than one case-folding scan of a long text.
func wordsAt(text, word string, limit int) []int {
	var out []int
	for _, form := range [...]string{word, strings.ToUpper(word[:1]) + word[1:], strings.ToUpper(word)} {
		for from := 0; from < len(text) && len(out) < limit; {
			i := strings.Index(text[from:], form)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(form)
			if (at == 0 || !doctext.IsWordByte(text[at-1])) && (from == len(text) || !doctext.IsWordByte(text[from])) {
				out = append(out, at)
			}
		}
	}
	return out
}

// isNewLabelRe finds a label the text says is new: "Appendix 2 is new",
// "clause 9.4 will be a new clause", "CLAUSE 4(c) — New: cancellation
// insurance", "Clause 12 (new)".
var isNewLabelRe = regexp.MustCompile(`(?i)\b(section|clause|article|paragraph|schedule|exhibit|annex|appendix)[ \t]+([0-9]{1,4}(?:\.[0-9]{1,4})*[A-Z]?(?:\([a-z0-9]{1,4}\))?|[A-Z]\b)(?:[ \t]+(?:is|are|will[ \t]+be)[ \t]+(?:a[ \t]+)?new\b|[ \t]*(?:[—–:-][ \t]*new[ \t]*[:—–-]|\(new\)))`)

// insertedAsRe finds the other order of the same grammar: "The following
// is added as Section 4.4 of the Agreement", "inserted as a new clause
// 9A".
var insertedAsRe = regexp.MustCompile(`(?i)\b(?:insert(?:ed)?|add(?:ed)?)[ \t]+as[ \t]+(?:an?[ \t]+)?(?:new[ \t]+)?(section|clause|article|paragraph)[ \t]+([0-9]{1,4}(?:\.[0-9]{1,4})*[A-Z]?)\b`)
