package uniq

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAppend(t *testing.T) {
	tests := []struct {
		name      string
		dst, vals []string
		want      []string
	}{
		{"nothing to add", []string{"a"}, nil, []string{"a"}},
		{"into nil", nil, []string{"a", "b"}, []string{"a", "b"}},
		{"skips what dst holds", []string{"a", "b"}, []string{"b", "c", "a"}, []string{"a", "b", "c"}},
		{"skips repeats within vals", nil, []string{"x", "x", "y", "x"}, []string{"x", "y"}},
		{"keeps duplicates already in dst", []string{"a", "a"}, []string{"a"}, []string{"a", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Append(tt.dst, tt.vals...))
		})
	}
}
