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

// unavailableIn returns the outputs the text says gave no usable result:
// a sentence with an unavailable phrase ("timed out", "my own estimate")
// that names the tool or its evidence id, or that names no tool but a
// tool word ("the tool was unavailable"), which then covers every output.
func (o *outputs) unavailableIn(text string, ws []doctext.Span) map[*output]bool {
	out := map[*output]bool{}
	n := 0
	unavailablePhrases.Find(text, ws, len(text), func(s, e int) {
		if n++; n > maxOccurrences {
			return
		}
		ss, se := doctext.SentenceAround(text, s, e, 300)
		ctx := strings.ToLower(text[ss:se])
		named := o.namedTools(ctx)
		for _, t := range named {
			out[t] = true
		}
		if len(named) == 0 {
			for _, w := range strings.FieldsFunc(ctx, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
				if toolWords[w] {
					for _, t := range o.list {
						out[t] = true
					}
					return
				}
			}
		}
	})
	return out
}
