package golden

import (
	"errors"
	"testing"
)

// The loaders must never panic, must fail only with ErrInvalidData, and what
// they accept must be valid by their own rules.

func FuzzLoadGroundTruth(f *testing.F) {
	f.Add([]byte(`{"contract": "a.md", "agent": "legal", "expected_findings": [{"category": "termination", "min_severity": "P3", "max_severity": "P1"}]}`))
	f.Add([]byte(`{"contract": "a.md", "agent": "legal", "expected_findings": [{"category": "c", "min_severity": "P5"}]}`))
	f.Add([]byte(`{"contract": "a.md", "agent": "legal", "ambiguity_zone": 0.1, "min_expected_findings": 0, "max_expected_findings": 3}`))
	f.Add([]byte(`{"contract": "a.md", "contract": "b.md"}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		gt, err := parseGroundTruth(data, "fuzz.json")
		if err != nil {
			if !errors.Is(err, ErrInvalidData) {
				t.Fatalf("error does not match ErrInvalidData: %v", err)
			}
			return
		}
		if gt.Contract == "" || gt.Agent == "" {
			t.Fatalf("accepted without contract or agent: %+v", gt)
		}
		if gt.MinExpectedFindings < 0 || gt.MinExpectedFindings > gt.MaxExpectedFindings {
			t.Fatalf("accepted bad bounds: %d..%d", gt.MinExpectedFindings, gt.MaxExpectedFindings)
		}
		for i, ef := range gt.ExpectedFindings {
			if !ef.MinSeverity.Valid() || !ef.MaxSeverity.Valid() || ef.MaxSeverity.Level() > ef.MinSeverity.Level() {
				t.Fatalf("expected_findings[%d]: accepted bad severities %q..%q", i, ef.MaxSeverity, ef.MinSeverity)
			}
			if normalizeCategory(ef.Category) == "" {
				t.Fatalf("expected_findings[%d]: accepted an empty category", i)
			}
		}
		// Whatever loads must score without panicking.
		metricsOf(t, []AgentFinding{{Category: "termination", Severity: SeverityP1}}, gt, MetricsConfig{})
	})
}

func FuzzLoadSynonyms(f *testing.F) {
	f.Add([]byte(`{"source": "x", "common_keyword_synonyms": {"terminate": ["cancel"]}, "category_synonyms": {"change_of_control": ["coc"]}}`))
	f.Add([]byte(`{"category_synonyms": {"a": [""]}}`))
	f.Add([]byte(`{"common_keyword_synonyms": {"": []}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseSynonyms(data, "fuzz.json")
		if err != nil {
			if !errors.Is(err, ErrInvalidData) {
				t.Fatalf("error does not match ErrInvalidData: %v", err)
			}
			return
		}
		for canon := range s.Categories {
			matchesCategory(canon, canon, s)
		}
	})
}

func FuzzBaseline(f *testing.F) {
	f.Add([]byte(`{"timestamp": "2026-06-05T09:55:35.107884+00:00", "commit": "c", "notes": "n", "samples": 3, "metrics": {"legal": {"agent_name": "legal", "finding_recall": 1.0, "finding_precision": 0.75, "citation_accuracy": 1.0, "severity_accuracy": 1.0, "false_positive_rate": 0.0, "f1_score": 0.8571428571428571, "finding_count": 9}}}`))
	f.Add([]byte(`{"timestamp": "x", "metrics": {}}`))
	f.Add([]byte(`{"timestamp": "2026-06-05T09:55:35Z", "metrics": {"a": {"agent_name": "b"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := parseBaseline(data, "fuzz.json")
		if err != nil {
			if !errors.Is(err, ErrInvalidData) {
				t.Fatalf("error does not match ErrInvalidData: %v", err)
			}
			return
		}
		// What loads must be valid, and must survive a round trip.
		out, err := b.marshal()
		if err != nil {
			t.Fatalf("accepted baseline does not marshal: %v", err)
		}
		again, err := parseBaseline(out, "again.json")
		if err != nil {
			t.Fatalf("re-marshalled baseline does not load: %v\n%s", err, out)
		}
		if len(again.Metrics) != len(b.Metrics) || again.Timestamp != b.Timestamp || again.Samples != b.Samples {
			t.Fatalf("round trip changed the baseline:\n%+v\n%+v", b, again)
		}
		for k, m := range b.Metrics {
			if again.Metrics[k] != m {
				t.Fatalf("round trip changed metrics[%q]: %+v -> %+v", k, m, again.Metrics[k])
			}
		}
	})
}

func FuzzParseFindings(f *testing.F) {
	f.Add([]byte(`[{"category": "Change of Control", "severity": "P1", "title": "t", "description": "d", "citations": [{"source_path": "a.md", "location": "§4"}], "extra": 1}]`))
	f.Add([]byte(`[{"severity": 1}]`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fs, err := ParseFindings(data)
		if err != nil {
			return
		}
		// Whatever decodes must score against any ground truth without panicking.
		gt := GroundTruth{ExpectedFindings: []ExpectedFinding{{Category: "change_of_control", MustContainKeywords: []string{"coc"},
			CitationMustReference: CitationRef{File: "a.md", PageOrSection: "4"}, Required: true}},
			MustNotFind: []MustNotFind{{Category: "privacy"}}}
		m := metricsOf(t, fs, gt, MetricsConfig{})
		if m.FindingCount != len(fs) || m.FindingRecall < 0 || m.FindingRecall > 1 || m.FindingPrecision < 0 || m.FindingPrecision > 1 {
			t.Fatalf("metrics out of range: %+v", m)
		}
		Contradictions(map[string][]AgentFinding{"a": fs, "b": fs})
	})
}
