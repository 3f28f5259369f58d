package checks

import (
	"regexp"
	"strings"
)

// A review's references resolve against what the task holds: the source
// under review and every other evidence item (a memo on a counterparty's
// comments table cites the contract the table comments on, which the task
// carries as evidence). Sources number their clauses in more ways than a
// deliverable's headings: "7. Within fourteen days ..." is clause 7.

// docSeparator is the line sourceText puts between two documents; a source
// outline restarts its scope there.
const docSeparator = "\x00"

// plainNumRe matches a single-level numbered paragraph of a source: "7.
// Within", "12) Amendments".
var plainNumRe = regexp.MustCompile(`^(\d{1,3})[.)][ \t]+[\pL("“*]`)

// sourceText returns the text a deliverable's references resolve against:
// the source followed by every evidence item that is not the source, one
// docSeparator line between each. It is empty when the document has
// neither.
func sourceText(doc Document) string {
	parts := make([]string, 0, 1+len(doc.Evidence))
	if strings.TrimSpace(doc.Source) != "" {
		parts = append(parts, doc.Source)
	}
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) != "" && e.Content != doc.Source {
			parts = append(parts, e.Content)
		}
	}
	return strings.Join(parts, "\n"+docSeparator+"\n")
}

// sourceOutline returns the outline of sourceText(doc) and that text; nil
// and "" when there is none.
func sourceOutline(doc Document) (*xrefOutline, string) {
	st := sourceText(doc)
	if st == "" {
		return nil, ""
	}
	idx := NewLineIndex(st)
	return buildOutlineOf(st, &idx, outlineSources), st
}

// numNoun reports whether a reference noun (refNoun form) names a numbered
// clause rather than an attachment.
func numNoun(noun string) bool {
	switch noun {
	case "section", "clause", "article", "paragraph", "§":
		return true
	}
	return false
}

// namesNumbered reports whether a source's vocabulary (refVocabulary)
// names its numbered clauses with any keyword. A source that never does
// ("7. Within fourteen days ...") leaves a review free to call them
// clauses or sections.
func namesNumbered(vocab map[string]bool) bool {
	return vocab["section"] || vocab["clause"] || vocab["article"] || vocab["paragraph"] || vocab["§"]
}

// dominantNumNoun returns the numbered-clause noun (refNoun form) text uses
// most often before a number ("clause" in "clauses 3 to 6 ... clause 12"),
// or "" when it uses none; ties go to the first used.
func dominantNumNoun(text string) string {
	counts := map[string]int{}
	best := ""
	for _, m := range refVocabRe.FindAllStringSubmatch(text, -1) {
		n := refNoun(m[1])
		if !numNoun(n) {
			continue
		}
		counts[n]++
		if best == "" || counts[n] > counts[best] {
			best = n
		}
	}
	return best
}
