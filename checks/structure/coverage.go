package structure

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RuleMissingSourcePart: a plain-language rewrite, or a contract drafted
// from agreed terms (a term sheet, an email summary), leaves out a part of
// its source (a section, numbered paragraph or list item none of whose
// figures and few of whose proper names it carries), or a contract that
// keeps its source's section numbers (a translation, a conformed copy)
// leaves out one of its sections.
const RuleMissingSourcePart = "structure.missing_section.source_part"

// sourcePartFindings returns one RuleMissingSourcePart finding (warn) per
// part of doc.SourceText that a plain-language rewrite or a contract drafted
// from terms drops (droppedParts) or a contract that mirrors the source's
// numbering drops (droppedSections),
// located at the document's first line; none for other kinds or without a
// source.
func sourcePartFindings(doc check.Document) []check.Finding {
	if doc.SourceText == "" {
		return nil
	}
	var dropped []sourcePart
	switch doc.Kind {
	case evaluator.KindPlainLanguage:
		dropped = droppedParts(doc.SourceText, doc.Text, false)
	case evaluator.KindContract:
		if draftedFromTerms(doc.SourceText) {
			dropped = droppedParts(doc.SourceText, doc.Text, true)
		} else {
			dropped = droppedSections(doc.SourceText, doc.Text)
		}
	default:
		return nil
	}
	var out []check.Finding
	var words map[string]bool
	for _, p := range dropped {
		title := p.title
		if len(title) > 80 {
			title = title[:77] + "..."
		}
		// That no figure of the part survives is a suspicion; its title
		// still named in the deliverable ("Rights", "Job title",
		// "Demurrage") says the part may be carried in other words: the
		// finding then informs.
		sev, why := check.SeverityWarn, ""
		if topic := titleTopic(p.title); len(topic) > 0 {
			if words == nil {
				words = lowerWordSet(doc.Text)
			}
			if allIn(topic, words) {
				sev, why = check.SeverityInfo, fmt.Sprintf(" (none of its figures is here, but its title's words are: %s)", strings.Join(topic, ", "))
			}
		}
		idx := doctext.AnalysisOf(doc).LineIndex()
		out = append(out, check.Finding{Rule: RuleMissingSourcePart, Severity: sev,
			Message:  fmt.Sprintf("the source's part %q is missing from the deliverable: carry that part over too%s", title, why),
			Location: idx.Locate(0, 0, doc.Text)})
	}
	return out
}

// maxTitleWords is how many words a part's head may have to be a title
// ("Registration, Loss and Theft"); a longer head is a sentence.
const maxTitleWords = 4

// titleTopic returns the content words (four letters or more, lower case)
// of a part's title: its first line past its label ("Section 1 -", "7.",
// "- ") up to the first stop, colon or figure; none when that head is a
// sentence rather than a title.
func titleTopic(title string) []string {
	t := strings.TrimLeft(title, "#*-•> \t")
	if m := partNumberRe.FindStringIndex(t); m != nil && m[0] == 0 {
		t = t[m[1]:]
	}
	t = strings.TrimLeft(t, " \t.:)-–—*")
	if i := strings.IndexAny(t, ".:;(0123456789"); i >= 0 {
		t = t[:i]
	}
	fields := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	if len(fields) == 0 || len(fields) > maxTitleWords {
		return nil
	}
	var out []string
	for _, f := range fields {
		if utf8.RuneCountInString(f) >= 4 && !(strings.ToUpper(f) == f && len(f) <= 4) {
			out = append(out, strings.ToLower(f))
		}
	}
	return out
}

// allIn reports whether every word of ws is in set.
func allIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if !set[w] {
			return false
		}
	}
	return true
}

// Source coverage. A plain-language rewrite, a translation or a contract
// drafted from agreed terms must carry every part of its source: the notice
// that drops the "If you can't pay" paragraph, the guide that skips "Part 5
// - Registration, Loss and Theft", the statement of work that leaves out the
// agreed key personnel. Figures survive rewording and translation (an
// amount, a phone number, a date, a named person), so a source part none of
// whose figures appears in the deliverable has no counterpart there.

// sourcePart is one part of a source: a headed section, a numbered
// paragraph or a top-level list item.
type sourcePart struct {
	start, end int
	title      string   // its first line, trimmed (for messages)
	figures    []string // its figures, normalised (figureKey)
	strong     []bool   // whether each figure identifies (strongFigure)
	names      []string // its proper names, lower case (properNames)
}

