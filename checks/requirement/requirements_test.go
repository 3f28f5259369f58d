package requirement

import (
	"context"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequirementCheck(t *testing.T) {
	receipt := evaluator.Evidence{ID: "r1", Content: "receipt", Metadata: map[string]string{evaluator.EvidenceKindKey: "receipt"}}
	tests := []struct {
		name     string
		req      evaluator.Requirement
		evidence []evaluator.Evidence
		text     string
		want     []string // matched texts of the findings
	}{
		{"needs missing", evaluator.Requirement{Name: "refund_needs_receipt", When: `(?i)refund`, Needs: []string{"receipt", "invoice"}}, nil,
			"We will refund you in full.", []string{"refund"}},
		{"needs held", evaluator.Requirement{Name: "refund_needs_receipt", When: `(?i)refund`, Needs: []string{"receipt"}}, []evaluator.Evidence{receipt},
			"We will refund you in full.", nil},
		{"does not apply", evaluator.Requirement{Name: "refund_needs_receipt", When: `(?i)refund`, Needs: []string{"receipt"}}, nil,
			"Thanks for your message.", nil},
		{"must missing at the when match", evaluator.Requirement{Name: "state_window", When: `(?i)return`, Must: `\b30 days\b`}, nil,
			"You may return the item.", []string{"return"}},
		{"must present", evaluator.Requirement{Name: "state_window", When: `(?i)return`, Must: `\b30 days\b`}, nil,
			"You may return the item within 30 days.", nil},
		{"always-on must, document level", evaluator.Requirement{Name: "sign_off", Must: `(?m)^Kind regards`}, nil,
			"Hello.\nBye.", []string{""}},
		{"forbidden text, every match", evaluator.Requirement{Name: "no_delivery_promise", When: `(?i)\bwill arrive (?:by|on) \w+`}, nil,
			"It will arrive by Friday. The spare will arrive on Monday.", []string{"will arrive by Friday", "will arrive on Monday"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := check.NewSuite([]check.Check{NewRequirementCheck()})
			require.NoError(t, err)
			task := evaluator.Task{ID: "t", Evidence: tt.evidence, Requirements: []evaluator.Requirement{tt.req}}
			fs, err := s.Findings(context.Background(), task, tt.text)
			require.NoError(t, err)
			var got []string
			for _, f := range fs {
				assert.Equal(t, RuleRequirement+"."+tt.req.Name, f.Rule)
				assert.Equal(t, check.SeverityBlock, f.Severity)
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
			d := s.Decide(fs)
			if len(tt.want) > 0 {
				assert.Equal(t, evaluator.StatusBlock, d.Status)
				assert.Contains(t, d.BlockingFailures, tt.req.Name, "the blocking failure is the requirement's name")
			}
		})
	}
}
