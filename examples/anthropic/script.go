package main

import (
	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/loop"
)

// usage holds the token counts the scripted models report per role, so
// that the run has a cost.
var usage = map[loop.Role]anthropictest.Usage{
	loop.RoleGenerate: {Input: 320, Output: 60},
	loop.RoleEvaluate: {Input: 426, CacheRead: 1024, Output: 210},
	loop.RoleRevise:   {Input: 520, Output: 70},
}

// models plays the three models behind the fake endpoint with the refund
// scenario's script (Reply). A request that forces the decision
// judge's tool is the judge's: a dated snapshot of the requested model
// answers by calling that tool, as the real API does.
func models(r anthropictest.Request) anthropictest.Reply {
	judging := r.ToolChoice.Type == "tool" && r.ToolChoice.Name == anthropicadapter.DecisionTool
	role, text := Reply(r.User, judging)
	if judging {
		return anthropictest.ToolUse(r.Model+"-20250929", r.ToolChoice.Name, text, usage[role])
	}
	return anthropictest.Text(r.Model, text, usage[role])
}