var (
	// partStartRe matches a line that opens a part of a source: a heading,
	// "Part 5", "§ 7", "Clause 3", a numbered paragraph ("5.", "5)",
	// "(5)") or a list item.
	partStartRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+\S|(?i:part|section|clause|article|schedule)[ \t]+[0-9IVX]+\b|§[ \t]*[0-9]+|[0-9]{1,2}[.)][ \t]+\S|\([0-9]{1,2}\)[ \t]+\S|[-*•][ \t]+\S)`)
	// figureRe matches a figure: an amount or number ("$642.18", "1,240,000",
	// "99.7%"), a phone number in groups ("1800 245 770"), a time ("02:00").
	figureRe = regexp.MustCompile(`[0-9]{2,4}(?:[ \t][0-9]{3,4}){1,3}\b|[0-9][0-9,.:]*[0-9]|[0-9]`)
)

// sourceParts splits source into its top-level parts, each from an
// unindented line that opens one (partStartRe, or a line in capitals) to
// the next.
func sourceParts(source string) []sourcePart {
	var starts []int
	doctext.ForEachLine(source, func(l doctext.Line) {
		s := source[l.Start:l.End]
		if doctext.LeadingSpaces(s) > 0 {
			return
		}
		if partStartRe.MatchString(s) || strings.TrimSpace(s) != "" && doctext.CapsLine(strings.TrimSpace(s)) && len(strings.TrimSpace(s)) < 80 {
			starts = append(starts, l.Start)
		}
	})
	lower := lowerWords(source)
	var out []sourcePart
	for i, st := range starts {
		end := len(source)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		p := sourcePart{start: st, end: end, title: strings.TrimSpace(source[st:doctext.LineEndAt(source, st)])}
		seen := map[string]bool{}
		body := source[st:end]
		if m := partNumberRe.FindStringIndex(body); m != nil {
			body = body[m[1]:] // the part's own number is not one of its figures
		}
		stripped := stripRefs(body)
		for _, m := range figureRe.FindAllStringIndex(stripped, -1) {
			k := figureKey(stripped[m[0]:m[1]])
			if len(k) < 2 || seen[k] || registryRe.MatchString(stripped[max(0, m[0]-32):m[0]]) {
				continue
			}
			seen[k] = true
			p.figures = append(p.figures, k)
			p.strong = append(p.strong, strongFigure(stripped, m[0], k))
		}
		p.names = properNames(body, lower)
		out = append(out, p)
	}
	return out
}

// partNumberRe matches the number a part opens with.
var partNumberRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+)?(?:(?i:part|section|clause|article|schedule)[ \t]+|§[ \t]*|\()?[0-9]{1,2}[.)]?`)

// figureKey normalises a figure: digits and decimal point only, so that
// "$1,240,000", "1 240 000" and "1240000" are one figure, and a trailing
// ".00" is dropped ("$396.00" and "$396").
func figureKey(f string) string {
	if strings.IndexByte(f, ':') >= 0 {
		return "" // a time ("02:00") is written many ways
	}
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if c := f[i]; c >= '0' && c <= '9' {
			b.WriteByte(c)
		}
	}
	k := b.String()
	// Separators differ by language ("46.800,00", "46,800.00"): compare
	// digits only, less zero cents.
	if n := len(f); n > 3 && (f[n-3] == '.' || f[n-3] == ',') && f[n-2:] == "00" {
		k = k[:len(k)-2]
	}
	return k
}

// stripRefs blanks the references and item numbers of text ("Part 7",
// "clause 4.2", "7.1", "§ 3"), whose digits say where, not what.
func stripRefs(text string) string {
	return partRefRe.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
}

// partRefRe matches a reference to a part ("Part 7", "clause 4.2(b)", "§ 3",
// "rule 176") or a clause number opening a line ("4.1 A Cardholder ..."),
// not an amount ("$3.20").
var partRefRe = regexp.MustCompile(`(?m)^[ \t]*[0-9]{1,3}(?:\.[0-9]{1,3})+\b|(?i:\b(?:parts?|sections?|clauses?|articles?|paragraphs?|schedules?|annex(?:es)?|appendix|appendices|rules?|regulations?|items?)[ \t]+[0-9][0-9.()a-z]*)|§+[ \t]*[0-9][0-9.()a-z]*`)

// registryRe matches what makes a number an identifier of a party or a
// file rather than content for the reader: "company number 10457731",
// "ABN", "Account:", "Ref."; a rewrite may leave it out.
var registryRe = regexp.MustCompile(`(?i)\b(?:company|companies|registration|registered|reg\.?|abn|acn|vat|tax|account|reference|ref\.?|file|case|notice|invoice|policy|licen[cs]e|id)(?:[ \t]+(?:number|no\.?|#|id))?[ \t]*[:#]?[ \t]*$`)

