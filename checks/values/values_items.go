package values

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Ratings of identified items: a finding's severity and CVSS score are
// stated in its heading, in the summary table, under it ("Severity:
// High") and in prose ("Two High issues (P-1 and P-2)"). Two different
// ratings for one item id are one quantity stated two ways.

var (
	// itemIDRe finds item ids: "F-02", "AI-2", "NA-02", "P-1".
	itemIDRe = regexp.MustCompile(`\b[A-Z]{1,4}-\d{1,3}\b`)
	// severityLabelRe finds a labelled rating: "Severity: High",
	// "**Risk rating:** Critical".
	severityLabelRe = regexp.MustCompile(`(?i)\b(?:severity|risk(?:\s+rating)?|rating|overall\s+risk)\s*(?:\*\*|__)?\s*[:=]\s*(?:\*\*|__)?\s*(critical|high|medium|moderate|low|informational|info)\b`)
	// severityMarkRe finds a rating in a heading: "(High)", "— High",
	// "[Critical]", ": Medium".
	severityMarkRe = regexp.MustCompile(`(?:[(\[]|[—–-]\s|:\s)\s*(Critical|High|Medium|Moderate|Low|Informational|CRITICAL|HIGH|MEDIUM|MODERATE|LOW)\b`)
	// severityGroupRe finds a rating given to a list of ids: "High issues
	// (P-1 and P-2)", "Critical (F-01, F-03)".
	severityGroupRe = regexp.MustCompile(`\b(Critical|High|Medium|Moderate|Low)\b(?:\s+(?:issues?|findings?|vulnerabilit(?:y|ies)|risks?|items?))?\s*\(([A-Z]{1,4}-\d{1,3}(?:\s*(?:,|and|&)\s*[A-Z]{1,4}-\d{1,3})*)\)`)
	// cvssScoreRe finds a CVSS score, after an optional version: "CVSS
	// 7.1", "CVSS 3.1: 7.4", "CVSS v3.1 9.0".
	cvssScoreRe = regexp.MustCompile(`(?i)\bCVSS(?:\s*v?(\d\.\d)\b)?(?:\s*(?:base\s+score|score))?\s*[:=]?\s*(\d{1,2}\.\d)\b`)
)

// itemRating is one rating stated for an item.
type itemRating struct {
	id, kind, value string // kind: "severity" or "CVSS score"
	start, end      int
}

// itemConflicts reports an item rated two ways.
func (d *valueDoc) itemConflicts(doc check.Document) []check.Finding {
	text := d.text
	if !hasItemID(text) {
		return nil // no item ids, nothing rated
	}
	ratings := itemRatings(text)
	if len(ratings) < 2 {
		return nil
	}
	first := map[string]itemRating{}
	var out []check.Finding
	idx := doctext.AnalysisOf(doc).LineIndex()
	for _, r := range ratings {
		key := r.id + "\x00" + r.kind
		p, ok := first[key]
		if !ok {
			first[key] = r
			continue
		}
		if p.value == r.value {
			continue
		}
		l, c := idx.Position(p.start)
		out = append(out, check.Finding{Rule: RuleValueMismatch, Severity: check.SeverityWarn,
			Message: fmt.Sprintf("item %s: %s %s here but %s at line %d:%d: give the item one rating",
				r.id, r.kind, r.value, p.value, l, c),
			Location: idx.Locate(r.start, r.end, text)})
	}
	return out
}

