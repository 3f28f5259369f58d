package doctest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// maxReadmeLines is the README's budget: what a newcomer reads in ten
// minutes. Everything else is a guide under docs/.
const maxReadmeLines = 250

func TestReadmeIsShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail to a guide under docs/", n, maxReadmeLines)
	}
}

// TestReadmeMapsEveryPackage fails when a package a user can import (in the
// root module or in a module under adapters/) is missing from the README's
// map of packages. Internal packages, examples, test data and packages
// with nothing but a doc.go are not listed.
func TestReadmeMapsEveryPackage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, path := range importablePackages(t, root) {
		if !strings.Contains(readme, "`"+path+"`") {
			t.Errorf("README.md's package map does not list `%s`: add a row (import path, what it holds, a docs link)", path)
		}
	}
}

// importablePackages returns the import path of every package under dir
// that a user can import, in walk order.
func importablePackages(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	modules := map[string]string{} // directory -> module path, for the go.mod files met
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if path != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "internal" || rel == "examples") {
			return filepath.SkipDir
		}
		if m, err := readModule(path); err == nil {
			modules[path] = m.path
		}
		if !hasCode(path) {
			return nil
		}
		out = append(out, importPath(path, modules))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// importPath is the import path of the package in dir, from the nearest
// go.mod above it.
func importPath(dir string, modules map[string]string) string {
	var rest []string
	for d := dir; ; d = filepath.Dir(d) {
		if mod, ok := modules[d]; ok {
			slices.Reverse(rest)
			return strings.Join(append([]string{mod}, rest...), "/")
		}
		rest = append(rest, filepath.Base(d))
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// hasCode reports whether dir holds a non-test Go file other than doc.go.
func hasCode(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") && n != "doc.go" {
			return true
		}
	}
	return false
}

// link matches a Markdown link or image target: ](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// codeSpan matches inline code, whose brackets are not links.
var codeSpan = regexp.MustCompile("`+[^`]*`+")

// proseLines returns the lines of a Markdown text with fenced blocks
// blanked and inline code removed, so that only links remain links.
func proseLines(text string) []string {
	lines := proseLinesKeepCode(text)
	for i, l := range lines {
		lines[i] = codeSpan.ReplaceAllString(l, "")
	}
	return lines
}

// proseLinesKeepCode returns the lines of a Markdown text with fenced
// blocks blanked.
func proseLinesKeepCode(text string) []string {
	lines := strings.Split(text, "\n")
	fence := ""
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
			lines[i] = ""
		}
	}
	return lines
}

// TestDocLinks fails on a relative link of the README or a guide that
// points at no file.
func TestDocLinks(t *testing.T) {
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range proseLines(string(data)) {
			for _, m := range link.FindAllStringSubmatch(l, -1) {
				target, frag, _ := strings.Cut(m[1], "#")
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				p := filepath.Join(root, filepath.Dir(f), filepath.FromSlash(target))
				if target == "" {
					p = filepath.Join(root, f)
				}
				if _, err := os.Stat(p); err != nil {
					t.Errorf("%s:%d: link to %s: no such file", f, i+1, m[1])
					continue
				}
				if frag != "" && strings.HasSuffix(p, ".md") && !slices.Contains(headingAnchors(t, p), frag) {
					t.Errorf("%s:%d: link to %s: no such heading", f, i+1, m[1])
				}
			}
		}
	}
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown file: lower case, letters, digits, hyphens and underscores kept,
// spaces made hyphens, everything else dropped; a repeated anchor gets -1,
// -2, ...
func headingAnchors(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var out []string
	for _, l := range proseLinesKeepCode(string(data)) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(l, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out = append(out, fmt.Sprintf("%s-%d", a, n))
		} else {
			out = append(out, a)
		}
		seen[a]++
	}
	return out
}

// TestReadmeGoModMatchesTheAdoptionCheck fails when the go.mod lines the
// README shows for an adapter differ from the block of docs/adapters.md that
// .ci/adopt builds a module from, so the README never shows lines nobody
// tried.
func TestReadmeGoModMatchesTheAdoptionCheck(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	adapters, err := os.ReadFile(filepath.Join(root, "docs", "adapters.md"))
	if err != nil {
		t.Fatal(err)
	}
	shown := fenceContaining(string(readme), "\nreplace (")
	if shown == "" {
		t.Fatal("README.md shows no go.mod lines for an adapter (a block with require and replace)")
	}
	for _, l := range strings.Split(shown, "\n") {
		if f := strings.Fields(l); len(f) == 2 && strings.HasPrefix(f[0], "github.com/evalopt/evalopt/adapters/") && !strings.Contains(f[0], "adapterkit") {
			name := strings.TrimPrefix(f[0], "github.com/evalopt/evalopt/adapters/")
			tried := fenceAfter(string(adapters), "<!-- adopt:gomod "+name+" -->")
			if tried != shown {
				t.Errorf("README.md's go.mod lines for %s differ from docs/adapters.md's adopt:gomod block:\n%s\nwant:\n%s", name, shown, tried)
			}
			return
		}
	}
	t.Error("README.md's go.mod lines require no adapter")
}

// fenceContaining returns the first fenced block of text that contains s.
func fenceContaining(text, s string) string {
	for rest := text; ; {
		i := strings.Index(rest, "\n```")
		if i < 0 {
			return ""
		}
		body, after := fenceBody(rest[i+1:])
		if strings.Contains(body, s) {
			return body
		}
		rest = after
	}
}

// fenceAfter returns the body of the first fenced block after marker.
func fenceAfter(text, marker string) string {
	i := strings.Index(text, marker)
	if i < 0 {
		return ""
	}
	j := strings.Index(text[i:], "\n```")
	if j < 0 {
		return ""
	}
	body, _ := fenceBody(text[i+j+1:])
	return body
}

// fenceBody reads a fenced block starting at its opening line and returns
// its body and the text after its closing line.
func fenceBody(s string) (body, after string) {
	_, rest, _ := strings.Cut(s, "\n") // the opening fence line
	end := strings.Index(rest, "\n```")
	if end < 0 {
		return "", ""
	}
	body = rest[:end+1]
	after = rest[end+1:]
	if k := strings.Index(after, "\n"); k >= 0 {
		after = after[k:]
	} else {
		after = ""
	}
	return body, after
}
