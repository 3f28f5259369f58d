package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/stretchr/testify/assert"
)

func TestListNumberingCheck(t *testing.T) {
	got := func(text string) []string {
		var out []string
		for _, f := range NewListNumberingCheck().Check(check.Document{Text: text}) {
			out = append(out, f.Location.Text)
		}
		return out
	}
	assert.Equal(t, []string{"4"}, got("Steps:\n\n1. Ask.\n2. Wait.\n4. Pay.\n"))
	assert.Empty(t, got("1. Ask.\n1. Wait.\n1. Pay.\n"), "lazy Markdown numbering")
	assert.Empty(t, got("1. Ask.\n2. Wait.\n\nSome text.\n\n5. Restarted list.\n"), "a paragraph ends a list")
	assert.Empty(t, got("1. Ask.\n   1. sub\n   2. sub\n2. Wait.\n"), "nested lists keep their own count")
}
