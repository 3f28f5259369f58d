package text

import (
	"strings"
)

// CollapseSpace trims s and turns every run of white space into one space.
func CollapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
