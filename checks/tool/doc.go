// Package tool checks that a deliverable restates its tools' outputs as
// the tools gave them: rule RuleMismatch blocks a value the text gives for
// a quantity a tool returned (by the tool's name, its evidence id, or the
// same subject) that differs from the tool's. It serves the deliverable
// rubric's Tool Consistency dimension.
//
// A tool output is an evidence item of kind "tool_output" holding JSON
// ({"tool":"risk_scorer","clause":"2","risk":4}, nested objects and lists
// of results) or "key: value" lines. A text that says the tool was
// unavailable and gives its own estimate is not held to the tool.
package tool
