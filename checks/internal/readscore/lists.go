package readscore

import (
	_ "embed" // the word lists below are data files, not Go literals
	"fmt"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// One variable per file: the compiler then guarantees each list exists.
var (
	//go:embed data/syllables.txt
	syllablesTxt string
	//go:embed data/passive.txt
	passiveTxt string
	//go:embed data/jargon.txt
	jargonTxt string
)

// sections parses an embedded list file: "# comment" lines and blank lines
// are skipped, "[name]" starts a section, every other line is one entry.
func sections(file string) map[string][]string {
	out := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(file, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			cur = line[1 : len(line)-1]
			continue
		}
		out[cur] = append(out[cur], line)
	}
	return out
}

// DefaultAbbreviations returns a copy of the embedded abbreviations after
// which a period never ends a sentence ("e.g.", "Sec.", "No.", "U.S.").
func DefaultAbbreviations() []string { return doctext.SentenceAbbreviations("never") }

// DefaultNumberingAbbreviations returns a copy of the embedded abbreviations
// that do not end a sentence when a number or "(" follows ("Sec. 4.1",
// "No. 5", "Art. 3") and do otherwise ("modern art. The").
func DefaultNumberingAbbreviations() []string {
	return doctext.SentenceAbbreviations("numbering")
}

// DefaultTerminalAbbreviations returns a copy of the embedded abbreviations
// that end a sentence only when the next word starts with an upper-case
// letter ("etc.", "Inc.", "Ltd.").
func DefaultTerminalAbbreviations() []string {
	return doctext.SentenceAbbreviations("terminal")
}

// DefaultJargon returns a copy of the embedded legal-jargon lexicon: single
// words ("hereinafter") and phrases ("inter alia"), lower case.
func DefaultJargon() []string { return clone(sections(jargonTxt)["jargon"]) }

// DefaultDraftingForms returns a copy of the embedded drafting forms whose
// words are never counted as jargon ("shall be deemed", "is entitled").
func DefaultDraftingForms() []string { return clone(sections(jargonTxt)["drafting"]) }

func clone(s []string) []string { return append([]string(nil), s...) }

// parseSyllables reads "word count" lines.
func parseSyllables() (map[string]int, error) {
	out := map[string]int{}
	for i, line := range sections(syllablesTxt)[""] {
		var w string
		var n int
		if _, err := fmt.Sscanf(line, "%s %d", &w, &n); err != nil || n < 1 || n > 20 {
			return nil, fmt.Errorf("syllables.txt entry %d %q: want \"word count\" with count in [1,20]", i, line)
		}
		out[w] = n
	}
	return out, nil
}
