package tool

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

func toolEvidence(id, source, content string) evaluator.Evidence {
	return evaluator.Evidence{ID: id, Source: source, Content: content, Metadata: map[string]string{evaluator.EvidenceKindKey: DefaultKind}}
}

var (
	scorer  = toolEvidence("tool-1", "", `{"tool":"risk_scorer","results":[{"clause":"2","risk":4},{"clause":"5","risk":2}]}`)
	scanner = toolEvidence("scan", "vuln_scanner", "tool: vuln_scanner\n\nfinding: F-3\nseverity: High\ncvss: 8.1\n\nfinding: F-4\nseverity: Low\ncvss: 3.1\n")
	refund  = toolEvidence("refund", "refund_calculator", `{"order":"KT-1","refund_amount":42.50,"restocking_fee":7.50,"due_date":"2027-04-12"}`)
	probes  = toolEvidence("probes", "probe_runner 0.9", "tool: probe_runner 0.9\nsuite: T1 prompt_injection | attempts: 200 | successes: 31 | asr: 15.5%\nsuite: T2 data_leak | status: unavailable | error: timeout\n")
)

func TestMismatch(t *testing.T) {
	c := checktest.Must(New(Config{}))
	tests := []struct {
		name string
		ev   []evaluator.Evidence
		text string
	}{
		{"subject in the sentence", []evaluator.Evidence{scorer}, "Clause 2 carries a risk of ⟦2⟧{tool.mismatch}."},
		{"same value", []evaluator.Evidence{scorer}, "Clause 2 carries a risk of 4; clause 5 a risk of 2."},
		{"tool named, one value", []evaluator.Evidence{refund}, "The refund_calculator gives a refund amount of ⟦£45.00⟧{tool.mismatch}."},
		{"whole key alone", []evaluator.Evidence{refund}, "Your restocking fee is ⟦£5.00⟧{tool.mismatch}."},
		{"rounding shown", []evaluator.Evidence{refund}, "Your refund amount is £42.5."},
		{"a date", []evaluator.Evidence{refund}, "The refund_calculator sets the due date as ⟦14 April 2027⟧{tool.mismatch}."},
		{"the same date", []evaluator.Evidence{refund}, "The refund_calculator sets the due date as 12 April 2027."},
		{"heading subject", []evaluator.Evidence{scanner}, "### F-3 SQL injection\n\nSeverity: ⟦Low⟧{tool.mismatch}. CVSS 8.1.\n"},
		{"rating before the name", []evaluator.Evidence{scanner}, "F-4 has a CVSS of 3.1 and a ⟦High⟧{tool.mismatch} severity."},
		{"table column", []evaluator.Evidence{scorer}, "| Clause | Scorer risk (1-5) |\n|---|---|\n| 2 | ⟦3⟧{tool.mismatch} |\n| 5 | 2 |\n"},
		{"verb of scoring", []evaluator.Evidence{scorer}, "The scorer rates clause 2 at ⟦3⟧{tool.mismatch}, and clause 5 at 2."},
		{"ratio", []evaluator.Evidence{probes}, "The T1 suite succeeded in ⟦13⟧{tool.mismatch} of 200 attempts."},
		{"ratio right", []evaluator.Evidence{probes}, "The T1 suite succeeded in 31 of 200 attempts, an ASR of 15.5%."},
		{"percentage", []evaluator.Evidence{probes}, "T1 prompt injection had an ASR of ⟦5.5%⟧{tool.mismatch}."},
		{"the difference discussed", []evaluator.Evidence{scorer}, "The scorer gives clause 2 a risk of 4; we rate it 3."},
		{"tool unavailable", []evaluator.Evidence{scorer}, "The risk_scorer tool timed out, so my own estimate is risk 2 for clause 2."},
		{"a failed record", []evaluator.Evidence{probes}, "The T2 suite did not run, so our own estimate is an ASR of 2%."},
		{"no subject, no tool", []evaluator.Evidence{scorer}, "Risk 3 overall."},
		{"a duration is not a score", []evaluator.Evidence{scorer}, "Clause 2 carries a risk of 2 weeks' delay."},
		{"quoted", []evaluator.Evidence{scorer}, `The supplier wrote "clause 2: risk 1".`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checktest.Run(t, c, check.Document{Evidence: tt.ev}, tt.text)
		})
	}
}

