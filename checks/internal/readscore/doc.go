// Package readscore measures how hard a text is to read, for the
// deterministic checks of evalopt (package checks, rules readability.*).
//
// It splits sentences in a way that survives legal text ("Section 3.2(a)",
// "$1,000.50", "U.S.", "Sec. 4.1", "Inc.", "e.g.", "No. 5", "Art. 3",
// decimals, ellipses, quotes after periods), tokenizes words, counts
// syllables with English spelling rules plus an exceptions list, and computes
// Flesch-Kincaid grade, Flesch reading ease, the share of passive sentences
// and the density of legal jargon:
//
//	st := readscore.Analyze(text)
//	if over, limit := (readscore.Limits{}).GradeTooHigh(st); over {
//		fmt.Printf("grade %.1f is above %.0f\n", st.FleschKincaidGrade, limit)
//	}
//
// Every span is a byte range of the input. Analyze makes one pass and does not
// allocate. The word lists (abbreviations, syllable exceptions, be-forms and
// irregular participles, the jargon lexicon and the drafting forms exempt
// from it) are embedded data files under data/, written for this package;
// Config replaces or extends them.
//
// Counts follow textstat's conventions where they are a choice: words are
// whitespace-separated tokens with at least one letter or digit (hyphenated
// words are one word), and sentences shorter than MinSentenceWords words do
// not count.
package readscore
