package openaiadapter_test

import (
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
)

// TestJudgeErrorsInLoop runs the decision judge inside RunLoop against the
// shared cases and OpenAI's own failures: each error class is retried by
// the loop alone or sent once, and keeps what the provider said.
func TestJudgeErrorsInLoop(t *testing.T) {
	p := fakeProvider
	adaptertest.RunJudgeCases(t, p, append(adaptertest.JudgeCases(p),
		adaptertest.JudgeCase{Name: "500 every time", Replies: []fakeapi.Reply{openaitest.ServerError()}, Requests: 3,
			Check: adaptertest.ProviderError(p, 500, "server_error", "The server had an error", true)},
		adaptertest.JudgeCase{Name: "400", Replies: []fakeapi.Reply{openaitest.BadRequest()}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(p, 400, "context_length_exceeded", "maximum context length", false)},
		adaptertest.JudgeCase{Name: "401", Replies: []fakeapi.Reply{openaitest.Unauthorized()}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(p, 401, "invalid_api_key", "Incorrect API key", false)},
		adaptertest.JudgeCase{Name: "refusal", Replies: []fakeapi.Reply{openaitest.Refusal(judgeModel, "I'm sorry, I can't help with that.", usage)},
			Requests: 1, Permanent: true, Check: adaptertest.RefusalError(p, "I'm sorry, I can't help with that.")},
		adaptertest.JudgeCase{Name: "content filter", Replies: []fakeapi.Reply{openaitest.Filtered(judgeModel, "", usage)},
			Requests: 1, Permanent: true, Check: adaptertest.RefusalError(p, "content_filter")},
		adaptertest.JudgeCase{Name: "truncation", Replies: []fakeapi.Reply{openaitest.Truncated(judgeModel, `{"status":"pa`, openaitest.Usage{Prompt: 10, Completion: 4096})},
			Requests: 1, Permanent: true, Check: adaptertest.TruncatedError("length", `{"status":"pa`)},
	))
}
