package openaiadapter_test

import (
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
	"github.com/evalopt/evalopt/internal/adaptertest"
	"github.com/evalopt/evalopt/internal/fakeapi"
	"github.com/evalopt/evalopt/rubric"
)

const (
	judgeModel = "gpt-4.1-2025-04-14"
	genModel   = "gpt-4.1-mini"
)

// usage is the token usage of the replies whose cost no test reads.
var usage = fakeopenai.Usage{Prompt: 10, Completion: 10}

// serve starts a fake server that answers with the replies in order, then
// repeats the last one.
func serve(t *testing.T, replies ...fakeopenai.Reply) *fakeopenai.Server {
	t.Helper()
	srv := fakeopenai.New(func(r fakeopenai.Request) fakeopenai.Reply {
		return replies[min(r.N, len(replies))-1]
	})
	t.Cleanup(srv.Close)
	return srv
}

// newClient builds an adapter over the official SDK pointed at url. The
// SDK keeps its default retry setting (2 retries): the adapter must turn it
// off itself.
func newClient(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) *openaiadapter.Client {
	t.Helper()
	opts := []option.RequestOption{option.WithBaseURL(url), option.WithAPIKey("sk-test")}
	if timeout > 0 {
		opts = append(opts, option.WithRequestTimeout(timeout))
	}
	c, err := openaiadapter.New(openai.NewClient(opts...), openaiadapter.Config{Model: model, Prices: prices})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sent returns what the shared tests read of srv's requests, checking that
// a request with a schema carries it as a strict json_schema response
// format named name that passes OpenAI's strict-mode rules.
func sent(t *testing.T, srv adaptertest.Endpoint, name string) []adaptertest.Sent {
	t.Helper()
	var out []adaptertest.Sent
	for _, r := range srv.(*fakeopenai.Server).Requests() {
		s := adaptertest.Sent{System: r.System, User: r.User, Model: r.Model, MaxTokens: r.MaxTokens}
		if f := r.Format; f != nil {
			if f.Type != "json_schema" || f.Name != name || !f.Strict {
				t.Fatalf("response_format = %+v, want strict json_schema named %q", f, name)
			}
			if err := fakeopenai.CheckStrict(f.Schema); err != nil {
				t.Errorf("schema breaks strict mode:\n%v", err)
			}
			s.Schema = f.Schema
		}
		out = append(out, s)
	}
	return out
}

// provider describes the adapter to the tests every adapter shares.
var fakeProvider = adaptertest.Provider{
	Name:       "openai",
	GenModel:   genModel,
	JudgeModel: judgeModel,
	Serve: func(t *testing.T, replies ...fakeapi.Reply) adaptertest.Endpoint {
		return serve(t, replies...)
	},
	Sent:         sent,
	DecisionName: openaiadapter.DecisionFormat,
	RubricName:   openaiadapter.JudgeOutputFormat,
	MaxTokens:    openaiadapter.DefaultMaxTokens,
	Client: func(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) adaptertest.Client {
		return newClient(t, url, model, prices, timeout)
	},
	RubricJudge: func(c adaptertest.Client, r rubric.Rubric) (*rubric.Judge[string], error) {
		return openaiadapter.RubricJudge(c.(*openaiadapter.Client), r, rubric.Config[string]{})
	},
	New: func(model string, maxTokens int64, prices provider.PriceTable) error {
		_, err := openaiadapter.New(openai.NewClient(option.WithAPIKey("sk-test")), openaiadapter.Config{Model: model, MaxTokens: maxTokens, Prices: prices})
		return err
	},
	Text:  func(model, text string) fakeapi.Reply { return fakeopenai.Completion(model, text, usage) },
	Reply: func(model, _, body string) fakeapi.Reply { return fakeopenai.Completion(model, body, usage) },
	Error: func(status int, code, message string) fakeapi.Reply {
		return fakeopenai.Error(status, "some_error", code, message)
	},
	Transient: []fakeapi.Reply{fakeopenai.RateLimited(), fakeopenai.ServerError()},
}

func TestStatusClasses(t *testing.T) { adaptertest.TestStatusClasses(t, fakeProvider) }
func TestSDKRetriesOff(t *testing.T) { adaptertest.TestSDKRetriesOff(t, fakeProvider) }
func TestCallTimeoutRetriedByLoop(t *testing.T) {
	adaptertest.TestCallTimeoutRetriedByLoop(t, fakeProvider)
}
func TestNewRejectsBadOptions(t *testing.T) { adaptertest.TestNewRejectsBadOptions(t, fakeProvider) }

func TestDecisionJudgeSendsStrictSchemaInOrder(t *testing.T) {
	adaptertest.TestDecisionJudgeSendsStrictSchemaInOrder(t, fakeProvider)
}

func TestRubricJudgeSendsStrictSchemaInOrder(t *testing.T) {
	adaptertest.TestRubricJudgeSendsStrictSchemaInOrder(t, fakeProvider)
}

func TestGeneratorAndReviserSendPlainText(t *testing.T) {
	adaptertest.TestGeneratorAndReviserSendPlainText(t, fakeProvider)
}
