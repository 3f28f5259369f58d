package xref

import (
	"regexp"
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
// a contraction ("I've") or a lower-case word other than refWordsAfterI
// follows it.
func pronounI(text string, idStart, idEnd int) bool {
	if text[idStart:idEnd] != "I" {
		return false
	}
	if rest := text[idEnd:]; strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "’") {
		return true // "Clauses I've left alone", "the clause I'd change"
	}
	s, e := doctext.NextWord(text, idEnd, min(len(text), idEnd+24))
	if e <= s || s != idEnd+1 || text[idEnd] != ' ' || text[s] < 'a' || text[s] > 'z' {
		return false
	}
	return !refWordsAfterI[text[s:e]]
}

// maxCitations bounds the mentions of one label read for the instrument
// they cite.
const maxCitations = 32

// citedAsOtherInstrument reports whether the text, anywhere, cites the
// label keyword+id as another instrument's — with an acronym or statute
// word around it (externalRef) or "of the <Name> Agreement" after it
// (ofNamedDocument): "Article 8.5 of the Main Agreement applies" makes a
// bare "Article 8.5 is the industry position" that agreement's too.
func citedAsOtherInstrument(text, keyword, id, srcText string) bool {
	for from, n := 0, 0; n < maxCitations; n++ {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return false
		}
		idStart := from + i
		idEnd := idStart + len(id)
		from = idEnd
		if !labelEndsAt(text, idEnd) {
			continue // "8.5" inside "8.55"
		}
		kwEnd := len(strings.TrimRight(text[:idStart], " \t"))
		kwStart := kwEnd - len(keyword)
		if kwStart < 0 || kwEnd == idStart || !strings.EqualFold(text[kwStart:kwEnd], keyword) {
			continue
		}
		if externalRef(text, kwStart, idEnd) || ofNamedDocument(text, idEnd, srcText) {
			return true
		}
	}
	return false
}

// instrumentHeads are the head nouns of an agreement's or instrument's
// name, besides docHeads: "the Main Agreement", "the Head Lease".
var instrumentHeads = map[string]bool{"Agreement": true, "Contract": true, "Licence": true, "License": true, "Lease": true, "Deed": true,
	"Conditions": true, "Terms": true, "Treaty": true, "Convention": true, "Plan": true, "Directive": true}

// maxOfNameWords bounds the Title Case words of a name after "of the".
const maxOfNameWords = 5

// ofNamedDocument reports whether the reference whose id ends at idEnd is
// followed by the name of an instrument that is neither the source nor
// the text itself: "Article 8.5 of the Main Agreement" in a redline of an
// annex, "clause 2.2 of the Head Lease". The name has a qualifier before
// its head noun ("the Agreement" alone may be either), and a name the
// source's or the text's title line holds is theirs.
func ofNamedDocument(text string, idEnd int, srcText string) bool {
	name, ok := instrumentAfter(text, idEnd)
	if !ok || len(name) < 2 {
		return false
	}
	n := strings.ToLower(strings.Join(name, " "))
	return !strings.Contains(strings.ToLower(doctext.TitleLine(srcText)), n) && !strings.Contains(strings.ToLower(doctext.TitleLine(text)), n)
}

// instrumentAfter reads the instrument a reference whose id ends at idEnd
// is said to be of ("… of the Main Agreement", "under the Code"), past the
// rest of a reference list: the Title Case words of its name up to a head
// noun (instrumentHeads, docHeads), at most maxOfNameWords; ok is false
// when no such name follows.
func instrumentAfter(text string, idEnd int) (name []string, ok bool) {
	after := text[idEnd:min(len(text), idEnd+120)]
	if m := refListTailRe.FindStringIndex(after); m != nil {
		after = after[m[1]:]
	}
	rest := strings.TrimLeft(after, " \t,")
	found := false
	for _, p := range []string{"of the ", "in the ", "under the ", "to the "} {
		if t, ok := strings.CutPrefix(rest, p); ok {
			rest, found = t, true
			break
		}
	}
	if !found {
		return nil, false
	}
	for _, w := range strings.Fields(rest) {
		w = strings.TrimRight(w, ",.;:)")
		if w == "" || w[0] < 'A' || w[0] > 'Z' || len(name) == maxOfNameWords {
			break
		}
		name = append(name, w)
		if instrumentHeads[w] || docHeads[w] {
			return name, true
		}
	}
	return nil, false
}

// amendedClauseRe matches what follows a reference in an amending text
// when it names a clause of the instrument amended: "of the Agreement",
// "of the Principal Agreement", or an amending verb ("is deleted and
// replaced with", "is amended to read", "shall be varied"). Unlike
// instrumentAfter it reads right after the label, not past a list of
// labels, and it takes the agreement named alone.
var amendedClauseRe = regexp.MustCompile(`^[ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?(?:,[ \t]*)?(?:of[ \t]+the[ \t]+(?:[A-Z][\w-]*[ \t]+){0,3}(?:Agreement|Contract|Lease|Licence|License|Deed|Terms)\b|(?:is|are|shall[ \t]+be|will[ \t]+be)[ \t]+(?:hereby[ \t]+)?(?:deleted|amended|replaced|varied|modified|restated|substituted|revoked|removed|renumbered)\b)`)

// amendedClause reports whether the reference whose id ends at idEnd, in
// a text that amends another instrument, names a clause of the instrument
// amended (amendedClauseRe).
func amendedClause(text string, idEnd int) bool {
	return amendedClauseRe.MatchString(text[idEnd:min(len(text), idEnd+120)])
}
