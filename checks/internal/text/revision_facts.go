package text

import (
	"strconv"
)

// FormatNum renders a value as a canonical key.
func FormatNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
