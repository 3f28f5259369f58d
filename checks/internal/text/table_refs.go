package text

import (
	"strings"
)

// SeparatorRow reports whether s is a table's header separator ("|---|:-:|").
func SeparatorRow(s string) bool {
	return strings.Trim(s, "|-: \t") == "" && strings.Contains(s, "-")
}

// RowCellTexts splits a table row into its trimmed cells.
func RowCellTexts(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	row = strings.TrimSuffix(row, "|")
	cells := strings.Split(row, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}
