package openaiadapter_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// responsesProvider describes the adapter on the Responses API to the
// shared tests: the same promises as on Chat Completions, in the
// Responses API's wire shapes.
var responsesProvider = func() adaptertest.Provider {
	p := fakeProvider
	p.Name = "openai"
	p.Sent = func(t *testing.T, srv adaptertest.Endpoint, name string) []adaptertest.Sent {
		t.Helper()
		for _, r := range srv.(*openaitest.Server).Requests() {
			if r.API != openaitest.Responses {
				t.Fatalf("request %d went to %q, want the Responses API", r.N, r.API)
			}
		}
		return sent(t, srv, name)
	}
	p.Client = func(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) adaptertest.Client {
		return roles(newClientOn(t, openaiadapter.APIResponses, url, model, prices, timeout))
	}
	p.New = func(model string, maxTokens int64, prices provider.PriceTable) error {
		_, err := openaiadapter.New(openai.NewClient(option.WithAPIKey("sk-test")),
			openaiadapter.Config{Model: model, MaxTokens: maxTokens, Prices: prices, API: openaiadapter.APIResponses})
		return err
	}
	p.Text = func(model, text string) fakeapi.Reply { return openaitest.Response(model, text, usage) }
	p.Reply = func(model, _, body string) fakeapi.Reply { return openaitest.Response(model, body, usage) }
	return p
}()

func TestResponsesStatusClasses(t *testing.T) { adaptertest.TestStatusClasses(t, responsesProvider) }
func TestResponsesSDKRetriesOff(t *testing.T) { adaptertest.TestSDKRetriesOff(t, responsesProvider) }
func TestResponsesCallTimeoutRetriedByLoop(t *testing.T) {
	adaptertest.TestCallTimeoutRetriedByLoop(t, responsesProvider)
}
func TestResponsesNewRejectsBadOptions(t *testing.T) {
	adaptertest.TestNewRejectsBadOptions(t, responsesProvider)
}
func TestResponsesDecisionJudgeSendsStrictSchemaInOrder(t *testing.T) {
	adaptertest.TestDecisionJudgeSendsStrictSchemaInOrder(t, responsesProvider)
}
func TestResponsesRubricJudgeSendsStrictSchemaInOrder(t *testing.T) {
	adaptertest.TestRubricJudgeSendsStrictSchemaInOrder(t, responsesProvider)
}
func TestResponsesGeneratorAndReviserSendPlainText(t *testing.T) {
	adaptertest.TestGeneratorAndReviserSendPlainText(t, responsesProvider)
}

// TestResponsesJudgeErrorsInLoop: the Responses API's own failures inside
// RunLoop, each retried by the loop alone or sent once.
func TestResponsesJudgeErrorsInLoop(t *testing.T) {
	p := responsesProvider
	adaptertest.RunJudgeCases(t, p, append(adaptertest.JudgeCases(p),
		adaptertest.JudgeCase{Name: "500 every time", Replies: []fakeapi.Reply{openaitest.ServerError()}, Requests: 3,
			Check: adaptertest.ProviderError(p, 500, "server_error", "The server had an error", true)},
		adaptertest.JudgeCase{Name: "401", Replies: []fakeapi.Reply{openaitest.Unauthorized()}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(p, 401, "invalid_api_key", "Incorrect API key", false)},
		adaptertest.JudgeCase{Name: "refusal", Replies: []fakeapi.Reply{openaitest.ResponseRefusal(judgeModel, "I can't help with that.", usage)},
			Requests: 1, Permanent: true, Check: adaptertest.RefusalError(p, "I can't help with that.")},
		adaptertest.JudgeCase{Name: "content filter", Replies: []fakeapi.Reply{openaitest.Incomplete(judgeModel, "content_filter", "", usage)},
			Requests: 1, Permanent: true, Check: adaptertest.RefusalError(p, "content_filter")},
		adaptertest.JudgeCase{Name: "truncation", Replies: []fakeapi.Reply{openaitest.Incomplete(judgeModel, "max_output_tokens", `{"status":"pa`, usage)},
			Requests: 1, Permanent: true, Check: adaptertest.TruncatedError("max_output_tokens", `{"status":"pa`)},
	))
}

// TestResponsesCostFromUsage: input_tokens include the cached ones, priced
// apart, billed on a refusal or a truncated reply too.
func TestResponsesCostFromUsage(t *testing.T) {
	u := openaitest.Usage{Prompt: 1000, CachedPrompt: 400, Completion: 500}
	adaptertest.RunCostCases(t, responsesProvider, "gpt-4.1", prices, (600*2+400*0.5+500*8)/1e6, []adaptertest.CostCase{
		{Name: "success", Reply: openaitest.Response(judgeModel, "ok", u)},
		{Name: "refusal", Reply: openaitest.ResponseRefusal(judgeModel, "no", u), Err: true},
		{Name: "truncation", Reply: openaitest.Incomplete(judgeModel, "max_output_tokens", "o", u), Err: true},
	})
	adaptertest.TestUnpricedReplyModel(t, responsesProvider, "gpt-4.1", prices, openaitest.Response("o3", "ok", usage))
}

// TestResponsesReplyWithoutText: a completed response with no output text
// is a provider error without a status, which the loop may retry (not
// permanent), not an empty candidate.
func TestResponsesReplyWithoutText(t *testing.T) {
	srv := serve(t, openaitest.Response(genModel, "", usage))
	_, err := newClientOn(t, openaiadapter.APIResponses, srv.URL(), genModel, nil, 0).Generator("s").Generate(context.Background(), adaptertest.RefundTask())
	var pe *provider.ProviderError
	if !errors.As(err, &pe) || !strings.Contains(pe.Message, "no output text") || provider.Classify(err) == provider.ClassPermanent {
		t.Fatalf("err = %v, want a *ProviderError saying there is no text, not permanent", err)
	}
}

func TestNewRejectsUnknownAPI(t *testing.T) {
	_, err := openaiadapter.New(openai.NewClient(option.WithAPIKey("sk-test")), openaiadapter.Config{Model: genModel, API: 7})
	if err == nil || !strings.Contains(err.Error(), "Config.API") || !errors.Is(err, evaluator.ErrInvalidOption) {
		t.Fatalf("New = %v, want an error naming Config.API", err)
	}
}
