package text

import "testing"

// A phrase whose words are joined by ';' or '/' matches the text that
// writes it so: the text's words are read the same way.
func TestPhraseMatcherJoinedWords(t *testing.T) {
	pm := NewPhraseMatcher([]string{"tl;dr", "go/no-go", "next steps"})
	for h, want := range map[string]bool{"TL;DR": true, "Go/No-Go decision": true, "Next steps": true, "tl dr": true, "go no": false, "steps next": false} {
		if got := pm.Contains(h, WordSpans(h), len(h)); got != want {
			t.Errorf("%q: %v, want %v", h, got, want)
		}
	}
}
