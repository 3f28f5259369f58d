package checks

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// RuleMissingSection: a section the deliverable's kind requires is absent.
const RuleMissingSection = "structure.missing_section"

// Section is a section a deliverable must have. It is present when a
// heading of the document (a Markdown heading, a line that is wholly bold,
// or a short line ending in ':' or written in capitals) holds one of
// Headings as whole words, in any case.
type Section struct {
	// Name names the section in the finding ("summary").
	Name string
	// Headings are the words or phrases a heading may hold for the section
	// ("summary", "executive summary", "overview").
	Headings []string
	// OnlyWith, when set, requires the section only in a document with a
	// section heading (not a finding's own heading) that holds one of these
	// words or phrases: a report that says how it tested ("Methodology")
	// must say what it tested ("Scope"), and the other way round, while a
	// short findings note with neither needs neither. Empty: always
	// required.
	OnlyWith []string
}

// DefaultSections returns the sections each kind requires by default: a
// review memo needs a summary, findings and recommendations (each under any
// of its usual names: "Executive summary", "Key issues", "Analysis",
// "Advice", "Next steps" ...); a red-team report needs a summary, findings
// and remediation (fix or recommendation labels count), and its scope and
// methodology together: a report with a section on either must state the
// other, under a heading ("Scope and method", "Approach", "Rules of
// engagement") or in its opening ("out of scope", "we tested ...", "each
// repeated 8 times"). Other kinds require none.
func DefaultSections() map[evaluator.Kind][]Section {
	return map[evaluator.Kind][]Section{
		evaluator.KindReviewMemo:    {summarySection, findingsSection, recommendationsSection},
		evaluator.KindRedTeamReport: {summarySection, scopeSection, methodSection, findingsSection, recommendationsSection},
	}
}

// The sections a review is made of, each under any of its usual names.
var (
	summarySection  = Section{Name: "summary", Headings: []string{"summary", "overview", "bottom line", "tl;dr", "tldr", "synopsis", "conclusion", "conclusions", "at a glance", "key takeaways", "verdict", "outcome", "result", "release decision", "launch recommendation", "go/no-go", "key points"}}
	findingsSection = Section{Name: "findings", Headings: []string{"finding", "findings", "issue", "issues", "analysis", "observation", "observations", "risk", "risks", "concern", "concerns", "discussion", "assessment", "vulnerability", "vulnerabilities", "weakness", "weaknesses", "results", "review", "problems", "gaps", "exposure", "exposures", "red flags", "defects"}}
	// scopeSection and methodSection are a red-team report's engagement:
	// what was tested and how. Each is required only beside the other.
	scopeSection  = Section{Name: "scope", Headings: scopeHeadings, OnlyWith: methodHeadings}
	methodSection = Section{Name: "methodology", Headings: methodHeadings, OnlyWith: scopeHeadings}
	// recommendationsSection also names the sections whose items the
	// recommendation checks read.
	recommendationsSection = Section{Name: "recommendations", Headings: []string{"recommendation", "recommendations", "recommended", "advice", "next steps", "action items", "actions", "proposed changes", "proposed amendments", "proposed edits", "redlines", "remediation", "remediations", "mitigation", "mitigations", "fixes", "what to do", "negotiation", "requested changes", "suggested changes", "proposals", "way forward", "path forward"}}
)

// The headings of a report's engagement sections.
var (
	scopeHeadings  = []string{"scope", "rules of engagement", "engagement", "target", "targets", "systems tested", "what we tested", "in scope", "test scope", "coverage"}
	methodHeadings = []string{"method", "methods", "methodology", "approach", "how we tested", "techniques", "test plan", "testing approach", "test approach", "procedure", "procedures", "test activities", "attack narrative"}
)

