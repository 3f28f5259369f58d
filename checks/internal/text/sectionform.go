package text

import (
	"regexp"
	"strings"
)

// Sections recognised by what they do rather than by their heading's name:
// a run of items each graded by risk is a findings section ("1. Flood is
// excluded at your only premises - high", "**2. Changes to your terms —
// medium.**"), and a run of items each carrying drafted wording is a
// recommendations section ('Clause 12: replace with "..."'), whatever the
// heading above them says ("What could hurt you?", "What should you ask
// for?") or if there is none.

// minFormItems is how many graded or drafted items make a section by form:
// one could be a passing remark, two are a list of them.
const minFormItems = 2

// gradeWords name a grade of risk or severity in an item's lead.
var gradeWords = map[string]bool{
	"critical": true, "high": true, "medium": true, "moderate": true, "low": true, "severe": true,
	"major": true, "minor": true, "red": true, "amber": true, "p0": true, "p1": true, "p2": true, "p3": true,
}

// changeWords introduce drafted wording in an item: "replace with",
// "insert", "amend ... to". ("reads" is left out: 'Clause 4 reads "..."'
// quotes the current text.)
var changeWords = map[string]bool{
	"replace": true, "replacing": true, "insert": true, "add": true, "amend": true, "substitute": true,
	"redraft": true, "reword": true, "change": true,
}

// maxLead bounds how much of an item's opening is its lead: the grade sits
// in the item's title, not in its body.
const maxLead = 120

// gradedItems counts the items of text (list items, numbered lines, lines
// opening in bold or with an item id) whose lead names a grade of risk, outside a section
// headed as the recommendations: fixes are graded too ("1. Non-compete
// (High). Ask for ..."), and they are not the findings.
func gradedItems(text string) int {
	n := 0
	inRecs := false
	ForEachLine(text, func(l Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if s == "" {
			return
		}
		if strings.HasPrefix(s, "<") {
			// "<summary><strong>F-01 · ... · High</strong></summary>": a
			// block heading opens a section of its own, and may be an item.
			var block string
			if s, block = StripLineTags(s); block != "" {
				inRecs = recommendationHeadings.Contains(s, WordSpans(s), len(s))
			}
		}
		// "F1 — Title (Critical).", "3.1 Electrolyser failure — High (...)"
		item := ListItemRe.MatchString(s) || strings.HasPrefix(s, "**") || LeadIDRe.MatchString(s) || paraNumRe.MatchString(s) || bracketNumRe.MatchString(s)
		if h := lineHeading(text, l, s); h != "" && (!item || !hasWordIn(itemLead(s), gradeWords)) {
			inRecs = recommendationHeadings.Contains(h, WordSpans(h), len(h))
			if !inRecs && gradedBelow(text, l.End) {
				n++ // "### Card 1 — Any parent can open any report card" over "❌ **Critical** (P0)"
			}
			return
		}
		if item && !inRecs && (hasWordIn(itemLead(s), gradeWords) || labelledGrade(s)) {
			n++
		}
	})
	return n
}

var recommendationHeadings = NewPhraseMatcher(RecommendationsSection.Headings)

// gradedBelow reports whether the line after a heading that ends at e
// opens with a grade, after any status mark or emphasis: "❌ **Critical**
// (board: P0)", "Severity: High".
func gradedBelow(text string, e int) bool {
	if e+1 >= len(text) {
		return false
	}
	next := text[e+1 : LineEndAt(text, e+1)]
	return hasWordIn(next[:min(len(next), 40)], gradeWords)
}

// lineHeading returns the heading line l (trimmed s) is, in any of the
// layouts SectionHeadings reads or as a title on its own between blank
// lines; "" when it is none.
func lineHeading(text string, l Line, s string) string {
	if hs := SectionHeadings(s); len(hs) > 0 {
		return hs[0]
	}
	if blankAfter(text, l.End) && (l.Start < 2 || text[l.Start-2] == '\n') && standaloneTitle(s) {
		return s
	}
	return ""
}

// bracketNumRe matches an item numbered in brackets: "(1) ", "(iv) ".
var bracketNumRe = regexp.MustCompile(`^\((?:\d{1,3}|[ivx]{1,4})\)[ \t]`)

// gradeLabelRe matches a grade set after its label on an item's line:
// "Severity: high", "Risk — Medium", "Priority: P1".
var gradeLabelRe = regexp.MustCompile(`(?i)\b(?:severity|risk(?:[ \t]+rating)?|priority|rating)[ \t]*(?:[:—–-]|is)[ \t]*\**[ \t]*([A-Za-z0-9]+)`)

// labelledGrade reports whether line s grades its item after a label.
func labelledGrade(s string) bool {
	m := gradeLabelRe.FindStringSubmatch(s[:min(len(s), maxLead*2)])
	return m != nil && gradeWords[strings.ToLower(m[1])]
}

// idItemRe matches an item id that numbers its line like "1." does:
// "F-1. ", "R2) ".
var idItemRe = regexp.MustCompile(`^[A-Z]{1,3}-?[0-9]{1,3}[.)][ \t]`)

// itemLead returns an item's title: its bold span when it opens with one,
// else its text up to the first sentence end or colon, at most maxLead
// bytes, after its number or id.
func itemLead(s string) string {
	s = strings.TrimLeft(s, "-*+ \t")
	if OrderedItemRe.MatchString(s) {
		s = strings.TrimLeft(s[strings.IndexAny(s, ".)")+1:], " \t*")
	} else if m := idItemRe.FindStringIndex(s); m != nil {
		s = strings.TrimLeft(s[m[1]:], " \t*") // "F-1. Permission over-grant — High — FAIL"
	}
	if t, ok := strings.CutPrefix(strings.TrimSpace(s), "**"); ok {
		if i := strings.Index(t, "**"); i > 0 {
			return t[:i]
		}
	}
	s = s[:min(len(s), maxLead)]
	if i := strings.IndexByte(s, ':'); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i]
	}
	return s
}

// draftedItems counts the lines of text that carry drafted wording: a
// quoted passage of at least MinReplacementWords words after a word that
// introduces a change in the same line.
func draftedItems(text string) int {
	n := 0
	ForEachLine(text, func(l Line) {
		for _, q := range QuotedSpans(text, l.Start, l.End) {
			if WordCount(text, q.Start, q.End) >= MinReplacementWords && hasWordIn(text[l.Start:q.Start], changeWords) {
				n++
				return
			}
		}
	})
	return n
}

// hasWordIn reports whether s holds a word, lower-cased, of words.
func hasWordIn(s string, words map[string]bool) bool {
	var buf [32]byte
	for i := 0; i < len(s); {
		a, b := NextWord(s, i, len(s))
		if a >= len(s) {
			return false
		}
		i = b
		if b-a <= len(buf) && words[string(LowerInto(buf[:0], s[a:b]))] {
			return true
		}
	}
	return false
}
