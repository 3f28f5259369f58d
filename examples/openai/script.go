package main

import (
	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/loop"
)

// usage holds the token counts the scripted models report per role, so
// that the run has a cost.
var usage = map[loop.Role]openaitest.Usage{
	loop.RoleGenerate: {Prompt: 320, Completion: 60},
	loop.RoleEvaluate: {Prompt: 1450, CachedPrompt: 1024, Completion: 210},
	loop.RoleRevise:   {Prompt: 520, Completion: 70},
}

// models plays the three models behind the fake endpoint with the refund
// scenario's script (Reply). A request with the decision
// judge's response format is the judge's, answered by a dated snapshot of
// the requested model, as the real API does.
func models(r openaitest.Request) openaitest.Reply {
	judging := r.Format != nil && r.Format.Name == openaiadapter.DecisionFormat
	role, text := Reply(r.User, judging)
	model := r.Model
	if judging {
		model += "-2025-04-14"
	}
	return openaitest.Completion(model, text, usage[role])
}
