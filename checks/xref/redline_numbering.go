package xref

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// clauseIntroRe matches a line that introduces one clause: "Clause 7.3 —
// proposed replacement", "## Clause 6.2 — Remedies", "**Clause 4.1
// (Advertising rules)**", "Section 12.3:".
var clauseIntroRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+)?(?:\*\*|__)?(?i:clause|section|article|paragraph)[ \t]+((?:[A-Z]{1,2}\d{0,2}\.)?\d{1,3}(?:\.\d{1,3})+)\b`)

// unchangedAfterRe matches words that leave the clauses named after
// them as they are: "no changes to clauses 7.1 and 7.4", "have not marked
// up clause 2.2".
var unchangedAfterRe = regexp.MustCompile(`(?i)\b(?:no\s+(?:changes?|comments?|amendments?)\s+(?:to|on)|not\s+(?:marked\s+up|changed|amended)|(?:have|has|do|does|did)\s+not\s+(?:mark(?:ed)?\s+up|change[ds]?|amend(?:ed)?))\b`)

// unchangedBeforeRe matches words that leave the clause named right before
// them as it is: "accept Section 12.4 as drafted", "clause 10.2, which is
// unchanged".
var unchangedBeforeRe = regexp.MustCompile(`(?i)\b(?:as\s+drafted|(?:is|are|remains?|stays?|left)\s+unchanged)\b`)

// clauseIDRe finds a multi-level clause id in running text.
var clauseIDRe = regexp.MustCompile(`\b(?:[A-Z]{1,2}\d{0,2}\.)?\d{1,3}(?:\.\d{1,3})+\b`)

// redlineLabel is one clause a redline sets out.
type redlineLabel struct {
	id         string
	start, end int
	intro      string // the id the line above introduces, if any
	// labelled: the line above introduces it with a label of its own
	// ("Current:", "Proposed:"), as a redline does when it shows one
	// clause twice, before and after.
	labelled bool
}

// redlineLabels returns the clauses text sets out, in order: multi-level
// ids at the start of a line outside fenced code and diff lines ("+ ",
// "− "), whose old and new versions share a number by design.
func redlineLabels(text string) []redlineLabel {
	var out []redlineLabel
	intro, introAge := "", 0
	labelAge := 99 // lines since the last "Current:"-style label line
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		if s == "" {
			return
		}
		labelAge++
		if strings.HasSuffix(strings.TrimRight(s, "*_ \t"), ":") && len(s) < 80 {
			labelAge = 0 // "Current text:", "**Proposed:**"
			return
		}
		if strings.HasPrefix(s, "\"") || strings.HasPrefix(s, "“") {
			// The current text, quoted: like the "Current:" and
			// "Proposed:" labels it stays under the clause heading above,
			// which still names the proposed clause below.
			return
		}
		introAge++
		if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "−") || strings.HasPrefix(s, "- ") {
			return
		}
		if m := doctext.MatchIf(doctext.StartsWithAny(s, "#*_CcSsAaPp"), clauseIntroRe, s); m != nil {
			intro, introAge = s[m[2]:m[3]], 0
			return
		}
		m := doctext.MatchIf(doctext.StartsWithAny(s, ">|<[{*_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), doctext.RedlineLabelRe, s)
		if m == nil || !strings.Contains(s[m[2]:m[3]], ".") {
			return
		}
		if strings.Trim(s[m[3]:], "*_. \t") == "" {
			intro, introAge = s[m[2]:m[3]], 0 // "**New clause 7.5**" alone: a heading over the clause
			return
		}
		at := l.Start + (len(raw) - len(strings.TrimLeft(raw, " \t")))
		lb := redlineLabel{id: s[m[2]:m[3]], start: at + m[2], end: at + m[3]}
		if introAge <= 1 {
			lb.intro = intro // the heading right above names the clause
		}
		lb.labelled = labelAge <= 1
		out = append(out, lb)
	})
	return out
}

// splitClauseID splits "9.3" into "9" and 3, "A.5" into "A" and 5,
// "C6.12" into "C6" and 12.
func splitClauseID(id string) (string, int) {
	i := strings.LastIndexByte(id, '.')
	n, err := strconv.Atoi(id[i+1:])
	if err != nil {
		return id, 0
	}
	return id[:i], n
}

// unchangedClauses returns the clause ids text says it leaves as they
// are: those named after "no changes to" up to the end of the clause, and
// the one named right before "as drafted" or "unchanged".
func unchangedClauses(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range unchangedAfterRe.FindAllStringIndex(text, -1) {
		e := doctext.SentenceEnd(text, m[1], len(text))
		if i := strings.IndexAny(text[m[1]:e], ";:()"); i >= 0 {
			e = m[1] + i
		}
		for _, id := range clauseIDRe.FindAllString(text[m[1]:e], -1) {
			out[id] = true
		}
	}
	for _, m := range unchangedBeforeRe.FindAllStringIndex(text, -1) {
		s := sentenceStart(text, m[0])
		if i := strings.LastIndexAny(text[s:m[0]], ";:"); i >= 0 {
			s += i + 1
		}
		if ids := clauseIDRe.FindAllString(text[s:m[0]], -1); len(ids) > 0 {
			out[ids[len(ids)-1]] = true
		}
	}
	return out
}

// redlineNumbering returns the numbering findings of a redline against
// its source.
func redlineNumbering(doc check.Document, idx *doctext.LineIndex) []check.Finding {
	text := doc.Text
	labels := redlineLabels(text)
	if len(labels) == 0 {
		return nil
	}
	var out []check.Finding
	report := func(lb redlineLabel, msg string) {
		out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
			Message: msg, Location: idx.Locate(lb.start, lb.end, text)})
	}
	src := map[string]bool{}
	srcLast := map[string]int{}
	if st := sourceText(doc); st != "" {
		for _, lb := range redlineLabels(st) {
			src[lb.id] = true
			p, n := splitClauseID(lb.id)
			srcLast[p] = max(srcLast[p], n)
		}
	}
	unchanged := unchangedClauses(text)
	first := map[string]int{}
	newLast := map[string]int{}
	for i, lb := range labels {
		p, n := splitClauseID(lb.id)
		if j, dup := first[lb.id]; dup && !lb.labelled && !labels[j].labelled {
			report(labels[j], fmt.Sprintf("clause %s is set out twice", lb.id))
			report(lb, fmt.Sprintf("clause %s is set out twice", lb.id))
			continue
		} else if !dup {
			first[lb.id] = i
		}
		if unchanged[lb.id] {
			report(lb, fmt.Sprintf("clause %s is set out, but the text says it is left unchanged", lb.id))
			continue
		}
		if ip, in := splitClauseID(lb.intro); lb.intro != "" && lb.intro != lb.id && ip == p && in != n {
			report(lb, fmt.Sprintf("clause numbered %s under the heading of clause %s", lb.id, lb.intro))
			continue
		}
		if len(src) == 0 || src[lb.id] || srcLast[p] == 0 {
			continue
		}
		// A clause the source lacks is new: it must come right after the
		// source's last sibling or the last new one.
		if next := max(srcLast[p], newLast[p]) + 1; n > next {
			report(lb, fmt.Sprintf("new clause %s skips numbers: the next free number is %s.%d", lb.id, p, next))
		}
		newLast[p] = max(newLast[p], n)
	}
	return out
}
