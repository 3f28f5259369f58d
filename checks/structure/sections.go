package structure

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/quotematch"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RuleMissingSection: a section the deliverable's kind requires is absent.
const RuleMissingSection = "structure.missing_section"

// DefaultSections returns the sections each kind requires by default: a
// review memo needs a summary, findings and recommendations (each under any
// of its usual names: "Executive summary", "Key issues", "Analysis",
// "Advice", "Next steps" ...); a red-team report needs a summary, findings
// and remediation (fix or recommendation labels count), and its scope and
// methodology together: a report with a section on either must state the
// other, under a heading ("Scope and method", "Approach", "Rules of
// engagement") or in its opening ("out of scope", "we tested ...", "each
// repeated 8 times"). Other kinds require none.
func DefaultSections() map[evaluator.Kind][]doctext.Section {
	return map[evaluator.Kind][]doctext.Section{
		evaluator.KindReviewMemo:    {doctext.SummarySection, doctext.FindingsSection, doctext.RecommendationsSection},
		evaluator.KindRedTeamReport: {doctext.SummarySection, doctext.ScopeSection, doctext.MethodSection, doctext.FindingsSection, doctext.RecommendationsSection},
	}
}

// WithRequiredSections sets the sections a deliverable of the given kind
// must have, replacing the default (DefaultSections); no sections turns the
// requirement off for that kind.
func WithRequiredSections(kind evaluator.Kind, sections ...doctext.Section) check.Option {
	for i, s := range sections {
		if strings.TrimSpace(s.Name) == "" || len(s.Headings) == 0 {
			return check.OptionError(fmt.Errorf("checks: WithRequiredSections(%q): sections[%d]: empty name or no headings", kind, i))
		}
	}
	return check.WithSetting(requiredSectionsKey{kind}, append([]doctext.Section(nil), sections...))
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
func NewSectionsCheck() check.Check { return sectionsCheck{def: DefaultSections()} }

type sectionsCheck struct {
	def map[evaluator.Kind][]doctext.Section
}

// Rule returns RuleMissingSection.
func (sectionsCheck) Rule() string { return RuleMissingSection }

// Rules lists the rule ids the check reports.
func (sectionsCheck) Rules() []string { return []string{RuleMissingSection, RuleMissingSourcePart} }

// Check returns the check's findings on doc.
func (c sectionsCheck) Check(doc check.Document) []check.Finding {
	want := c.def[doc.Kind]
	if v, ok := doc.Setting(requiredSectionsKey{doc.Kind}); ok {
		want = v.([]doctext.Section)
	}
	if len(want) == 0 {
		return sourcePartFindings(doc)
	}
	// A document with fewer than two headings (its title and letterhead
	// included) is a note with no sections to miss.
	heads, all := doctext.OwnSectionHeads(doc.Text)
	heads = append(heads, calloutHeads(doc.Text)...)
	if all < minSectionHeadings || len(heads) == 0 {
		// A body with no section heading of its own (only a title and
		// letterhead) is written as running prose: its sections are
		// paragraphs, and there is no heading to miss.
		return nil
	}
	var out []check.Finding
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
			pm := doctext.NewPhraseMatcher(sec.Headings)
			for _, h := range heads {
				// "## open_questions", "## tl_dr": an outline's keys name
				// sections with '_' for a blank.
				t := strings.ReplaceAll(h.Text, "_", " ")
				if pm.Contains(t, doctext.WordSpans(t), len(t)) {
					found = true
					break
				}
			}
		}
		if !found && !doctext.SectionByForm(doc.Text, sec) {
			idx := doctext.AnalysisOf(doc).LineIndex()
			out = append(out, check.Finding{Rule: RuleMissingSection, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("no %s section: a %s needs one (a heading such as %q)", sec.Name, strings.ReplaceAll(string(doc.Kind), "_", " "), sec.Headings[0]),
				Location: idx.Locate(0, 0, doc.Text)})
		}
	}
	return out
}

// hasSectionHeading reports whether one of heads that heads a section of
// the document — not a finding's own heading ("### F-3 Token scope too
// broad", a sub-heading) — holds one of words.
func hasSectionHeading(heads []doctext.SectionHead, words []string) bool {
	pm := doctext.NewPhraseMatcher(words)
	for _, h := range heads {
		if h.Atx > 2 || doctext.LeadIDRe.MatchString(strings.TrimSpace(h.Text)) {
			continue
		}
		if pm.Contains(h.Text, doctext.WordSpans(h.Text), len(h.Text)) {
			return true
		}
	}
	return false
}

// minLeadWords is how many words an opening paragraph needs to stand as a
// memo's summary without a heading.
const minLeadWords = 40

// leadParagraph reports whether text opens, before the first heading that
// names one of the required sections (want), with a paragraph of prose of
// at least minLeadWords words: the summary a memo gives without calling it
// one, after its letterhead and "To:/From:/Re:" lines.
func leadParagraph(text string, want []doctext.Section) bool {
	var all []string
	for _, s := range want {
		if len(s.OnlyWith) == 0 { // an engagement section may open a report before its summary
			all = append(all, s.Headings...)
		}
	}
	sections := doctext.NewPhraseMatcher(all)
	found := false
	lines := 0
	doctext.ForEachLineUntil(text, func(l doctext.Line) bool {
		s := strings.TrimSpace(text[l.Start:l.End])
		if s == "" {
			return true
		}
		lines++
		if hs := doctext.SectionHeadings(s); len(hs) > 0 && (lines > doctext.LetterheadLines || !doctext.NamesDocument(hs[0])) {
			return !sections.Contains(hs[0], doctext.WordSpans(hs[0]), len(hs[0]))
		}
		if doctext.WordCount(s, 0, len(s)) >= minLeadWords && !strings.HasPrefix(s, "|") && !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "*") {
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
// "3 x Medium", "two High".
var tallyRe = regexp.MustCompile(`(?i)\b(?:(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:x\s*)?(?:critical|high|medium|moderate|low|info(?:rmational)?)\b|(?:critical|high|medium|moderate|low|info(?:rmational)?)\s*[:=]\s*\d{1,3}\b)`)

// severityTally reports whether one of the opening lines of text counts
// findings by severity in at least two grades ("Tickets: 4 (1 Critical, 1
// High, 1 Medium, 1 Low)", "Findings: High 2, Low 3"): a ticket-style
// report states its result that way instead of under a summary heading.
func severityTally(text string) bool {
	found, n := false, 0
	doctext.ForEachLineUntil(text, func(l doctext.Line) bool {
		s := text[l.Start:l.End]
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

// calloutHeads returns the labels of the text's call-out boxes as
// headings: a "> **TL;DR**" or "> **Bottom line:** …" box is the section
// its label names, set as models set summaries today.
func calloutHeads(text string) []doctext.SectionHead {
	var out []doctext.SectionHead
	prevQuote := false
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := strings.TrimLeft(text[l.Start:l.End], " \t")
		quote := strings.HasPrefix(s, ">")
		if quote && !prevQuote {
			if label, ok := quotematch.CalloutLabel(strings.TrimLeft(s, "> \t")); ok {
				out = append(out, doctext.SectionHead{Text: label})
			}
		}
		prevQuote = quote
	})
	return out
}
