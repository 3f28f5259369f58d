package xref

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// References that point at no label of the text or its source and are
// still no dangling reference, read from the grammar around them: the
// text says the label is not there ("cl. 9.2 does not appear in v5"), or
// the reference is in parentheses after the name of another document
// ("the App Store Review Guidelines (section 3.1.1, In-App Purchase)").

// absenceAfter lists what says, right after a reference, that the label
// is not there. "is deleted" and "is missing" are not among them: a
// clause deleted must exist, and "Section 9.9 is missing" may say its
// text is missing from the draft.
var absenceAfter = []string{"does not appear", "does not exist", "doesn't appear", "doesn't exist", "is not in ", "do not appear", "do not exist"}

// absenceReach bounds how far after the reference its absence is said.
const absenceReach = 24

// assertsAbsent reports whether the text says the label of the reference
// (keyword at kwStart, id ending at idEnd) is not there: "there is no
// clause 9.2", "cl. 9.2 does not appear in v5".
func assertsAbsent(text string, kwStart, idEnd int) bool {
	before := strings.ToLower(strings.TrimRight(text[max(0, kwStart-12):kwStart], " \t"))
	if strings.HasSuffix(before, " no") || before == "no" {
		return true
	}
	after := strings.ToLower(text[idEnd:min(len(text), idEnd+absenceReach+len("doesn't appear"))])
	for _, p := range absenceAfter {
		if i := strings.Index(after, p); i >= 0 && i <= absenceReach && !strings.ContainsAny(after[:i], ".;:\n") {
			return true
		}
	}
	return false
}

// docHeads are the head nouns of another document's name: a set of
// rules, guidance or a standard cited by its own sections.
var docHeads = map[string]bool{"Guidelines": true, "Guideline": true, "Policy": true, "Policies": true, "Handbook": true, "Manual": true, "Guidance": true, "Standard": true, "Standards": true, "Specification": true, "Charter": true, "Rulebook": true, "Rules": true, "Code": true, "Act": true, "Regulations": true, "Regulation": true}

// leadWords open a sentence or a noun phrase, not a document's name.
var leadWords = map[string]bool{"The": true, "A": true, "An": true, "This": true, "Our": true, "Your": true, "Its": true, "Their": true}

// statuteHeads name legislation, which "the Code", "the Act" cite alone.
var statuteHeads = map[string]bool{"Code": true, "Act": true, "Regulation": true, "Regulations": true, "Directive": true, "Convention": true}

// maxNameWords bounds the words of a document's name read back from "(".
const maxNameWords = 6

// namedDocumentBefore reports whether the reference keyword at kwStart
// opens a parenthesis right after the Title Case name of a document
// (docHeads) that is not the source's own title: "the App Store Review
// Guidelines (section 3.1.1" cites those guidelines, while "the Privacy
// Policy (section 4)" in a review of that policy cites the source.
func namedDocumentBefore(text string, kwStart int, srcText string) bool {
	seg := strings.TrimRight(text[max(0, kwStart-120):kwStart], " \t")
	seg, ok := strings.CutSuffix(seg, "(")
	if !ok {
		return false
	}
	words := strings.Fields(seg)
	if len(words) == 0 || !docHeads[strings.Trim(words[len(words)-1], "*_’'")] {
		return false
	}
	n := 0
	for i := len(words) - 1; i >= 0 && n < maxNameWords; i-- {
		w := strings.Trim(words[i], "*_")
		if w == "" || w[0] < 'A' || w[0] > 'Z' || leadWords[w] {
			break
		}
		n++
	}
	if n < 2 && !statuteHeads[strings.Trim(words[len(words)-1], "*_’'")] {
		return false // "the Policy (section 4)": the source's own term; "the Code (paragraph 17)" is a statute's
	}
	if n < 2 {
		return true // "the Code", "the Act" alone: legislation, whatever the source's title names
	}
	name := strings.Join(words[len(words)-n:], " ")
	return !strings.Contains(strings.ToLower(doctext.TitleLine(srcText)), strings.ToLower(strings.Trim(name, "*_")))
}

// refWordsAfterI are the words that may follow a Roman "I" that numbers a
// clause ("clause I of the Agreement", "Article I is deleted"); any other
// lower-case word makes it the pronoun ("for each clause I write",
// "Clauses I do not list").
var refWordsAfterI = map[string]bool{"of": true, "and": true, "or": true, "to": true, "in": true, "under": true, "above": true,
	"below": true, "which": true, "that": true, "is": true, "was": true, "as": true, "for": true, "at": true, "on": true,
	"with": true, "by": true, "shall": true, "will": true, "remains": true, "applies": true, "says": true, "states": true,
	"provides": true, "reads": true, "sets": true, "gives": true, "has": true, "does": true, "should": true, "must": true, "may": true}

// pronounI reports whether the id text[idStart:idEnd] is "I" the pronoun:
// a lower-case word other than refWordsAfterI follows it.
func pronounI(text string, idStart, idEnd int) bool {
	if text[idStart:idEnd] != "I" {
		return false
	}
	s, e := doctext.NextWord(text, idEnd, min(len(text), idEnd+24))
	if e <= s || s != idEnd+1 || text[idEnd] != ' ' || text[s] < 'a' || text[s] > 'z' {
		return false
	}
	return !refWordsAfterI[text[s:e]]
}
