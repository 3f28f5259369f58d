package golden

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Baseline is a stored snapshot of every agent's aggregated metrics, in the
// format of dd-agents' baseline-latest.json:
//
//	{"timestamp": "2026-06-05T09:55:35.107884+00:00", "commit": "15c818b…",
//	 "notes": "…", "samples": 3,
//	 "metrics": {"legal": {"agent_name": "legal", "finding_recall": 1.0, …}}}
//
// Load it with LoadBaseline, write it with Save; a load-save-load round trip
// keeps every field and value.
type Baseline struct {
	// Timestamp is when the baseline was captured, RFC 3339, kept as written
	// so that a round trip does not rewrite it. Required.
	Timestamp string `json:"timestamp"`
	// Commit is the code version the baseline was captured at.
	Commit string `json:"commit"`
	// Notes say how it was captured.
	Notes string `json:"notes"`
	// Samples is how many runs per contract were collapsed (CollapseSamples).
	Samples int `json:"samples"`
	// Metrics holds each agent's metrics, keyed by agent name. Required.
	Metrics map[string]AgentMetrics `json:"metrics"`
}

// AgentMetrics is one agent's entry in a Baseline.
type AgentMetrics struct {
	// AgentName repeats the map key.
	AgentName string `json:"agent_name"`
	// Metrics are the agent's aggregated metrics; their JSON fields sit
	// beside agent_name.
	Metrics
}

// timestampLayout is how NewBaseline writes timestamps: RFC 3339 with
// microseconds and a numeric zone, as dd-agents does.
const timestampLayout = "2006-01-02T15:04:05.000000-07:00"

// NewBaseline builds a baseline captured at the given time (written in UTC,
// RFC 3339 with microseconds and a numeric zone, as dd-agents does) from
// each agent's metrics.
func NewBaseline(at time.Time, commit, notes string, samples int, agents map[string]Metrics) Baseline {
	b := Baseline{
		Timestamp: at.UTC().Format(timestampLayout),
		Commit:    commit,
		Notes:     notes,
		Samples:   samples,
		Metrics:   make(map[string]AgentMetrics, len(agents)),
	}
	for name, m := range agents {
		b.Metrics[name] = AgentMetrics{AgentName: name, Metrics: m}
	}
	return b
}

// LoadBaseline reads and validates a baseline file. It rejects bad JSON,
// unknown fields, wrong types, a missing or non-RFC 3339 timestamp, missing
// metrics, an agent_name that differs from its key, a metric outside [0,1]
// and a negative count; each problem is a *DataError naming the file and
// field.
func LoadBaseline(path string) (Baseline, error) { return load(path, parseBaseline) }

// parseBaseline is LoadBaseline for bytes already read; name is used in
// error messages.
func parseBaseline(data []byte, name string) (Baseline, error) {
	c, decodable := checkData(data, name, baselineShape)
	if !decodable {
		return Baseline{}, c.err()
	}
	// The shape pass has reported every type problem; Validate's checks of
	// the values skip the fields it rejected.
	var b Baseline
	_ = json.Unmarshal(data, (*baselineFields)(&b))
	c.validated(b.Validate())
	if err := c.err(); err != nil {
		return Baseline{}, err
	}
	return b, nil
}

// baselineFields is Baseline without its UnmarshalJSON method, for decoding
// with encoding/json once the file has been checked.
type baselineFields Baseline

// baselineShape is the JSON a baseline file may hold: every metric of
// every agent is required.
var baselineShape = func() *strictjson.Shape {
	agent := strictjson.Object(strictjson.Required("agent_name", strictjson.String()))
	for _, f := range metricFields(&Metrics{}) {
		agent.Fields = append(agent.Fields, strictjson.Required(f.name, strictjson.Number()))
	}
	agent.Fields = append(agent.Fields, strictjson.Required("finding_count", strictjson.Int()))
	return strictjson.Object(
		strictjson.Required("timestamp", strictjson.String()),
		strictjson.Optional("commit", strictjson.String()),
		strictjson.Optional("notes", strictjson.String()),
		strictjson.Optional("samples", strictjson.Int()),
		strictjson.Required("metrics", strictjson.Map(agent)),
	)
}()

// metricField names one float field of Metrics by its JSON name.
type metricField struct {
	name string
	ptr  *float64
}

// metricFields lists the float fields of m in JSON order.
func metricFields(m *Metrics) []metricField {
	return []metricField{
		{"finding_recall", &m.FindingRecall},
		{"finding_precision", &m.FindingPrecision},
		{"citation_accuracy", &m.CitationAccuracy},
		{"severity_accuracy", &m.SeverityAccuracy},
		{"false_positive_rate", &m.FalsePositiveRate},
		{"f1_score", &m.F1Score},
	}
}

// Validate checks what LoadBaseline checks, for a baseline built in code.
func (b Baseline) Validate() error {
	var errs strictjson.Problems
	fail := func(field, format string, args ...any) {
		if errs.Full() {
			errs.Count(1)
			return
		}
		errs.Add(dataError("", -1, field, fmt.Sprintf(format, args...)))
	}
	if _, err := time.Parse(time.RFC3339Nano, b.Timestamp); err != nil {
		fail("timestamp", "not an RFC 3339 time: %s", strictjson.Quote(b.Timestamp))
	}
	if b.Samples < 0 {
		fail("samples", "must be >= 0, got %d", b.Samples)
	}
	if b.Metrics == nil {
		fail("metrics", "missing")
	}
	agents := make([]string, 0, len(b.Metrics))
	for a := range b.Metrics {
		agents = append(agents, a)
	}
	sort.Strings(agents)
	for _, a := range agents {
		am := b.Metrics[a]
		path := join("metrics", a)
		if am.AgentName != a {
			fail(join(path, "agent_name"), "%s differs from its key %s", strictjson.Quote(am.AgentName), strictjson.Quote(a))
		}
		for _, f := range metricFields(&am.Metrics) {
			if math.IsNaN(*f.ptr) || *f.ptr < 0 || *f.ptr > 1 {
				fail(join(path, f.name), "must be in [0,1], got %v", *f.ptr)
			}
		}
		if am.FindingCount < 0 {
			fail(join(path, "finding_count"), "must be >= 0, got %d", am.FindingCount)
		}
	}
	return errs.Err(func(n int) error { return dataError("", -1, "", fmt.Sprintf("... and %d more problems", n)) })
}

// marshal validates the baseline and encodes it as indented JSON (two
// spaces, agents sorted by name, a final newline), the layout of
// dd-agents' files.
func (b Baseline) marshal() ([]byte, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("golden: baseline: %w", err)
	}
	return append(data, '\n'), nil
}

// Save validates the baseline and writes it to path as indented JSON (two
// spaces, agents sorted by name, a final newline; the layout of dd-agents'
// files), replacing the file atomically: it writes a temporary file beside
// it and renames it, so that an interrupted write never leaves half a
// baseline.
func (b Baseline) Save(path string) error {
	data, err := b.marshal()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".baseline-*.json")
	if err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	// CreateTemp makes the file private; a baseline is shared like source.
	merr := tmp.Chmod(0o644)
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(merr, werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	return nil
}
