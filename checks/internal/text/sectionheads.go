package text

import (
	"regexp"
	"strings"
)

// What counts as a deliverable's own section. A heading names a section
// only when it is one: the document's title ("Review of the Data Processing
// Agreement", "Red Team Assessment") and its letterhead ("FILE NOTE AND
// ADVICE") name the whole document, and a heading that reports an absence
// ("Not an issue", "NOT VULNERABLE") is not the section it names. A
// section may also be present by its form without a heading: a memo that
// gives its advice as "Recommendation:" lines under each issue has
// recommendations, and a report that heads each finding with its id
// ("TS-1 — ...", "### RS-2") has findings.

// SectionHead is a heading line of a deliverable.
type SectionHead struct {
	Text       string // the heading's words
	line       int    // index among the non-blank lines
	Atx        int    // Markdown heading level, 0 for other forms
	numbered   bool   // "3. Findings", "3 RECOMMENDATIONS"
	standalone bool   // a title-case line on its own ("Summary")
	afterBody  bool   // body text comes before it: it is no title
}

// OwnSectionHeads returns the headings of text that name its sections:
// sectionHeadings' forms plus standalone title-case lines ("Summary" on a
// line of its own between blank lines), less the title, the letterhead and
// negative headings; all counts every heading, those included.
func OwnSectionHeads(text string) (own []SectionHead, all int) {
	var out []SectionHead
	n, standalones := 0, 0
	prevBlank, bodySeen := true, false
	ForEachLine(text, func(l Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if s == "" {
			prevBlank = true
			return
		}
		n++
		blankBefore := prevBlank
		prevBlank = false
		h := SectionHead{line: n, afterBody: bodySeen}
		standalone := false
		if lh, ok := LineHeading(s); ok && len(s) <= 100 {
			h.Text = lh.Title
			if lh.Form == AtxHeading {
				h.Atx = lh.Level
			}
			t := strings.TrimLeft(s, "#* \t")
			h.numbered = StartsWithAny(s, "0123456789") || StartsWithAny(t, "0123456789") || mayPartLabel(t) && partLabelRe.MatchString(t)
		} else if blankBefore && standaloneTitle(s) && OpensBody(text, l.End) && (blankAfter(text, l.End) || WordCount(s, 0, len(s)) <= maxTightTitleWords) {
			// A short title may sit right on its text ("What broke" over
			// the first finding); the rule of two such titles below keeps
			// one short line from counting as a style.
			h.Text, standalone = s, true
			h.numbered = mayPartLabel(s) && partLabelRe.MatchString(s)
			standalones++
		} else {
			// Once body text is seen it stays seen: the words are counted
			// only until then, and only on a line ending a sentence.
			if !bodySeen && strings.IndexByte(".!?:;", s[len(s)-1]) >= 0 && WordCount(s, 0, len(s)) >= minBodyWords {
				bodySeen = true // a sentence, not a letterhead or a "Prepared for …" line
			}
			return
		}
		h.standalone = standalone
		all++
		if negativeHeading(strings.TrimLeft(h.Text, "*_ \t")) {
			return
		}
		out = append(out, h)
	})
	// The first heading is the document's title unless it is a numbered or
	// second-level heading, or body text comes before it; in the
	// letterhead only Markdown headings of level two or more and numbered
	// titles name sections.
	if standalones < 2 {
		// One short line on its own ("Remarks") is not a heading style.
		all -= standalones
		kept := out[:0]
		for _, h := range out {
			if !h.standalone {
				kept = append(kept, h)
			}
		}
		out = kept
	}
	kept := out[:0]
	for i, h := range out {
		if (i == 0 && !h.afterBody || h.line <= LetterheadLines) && !h.numbered && h.Atx < 2 && NamesDocument(h.Text) {
			continue
		}
		kept = append(kept, h)
	}
	return kept, all
}

// maxTightTitleWords bounds a title set right on its text, with no blank
// line between: a few words.
const maxTightTitleWords = 4

// partLabelRe matches a title that opens with a part's label: "Part A —
// Overview", "Section 2: Scope", "B. Findings", "IV) Remedies".
var partLabelRe = regexp.MustCompile(`^(?:(?i:part|section|chapter)[ \t]+[A-Z0-9IVX]{1,4}\b|[A-H][.)][ \t]|[IVX]{1,4}[.)][ \t])`)

// mayPartLabel reports false when partLabelRe cannot match s: its
// alternatives open with a noun (part, section, chapter, in any case; "ſ"
// folds to s), with A to H and then '.' or ')', or with I, V or X
// (FuzzMayPartLabel).
func mayPartLabel(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == 'I' || c == 'V' || c == 'X':
		return true
	case c >= 'A' && c <= 'H':
		return len(s) > 1 && (s[1] == '.' || s[1] == ')') || c == 'C'
	case c == 'p' || c == 'P' || c == 's' || c == 'S' || c == 'c' || c == 0xC5:
		return true
	}
	return false
}

