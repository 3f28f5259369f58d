package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/stretchr/testify/assert"
)

const xrefDoc = `# Agreement

## 1. Definitions

1.1 Terms. See Section 2 and Sections 2.1(a) and 2.1(b)(ii).

## 2. Services

2.1 Scope. The Supplier shall:

(a) do one thing;

(b) do another:

    (i) first;

    (ii) second.

2.2 Fees. As set out in Schedule 1 and Exhibit A, and Section 3 of Exhibit A.

## 3. General

Section 5 of the Supply Agreement, Section 409A of the Code and Article 28 of the GDPR apply. Section 2.2 of this Agreement governs.

# Exhibit A – Statement of Work

## 1. Scope

## 2. Deliverables

## 3. Acceptance

See Section 1 and Section 2.2 (body).

# Schedule 1 – Fees

Fees.
`

func TestXrefCleanDocument(t *testing.T) {
	got := NewXrefCheck().Check(check.Document{Text: xrefDoc})
	assert.Empty(t, got)
}

func TestXrefDefects(t *testing.T) {
	tests := []struct {
		name string
		text string
		rule string
		want string
	}{
		{"dangling section", xrefDoc + "\nSee Section 14.3.\n", RuleDanglingRef, "Section 14.3"},
		{"dangling second of list", xrefDoc + "\nSee Sections 2.1 and 9.9.\n", RuleDanglingRef, "9.9"},
		{"dangling subclause", xrefDoc + "\nSee Section 2.1(c).\n", RuleDanglingRef, "Section 2.1(c)"},
		{"dangling exhibit", xrefDoc + "\nSee Exhibit C.\n", RuleDanglingRef, "Exhibit C"},
		{"dangling in attachment scope", xrefDoc + "\nSee Section 4 of Exhibit A.\n", RuleDanglingRef, "Section 4"},
		{"orphan schedule", xrefDoc + "\n# Schedule 2 – Service Levels\n", RuleOrphanLabel, "Schedule 2"},
		{"gap", "## 1. A\n\n## 2. B\n\n## 4. D\n", RuleNumberingGap, "4"},
		{"subsection gap", "## 1. A\n\n1.1 X. a\n\n1.3 Y. b\n", RuleNumberingGap, "1.3"},
		{"letter gap", "## 1. A\n\n1.1 X:\n\n(a) one\n\n(c) three\n", RuleNumberingGap, "(c)"},
		{"duplicate", "## 1. A\n\n## 2. B\n\n## 2. C\n", RuleDuplicateLabel, "2"},
		{"attachment gap", "See Exhibit A and Exhibit C.\n\n# Exhibit A\n\n# Exhibit C\n", RuleNumberingGap, "Exhibit C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewXrefCheck().Check(check.Document{Text: tt.text})
			if assert.Len(t, got, 1, "%v", got) {
				assert.Equal(t, tt.rule, got[0].Rule)
				assert.Equal(t, tt.want, got[0].Location.Text)
			}
		})
	}
}

func TestXrefAgainstSource(t *testing.T) {
	memo := "## Findings\n\n- Section 2.1(b) and Schedule 1 cap liability; Section 9.9 is missing.\n"
	// Without a source and with no labels of its own, the memo's references
	// point to another document and are not checked.
	assert.Empty(t, NewXrefCheck().Check(check.Document{Text: memo}))
	got := NewXrefCheck().Check(check.Document{Text: memo, SourceText: xrefDoc})
	if assert.Len(t, got, 1) {
		assert.Equal(t, RuleDanglingRef, got[0].Rule)
		assert.Equal(t, "Section 9.9", got[0].Location.Text)
	}
}

func TestXrefStatuteNumbers(t *testing.T) {
	text := "## 1. Tax\n\n1.1 Losses are subject to Section 382 limitations.\n\n1.2 See Section 9.\n\n## 2. Other\n"
	got := NewXrefCheck().Check(check.Document{Text: text})
	assert.Equal(t, []string{RuleDanglingRef + "=Section 9"}, checktest.Rules(got), "382 is a statute; 9 is a missing section")
}
