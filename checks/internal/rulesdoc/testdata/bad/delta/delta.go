package delta

const (
	RuleNoDoc = "delta.no_doc"
	// RuleComputed: a value the generator cannot spell out.
	RuleComputed = "delta." + string(rune(65))
)
