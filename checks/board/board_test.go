package board

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

const boardJSON = `[
{"category":"Liability","severity":"P1","title":"Uncapped indemnity for IP claims","description":"...","citations":[{"source_path":"msa.md","location":"Section 9.2","exact_quote":"..."}]},
{"category":"Termination","severity":"P2","title":"Termination for convenience on 10 days notice","description":"..","citations":[]},
{"category":"Data Protection","severity":"P3","title":"Sub-processor list not attached","description":"..","citations":[]}]`

func boardDoc(content string) check.Document {
	return check.Document{Evidence: []evaluator.Evidence{{ID: "board", Content: content, Metadata: map[string]string{evaluator.EvidenceKindKey: DefaultKind}}}}
}

func TestBoardMismatch(t *testing.T) {
	c := checktest.Must(New(Config{}))
	headings := func(sev1, sev2 string) string {
		return "# Memo\n\n## Findings\n\n### F1 — Uncapped indemnity for IP claims (" + sev1 + ")\nSection 9.2 leaves it uncapped.\n\n" +
			"### F2 — Termination for convenience (" + sev2 + ")\nTen days.\n\n### F3 — Sub-processor list missing (Low)\nNot attached.\n"
	}
	tests := []struct{ name, text string }{
		{"agree, severities in words", headings("High", "Medium")},
		{"critical for a P1 is the same band", headings("Critical", "Moderate")},
		{"contradiction", headings("⟦Low⟧{findings.board_mismatch}", "Medium")},
		{"missing", "# Memo\n\n## Findings\n\n### F1 — Uncapped indemnity for IP claims (High)\nSection 9.2.\n\n⟦### F3 — Sub-processor list missing (Low)⟧{findings.board_mismatch}\nNot attached.\n"},
		{"presented, never posted", "## Findings\n\n| # | Finding | Severity |\n|---|---|---|\n| F1 | Uncapped indemnity for IP claims | High |\n| F2 | Termination for convenience on 10 days | Medium |\n| F3 | Sub-processor list not attached | Low |\n⟦| F4 | Auto-renewal with a 90-day window | Medium |⟧{findings.board_mismatch}\n"},
		{"bold-led paragraphs", "## Problems\n\n**1. Uncapped indemnity for IP claims — ⟦medium⟧{findings.board_mismatch}.** Section 9.2.\n\n**2. Termination for convenience — medium.** Ten days.\n\n**3. Sub-processor list not attached — low.** Missing.\n"},
		{"a second presentation disagrees", "## Findings\n\n| # | Finding | Severity |\n|---|---|---|\n| F1 | Uncapped indemnity for IP claims | High |\n| F2 | Termination for convenience on 10 days | Medium |\n| F3 | Sub-processor list not attached | Low |\n\n**F1 — Uncapped indemnity for IP claims (⟦Low⟧{findings.board_mismatch}).** Section 9.2.\n"},
		{"prose", "The indemnity for IP claims is uncapped (Section 9.2), a high-risk point. Termination for convenience needs only 10 days notice, a medium risk. The sub-processor list is not attached: severity low.\n"},
		{"id-led lines under a marked heading", "■ Scope\n- In: the indemnity and termination clauses.\n\n■ Findings\n\nF1. Uncapped indemnity for IP claims — ⟦Medium⟧{findings.board_mismatch} (P2)\nSection 9.2.\n\nF2. Termination for convenience — Medium (P2)\nTen days.\n\nF3. Sub-processor list not attached — Low (P3)\nMissing.\n"},
		{"a remediation table restates fixes", "## Findings\n\n### F1 — Uncapped indemnity for IP claims (High)\n\n### F2 — Termination for convenience (Medium)\n\n### F3 — Sub-processor list not attached (Low)\n\n## Remediation summary\n\n| ID | Severity | Fix | Retest |\n|---|---|---|---|\n| F1 | High | cap at USD 2m and carve out wilful default | before signing |\n| F2 | Medium | 90 days' notice | next draft |\n"},
		{"a findings table under a findings heading still presents", "## Findings summary\n\n| # | Finding | Severity |\n|---|---|---|\n| F1 | Uncapped indemnity for IP claims | High |\n| F2 | Termination for convenience on 10 days | Medium |\n| F3 | Sub-processor list not attached | Low |\n⟦| F4 | Auto-renewal with a 90-day window | Medium |⟧{findings.board_mismatch}\n"},
		{"recommendations do not present findings", "## Findings\n\n### F1 — Uncapped indemnity for IP claims (High)\n\n### F2 — Termination for convenience (Medium)\n\n### F3 — Sub-processor list not attached (Low)\n\n## Recommendations\n\n1. **Indemnity (High).** Cap the IP indemnity at USD 2m.\n2. **Renewal (Medium).** Shorten the notice window.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checktest.Run(t, c, boardDoc(boardJSON), tt.text)
		})
	}
}

