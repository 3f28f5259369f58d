package doctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, keeps every block's line within
// the file, and returns blocks or an error, never both.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"good.md", "broken.md", "badimport.md"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("<!-- go:preamble p\n...\n-->\n<!-- go:use p -->\n   ```go\n  x\n```"))
	f.Add([]byte("~~~~go\npackage main\n~~~\n~~~~\n<!-- adopt:snippet x -->\n```go\n```"))
	f.Fuzz(func(t *testing.T, data []byte) {
		blocks, err := Parse("f.md", data)
		if err != nil && blocks != nil {
			t.Fatal("blocks and an error")
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, b := range blocks {
			if b.Line < 1 || b.Line > lines+1 {
				t.Fatalf("block at line %d of a %d-line file", b.Line, lines)
			}
			if b.Mode == Fragment && b.Preamble == nil {
				t.Fatal("fragment without a preamble")
			}
		}
	})
}
