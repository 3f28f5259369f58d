package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// maxRunErrors is how many problems with a run folder are listed before the
// rest are only counted, so that a folder of a thousand broken files gives a
// readable message.
const maxRunErrors = 20

// runSample is one run of an agent over a contract.
type runSample struct {
	findings    []golden.AgentFinding
	infraFailed bool
}

// runFindings holds a run's samples: agent → contract file name
// ("coc_basic.md") → samples, in file-name order.
type runFindings map[string]map[string][]runSample

// samples returns the largest number of samples any contract has: what a
// baseline taken from this run records as its sample count.
func (r runFindings) samples() int {
	n := 0
	for _, contracts := range r {
		for _, s := range contracts {
			n = max(n, len(s))
		}
	}
	return n
}

// errorList collects problems up to maxRunErrors and counts the rest.
type errorList struct {
	errs  []error
	extra int
}

func (l *errorList) add(err error) {
	if len(l.errs) < maxRunErrors {
		l.errs = append(l.errs, err)
		return
	}
	l.extra++
}

func (l *errorList) err() error {
	if l.extra > 0 {
		l.errs = append(l.errs, fmt.Errorf("... and %d more problems", l.extra))
	}
	return errors.Join(l.errs...)
}

// loadRun reads a run folder laid out like the set's expected/ folder (see
// the package comment). Every agent folder must be an agent of the set and
// every file or folder in it one of that agent's contracts, so that a typo
// is an error rather than a contract silently left unscored. Names starting
// with a dot are ignored.
func loadRun(dir string, set golden.Set) (runFindings, error) {
	agents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	// contractOf maps agent → contract stem → contract file name.
	contractOf := map[string]map[string]string{}
	for _, gt := range set.GroundTruths {
		if contractOf[gt.Agent] == nil {
			contractOf[gt.Agent] = map[string]string{}
		}
		contractOf[gt.Agent][golden.ContractName(gt.Contract)] = gt.Contract
	}
	run := runFindings{}
	var errs errorList
	for _, a := range agents {
		if hidden(a.Name()) {
			continue
		}
		agentDir := filepath.Join(dir, a.Name())
		contracts, known := contractOf[a.Name()]
		switch {
		case !a.IsDir():
			errs.add(fmt.Errorf("%s: expected a folder per agent, found a file", agentDir))
			continue
		case !known:
			errs.add(fmt.Errorf("%s: agent %q has no ground truths in the set (agents: %s)", agentDir, a.Name(), strings.Join(set.Agents(), ", ")))
			continue
		}
		entries, err := os.ReadDir(agentDir)
		if err != nil {
			errs.add(err)
			continue
		}
		byContract := map[string][]runSample{}
		for _, e := range entries {
			if hidden(e.Name()) {
				continue
			}
			path := filepath.Join(agentDir, e.Name())
			stem := e.Name()
			if !e.IsDir() {
				if filepath.Ext(stem) != ".json" {
					errs.add(fmt.Errorf("%s: expected {contract}.json or a {contract} folder of samples", path))
					continue
				}
				stem = strings.TrimSuffix(stem, ".json")
			}
			contract, ok := contracts[stem]
			switch {
			case !ok:
				errs.add(fmt.Errorf("%s: %q is not a contract of agent %q in the set", path, stem, a.Name()))
				continue
			case byContract[contract] != nil:
				errs.add(fmt.Errorf("%s: contract %q given both as a file and as a folder", path, contract))
				continue
			}
			var samples []runSample
			if e.IsDir() {
				samples, err = loadSamples(path)
			} else {
				var s runSample
				s, err = loadSample(path)
				samples = []runSample{s}
			}
			if err != nil {
				errs.add(err)
				continue
			}
			byContract[contract] = samples
		}
		run[a.Name()] = byContract
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	return run, nil
}

// loadSamples reads a folder of sample files, in name order.
func loadSamples(dir string) ([]runSample, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if hidden(e.Name()) {
			continue
		}
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			return nil, fmt.Errorf("%s: expected only {sample}.json files here", filepath.Join(dir, e.Name()))
		}
		names = append(names, e.Name())
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no samples", dir)
	}
	sort.Strings(names)
	out := make([]runSample, 0, len(names))
	for _, n := range names {
		s, err := loadSample(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// infraFailure is the sample file that records a failed run.
type infraFailure struct {
	InfraFailed bool   `json:"infra_failed"`
	Error       string `json:"error"`
}

// loadSample reads one sample: a JSON array of findings, or an
// infraFailure object.
func loadSample(path string) (runSample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return runSample{}, err
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		var f infraFailure
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return runSample{}, fmt.Errorf("%s: want a findings array or {\"infra_failed\": true, \"error\": \"...\"}: %w", path, err)
		}
		if _, err := dec.Token(); err != io.EOF {
			return runSample{}, fmt.Errorf("%s: data after the failure record", path)
		}
		if !f.InfraFailed {
			return runSample{}, fmt.Errorf("%s: infra_failed: must be true in a failure record", path)
		}
		return runSample{infraFailed: true}, nil
	}
	fs, err := golden.ParseFindings(data)
	if err != nil {
		return runSample{}, fmt.Errorf("%s: %w", path, err)
	}
	return runSample{findings: fs}, nil
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") }