// minBodyWords is how many words a line needs to be body text, after
// which a heading is no longer the document's title.
const minBodyWords = 8

// docTypeRe matches a word that names a kind of document.
var docTypeRe = regexp.MustCompile(`(?i)\b(?:memo|memorandum|report|letter|note|assessment|review|advice\s+note|file\s+note|briefing|opinion)\b`)

// NamesDocument reports whether a title or letterhead line names the
// document rather than a section of it: it holds a document-type word
// ("ADVICE MEMORANDUM", "Red Team Assessment") or three words or more
// ("QUINLAN MARSH LAWYERS").
func NamesDocument(h string) bool {
	return docTypeRe.MatchString(h) || WordCount(h, 0, len(h)) >= 3
}

// OpensBody reports whether the first non-blank line after offset e is
// body text under a heading: a sentence of six words or more, a list item,
// a table or a block quote (a call-out box), not a sign-off ("Ruairi",
// "Ruairi Lam | Firm").
func OpensBody(text string, e int) bool {
	for i := e + 1; i < len(text); {
		le := LineEndAt(text, i)
		t := strings.TrimSpace(text[i:le])
		if t != "" {
			return WordCount(t, 0, len(t)) >= 6 || ListItemRe.MatchString(t) || strings.HasPrefix(t, "|") && strings.HasSuffix(t, "|") || strings.HasPrefix(t, ">")
		}
		i = le + 1
	}
	return false
}

// blankAfter reports whether the line ending at e is followed by a blank
// line or the end of the text.
func blankAfter(text string, e int) bool {
	if e >= len(text) {
		return true
	}
	ne := LineEndAt(text, e+1)
	return strings.TrimSpace(text[min(e+1, len(text)):ne]) == ""
}

// standaloneTitle reports whether s, a line on its own, reads as a title:
// one to six words, starting with a capital letter, with no sentence
// punctuation at its end; or a question of up to ten words ("What could
// hurt you?", "Why are we writing?"), which heads a section as often as a
// noun does in writing for a general reader.
func standaloneTitle(s string) bool {
	if len(s) > 80 || s[0] < 'A' || s[0] > 'Z' || strings.ContainsAny(s, "|·") {
		return false
	}
	w := WordCount(s, 0, len(s))
	if strings.HasSuffix(s, "?") {
		return w >= 2 && w <= 10 && !strings.ContainsAny(s[:len(s)-1], ".?!:;")
	}
	return len(s) <= 60 && !strings.ContainsAny(s[len(s)-1:], ".,;:!") && w >= 1 && w <= 6
}

// SectionByForm reports whether text holds the section by its form, without
// a heading: recommendations as fix or proposal labels, table cells, new
// clauses or drafted replacement text; findings as two or more headings or
// lines that open with a finding id, or a table with a severity column.
func SectionByForm(text string, sec Section) bool {
	switch sec.Name {
	case "recommendations":
		for _, u := range FineUnits(text) {
			if !u.Proposal || u.Row.End > u.Row.Start {
				return true
			}
		}
		if fixes, _ := keyedItems(text); fixes >= 2 || len(findingFixRe.FindAllStringIndex(text, 2)) >= 2 {
			return true // fixes keyed to the findings they fix
		}
		return ReplacementMarkerRe.MatchString(text) || draftedItems(text) >= minFormItems
	case "findings":
		if fixes, ids := keyedItems(text); fixes >= 2 && ids >= 2 {
			return true // the findings the fixes are keyed to
		}
		ids := 0
		for _, h := range SectionHeadings(text) {
			if LeadIDRe.MatchString(strings.TrimSpace(h)) {
				ids++
			}
		}
		return ids >= 2 || severityTable(text) || gradedItems(text) >= minFormItems
	case "scope":
		return scopeStatementRe.MatchString(frontMatter(text))
	case "methodology":
		return methodStatementRe.MatchString(frontMatter(text))
	}
	return false
}