func TestParseOutput(t *testing.T) {
	o, err := parseOutput("x", "", `{"tool":"t","a":{"clause":"1","risk":3},"b":[{"clause":"2","risk":"High"}]}`+"\n"+`{"tool":"t","clause":"3","risk":1}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.records) != 3 || o.tool != "t" {
		t.Fatalf("records %d, tool %q", len(o.records), o.tool)
	}
	if _, err := parseOutput("bad", "", `{"tool": `); err == nil || !strings.Contains(err.Error(), "bad") {
		t.Errorf("err = %v, want one naming the evidence", err)
	}
	o, _ = parseOutput("e", "", `{"tool":"t","status":"error","error":"timeout"}`)
	if !o.failed {
		t.Error("an error report is not marked failed")
	}
}

func TestConfig(t *testing.T) {
	if _, err := New(Config{Kinds: []string{"tool_output", " "}}); err == nil || !errors.Is(err, evaluator.ErrInvalidOption) || !strings.Contains(err.Error(), "Kinds[1]") {
		t.Errorf("err = %v", err)
	}
	c := checktest.Must(New(Config{Kinds: []string{"calc"}}))
	ev := evaluator.Evidence{ID: "c", Source: "calc", Content: `{"refund_amount": 10}`, Metadata: map[string]string{evaluator.EvidenceKindKey: "calc"}}
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}}, "The refund amount is ⟦12⟧{tool.mismatch}.")
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{refund}}, "Your refund amount is £45.00.")
}

// The digits of an identifier ("HMI-07") are no value the tool returned.
func TestMismatchIdentifierDigits(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("scanner", "", "tool: ot_asset_scanner\nversion: 3.0.2\ntarget: 10.20.0.0/24\nhosts_up: 14\nhmi_count: 4\nvnc_no_auth: 2\n")
	text := "Scanner run (ot_asset_scanner 3.0.2, target 10.20.0.0/24): 14 hosts up, 4 HMI stations.\n\nF1 — VNC without password on HMI stations — CRITICAL\n2 of the 4 HMI stations accept VNC connections without any password. Evidence: screenshots HMI-07 and HMI-09 (masked).\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, text)
}

// A tool's boolean restated as yes or no is the same value.
func TestMismatchBooleans(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("scan", "", "tool: license_scan\nnotice_file_present: false\ncomponents_scanned: 38\n")
	good := "| Check | Result |\n|---|---|\n| Components scanned | 38 |\n| NOTICE file present | No |\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindReviewMemo}, good)
	bad := "| Check | Result |\n|---|---|\n| Components scanned | 38 |\n| NOTICE file present | ⟦Yes⟧{tool.mismatch} |\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindReviewMemo}, bad)
}

// A plain-text table names a quantity by its row and its column
// together; a count before a passive name ("12 were rejected for rate")
// restates the key that ends so.
func TestMismatchRowColumnAndPassiveCount(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("probes", "", "tool: probe_runner\nprompt_injection.attempts: 200\nprompt_injection.success: 37\ncross_member_data.attempts: 60\ncross_member_data.success: 0\n")
	table := "Probe family | Attempts | Successful\nprompt injection | 200 | 37\ncross-member data | %s | 0\n"
	good := fmt.Sprintf(table, "60")
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, good)
	bad := fmt.Sprintf(table, "⟦40⟧{tool.mismatch}")
	plain, _, err := checktest.Parse(bad)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, c, check.Document{Text: plain, Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, bad)

	probe := toolEvidence("probe", "", `{"tool": "rate_probe", "otp_attempts_sent": 1000, "otp_attempts_rejected_for_rate": 0}`)
	good = "rate_probe sent 1000 OTP attempts in 60 seconds; 0 were rejected for rate.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{probe}, Kind: evaluator.KindRedTeamReport}, good)
	bad = "rate_probe sent 1000 OTP attempts in 60 seconds; ⟦12⟧{tool.mismatch} were rejected for rate.\n"
	plain, _, _ = checktest.Parse(bad)
	checktest.Run(t, c, check.Document{Text: plain, Evidence: []evaluator.Evidence{probe}, Kind: evaluator.KindRedTeamReport}, bad)
}

// An item's headline gives a tool's value, and the line under it names
// what the value is about.
func TestMismatchTitleAndBody(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("risk", "", `{"tool":"risk_scorer","results":[{"clause":"5.1","risk":4},{"clause":"8.2","risk":4},{"clause":"3.1","risk":3}]}`)
	doc := "Issue 2. Assignment without consent — High (risk score %s)\nClause 8.2 allows the Seller to assign to any affiliate.\n"
	good := fmt.Sprintf(doc, "4")
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindReviewMemo}, good)
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindReviewMemo}, fmt.Sprintf(doc, "⟦5⟧{tool.mismatch}"))
}

// A version inside a vector or path ("CVSS:3.1/AV:N/…") is no value the
// tool returned for the quantity it names.
func TestMismatchVersionInVector(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("burp", "", "tool: burp-scanner-export\ntarget: stg.example\ncvss: 8.1\n")
	text := "The Burp scan rated the IDOR at CVSS 8.1.\nVector: CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, text)
	bad := "The Burp scan rated the IDOR at CVSS ⟦7.1⟧{tool.mismatch}.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, bad)
}

// A rate's key names a rate or a score, never a count.
func TestRateKey(t *testing.T) {
	if !rateKey("attack success rate") || !rateKey("risk score") || rateKey("attempts") || rateKey("successes") {
		t.Error("rateKey misreads a rate or a count")
	}
}

// A yes or no restates a boolean only, and the numbers of an address or
// a version ("203.0.113.11") are no values.
func TestMismatchBooleanOnlyAndDottedIDs(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("scan", "", "tool: extscan\nhost: 203.0.113.11\ndmarc: none\nport: 3389\n")
	text := "| Host | DMARC |\n|---|---|\n| 203.0.113.11 | No |\n\nThe extscan port 3389 was open on 203.0.113.11.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, text)
	if yesNo("none") || !yesNo("no") {
		t.Error("yesNo misreads a boolean")
	}
}

// The value a fix asks for ("move the central system to Security Profile
// 2") is no restatement of what the tool returned.
func TestMismatchTargetOfAFix(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("tools", "", "tool: ocpp_probe\ntarget: wss://ocpp.staging.example\nsecurity_profile: 0\n")
	text := "The ocpp_probe was accepted with security profile 0.\n\n1. **F1:** Move the central system to OCPP security profile 2 and issue a password per charger.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, text)
	bad := "The ocpp_probe was accepted with security profile ⟦1⟧{tool.mismatch}.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, bad)
}

// A standard's version before its score ("CVSS 3.1 base score 9.1") is
// no score; the score after it is still compared.
func TestMismatchStandardVersion(t *testing.T) {
	c := checktest.Must(New(Config{}))
	ev := toolEvidence("scanner", "", "tool: burp_enterprise\ntarget: https://api.example/v2/results\ncvss: 9.1\n")
	good := "The burp_enterprise scan: CVSS 3.1 base score 9.1 on the results API.\n"
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{ev}, Kind: evaluator.KindRedTeamReport}, good)
	if !versionOf("3.1 base score", 3, 14) || versionOf("9.1 on the API", 3, 14) {
		t.Error("versionOf misreads a version or a score")
	}
}

// A tool's bare "date" is when it ran: the report's own date beside it is
// no restatement. A date with a name of its own is a result.
func TestMismatchRunDate(t *testing.T) {
	c := checktest.Must(New(Config{}))
	bench := toolEvidence("bench", "injbench", `{"tool":"injbench","date":"2026-11-20","suite":"rerun","cases":120,"passed":118}`)
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{bench}, Kind: evaluator.KindRedTeamReport},
		"Red-team report\n\nDate: 24 November 2026\n\nThe injbench rerun passed 118 of its 120 cases.\n")
	checktest.Run(t, c, check.Document{Evidence: []evaluator.Evidence{refund}}, "The refund is £42.50, due date ⟦2027-05-12⟧{tool.mismatch}.")
}
