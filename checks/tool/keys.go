package tool

import "strings"

// What a tool's keys are: its name, the subject a result is about, or a
// quantity it measured. Everything else with a number or a rating word is
// a quantity.
var (
	// identityKeys name the tool.
	identityKeys = map[string]bool{"tool": true, "tool name": true, "toolname": true, "tool id": true,
		"scanner": true, "engine": true, "service": true, "function": true, "name": true}
	// subjectNouns are keys whose value says what a result is about; the
	// word itself ("clause") is how a text names it ("clause 2").
	subjectNouns = map[string]bool{"clause": true, "section": true, "article": true, "item": true, "finding": true,
		"control": true, "ticket": true, "order": true, "account": true, "customer": true, "subject": true,
		"target": true, "host": true, "url": true, "endpoint": true, "file": true, "path": true, "asset": true,
		"component": true, "cve": true, "vulnerability": true, "issue": true, "test": true, "case": true,
		"sku": true, "product": true, "invoice": true, "claim": true, "policy": true, "request": true,
		"schedule": true, "exhibit": true, "annex": true, "paragraph": true, "rule": true, "check": true,
		"id": true, "ref": true, "reference": true, "field": true, "parameter": true, "page": true, "row": true,
		"line": true, "metric": true, "plan": true, "service level": true, "sla": true, "shipment": true,
		"parcel": true, "booking": true, "flight": true, "contract": true, "document": true, "query": true,
		"prompt": true, "scenario": true, "attack": true, "payload": true, "model": true, "user": true,
		"employee": true, "device": true, "server": true, "site": true, "region": true, "meter": true, "property": true,
		"category": true, "suite": true, "technique": true, "probe": true, "objective": true, "area": true,
		"domain": true, "tactic": true, "vector": true, "surface": true, "label": true}
	// quantityNouns are the words a key of a generic measure ends with
	// ("risk score"): the text may name the measure by the rest ("risk").
	genericTail = map[string]bool{"score": true, "level": true, "rating": true, "value": true, "count": true,
		"total": true, "amount": true, "grade": true, "band": true, "rank": true}
)

// ignoredKey reports whether a key is bookkeeping, never restated as a
// result: times, versions, run ids, units. A bare "date" is when the tool
// ran, like a timestamp ("date": "2026-11-20" beside a report dated 24
// November); a date with a name of its own ("expiry date") is a result.
func ignoredKey(k string) bool {
	if k == "date" {
		return true
	}
	for _, w := range strings.Fields(k) {
		switch w {
		case "timestamp", "time", "at", "created", "updated", "generated", "checked", "fetched", "retrieved",
			"version", "run", "elapsed", "latency", "duration", "ms",
			"tokens", "unit", "units", "currency", "type", "kind", "format", "schema", "description",
			"message", "msg", "note", "notes", "comment", "error", "status", "state", "method", "source",
			"title", "text", "summary", "details", "detail", "evidence", "recommendation",
			"remediation", "fix", "link", "email", "phone", "address", "by", "owner", "author":
			return true
		}
	}
	return false
}

// subjectKey reports whether a key names what a result is about, and the
// noun a text names it by: "clause" for "clause", "clause id", "clause_no";
// "" for a bare "id".
func subjectKey(k string) (noun string, ok bool) {
	if subjectNouns[k] {
		if k == "id" || k == "ref" || k == "reference" {
			return "", true
		}
		return k, true
	}
	ws := strings.Fields(k)
	if len(ws) == 2 && subjectNouns[ws[0]] {
		switch ws[1] {
		case "id", "no", "number", "ref", "name", "key", "label", "code":
			return ws[0], true
		}
	}
	return "", false
}

// ratingWords are the non-numeric values a tool may rate with, each with
// the form they are compared in.
var ratingWords = map[string]string{
	"low": "low", "medium": "medium", "moderate": "medium", "med": "medium", "high": "high", "critical": "critical",
	"severe": "severe", "minor": "minor", "major": "major", "informational": "info", "info": "info", "none": "none",
	"pass": "pass", "passed": "pass", "fail": "fail", "failed": "fail", "red": "red", "amber": "amber",
	"green": "green", "yellow": "amber", "true": "yes", "false": "no", "yes": "yes", "no": "no",
	"approved": "approved", "rejected": "rejected", "denied": "rejected", "valid": "valid", "invalid": "invalid",
	"compliant": "compliant", "noncompliant": "noncompliant", "vulnerable": "vulnerable", "safe": "safe",
	"likely": "likely", "unlikely": "unlikely", "eligible": "eligible", "ineligible": "ineligible",
	"blocked": "blocked", "allowed": "allowed", "open": "open", "closed": "closed", "p0": "p0", "p1": "p1",
	"p2": "p2", "p3": "p3", "p4": "p4",
}

// quantity reports whether f is a measured result the text may restate:
// a number or a rating word under a key that is neither the tool's name,
// a subject, nor bookkeeping.
func quantity(f field) bool {
	if identityKeys[f.key] || ignoredKey(f.key) {
		return false
	}
	if _, ok := subjectKey(f.key); ok {
		return false
	}
	if f.isNum || f.date != "" {
		return true
	}
	_, ok := ratingWords[strings.ToLower(f.value)]
	return ok
}
