package evaluator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExtractJSON(t *testing.T) {
	tests := []struct {
		name       string
		raw        string
		wantBody   string
		wantOffset int
		wantErr    string
	}{
		{"bare", `{"a":1}`, `{"a":1}`, 0, ""},
		{"leading space", "  \n{\"a\":1}", `{"a":1}`, 3, ""},
		{"fence", "x\n```json\n{\"a\":1}\n```\ny", "{\"a\":1}\n", 10, ""},
		{"fence with space before object", "```\n  {}\n```", "{}\n", 6, ""},
		{"after prose", "hello\n{}", "{}", 6, ""},
		{"brace inside prose line is not JSON", "use {x} here", "", 0, "no JSON object found"},
		{"empty", "", "", 0, "empty reply"},
		{"fence never closed", "```json\n{}", "", 0, "not closed"},
		{"fence without newline", "```{}```", "", 0, "holds no content"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, off, err := ExtractJSON([]byte(tt.raw))
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.ErrorIs(t, err, ErrInvalidDecision)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantBody, string(body))
			assert.Equal(t, tt.wantOffset, off)
			assert.Equal(t, tt.raw[off:off+len(body)], string(body), "body is a slice of raw at offset")
		})
	}
}