// WithRequiredSections sets the sections a deliverable of the given kind
// must have, replacing the default (DefaultSections); no sections turns the
// requirement off for that kind.
func WithRequiredSections(kind evaluator.Kind, sections ...Section) Option {
	for i, s := range sections {
		if strings.TrimSpace(s.Name) == "" || len(s.Headings) == 0 {
			return OptionError(fmt.Errorf("checks: WithRequiredSections(%q): sections[%d]: empty name or no headings", kind, i))
		}
	}
	return WithSetting(requiredSectionsKey{kind}, append([]Section(nil), sections...))
}

// requiredSectionsKey is the setting of one kind's required sections.
type requiredSectionsKey struct{ kind evaluator.Kind }

// minSectionHeadings is how many headings a document needs before its
// sections are checked: a two-paragraph note has no sections to miss.
const minSectionHeadings = 2

// NewSectionsCheck returns the required-sections check (rule
// RuleMissingSection, warn): for a Document of a kind with required
// sections (DefaultSections, or those a Suite was given with
// WithRequiredSections) and at least two headings, one finding per
// required section that neither a heading of its own (not the title,
// letterhead or a "Not an issue" heading) names nor its form shows (see
// sectionByForm), located at the document's first line. A plain-language
// rewrite with a source also gets RuleMissingSourcePart (warn) for each
// part of the source it leaves out (see sourcePartFindings).
func NewSectionsCheck() Check { return sectionsCheck{def: DefaultSections()} }

type sectionsCheck struct{ def map[evaluator.Kind][]Section }

func (sectionsCheck) Rule() string    { return RuleMissingSection }
func (sectionsCheck) Rules() []string { return []string{RuleMissingSection, RuleMissingSourcePart} }

func (c sectionsCheck) Check(doc Document) []Finding {
	want := c.def[doc.Kind]
	if v, ok := doc.Setting(requiredSectionsKey{doc.Kind}); ok {
		want = v.([]Section)
	}
	if len(want) == 0 {
		return sourcePartFindings(doc)
	}
	// A document with fewer than two headings (its title and letterhead
	// included) is a note with no sections to miss.
	heads, all := ownSectionHeads(doc.Text)
	if all < minSectionHeadings {
		return nil
	}
	var out []Finding
	for _, sec := range want {
		if sec.Name == "summary" && (leadParagraph(doc.Text, want) || severityTally(doc.Text)) {
			continue // an untitled opening paragraph, or a tally of findings by severity, is the summary
		}
		if len(sec.OnlyWith) > 0 && !hasSectionHeading(heads, sec.OnlyWith) {
			continue
		}
		var found bool
		if len(sec.OnlyWith) > 0 {
			found = hasSectionHeading(heads, sec.Headings) // "### F-3 Token scope" is no scope section
		} else {
			pm := newPhraseMatcher(sec.Headings)
			for _, h := range heads {
				if pm.contains(h.text, wordSpans(h.text), len(h.text)) {
					found = true
					break
				}
			}
		}
		if !found && !sectionByForm(doc.Text, sec) {
			idx := analysisOf(doc).lineIndex()
			out = append(out, Finding{Rule: RuleMissingSection, Severity: SeverityWarn,
				Message:  fmt.Sprintf("no %s section: a %s needs one (a heading such as %q)", sec.Name, strings.ReplaceAll(string(doc.Kind), "_", " "), sec.Headings[0]),
				Location: idx.Locate(0, 0, doc.Text)})
		}
	}
	return out
}

// hasSectionHeading reports whether one of heads that heads a section of
// the document — not a finding's own heading ("### F-3 Token scope too
// broad", a sub-heading) — holds one of words.
func hasSectionHeading(heads []sectionHead, words []string) bool {
	pm := newPhraseMatcher(words)
	for _, h := range heads {
		if h.atx > 2 || leadIDRe.MatchString(strings.TrimSpace(h.text)) {
			continue
		}
		if pm.contains(h.text, wordSpans(h.text), len(h.text)) {
			return true
		}
	}
	return false
}

