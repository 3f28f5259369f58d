package tool

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// unavailablePhrases say a tool gave no result the text could use.
var unavailablePhrases = doctext.NewPhraseMatcher([]string{
	"unavailable", "not available", "timed out", "errored", "returned an error", "threw an error", "did not return",
	"didn't return", "failed to run", "failed to return", "failed to respond", "failed to load", "call failed",
	"request failed", "run failed", "could not be run", "couldn't be run", "could not run", "could not reach",
	"no output", "not run", "no result", "no results", "own estimate", "my estimate", "our estimate",
	"estimated manually", "manual estimate", "was down", "is down", "went down", "not reachable", "unreachable",
})

// toolWords name a tool without naming which.
var toolWords = map[string]bool{"tool": true, "tools": true, "scanner": true, "scorer": true, "checker": true,
	"api": true, "lookup": true, "calculator": true, "integration": true}

// recKey names one record of one output.
type recKey struct {
	out *output
	rec int
}

// unavailableIn returns the records the text says gave no usable result:
// those of the tools a sentence with an unavailable phrase ("timed out",
// "my own estimate") names by name or evidence id, or of every tool when
// it names none but a tool word ("the tool was unavailable") — and of
// those, only the records whose subject the sentence names when it names
// any ("the T4 suite did not run").
func (o *outputs) unavailableIn(text string, ws []doctext.Span) map[recKey]bool {
	out := map[recKey]bool{}
	n := 0
	unavailablePhrases.Find(text, ws, len(text), func(s, e int) {
		if n++; n > maxOccurrences {
			return
		}
		ss, se := doctext.SentenceAround(text, s, e, 300)
		ctx := strings.ToLower(text[ss:se])
		tools := o.namedTools(ctx)
		if len(tools) == 0 && !hasToolWord(ctx) {
			return
		}
		if len(tools) == 0 {
			tools = o.tools
		}
		named := o.named(ctx)
		for _, t := range tools {
			for ri, r := range t.out.records {
				k := recKey{t.out, ri}
				if r.tool == t.name && (len(named) == 0 || named[k]) {
					out[k] = true // the records the sentence names, or all the tool's
				}
			}
		}
	})
	return out
}

// hasToolWord reports whether ctx (lower-cased) holds a tool word.
func hasToolWord(ctx string) bool {
	for _, w := range strings.FieldsFunc(ctx, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if toolWords[w] {
			return true
		}
	}
	return false
}
