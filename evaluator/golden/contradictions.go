package golden

import "sort"

// contradictionGap is how many severity levels apart two agents' findings in
// one category must be to count as a contradiction (P0 against P2 or P3, P1
// against P3).
const contradictionGap = 2

// Contradiction is a pair of findings from two different agents, on the same
// contract and in the same category, whose severities are at least two
// levels apart (P0 against P2 or P3, P1 against P3).
type Contradiction struct {
	// Category is the shared category, normalised as MetricsOf normalises
	// categories.
	Category string `json:"category"`
	// AgentA is the first finding's agent (AgentA < AgentB).
	AgentA string `json:"agent_a"`
	// SeverityA is the first finding's severity.
	SeverityA SeverityLevel `json:"agent_a_severity"`
	// AgentB is the second finding's agent.
	AgentB string `json:"agent_b"`
	// SeverityB is the second finding's severity.
	SeverityB SeverityLevel `json:"agent_b_severity"`
	// Gap is the number of levels between the two severities (2 or 3).
	Gap int `json:"gap"`
}

// Contradictions finds cross-agent contradictions among several agents'
// findings on one contract. Categories are normalised as MetricsOf
// normalises them, then compared exactly (no synonyms); findings with an
// empty category or an unknown severity are left out, since they carry no
// severity to contradict; two findings of the same agent are never a
// contradiction. The result is sorted by category, then agent A, agent B,
// and finding order, with AgentA < AgentB.
func Contradictions(byAgent map[string][]AgentFinding) []Contradiction {
	type entry struct {
		agent string
		sev   SeverityLevel
	}
	agents := make([]string, 0, len(byAgent))
	for a := range byAgent {
		agents = append(agents, a)
	}
	sort.Strings(agents)
	byCategory := map[string][]entry{}
	for _, a := range agents {
		for _, f := range byAgent[a] {
			c := normalizeCategory(f.Category)
			if c == "" || !f.Severity.Valid() {
				continue
			}
			byCategory[c] = append(byCategory[c], entry{a, f.Severity})
		}
	}
	categories := make([]string, 0, len(byCategory))
	for c := range byCategory {
		categories = append(categories, c)
	}
	sort.Strings(categories)
	var out []Contradiction
	for _, c := range categories {
		es := byCategory[c] // grouped by agent in sorted order
		for i := range es {
			for j := i + 1; j < len(es); j++ {
				if es[i].agent == es[j].agent {
					continue
				}
				gap := es[i].sev.Level() - es[j].sev.Level()
				if gap < 0 {
					gap = -gap
				}
				if gap >= contradictionGap {
					out = append(out, Contradiction{Category: c, AgentA: es[i].agent, SeverityA: es[i].sev,
						AgentB: es[j].agent, SeverityB: es[j].sev, Gap: gap})
				}
			}
		}
	}
	return out
}
