package apilist_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/evalopt/evalopt/internal/apilist"
)

// The listing of a small module: one line per exported declaration.
func Example() {
	dir, _ := os.MkdirTemp("", "apilist")
	defer os.RemoveAll(dir)
	_ = os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644)
	_ = os.MkdirAll(filepath.Join(dir, "vote"), 0o755)
	_ = os.WriteFile(filepath.Join(dir, "vote", "vote.go"), []byte(`package vote

import "errors"

// MaxBallots bounds a vote.
const MaxBallots = 1000

// ErrNoVotes is returned for an empty vote.
var ErrNoVotes = errors.New("vote: no votes")

// Tally is a vote's record.
type Tally struct {
	Passes int `+"`json:\"passes\"`"+`
	ballots []string
}

// Count counts the votes of judges.
func Count[C any](judges []C, votes int) (Tally, error) { return Tally{}, nil }

// Agreement is the share of passes.
func (t *Tally) Agreement() float64 { return 0 }
`), 0o644)
	pkgs, err := apilist.Packages(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range pkgs {
		fmt.Println(p.ImportPath, "->", "api/"+p.File())
		for _, l := range p.Lines {
			fmt.Println(l)
		}
	}
	// Output:
	// example.com/m/vote -> api/vote.txt
	// const MaxBallots = 1000
	// func Count[C any]([]C, int) (Tally, error)
	// method (*Tally) Agreement() float64
	// type Tally struct
	// type Tally struct, Passes int json:"passes"
	// var ErrNoVotes error
}
