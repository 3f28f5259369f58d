// Package board checks a deliverable against the findings its agent
// posted to a findings board: rule RuleBoardMismatch blocks a finding the
// text rates in another severity band than the board, and warns for a
// posted finding the text does not present or a finding the text
// presents that was never posted. It serves the deliverable rubric's Tool
// Consistency dimension (the board is the agent's tool output; the
// rubric asks whether posted findings and the text agree).
//
// The package is named for the evidence it reads: a board of findings in
// the golden-set format (evaluator/golden.AgentFinding: category,
// severity P0..P3, title, description, citations), in an evidence item of
// kind "findings".
package board
