package checks

// docs/rules.md, the reference of every rule id, is written from the Rule*
// constants of the family packages; a test of checks/internal/rulesdoc
// fails when it is stale.
//go:generate go run ./internal/rulesdoc -out ../docs/rules.md