// itemRatings reads the severities and CVSS scores stated for item ids,
// in document order.
func itemRatings(text string) []itemRating {
	var out []itemRating
	section := "" // the id of the item heading the lines are under
	sectionLvl := 0
	var header []string
	inTable := false
	doctext.ForEachLine(text, func(l doctext.Line) {
		raw := text[l.Start:l.End]
		s := strings.TrimSpace(raw)
		if s == "" {
			inTable = false
			return
		}
		if strings.HasPrefix(s, "|") {
			cells := vSplitCells(s)
			if valueTableRule(cells) {
				return
			}
			if !inTable {
				inTable = true
				header = nil
				if vIsHeaderRow(text, l.End) {
					header = cells
					return
				}
			}
			out = append(out, rowRatings(text, l, cells, header)...)
			return
		}
		inTable = false
		lvl := sectionLevel(raw)
		if lvl == 0 && strings.HasPrefix(s, "**") {
			lvl = 7 // a bold lead-in titles an item: "**P-2 — Grafana exposed (Medium)**"
		}
		if lvl > 0 {
			// Only an id starting before limit counts: the regexp reads no
			// further than such an id and the byte after it can reach.
			limit := 24 + len(raw) - len(s)
			if ls, le, ok := itemIDIndex(raw[:min(len(raw), limit+10)]); ok && ls < limit {
				id := vItemID(raw[ls:le])
				section, sectionLvl = id, lvl
				off := l.Start + ls
				if m := severityMarkRe.FindStringSubmatchIndex(text[off:l.End]); m != nil {
					out = append(out, itemRating{id, "severity", normSeverity(text[off+m[2] : off+m[3]]), off + m[2], off + m[3]})
				}
				out = append(out, cvssRatings(text, off, l.End, id)...)
				if vIsHeadingLine(raw) {
					return
				}
			} else if lvl <= sectionLvl && vIsHeadingLine(raw) {
				section, sectionLvl = "", 0
			}
		}
		// "Two High issues (P-1 and P-2)".
		for _, m := range severityGroupMatches(raw) {
			for _, id := range itemIDRe.FindAllString(raw[m[4]:m[5]], -1) {
				out = append(out, itemRating{vItemID(id), "severity", normSeverity(raw[m[2]:m[3]]), l.Start + m[2], l.Start + m[3]})
			}
		}
		// "**Severity:** High (CVSS 3.1: 7.4)" under an item's heading.
		if section != "" && strings.IndexByte(raw, ':') >= 0 {
			if m := severityLabelRe.FindStringSubmatchIndex(raw); m != nil {
				out = append(out, itemRating{section, "severity", normSeverity(raw[m[2]:m[3]]), l.Start + m[2], l.Start + m[3]})
				out = append(out, cvssRatings(text, l.Start, l.End, section)...)
			}
		}
	})
	return out
}

// vIsHeadingLine reports whether a line is a Markdown heading.
func vIsHeadingLine(raw string) bool {
	lvl, _ := doctext.HeadingLevel(raw)
	return lvl > 0
}

// rowRatings reads the ratings of a table row that names an item: a cell
// under a "Severity"/"Risk"/"Rating" heading (or one that is just a
// severity word) and a cell under a "CVSS"/"Score" heading.
func rowRatings(text string, l doctext.Line, cells, header []string) []itemRating {
	id := ""
	for _, c := range cells {
		if x := vItemID(strings.Trim(strings.TrimSpace(c), "*_")); x != "" {
			id = x
			break
		}
	}
	if id == "" {
		return nil
	}
	var out []itemRating
	off := l.Start + strings.IndexByte(text[l.Start:l.End], '|') + 1
	for i, c := range cells {
		cs := off
		off += len(c) + 1
		v := strings.Trim(strings.TrimSpace(c), "*_ ")
		at := cs + strings.Index(c, v)
		h := ""
		if i < len(header) {
			h = strings.ToLower(header[i])
		}
		if sev := normSeverity(v); sev != "" && (h == "" || strings.Contains(h, "sever") || strings.Contains(h, "risk") || strings.Contains(h, "rating")) {
			out = append(out, itemRating{id, "severity", sev, at, at + len(v)})
			continue
		}
		if strings.Contains(h, "cvss") || strings.Contains(h, "score") {
			if f, err := strconv.ParseFloat(v, 64); err == nil && strings.Contains(v, ".") && f <= 10 {
				out = append(out, itemRating{id, "CVSS score", v, at, at + len(v)})
			}
		}
	}
	return out
}

// cvssRatings reads the CVSS scores in text[from:to] for item id.
func cvssRatings(text string, from, to int, id string) []itemRating {
	var out []itemRating
	for _, m := range cvssScoreRe.FindAllStringSubmatchIndex(text[from:to], -1) {
		out = append(out, itemRating{id, "CVSS score", text[from+m[4] : from+m[5]], from + m[4], from + m[5]})
	}
	return out
}

// normSeverity returns the canonical severity word of s ("HIGH" -> "High",
// "Moderate" -> "Medium"), or "".
func normSeverity(s string) string {
	switch strings.ToLower(s) {
	case "critical":
		return "Critical"
	case "high":
		return "High"
	case "medium", "moderate":
		return "Medium"
	case "low":
		return "Low"
	case "informational", "info":
		return "Informational"
	}
	return ""
}

// severityGroupMatches runs severityGroupRe on a line that can hold a
// match: a capitalised severity word, a bracket and an id's hyphen. The
// test spares the regexp nearly every line.
func severityGroupMatches(raw string) [][]int {
	if strings.IndexByte(raw, '(') < 0 || strings.IndexByte(raw, '-') < 0 {
		return nil
	}
	for _, w := range []string{"Critical", "High", "Medium", "Moderate", "Low"} {
		if strings.Contains(raw, w) {
			return severityGroupRe.FindAllStringSubmatchIndex(raw, -1)
		}
	}
	return nil
}
