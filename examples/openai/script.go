package main

import (
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
	"github.com/evalopt/evalopt/internal/refunddemo"
	"github.com/evalopt/evalopt/loop"
)

// usage holds the token counts the scripted models report per role, so
// that the run has a cost.
var usage = map[loop.Role]fakeopenai.Usage{
	loop.RoleGenerate: {Prompt: 320, Completion: 60},
	loop.RoleEvaluate: {Prompt: 1450, CachedPrompt: 1024, Completion: 210},
	loop.RoleRevise:   {Prompt: 520, Completion: 70},
}

// models plays the three models behind the fake endpoint with the refund
// scenario's script (refunddemo.Reply). A request with the decision
// judge's response format is the judge's, answered by a dated snapshot of
// the requested model, as the real API does.
func models(r fakeopenai.Request) fakeopenai.Reply {
	judging := r.Format != nil && r.Format.Name == openaiadapter.DecisionFormat
	role, text := refunddemo.Reply(r.User, judging)
	model := r.Model
	if judging {
		model += "-2025-04-14"
	}
	return fakeopenai.Completion(model, text, usage[role])
}
