package option_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/internal/option"
)

type config struct {
	n    int
	d    time.Duration
	errs []string
}

func (c *config) invalid(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

func TestNonNegative(t *testing.T) {
	var c config
	option.NonNegative("WithN", 3, func(c *config) *int { return &c.n }, (*config).invalid)(&c)
	option.NonNegative("WithD", time.Second, func(c *config) *time.Duration { return &c.d }, (*config).invalid)(&c)
	assert.Equal(t, 3, c.n)
	assert.Equal(t, time.Second, c.d)
	assert.Empty(t, c.errs)

	option.NonNegative("WithN", -2, func(c *config) *int { return &c.n }, (*config).invalid)(&c)
	option.NonNegative("WithD", -time.Millisecond, func(c *config) *time.Duration { return &c.d }, (*config).invalid)(&c)
	assert.Equal(t, 3, c.n, "a negative value is not set")
	assert.Equal(t, time.Second, c.d)
	assert.Equal(t, []string{"WithN(-2): must be >= 0", "WithD(-1ms): must be >= 0"}, c.errs)
}
