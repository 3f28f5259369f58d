package text

import (
	"embed"
	"fmt"
	"strings"
)

// data holds the embedded default word lists and patterns. Every list is
// written for evalopt; see the comment at the top of each file.
//
//go:embed data/*.txt
var data embed.FS

// LoadList returns the non-blank, non-comment lines of data/name.txt,
// trimmed. It panics only if the embedded file is missing, which is a build
// error, not a user input.
func LoadList(name string) []string {
	b, err := data.ReadFile("data/" + name + ".txt")
	if err != nil {
		panic(fmt.Sprintf("checks: embedded list %s: %v", name, err))
	}
	return ParseList(string(b))
}

// ParseList parses a word list in the format of the embedded data files: one
// entry per line, surrounding space trimmed, blank lines and lines starting
// with '#' ignored. Callers use it to load their own lists from files.
func ParseList(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out
}

// The default lists, loaded once. Exported accessors return copies so that a
// caller who appends to one cannot change the defaults.
var (
	DefaultHedges                = LoadList("hedges")
	DefaultDirectional           = LoadList("directional")
	DefaultUncertainty           = LoadList("uncertainty")
	DefaultPlaceholderTokens     = LoadList("placeholder_tokens")
	DefaultPlaceholderWords      = LoadList("placeholder_words")
	DefaultPlaceholderDirectives = LoadList("placeholder_directives")
	DefaultEvaluatorPhrases      = LoadList("evaluator_directed")
	DefaultEvaluatorPatterns     = LoadList("evaluator_patterns")
	DefaultBoilerplate           = LoadList("boilerplate")
	DefaultProperNames           = LoadList("proper_names")
)

func clone(ss []string) []string { return append([]string(nil), ss...) }

// HedgePhrases returns a copy of the default hedge list (data/hedges.txt).
func HedgePhrases() []string { return clone(DefaultHedges) }

// DirectionalPhrases returns a copy of the default directional-only fix
// list (data/directional.txt).
func DirectionalPhrases() []string { return clone(DefaultDirectional) }

// UncertaintyPhrases returns a copy of the default uncertainty-signal list
// (data/uncertainty.txt).
func UncertaintyPhrases() []string { return clone(DefaultUncertainty) }

// PlaceholderTokens returns a copy of the default bare placeholder tokens
// (data/placeholder_tokens.txt), matched case-sensitively.
func PlaceholderTokens() []string { return clone(DefaultPlaceholderTokens) }

// PlaceholderWords returns a copy of the default last words that make a
// bracketed Title Case phrase a fill-in field (data/placeholder_words.txt).
func PlaceholderWords() []string { return clone(DefaultPlaceholderWords) }

// PlaceholderDirectives returns a copy of the default first words that make
// a bracketed phrase a drafting instruction (data/placeholder_directives.txt).
func PlaceholderDirectives() []string { return clone(DefaultPlaceholderDirectives) }

// EvaluatorPhrases returns a copy of the default evaluator-directed phrases
// (data/evaluator_directed.txt).
func EvaluatorPhrases() []string { return clone(DefaultEvaluatorPhrases) }

// EvaluatorPatterns returns a copy of the default evaluator-directed regular
// expressions (data/evaluator_patterns.txt).
func EvaluatorPatterns() []string { return clone(DefaultEvaluatorPatterns) }

// ProperNames returns a copy of the default capitalised names that need no
// definition (data/proper_names.txt).
func ProperNames() []string { return clone(DefaultProperNames) }