var (
	// scopeStatementRe matches a statement of what a test covered: "in
	// scope", "outside the scope", "the scope set by", "we did not test",
	// "Targets:", "we tested the web app".
	scopeStatementRe = regexp.MustCompile(`(?i)\b(?:in|out[ \t]+of|within|outside(?:[ \t]+of)?|beyond|not[ \t]+in)[ \t]+(?:the[ \t]+|our[ \t]+|its[ \t]+)?scope\b|\bscope[ \t]+(?:of|set|document|was|is|were|included|includes|covered|covers|excluded|excludes|agreed)\b|\b(?:out|in)-of-scope\b|\bin-scope\b|\bwe[ \t]+did[ \t]+not[ \t]+test\b|\b(?:was|were)[ \t]+not[ \t]+tested\b|\bwe[ \t]+(?:tested|assessed|evaluated|examined|reviewed|probed|attacked|targeted)[ \t]+(?:the|our|your|its|their)\b|\b(?:systems?|applications?|apps?|assets?|hosts?|endpoints?|versions?|builds?|components?)[ \t]+(?:tested|assessed|in[ \t]+scope)\b|\b(?:the[ \t]+)?(?:assessment|test|testing|engagement|review|exercise)[ \t]+(?:covered|included|targeted|focused[ \t]+on|was[ \t]+limited[ \t]+to)\b|(?m:^[ \t*_>-]*(?:scope|targets?|in[ \t]+scope|out[ \t]+of[ \t]+scope|target[ \t]+systems?|environment)(?:\*\*|__)?[ \t]*:)`)
	// methodStatementRe matches a statement of how a test was done: what
	// the testers did ("we tested", "the team replayed", "we decompiled"),
	// that testing was done and how ("testing was performed", "manual
	// testing", "black-box"), a named method (OWASP WSTG, PTES, MITRE
	// ATT&CK), or how often ("each repeated 8 times", "1,140 scripted
	// conversations", "four attack runs").
	methodStatementRe = regexp.MustCompile(`(?i)\b(?:we|the[ \t]+(?:red[ \t]+)?team|testers?|the[ \t]+tester)[ \t]+(?:(?:also|then|first|manually|each|have)[ \t]+)?(?:tested|ran|attacked|attempted|replayed|probed|used|sent|fuzzed|scanned|decompiled|intercepted|inspected|reviewed|injected|simulated|exercised|targeted|tried|performed|conducted|carried[ \t]+out|followed|mapped)\b|\b(?:repeated|replayed|run)[ \t]+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twenty)[ \t]+times\b|\b(?:\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|twenty)[ \t]+(?:[\w-]+[ \t]+){0,2}(?:runs|attempts|conversations|sessions|prompts|test[ \t]+cases|payloads|probes|scenarios)\b|\b(?:testing|tests|the[ \t]+(?:test|assessment|review|exercise|engagement))[ \t]+(?:was|were)[ \t]+(?:performed|conducted|carried[ \t]+out|done|run|executed)\b|\b(?:manual(?:ly)?|automated|black[- ]box|gr[ae]y[- ]box|white[- ]box|authenticated|unauthenticated)[ \t]+(?:testing|tests|review|scanning|scans|assessment|analysis|fuzzing)\b|\b(?:OWASP[ \t]+(?:testing[ \t]+guide|WSTG|ASVS|MASVS|MSTG)|PTES|OSSTMM|NIST[ \t]+SP[ \t]+800-115|MITRE[ \t]+ATT&CK|MITRE[ \t]+ATLAS)\b|\bmethodolog(?:y|ies)\b`)
)

// maxFrontMatter bounds how much of a report frontMatter reads.
const maxFrontMatter = 16 << 10

// frontMatter returns the opening of a report: its text before the first
// heading that names its findings ("Findings", "Summary of findings",
// "Vulnerabilities") or opens one ("### F-1 ...", "TS-1 — ..."), where a
// report says what it tested and how.
func frontMatter(text string) string {
	head := text[:min(len(text), maxFrontMatter)]
	end := len(head)
	ForEachLineUntil(head, func(l Line) bool {
		s := strings.TrimSpace(head[l.Start:l.End])
		if s == "" || l.Start == 0 {
			return true
		}
		if LeadIDRe.MatchString(s) {
			end = l.Start
			return false
		}
		if hs := SectionHeadings(s); len(hs) > 0 && findingsHeadings.Contains(hs[0], WordSpans(hs[0]), len(hs[0])) {
			end = l.Start
			return false
		}
		return true
	})
	return head[:end]
}

// findingsHeadings matches a heading that names a report's findings.
var findingsHeadings = NewPhraseMatcher(FindingsSection.Headings)

// severityTable reports whether text has a table with a severity column
// and at least two rows.
func severityTable(text string) bool {
	rows, sev := 0, false
	prev := ""
	found := false
	ForEachLineUntil(text, func(l Line) bool {
		t := strings.TrimSpace(text[l.Start:l.End])
		if !strings.HasPrefix(t, "|") {
			rows, sev, prev = 0, false, ""
			return true
		}
		cells := TableCells(text, l)
		if prev != "" && IsRuleRow(cells, text) {
			sev = SeverityColumnRe.MatchString(prev)
		} else if sev {
			rows++
			if rows >= 2 {
				found = true
				return false
			}
		}
		prev = t
		return true
	})
	return found
}
