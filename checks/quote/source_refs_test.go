package quote

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSourceAnchoredAfter(t *testing.T) {
	text := `Agents and "approved sub-processors" may see everything (clause 8). Then "a quiet word" was had. Later.`
	assert.True(t, sourceAnchoredAfter(text, len(`Agents and "approved sub-processors"`)))
	assert.False(t, sourceAnchoredAfter(text, len(`Agents and "approved sub-processors" may see everything (clause 8). Then "a quiet word"`)))
}
