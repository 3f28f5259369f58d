package doctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// blocksDir is where, inside the module, the blocks' packages seem to live.
// Nothing is written there: the go command reads them through an overlay.
// A leading underscore keeps ./... patterns away from it.
const blocksDir = "internal/doctest/_blocks"

// maxOutputBytes bounds the compiler output Compile keeps.
const maxOutputBytes = 1 << 20

// Compile compiles blocks against the Go module rooted at root and returns
// one error per block (nil for a block that compiles or is skipped). Each
// block is its own package, read by the go command through an overlay
// written into scratch (an existing directory), so the module's tree is
// never touched. The second result reports a failure of the go command
// that no block explains. A block's File is relative to root, or absolute.
func Compile(root, scratch string, blocks []Block) ([]error, error) {
	mod, err := readModule(root)
	if err != nil {
		return nil, err
	}
	errs := make([]error, len(blocks))
	overlay := map[string]string{}
	pkgs := map[string]int{} // import path -> block index
	var order []string
	for i, b := range blocks {
		if b.Mode == Skipped {
			continue
		}
		p, err := programFor(root, b)
		if err == nil {
			err = mod.checkImports(b, p.imports)
		}
		if err != nil {
			errs[i] = err
			continue
		}
		name := fmt.Sprintf("b%04d", i)
		backing := filepath.Join(scratch, name+".go")
		if err := os.WriteFile(backing, []byte(p.src), 0o644); err != nil {
			return nil, err
		}
		overlay[filepath.Join(root, blocksDir, name, "block.go")] = backing
		path := mod.path + "/" + blocksDir + "/" + name
		pkgs[path] = i
		order = append(order, path)
	}
	if len(order) == 0 {
		return errs, nil
	}
	out, runErr := goBuild(root, scratch, overlay, order)
	if runErr == nil {
		return errs, nil
	}
	unexplained := attribute(out, root, pkgs, errs)
	if unexplained != "" {
		return errs, fmt.Errorf("go build: %v\n%s", runErr, unexplained)
	}
	return errs, nil
}

// programFor builds and prepares the program of one block.
func programFor(root string, b Block) (parsed, error) {
	lineFile := b.File
	if !filepath.IsAbs(lineFile) {
		lineFile = filepath.Join(root, lineFile)
	}
	src, err := Program(b, lineFile)
	if err != nil {
		return parsed{}, err
	}
	p, err := prepare(src)
	if err != nil {
		return parsed{}, errors.New(relativize(err.Error(), root))
	}
	return p, nil
}

// goBuild runs the go command on the blocks' packages and returns its
// combined output, bounded.
func goBuild(root, scratch string, overlay map[string]string, pkgs []string) (string, error) {
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		return "", err
	}
	ov := filepath.Join(scratch, "overlay.json")
	if err := os.WriteFile(ov, data, 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("go", append([]string{"build", "-overlay=" + ov}, pkgs...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err = cmd.Run()
	out := buf.String()
	if len(out) > maxOutputBytes {
		out = out[:maxOutputBytes] + fmt.Sprintf("\n... (%d bytes of output in all)", buf.Len())
	}
	return out, err
}

// attribute hands each "# importpath" section of the go command's output
// to its block's error and returns the lines no block explains.
func attribute(out, root string, pkgs map[string]int, errs []error) string {
	var rest []string
	cur := -1 // the block whose section is being read
	var lines []string
	flush := func() {
		if cur >= 0 && len(lines) > 0 {
			errs[cur] = errors.New(strings.Join(lines, "\n"))
		}
		cur, lines = -1, nil
	}
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if path, ok := strings.CutPrefix(l, "# "); ok {
			flush()
			if i, known := pkgs[path]; known {
				cur = i
				continue
			}
		}
		if cur >= 0 {
			lines = append(lines, relativize(l, root))
		} else if strings.TrimSpace(l) != "" {
			rest = append(rest, l)
		}
	}
	flush()
	return strings.Join(rest, "\n")
}

// relativize writes paths under root as the go command does for the
// working directory, relative to it.
func relativize(s, root string) string {
	s = strings.ReplaceAll(s, root+string(filepath.Separator), "")
	return strings.TrimPrefix(s, "./")
}
