package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Set is a whole golden set: every ground truth under expected/, keyed by
// agent, and the contracts they refer to.
type Set struct {
	// Dir is the directory the set was loaded from.
	Dir string
	// GroundTruths holds every ground truth, sorted by agent then contract.
	GroundTruths []GroundTruth
}

// LoadSet reads a golden set laid out as
//
//	dir/contracts/*.md                    source documents
//	dir/expected/{agent}/{contract}.json  ground truths
//
// Every ground truth is loaded with LoadGroundTruth; on top of its checks,
// a file's agent must equal its folder name, its contract's stem must equal
// its file name's, and the contract must exist under contracts/. Files in expected/ that are not .json, and folders
// nested deeper, are errors rather than being skipped silently. Every
// problem found is returned, joined. Other top-level files (synonyms.json, a
// baseline, a NOTICE) are left to the caller.
func LoadSet(dir string) (Set, error) {
	set := Set{Dir: dir}
	expDir := filepath.Join(dir, "expected")
	agents, err := os.ReadDir(expDir)
	if err != nil {
		return Set{}, fmt.Errorf("golden: %w", err)
	}
	var errs strictjson.Problems // bounded: a folder of broken files gives a short error
	for _, a := range agents {
		agentPath := filepath.Join(expDir, a.Name())
		if !a.IsDir() {
			errs.Add(dataError(agentPath, -1, "", "expected a folder per agent, found a file"))
			continue
		}
		files, err := os.ReadDir(agentPath)
		if err != nil {
			errs.Add(fmt.Errorf("golden: %w", err))
			continue
		}
		for _, f := range files {
			path := filepath.Join(agentPath, f.Name())
			if f.IsDir() || filepath.Ext(f.Name()) != ".json" {
				errs.Add(dataError(path, -1, "", "expected only {contract}.json files here"))
				continue
			}
			gt, err := LoadGroundTruth(path)
			if err != nil {
				errs.Add(err)
				continue
			}
			if gt.Agent != a.Name() {
				errs.Add(dataError(path, -1, "agent", fmt.Sprintf("%s does not match its folder %s", strictjson.Quote(gt.Agent), strictjson.Quote(a.Name()))))
				continue
			}
			if filepath.Base(gt.Contract) != gt.Contract || ContractName(gt.Contract)+".json" != f.Name() {
				errs.Add(dataError(path, -1, "contract", strictjson.Quote(gt.Contract)+" does not match the file name (want {contract}.json)"))
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, "contracts", gt.Contract)); err != nil {
				errs.Add(dataError(path, -1, "contract", fmt.Sprintf("%s not found under contracts/: %v", strictjson.Quote(gt.Contract), err)))
				continue
			}
			set.GroundTruths = append(set.GroundTruths, gt)
		}
	}
	if err := errs.Err(func(n int) error { return dataError(dir, -1, "", fmt.Sprintf("... and %d more problems", n)) }); err != nil {
		return Set{}, err
	}
	sort.Slice(set.GroundTruths, func(i, j int) bool {
		a, b := set.GroundTruths[i], set.GroundTruths[j]
		if a.Agent != b.Agent {
			return a.Agent < b.Agent
		}
		return a.Contract < b.Contract
	})
	return set, nil
}

// Agents returns the agents the set has ground truths for, sorted.
func (s Set) Agents() []string {
	var agents []string
	for _, gt := range s.GroundTruths {
		if len(agents) == 0 || agents[len(agents)-1] != gt.Agent {
			agents = append(agents, gt.Agent)
		}
	}
	return agents
}

// ForAgent returns the agent's ground truths, sorted by contract.
func (s Set) ForAgent(agent string) []GroundTruth {
	var out []GroundTruth
	for _, gt := range s.GroundTruths {
		if gt.Agent == agent {
			out = append(out, gt)
		}
	}
	return out
}

// ContractPath returns the path of a ground truth's source document.
func (s Set) ContractPath(gt GroundTruth) string {
	return filepath.Join(s.Dir, "contracts", gt.Contract)
}

// ContractName returns a contract's name without its extension
// ("coc_basic.md" → "coc_basic"), the stem its ground-truth files share.
func ContractName(contract string) string {
	return strings.TrimSuffix(contract, filepath.Ext(contract))
}

// load reads the file at path and parses it with parse, the path naming
// the file in parse's errors; a file that cannot be read gives parse's
// zero value and the error, prefixed "golden: ".
func load[T any](path string, parse func(data []byte, name string) (T, error)) (T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("golden: %w", err)
	}
	return parse(data, path)
}
