package quote

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnmarkRedline(t *testing.T) {
	assert.Equal(t, "The Supplier shall use reasonable endeavours to deliver.",
		UnmarkRedline("The Supplier shall ~~use reasonable endeavours to~~ **promptly** deliver."))
	assert.Equal(t, "fees are due in 30 days.", UnmarkRedline("fees are due in [deleted: 30] [inserted: 45] days."))
	assert.Equal(t, "plain text", UnmarkRedline("plain text"))
}
