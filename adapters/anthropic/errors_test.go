package anthropicadapter_test

import (
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
)

// TestJudgeErrorsInLoop runs the decision judge inside RunLoop against the
// shared cases (529 overloaded among the transient ones) and Anthropic's
// own failures: each error class is retried by the loop alone or sent
// once, and keeps what the provider said.
func TestJudgeErrorsInLoop(t *testing.T) {
	p := fakeProvider
	ok := p.Reply(judgeModel, p.DecisionName, adaptertest.DecisionJSON(t, adaptertest.PassDecision()))
	adaptertest.RunJudgeCases(t, p, append(adaptertest.JudgeCases(p),
		// A reply that does not call the forced tool has no status: the
		// loop may retry it.
		adaptertest.JudgeCase{Name: "forced tool not called, then called", Replies: []fakeapi.Reply{anthropictest.Text(judgeModel, "Looks fine.", usage), ok}, Requests: 2},
		adaptertest.JudgeCase{Name: "500 every time", Replies: []fakeapi.Reply{anthropictest.ServerError()}, Requests: 3,
			Check: adaptertest.ProviderError(p, 500, "api_error", "Internal server error", true)},
		adaptertest.JudgeCase{Name: "400", Replies: []fakeapi.Reply{anthropictest.BadRequest()}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(p, 400, "invalid_request_error", "prompt is too long", false)},
		adaptertest.JudgeCase{Name: "401", Replies: []fakeapi.Reply{anthropictest.Unauthorized()}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(p, 401, "authentication_error", "invalid x-api-key", false)},
		adaptertest.JudgeCase{Name: "refusal", Replies: []fakeapi.Reply{anthropictest.Refusal(judgeModel, "I can't help with that.", "The request asks for malware.", usage)},
			Requests: 1, Permanent: true, Check: adaptertest.RefusalError(p, "I can't help with that.", "malware")},
		adaptertest.JudgeCase{Name: "truncation", Replies: []fakeapi.Reply{anthropictest.Truncated(judgeModel, `{"status":"pa`, anthropictest.Usage{Input: 10, Output: 4096})},
			Requests: 1, Permanent: true, Check: adaptertest.TruncatedError("max_tokens", `{"status":"pa`)},
	))
}