// citationRe matches what makes a year a citation: "Act 2006", "Rules 2017".
var citationRe = regexp.MustCompile(`\b(?:Act|Acts|Regulations?|Rules|Code|Ordinance|Law)[ \t]+$`)

// strongFigure reports whether the figure k at offset at of text
// identifies its part: five digits or more (a phone number, an amount with
// cents, a large sum), an amount after a currency sign, or the year of a
// cited statute. Small counts and bare years recur and are rephrased.
func strongFigure(text string, at int, k string) bool {
	if len(k) >= 5 {
		return true
	}
	before := text[max(0, at-12):at]
	return strings.ContainsAny(before[max(0, len(before)-2):], "$£€¥") || strings.HasSuffix(strings.TrimRight(before, " \t"), "EUR") || citationRe.MatchString(before)
}

// figureSet returns the normalised figures of text.
func figureSet(text string) map[string]bool {
	set := map[string]bool{}
	for _, f := range figureRe.FindAllString(stripRefs(text), -1) {
		set[figureKey(f)] = true
		// A phone number read as one figure here may be read group by
		// group in the source, or the other way round: keep its groups too.
		for _, g := range strings.Fields(f) {
			set[figureKey(g)] = true
		}
	}
	return set
}

// droppedParts returns the parts of source that text leaves out, when
// text carries most of the source: at least two parts that can be told
// apart, and at least half of them found. A part can be told apart by an
// identifying figure (strongFigure) or by two proper names (properNames)
// of its own — figures and names shared by several parts are not a part's
// own; names count only when byName is set (a contract drafted from terms
// keeps its parties' people and products; a plain-language rewrite
// rightly renames "the Tenant" and "the Corporation"). It is left out when
// none of its own figures and fewer than half of its own names appear in
// text: the statement of work that drops "Key
// personnel: Project Manager Priya Raghunathan; Data Migration Lead
// Étienne Laroche" keeps neither name.
func droppedParts(source, text string, byName bool) []sourcePart {
	parts := sourceParts(source)
	if !byName {
		for i := range parts {
			parts[i].names = nil
		}
	} else if len(parts) > 0 && parts[0].start == 0 {
		parts[0].names = nil // the source's title and its attendees, not a term
	}
	count := map[string]int{}
	nameCount := map[string]int{}
	for _, p := range parts {
		for _, f := range p.figures {
			count[f]++
		}
		for _, n := range p.names {
			nameCount[n]++
		}
	}
	have := figureSet(text)
	words := lowerWordSet(text)
	var withFig, found int
	var dropped []sourcePart
	for _, p := range parts {
		var own, ownNames []string
		strong := false
		for i, f := range p.figures {
			if count[f] == 1 {
				own = append(own, f)
				strong = strong || p.strong[i]
			}
		}
		for _, n := range p.names {
			if nameCount[n] == 1 {
				ownNames = append(ownNames, n)
			}
		}
		if !strong && len(ownNames) < 2 {
			continue
		}
		withFig++
		hit := false
		for _, f := range own {
			if have[f] {
				hit = true
				break
			}
		}
		if !hit && len(ownNames) > 0 {
			n := 0
			for _, w := range ownNames {
				if words[w] {
					n++
				}
			}
			hit = n*2 >= len(ownNames)
		}
		if hit {
			found++
		} else {
			p.figures = own
			dropped = append(dropped, p)
		}
	}
	if withFig < 2 || found*2 < withFig {
		return nil
	}
	return dropped
}

// properNames returns the proper names of body, lower case and each once:
// words that start with a capital letter where a sentence, line or item
// does not start, and that the whole source (whose lower-case words are
// lower) never writes in lower case — "Raghunathan", "Laroche", not
// "Data" when the source also says "data".
func properNames(body string, lower map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	var buf []byte
	for i := 0; i < len(body); {
		a, b := doctext.NextWord(body, i, len(body))
		if a >= len(body) {
			break
		}
		i = b
		r, _ := utf8.DecodeRuneInString(body[a:])
		if !unicode.IsUpper(r) || b-a < 3 || opensSentence(body, a) {
			continue
		}
		w := strings.TrimSuffix(strings.TrimSuffix(body[a:b], "'s"), "’s")
		buf = doctext.LowerInto(buf, w)
		if lower[string(buf)] || seen[string(buf)] || allCaps(w) {
			continue
		}
		seen[string(buf)] = true
		out = append(out, string(buf))
	}
	return out
}

// allCaps reports whether w has no lower-case letter (an acronym: "HST").
func allCaps(w string) bool {
	return strings.ToUpper(w) == w
}