func TestParsePosted(t *testing.T) {
	for _, tt := range []struct {
		name, content string
		n             int
	}{
		{"array", boardJSON, 3},
		{"object", `{"run":"x","findings":` + boardJSON + `}`, 3},
		{"json lines", `{"category":"a","severity":"P1","title":"one thing"}` + "\n" + `{"category":"b","severity":"P2","title":"another thing"}`, 2},
		{"empty", "  ", 0},
	} {
		ps, err := parsePosted(tt.content)
		if err != nil || len(ps) != tt.n {
			t.Errorf("%s: %d findings, err %v; want %d", tt.name, len(ps), err, tt.n)
		}
	}
	for _, bad := range []string{`{"run":"x"}`, `[{"title": 3}]`, "{\"title\":\"a\"}\n{oops", strings.Repeat(" ", maxPostedBytes+1)} {
		if _, err := parsePosted(bad); err == nil {
			t.Errorf("%.40q: no error", bad)
		}
	}
	c := checktest.Must(New(Config{}))
	fs := c.Check(func() check.Document { d := boardDoc(`[{"title": 3}]`); d.Text = "Findings."; return d }())
	if len(fs) != 1 || fs[0].Severity != check.SeverityWarn || !strings.Contains(fs[0].Message, "cannot be read") {
		t.Errorf("unreadable board: %v", checktest.Rules(fs))
	}
}

func TestConfig(t *testing.T) {
	if _, err := New(Config{Kinds: []string{""}}); err == nil || !errors.Is(err, evaluator.ErrInvalidOption) {
		t.Errorf("err = %v", err)
	}
	c := checktest.Must(New(Config{Kinds: []string{"posted"}}))
	if fs := c.Check(boardDoc(boardJSON)); len(fs) != 0 {
		t.Errorf("a board of another kind was read: %v", checktest.Rules(fs))
	}
}

// A grade on the line under a card's heading, after a status mark, rates
// the card.
func TestBoardCardGrades(t *testing.T) {
	c := checktest.Must(New(Config{}))
	text := "### Card 1 — Uncapped indemnity for IP claims\n❌ **⟦Low⟧{findings.board_mismatch}**\n\nSection 9.2.\n\n### Card 2 — Termination for convenience on 10 days notice\n⚠️ **Medium**\n\nTen days.\n\n### Card 3 — Sub-processor list not attached\n✅ **Low**\n\nMissing.\n"
	checktest.Run(t, c, boardDoc(boardJSON), text)
}

// A scale's legend ("P0 = critical, P1 = high") rates nothing.
func TestBoardLegendIsNoRating(t *testing.T) {
	legend := "- **findings_board:** 4 posted (P0 = critical, P1 = high)"
	if r, ok := ratingIn(legend, 0, len(legend)); ok {
		t.Errorf("legend read as rating %v", r)
	}
	if item := "F2 — IDOR (P1)"; func() bool { _, ok := ratingIn(item, 0, len(item)); return !ok }() {
		t.Error("a bracketed priority is a rating")
	}
	for _, scale := range []string{"3. Posted all four findings to the board (P0–P3 as in RoE)", "ranked P1 to P3 by the board"} {
		if r, ok := ratingIn(scale, 0, len(scale)); ok {
			t.Errorf("%q: a range of levels read as rating %v", scale, r)
		}
	}
}

// A line that gives the whole text's status ("**Status: AMBER** — …")
// presents no finding; a finding's own labelled line does.
func TestStatusLineIsNoItem(t *testing.T) {
	for _, s := range []string{"**Status: AMBER** — the CLA is usable", "Overall rating: Red", "Verdict: GREEN — ship it"} {
		if !statusLine(s) {
			t.Errorf("%q not read as a status line", s)
		}
	}
	for _, s := range []string{"F1 — Status page leaks tokens (High)", "**Statutory cap** — Medium", "Status codes: 200 on every route"} {
		if statusLine(s) {
			t.Errorf("%q read as a status line", s)
		}
	}
}
