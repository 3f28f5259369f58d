package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUsage(t *testing.T) {
	code, out, errOut := invoke(t)
	assert.Equal(t, exitBadInput, code, "no command is bad input")
	assert.Empty(t, out)
	assert.Contains(t, errOut, "usage: evalopt COMMAND")

	code, out, errOut = invoke(t, "lint", "x")
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `evalopt: unknown command "lint"`)

	code, out, _ = invoke(t, "help")
	assert.Equal(t, exitPass, code)
	for _, c := range []string{"check", "gate", "report", "case"} {
		assert.Contains(t, out, "\n  "+c+" ")
	}
	for _, c := range []string{"check", "gate", "report", "case"} {
		code, out, _ = invoke(t, "help", c)
		assert.Equal(t, exitPass, code, c)
		assert.Contains(t, out, "-", c)
	}
	code, out, _ = invoke(t, "help", "check")
	assert.Equal(t, exitPass, code)
	assert.Contains(t, out, "-requirements FILE")
	code, _, errOut = invoke(t, "check", "-h")
	assert.Equal(t, exitPass, code, "asking for help is not an error")
	assert.Contains(t, errOut, "usage: evalopt check")
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	assert.Nil(t, newProgress(&b, "checking"), "a buffer is no terminal")
	var none *progress
	none.report(1, 2, "x") // a nil progress shows nothing and does not panic
	none.done()

	p := &progress{w: &b, label: "checking"}
	p.report(0, 2, "a.md")
	p.report(1, 2, strings.Repeat("b", 100))
	p.done()
	p.done()
	assert.Equal(t, "\rchecking 0/2 a.md\x1b[K\rchecking 1/2 "+strings.Repeat("b", 60)+"…\x1b[K\r\x1b[K", b.String())
}