// sectionHeadings returns the heading texts of text: Markdown headings,
// wholly bold lines ("**Summary**"), and short label lines ("Summary:",
// "RECOMMENDATIONS").
func sectionHeadings(text string) []string {
	var out []string
	forEachLine(text, func(l line) {
		s := strings.TrimSpace(text[l.start:l.end])
		if s == "" || len(s) > 100 {
			return
		}
		if lvl, off := headingLevel(s); lvl > 0 {
			out = append(out, s[off:])
			return
		}
		if t, ok := strings.CutPrefix(s, "**"); ok {
			if i := strings.Index(t, "**"); i > 0 && len(strings.TrimSpace(strings.TrimRight(t[i+2:], ":."))) == 0 {
				out = append(out, t[:i])
				return
			}
		}
		if m := matchIf(startsWithAny(s, "0123456789"), orderedItemRe, s); m != nil && plainTitle(s) {
			out = append(out, s[strings.IndexByte(s, ' ')+1:]) // "3. Next steps"
			return
		}
		if strings.HasSuffix(s, ":") && len(s) < 60 && !strings.ContainsAny(s[:len(s)-1], ".:;") {
			out = append(out, s[:len(s)-1])
			return
		}
		if len(s) < 60 && strings.ToUpper(s) == s && strings.ToLower(s) != s {
			out = append(out, s)
		}
	})
	return out
}

// letterheadLines is how many opening lines may be a letterhead or title
// ("QUINLAN MARSH LAWYERS", "FILE NOTE AND ADVICE") rather than sections.
const letterheadLines = 4

// minLeadWords is how many words an opening paragraph needs to stand as a
// memo's summary without a heading.
const minLeadWords = 40

// leadParagraph reports whether text opens, before the first heading that
// names one of the required sections (want), with a paragraph of prose of
// at least minLeadWords words: the summary a memo gives without calling it
// one, after its letterhead and "To:/From:/Re:" lines.
func leadParagraph(text string, want []Section) bool {
	var all []string
	for _, s := range want {
		if len(s.OnlyWith) == 0 { // an engagement section may open a report before its summary
			all = append(all, s.Headings...)
		}
	}
	sections := newPhraseMatcher(all)
	found := false
	lines := 0
	forEachLineUntil(text, func(l line) bool {
		s := strings.TrimSpace(text[l.start:l.end])
		if s == "" {
			return true
		}
		lines++
		if hs := sectionHeadings(s); len(hs) > 0 && (lines > letterheadLines || !namesDocument(hs[0])) {
			return !sections.contains(hs[0], wordSpans(hs[0]), len(hs[0]))
		}
		if wordCount(s, 0, len(s)) >= minLeadWords && !strings.HasPrefix(s, "|") && !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "*") {
			found = true
			return false
		}
		return true
	})
	return found
}

// tallyLines is how many opening non-blank lines may hold a report's
// severity tally.
const tallyLines = 12

// tallyRe matches one count of a severity tally: "1 Critical", "High: 2",
// "3 x Medium".
var tallyRe = regexp.MustCompile(`(?i)\b(?:\d{1,3}\s*(?:x\s*)?(?:critical|high|medium|moderate|low|info(?:rmational)?)\b|(?:critical|high|medium|moderate|low|info(?:rmational)?)\s*[:=]\s*\d{1,3}\b)`)

// severityTally reports whether one of the opening lines of text counts
// findings by severity in at least two grades ("Tickets: 4 (1 Critical, 1
// High, 1 Medium, 1 Low)", "Findings: High 2, Low 3"): a ticket-style
// report states its result that way instead of under a summary heading.
func severityTally(text string) bool {
	found, n := false, 0
	forEachLineUntil(text, func(l line) bool {
		s := text[l.start:l.end]
		if strings.TrimSpace(s) == "" {
			return true
		}
		n++
		if len(s) < 300 && len(tallyRe.FindAllStringIndex(s, 3)) >= 2 {
			found = true
			return false
		}
		return n < tallyLines
	})
	return found
}
