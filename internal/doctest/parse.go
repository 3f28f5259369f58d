package doctest

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// MaxFileBytes bounds the Markdown file Parse reads: a guide is tens of
// kilobytes; anything near this size is not a document.
const MaxFileBytes = 4 << 20

// maxErrors bounds the problems Parse lists for one file; the rest are
// counted.
const maxErrors = 20

// Mode says what becomes of a block.
type Mode int

const (
	// Complete is a whole Go file, compiled as it is.
	Complete Mode = iota
	// Fragment is compiled inside its preamble.
	Fragment
	// Skipped is not compiled here (go:nocompile, adopt:snippet).
	Skipped
)

// Block is one fenced Go block of a Markdown file.
type Block struct {
	// File is the Markdown file's name as given to Parse.
	File string
	// Line is the 1-based line of the block's first line of code (the line
	// after the opening fence).
	Line int
	// Mode says how the block is compiled.
	Mode Mode
	// Preamble is the preamble a fragment is compiled in.
	Preamble *Preamble
	// Reason is why a skipped block is skipped.
	Reason string
	// Code is the block's text, its fence's indentation removed.
	Code string
}

// Preamble is a Go file declared in a go:preamble comment, with the line
// "..." where a fragment goes.
type Preamble struct {
	// Name is how go:use markers refer to it.
	Name string
	// Line is the 1-based line of its first line of code (the line after
	// "<!-- go:preamble NAME").
	Line int
	// Before and After are its lines above and below the "..." line.
	Before, After []string
}

// marker is a one-line marker waiting for the fence below it.
type marker struct {
	line int
	kind string // "use", "nocompile", "adopt"
	arg  string
}

// mdParser holds the state of one Parse.
type mdParser struct {
	file      string
	lines     []string
	i         int // index of the line being read
	preambles map[string]*Preamble
	blocks    []Block
	uses      map[int]marker // fragments (by index in blocks) waiting for their preamble
	pending   *marker
	errs      []string
	dropped   int
}

// Parse reads a Markdown file and returns its Go blocks in order. It
// returns an error listing every problem, each with its line: a fragment
// with no marker, a marker with no Go block below it, an unknown or
// duplicate preamble, a preamble without its "..." line, an unterminated
// fence or comment. The error lists at most 20 problems and counts the rest.
func Parse(file string, data []byte) ([]Block, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a document may hold", file, len(data), MaxFileBytes)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	p := &mdParser{
		file:      file,
		lines:     strings.Split(text, "\n"),
		preambles: map[string]*Preamble{},
		uses:      map[int]marker{},
	}
	for p.i < len(p.lines) {
		p.line()
	}
	p.flushPending()
	p.resolve()
	if len(p.errs) > 0 {
		msg := strings.Join(p.errs, "\n")
		if p.dropped > 0 {
			msg += fmt.Sprintf("\n... and %d more problems", p.dropped)
		}
		return nil, errors.New(msg)
	}
	return p.blocks, nil
}

// errorf records a problem at the 1-based line n.
func (p *mdParser) errorf(n int, format string, args ...any) {
	if len(p.errs) >= maxErrors {
		p.dropped++
		return
	}
	p.errs = append(p.errs, fmt.Sprintf("%s:%d: %s", p.file, n, fmt.Sprintf(format, args...)))
}

// line reads the line at p.i and whatever it opens (a fence, a comment).
func (p *mdParser) line() {
	raw := p.lines[p.i]
	n := p.i + 1
	trimmed := strings.TrimSpace(raw)
	switch {
	case trimmed == "":
		p.i++
	case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
		p.fence(raw)
	case strings.HasPrefix(trimmed, "<!-- go:preamble"):
		p.flushPending()
		p.preamble(trimmed)
	case strings.HasPrefix(trimmed, "<!-- go:") || strings.HasPrefix(trimmed, "<!-- adopt:snippet"):
		p.flushPending()
		p.marker(trimmed, n)
		p.i++
	default:
		p.flushPending()
		p.i++
	}
}

// flushPending reports a marker that no Go block followed.
func (p *mdParser) flushPending() {
	if p.pending != nil {
		p.errorf(p.pending.line, "go:%s marker with no ```go block right below it", p.pending.kind)
		p.pending = nil
	}
}

// marker reads a one-line marker comment.
func (p *mdParser) marker(trimmed string, n int) {
	body, ok := strings.CutSuffix(trimmed, "-->")
	if !ok {
		p.errorf(n, "a marker comment must end on its line with -->")
		return
	}
	body = strings.TrimSpace(strings.TrimPrefix(body, "<!--"))
	verb, arg, _ := strings.Cut(body, " ")
	arg = strings.TrimSpace(arg)
	switch verb {
	case "go:use":
		if arg == "" || strings.ContainsAny(arg, " \t") {
			p.errorf(n, "go:use wants one preamble name, got %q", arg)
			return
		}
		p.pending = &marker{line: n, kind: "use", arg: arg}
	case "go:nocompile":
		if arg == "" {
			p.errorf(n, "go:nocompile wants a reason (why the block cannot compile here)")
			return
		}
		p.pending = &marker{line: n, kind: "nocompile", arg: arg}
	case "adopt:snippet":
		p.pending = &marker{line: n, kind: "adopt", arg: "compiled by .ci/adopt in a module of its own (" + arg + ")"}
	default:
		p.errorf(n, "unknown marker %q (want go:use, go:nocompile or go:preamble)", verb)
	}
}

