package structure

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseClauses: whatever the list, ParseClauses never panics; an error
// matches ErrClauseList; every clause it returns has a name and phrases
// with no surrounding space.
func FuzzParseClauses(f *testing.F) {
	f.Add("governing law: governed by; governing law\n# comment\n\nnotices: notice")
	f.Add("no colon here")
	f.Add(": phrase")
	f.Add("name:")
	f.Add("a: ;;")
	f.Fuzz(func(t *testing.T, text string) {
		cs, err := ParseClauses(text)
		if err != nil {
			if !errors.Is(err, ErrClauseList) {
				t.Fatalf("error does not match ErrClauseList: %v", err)
			}
			return
		}
		for i, c := range cs {
			if strings.TrimSpace(c.Name) == "" {
				t.Fatalf("clause %d has no name", i)
			}
			for _, p := range c.Phrases {
				if p == "" || strings.TrimSpace(p) != p {
					t.Fatalf("clause %d has phrase %q", i, p)
				}
			}
		}
	})
}
