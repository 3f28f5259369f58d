package revision

import (
	"os"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/require"
)

// TestRevisionGuardContractMutations revises a real-sized contract against
// itself as the source: every single fact replaced by a value the source
// does not state is caught, and faithful edits that leave the facts alone
// are not flagged.
func TestRevisionGuardContractMutations(t *testing.T) {
	raw, err := os.ReadFile(checktest.Testdata("contract_clean.md"))
	require.NoError(t, err)
	doc := string(raw)
	g := NewRevisionGuard(RevisionGuardConfig{SourceText: doc})
	task := evaluator.Task{Input: "Redline the agreement."}
	fresh := map[FactKind]string{
		FactAmount:    "USD 987,654.32",
		FactNumber:    "8731",
		FactDate:      "December 31, 2099",
		FactQuotation: `"the Parties shall never comply with anything"`,
		FactReference: "Section 97.3",
	}
	facts := extractFacts(doc, newFactsOptions(nil))
	counts := map[FactKind]int{}
	missed := 0
	seen := map[FactKind]int{}
	for _, f := range facts {
		repl, ok := fresh[f.kind]
		if !ok {
			continue
		}
		if ls := strings.LastIndexByte(doc[:f.start], '\n') + 1; strings.TrimLeft(doc[ls:f.start], "# ") == "" && strings.HasPrefix(doc[ls:], "#") {
			// A heading renamed ("# Exhibit A" to "# Section 97.3") defines
			// the label it names: not a reference to verify.
			continue
		}
		// A sample of the numbers, amounts and references keeps the test
		// quick; every quotation and date runs. Under -race, which runs the
		// guard ten times slower, a sparser sample of each kind runs, and
		// under -race -short (the local test command) half that again,
		// still every kind.
		seen[f.kind]++
		every := map[FactKind]int{FactNumber: 8, FactAmount: 2, FactReference: 2}[f.kind]
		switch {
		case raceEnabled && testing.Short():
			every = map[FactKind]int{FactNumber: 96, FactAmount: 24, FactReference: 24, FactQuotation: 8, FactDate: 2}[f.kind]
		case raceEnabled:
			every = map[FactKind]int{FactNumber: 48, FactAmount: 12, FactReference: 12, FactQuotation: 4}[f.kind]
		}
		if every > 1 && seen[f.kind]%every != 0 {
			continue
		}
		next := doc[:f.start] + repl + doc[f.end:]
		caught := false
		for _, fd := range g.Findings(task, doc, next) {
			if fd.Rule == RuleRevisionUnsupported && fd.Location.Start < f.start+len(repl) && fd.Location.End > f.start {
				caught = true
			}
		}
		counts[f.kind]++
		if !caught {
			missed++
			t.Errorf("%s %q -> %q not caught", f.kind, doc[f.start:f.end], repl)
		}
	}
	t.Logf("contract mutations: %v, missed %d", counts, missed)
	require.Greater(t, len(facts), 50)

	// Edits outside quotations: a quotation's wording is a fact.
	outside := func(old, repl string) string {
		var b strings.Builder
		at := 0
		for _, q := range text.QuotedSpans(doc, 0, len(doc)) {
			b.WriteString(strings.ReplaceAll(doc[at:q.Start], old, repl))
			b.WriteString(doc[q.Start:q.End])
			at = q.End
		}
		b.WriteString(strings.ReplaceAll(doc[at:], old, repl))
		return b.String()
	}
	faithful := map[string]string{
		"modal verbs":        outside(" shall ", " will "),
		"reflowed":           strings.ReplaceAll(doc, ". ", ".\n"),
		"headings demoted":   strings.ReplaceAll(doc, "\n## ", "\n### "),
		"parties renamed":    outside("Supplier", "the Provider"),
		"emphasis":           outside("Customer Data", "**Customer Data**"),
		"first part dropped": doc[strings.Index(doc, "## 2. Services"):],
	}
	for name, next := range faithful {
		var problems []string
		for _, fd := range g.Findings(task, doc, next) {
			problems = append(problems, fd.Rule+": "+fd.Message)
		}
		if name == "first part dropped" {
			// Dropping text drops supported facts: flagged, never blocked.
			for _, p := range problems {
				require.True(t, strings.HasPrefix(p, RuleRevisionDropped), "%s: %s", name, p)
			}
			continue
		}
		require.Empty(t, problems, name)
	}
}
