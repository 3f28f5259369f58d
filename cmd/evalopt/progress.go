package main

import (
	"fmt"
	"io"
	"os"
)

// progress shows how far a long run got, on one line of stderr rewritten
// in place, only when stderr is a terminal: piped or captured output gets
// no progress noise. A nil *progress shows nothing.
type progress struct {
	w     io.Writer
	label string
	shown bool
}

// newProgress returns a progress on w, or nil when w is not a terminal.
func newProgress(w io.Writer, label string) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w, label: label}
}

// isTerminal reports whether w is a character device, as a terminal is.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// report shows "label done/total name", erasing the rest of the line.
func (p *progress) report(done, total int, name string) {
	if p == nil {
		return
	}
	fmt.Fprintf(p.w, "\r%s %d/%d %s\x1b[K", p.label, done, total, clip(name, 60))
	p.shown = true
}

// done erases the progress line, so what follows starts on a clean line.
func (p *progress) done() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
	p.shown = false
}