// preamble reads a go:preamble comment up to its closing -->.
func (p *mdParser) preamble(trimmed string) {
	start := p.i + 1
	name := strings.TrimSpace(strings.TrimPrefix(trimmed, "<!-- go:preamble"))
	p.i++
	if name == "" || strings.ContainsAny(name, " \t") || strings.Contains(name, "-->") {
		p.errorf(start, "go:preamble wants one name on its line and the code below it, got %q", name)
	}
	var body []string
	for ; p.i < len(p.lines); p.i++ {
		if strings.TrimSpace(p.lines[p.i]) == "-->" {
			p.i++
			p.addPreamble(name, start, body)
			return
		}
		body = append(body, p.lines[p.i])
	}
	p.errorf(start, "go:preamble %q is not closed by a line reading -->", name)
}

// addPreamble records a preamble, split at its "..." line.
func (p *mdParser) addPreamble(name string, start int, body []string) {
	if _, dup := p.preambles[name]; dup {
		p.errorf(start, "go:preamble %q is declared twice", name)
		return
	}
	at := -1
	for j, l := range body {
		if strings.TrimSpace(l) == "..." {
			if at >= 0 {
				p.errorf(start+1+j, "go:preamble %q has a second \"...\" line", name)
				return
			}
			at = j
		}
	}
	if at < 0 {
		p.errorf(start, "go:preamble %q has no line reading \"...\" (where a fragment goes)", name)
		return
	}
	p.preambles[name] = &Preamble{Name: name, Line: start + 1, Before: body[:at], After: body[at+1:]}
}

// fence reads a fenced block from its opening line to its closing one.
func (p *mdParser) fence(raw string) {
	open := p.i + 1
	indent := len(raw) - len(strings.TrimLeft(raw, " \t"))
	trimmed := strings.TrimSpace(raw)
	ch := trimmed[0]
	width := len(trimmed) - len(strings.TrimLeft(trimmed, string(ch)))
	info := strings.Fields(trimmed[width:])
	lang := ""
	if len(info) > 0 {
		lang = info[0]
	}
	m := p.pending
	p.pending = nil
	var code []string
	closed := false
	for p.i++; p.i < len(p.lines); p.i++ {
		t := strings.TrimSpace(p.lines[p.i])
		if len(t) >= width && strings.Trim(t, string(ch)) == "" {
			closed = true
			p.i++
			break
		}
		code = append(code, dedent(p.lines[p.i], indent))
	}
	if !closed {
		p.errorf(open, "fence opened here is never closed")
		return
	}
	if lang != "go" {
		if m != nil {
			p.errorf(m.line, "go:%s marker above a %q block, not a go block", m.kind, lang)
		}
		return
	}
	p.addBlock(open, strings.Join(code, "\n")+"\n", m)
}

// addBlock classifies a Go block by its marker and its first token.
func (p *mdParser) addBlock(open int, code string, m *marker) {
	b := Block{File: p.file, Line: open + 1, Code: code}
	complete := hasPackageClause(code)
	switch {
	case m == nil && complete:
		b.Mode = Complete
	case m == nil:
		p.errorf(open, "a Go fragment (no package clause) needs <!-- go:use PREAMBLE --> above it, or <!-- go:nocompile REASON -->")
		return
	case m.kind == "use" && complete:
		p.errorf(m.line, "go:use above a complete file (it has a package clause): remove the marker")
		return
	case m.kind == "use":
		b.Mode = Fragment
	default:
		b.Mode = Skipped
		b.Reason = m.arg
	}
	if b.Mode == Fragment {
		p.uses[len(p.blocks)] = *m
	}
	p.blocks = append(p.blocks, b)
}

// resolve points each fragment at its preamble, now that every preamble of
// the file has been read.
func (p *mdParser) resolve() {
	for i := range p.blocks {
		b := &p.blocks[i]
		m, ok := p.uses[i]
		if !ok {
			continue
		}
		pre, ok := p.preambles[m.arg]
		if !ok {
			p.errorf(m.line, "go:use %q: no <!-- go:preamble %s --> in this file", m.arg, m.arg)
			continue
		}
		b.Preamble = pre
	}
}

// dedent removes up to n leading spaces or tabs, the fence's indentation.
func dedent(s string, n int) string {
	i := 0
	for i < n && i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:]
}

// hasPackageClause reports whether code's first token, after comments and
// blank lines, is the keyword package.
func hasPackageClause(code string) bool {
	rest := []byte(code)
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		switch {
		case bytes.HasPrefix(rest, []byte("//")):
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[i:]
				continue
			}
			return false
		case bytes.HasPrefix(rest, []byte("/*")):
			if i := bytes.Index(rest, []byte("*/")); i >= 0 {
				rest = rest[i+2:]
				continue
			}
			return false
		}
		return bytes.HasPrefix(rest, []byte("package ")) || bytes.HasPrefix(rest, []byte("package\t"))
	}
}