// opensSentence reports whether the word at a opens a sentence, a line or
// an item: only blanks, quotes, brackets or list marks stand between it
// and the text's start, a line break or the end of a sentence or label.
func opensSentence(text string, a int) bool {
	for j := a - 1; j >= 0; j-- {
		switch c := text[j]; c {
		case ' ', '\t', '"', '(', '[', '*', '_', '-', '#', '>':
			continue
		case '\n', '.', '!', '?', ':', ';':
			return true
		default:
			if c >= 0x80 { // a curly quote or a dash
				continue
			}
			return false
		}
	}
	return true
}

// lowerWords returns the words of text that it writes in lower case.
func lowerWords(text string) map[string]bool {
	set := map[string]bool{}
	for _, w := range doctext.WordSpans(text) {
		r, _ := utf8.DecodeRuneInString(text[w.Start:])
		if unicode.IsLower(r) {
			set[text[w.Start:w.End]] = true
		}
	}
	return set
}

// lowerWordSet returns every word of text, lower case.
func lowerWordSet(text string) map[string]bool {
	set := map[string]bool{}
	var buf []byte
	for _, w := range doctext.WordSpans(text) {
		buf = doctext.LowerInto(buf, text[w.Start:w.End])
		if !set[string(buf)] {
			set[string(buf)] = true
		}
	}
	return set
}

// draftedFromTerms reports whether source, the source of a contract, is
// the agreed terms it was drafted from (a term sheet, an email summary,
// minutes, a file note) rather than a contract it restates: it neither
// reads as a contract nor numbers three sections.
func draftedFromTerms(source string) bool {
	return !looksLikeContract(source) && len(topSections(source)) < 3
}

// sectionNumRe matches a top-level section heading's number: "## § 7",
// "## 7. Final provisions", "ARTICLE 7", "Clause 7 —", "**7. Term**".
var sectionNumRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+)?(?:\*\*|__)?(?:§[ \t]*|(?i:article|clause|section)[ \t]+)?([0-9]{1,2})(?:\.|[ \t]|$)`)

// topSections returns the top-level section numbers of text (headings
// only: a Markdown heading, a bold line or a line in capitals) and the
// heading line of each.
func topSections(text string) map[string]string {
	out := map[string]string{}
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if s == "" || len(s) > 100 {
			return
		}
		lvl, _ := doctext.HeadingLevel(s)
		if lvl == 0 && !strings.HasPrefix(s, "**") && !doctext.CapsLine(s) {
			return
		}
		if m := sectionNumRe.FindStringSubmatch(s); m != nil {
			if _, ok := out[m[1]]; !ok {
				out[m[1]] = s
			}
		}
	})
	return out
}

// runInTitleRe matches a numbered paragraph that opens with a short
// run-in title: "7. Law. This Agreement ...", "**3. Credit.** Where ...".
var runInTitleRe = regexp.MustCompile(`^(?:\*\*|__)?([0-9]{1,2})\.[ \t]+(?:\*\*|__)?([A-Z][\w'’&,-]*(?:[ \t]+[\w'’&,-]+){0,4})\.(?:\*\*|__)?[ \t]+\S`)

// runInSections returns the top-level sections of a contract written as
// numbered paragraphs with run-in titles, the way topSections does for
// headed ones; the part's title is its number and run-in title.
func runInSections(text string) map[string]string {
	out := map[string]string{}
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := strings.TrimSpace(text[l.Start:min(l.End, l.Start+200)])
		if m := runInTitleRe.FindStringSubmatch(s); m != nil {
			if _, ok := out[m[1]]; !ok {
				out[m[1]] = m[1] + ". " + m[2]
			}
		}
	})
	return out
}

// droppedSections returns the source's top-level sections a contract
// leaves out when it keeps the source's numbering: it has at least three
// numbered sections, every one of them a number of the source, covering
// at least three quarters of the source's, and at most two are missing.
// An amendment, a supplement or a restructured text numbers its own
// sections and is not compared.
func droppedSections(source, text string) []sourcePart {
	src, own := topSections(source), topSections(text)
	if run := runInSections(source); len(run) > len(src) {
		src = run // "7. Law. This Agreement is governed ...": numbered paragraphs with run-in titles
	}
	if len(own) < 3 || len(own)*4 < len(src)*3 {
		return nil
	}
	for n := range own {
		if _, ok := src[n]; !ok {
			return nil
		}
	}
	var out []sourcePart
	for n, h := range src {
		if _, ok := own[n]; !ok {
			out = append(out, sourcePart{title: h})
		}
	}
	if len(out) > 2 {
		return nil
	}
	slices.SortFunc(out, func(a, b sourcePart) int { return strings.Compare(a.title, b.title) })
	return out
}
