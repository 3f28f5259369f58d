package text

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/evalopt/evalopt/evaluator"
)

// ConfigError is the error a check constructor returns for a field of its
// config out of range: an *evaluator.FieldError naming the field
// ("RecommendationConfig.MaxNonActionable"), matching
// evaluator.ErrInvalidOption, like every configuration error in the module.
func ConfigError(field, format string, args ...any) error {
	return fmt.Errorf("checks: %w", &evaluator.FieldError{
		Field: field, Problem: fmt.Sprintf(format, args...), Err: evaluator.ErrInvalidOption})
}

// CheckPhrases reports the first entry of a phrase list that holds no word
// (empty, blank or only dashes): it could never match, so it is a mistake
// in the list, not a phrase to skip silently.
func CheckPhrases(field string, list []string) error {
	for i, p := range list {
		if len(strings.FieldsFunc(p, func(r rune) bool { return unicode.IsSpace(r) || r == '-' })) == 0 {
			return ConfigError(fmt.Sprintf("%s[%d]", field, i), "no word in the phrase")
		}
	}
	return nil
}
