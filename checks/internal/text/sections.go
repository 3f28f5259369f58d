package text

import (
	"strings"
)

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

// The sections a review is made of, each under any of its usual names.
var (
	SummarySection  = Section{Name: "summary", Headings: []string{"summary", "overview", "bottom line", "tl;dr", "tldr", "synopsis", "conclusion", "conclusions", "at a glance", "key takeaways", "verdict", "outcome", "result", "release decision", "launch recommendation", "go/no-go", "key points"}}
	FindingsSection = Section{Name: "findings", Headings: []string{"finding", "findings", "issue", "issues", "analysis", "observation", "observations", "risk", "risks", "concern", "concerns", "discussion", "assessment", "vulnerability", "vulnerabilities", "weakness", "weaknesses", "results", "review", "problems", "gaps", "exposure", "exposures", "red flags", "defects", "found", "identified", "what we saw", "what did we find", "what we find", "worries", "worries me", "what is wrong", "what's wrong", "where it hurts", "trouble spots"}}
	// ScopeSection and methodSection are a red-team report's engagement:
	// what was tested and how. Each is required only beside the other.
	ScopeSection  = Section{Name: "scope", Headings: scopeHeadings, OnlyWith: methodHeadings}
	MethodSection = Section{Name: "methodology", Headings: methodHeadings, OnlyWith: scopeHeadings}
	// RecommendationsSection also names the sections whose items the
	// recommendation checks read.
	RecommendationsSection = Section{Name: "recommendations", Headings: []string{"recommendation", "recommendations", "recommended", "advice", "next steps", "action items", "actions", "proposed changes", "proposed amendments", "proposed edits", "redlines", "remediation", "remediations", "mitigation", "mitigations", "fixes", "what to do", "negotiation", "requested changes", "suggested changes", "proposals", "way forward", "path forward", "fix", "measures", "countermeasures", "action plan", "remedies", "improvements", "suggestions", "recommend", "advise", "suggest", "propose", "what to ask", "doing about it", "what we will do", "what we are doing", "what to change", "want changed", "must be done", "should be done", "what we fix", "what to fix", "send back"}}
)

// The headings of a report's engagement sections.
var (
	scopeHeadings  = []string{"scope", "rules of engagement", "engagement", "target", "targets", "systems tested", "what we tested", "what did we test", "in scope", "test scope", "coverage"}
	methodHeadings = []string{"method", "methods", "methodology", "approach", "how we tested", "techniques", "test plan", "testing approach", "test approach", "procedure", "procedures", "test activities", "attack narrative"}
)

// SectionHeadings returns the heading texts of text: the titles of the
// lines of at most 100 bytes that LineHeading reads as headings (Markdown
// headings, wholly bold lines "**Summary**", numbered titles, and short
// label lines "Summary:", "RECOMMENDATIONS").
func SectionHeadings(text string) []string {
	var out []string
	ForEachLine(text, func(l Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if len(s) > 100 {
			return
		}
		if h, ok := LineHeading(s); ok {
			out = append(out, h.Title)
		}
	})
	return out
}

// LetterheadLines is how many opening lines may be a letterhead or title
// ("QUINLAN MARSH LAWYERS", "FILE NOTE AND ADVICE") rather than sections.
const LetterheadLines = 4
