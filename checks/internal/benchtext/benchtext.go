package benchtext

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
)

// MiB is the size the speed figures are quoted at.
const MiB = 1 << 20

// repoRoot is the root of the module, wherever the caller runs.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// ContractsDir is where the dd-agents contracts are: shared/ beside the
// repository, as laid for developers and CI.
func ContractsDir() string {
	return filepath.Join(repoRoot(), "..", "shared", "golden", "dd-agents", "contracts")
}

// FixturePath is the clean contract fixture with its review memo.
func FixturePath() string {
	return filepath.Join(repoRoot(), "checks", "testdata", "contract_clean.md")
}

// ErrNoContracts is returned when the dd-agents contracts are not there
// (a checkout without shared/ beside it).
var ErrNoContracts = errors.New("benchtext: no dd-agents contracts")

// Contracts returns the benchmark text: every .md file of dir in name order,
// a blank line between each, cycled until the text is at least size bytes.
func Contracts(dir string, size int) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoContracts, err)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	if len(names) == 0 {
		return "", fmt.Errorf("%w in %s", ErrNoContracts, dir)
	}
	var docs []string
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return "", err
		}
		docs = append(docs, strings.TrimRight(string(b), "\n")+"\n")
	}
	var sb strings.Builder
	sb.Grow(size + 16<<10)
	for i := 0; sb.Len() < size; i++ {
		if sb.Len() > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(docs[i%len(docs)])
	}
	return sb.String(), nil
}

var (
	findingHead = regexp.MustCompile(`(?m)^### F(\d+) – `)
	recHead     = regexp.MustCompile(`(?m)^### R(\d+) – `)
)

// Memo returns the realistic review memo and its source: the memo of the
// clean contract fixture, its findings and its recommendations each
// repeated and renumbered (F1…Fn, R1…Rn) until the memo is at least size
// bytes, and the fixture's contract (the text before the memo) as the
// source it reviews.
func Memo(size int) (memo, source string, err error) {
	b, err := os.ReadFile(FixturePath())
	if err != nil {
		return "", "", err
	}
	clean := string(b)
	at := strings.Index(clean, "# Review Memorandum")
	fi := strings.Index(clean, "## Findings\n")
	ri := strings.Index(clean, "## Recommendations\n")
	if at < 0 || fi < at || ri < fi {
		return "", "", fmt.Errorf("benchtext: %s lacks the memo's landmarks", FixturePath())
	}
	head := clean[at:fi]
	findings := strings.TrimRight(clean[fi+len("## Findings\n"):ri], "\n") + "\n"
	recs := strings.TrimRight(clean[ri+len("## Recommendations\n"):], "\n") + "\n"
	nf := len(findingHead.FindAllString(findings, -1))
	nr := len(recHead.FindAllString(recs, -1))
	if nf == 0 || nr == 0 {
		return "", "", fmt.Errorf("benchtext: %s: no findings or recommendations", FixturePath())
	}
	var fb, rb strings.Builder
	for k := 0; len(head)+fb.Len()+rb.Len()+64 < size; k++ {
		fb.WriteString(renumber(findings, findingHead, "### F", k*nf))
		fb.WriteString("\n")
		rb.WriteString(renumber(recs, recHead, "### R", k*nr))
		rb.WriteString("\n")
	}
	return head + "## Findings\n\n" + fb.String() + "## Recommendations\n\n" + rb.String(), clean[:at], nil
}

// renumber shifts every heading number head matches in s by off.
func renumber(s string, head *regexp.Regexp, prefix string, off int) string {
	return head.ReplaceAllStringFunc(s, func(m string) string {
		var n int
		fmt.Sscanf(m[len(prefix):], "%d", &n)
		return fmt.Sprintf("%s%d – ", prefix, n+off)
	})
}

// Adversarial returns size bytes (at least) of one adversarial input by
// name: "quotes" (straight double quotes), "brackets" (opening square
// brackets), "references" (clause references, one per line), "newlines".
func Adversarial(name string, size int) (string, error) {
	var unit string
	switch name {
	case "quotes":
		unit = `"`
	case "brackets":
		unit = "["
	case "references":
		unit = "See Section 4.2(b) and clause 17.3.\n"
	case "newlines":
		unit = "\n"
	default:
		return "", fmt.Errorf("benchtext: unknown adversarial input %q", name)
	}
	return strings.Repeat(unit, (size+len(unit)-1)/len(unit)), nil
}

// AdversarialNames lists the inputs Adversarial builds.
var AdversarialNames = []string{"quotes", "brackets", "references", "newlines"}
