package openaiadapter_test

import (
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

const (
	judgeModel = "gpt-4.1-2025-04-14"
	genModel   = "gpt-4.1-mini"
)

// usage is the token usage of the replies whose cost no test reads.
var usage = openaitest.Usage{Prompt: 10, Completion: 10}

// serve starts a fake server that answers with the replies in order, then
// repeats the last one.
func serve(t *testing.T, replies ...openaitest.Reply) *openaitest.Server {
	t.Helper()
	srv := openaitest.New(func(r openaitest.Request) openaitest.Reply {
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
	return newClientOn(t, openaiadapter.APIChatCompletions, url, model, prices, timeout)
}

// newClientOn is newClient on api.
func newClientOn(t *testing.T, api openaiadapter.API, url, model string, prices provider.PriceTable, timeout time.Duration) *openaiadapter.Client {
	t.Helper()
	opts := []option.RequestOption{option.WithBaseURL(url), option.WithAPIKey("sk-test")}
	if timeout > 0 {
		opts = append(opts, option.WithRequestTimeout(timeout))
	}
	c, err := openaiadapter.New(openai.NewClient(opts...), openaiadapter.Config{Model: model, Prices: prices, API: api})
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
	for _, r := range srv.(*openaitest.Server).Requests() {
		s := adaptertest.Sent{System: r.System, User: r.User, Model: r.Model, MaxTokens: r.MaxTokens}
		if f := r.Format; f != nil {
			if f.Type != "json_schema" || f.Name != name || !f.Strict {
				t.Fatalf("response_format = %+v, want strict json_schema named %q", f, name)
			}
			if err := openaitest.CheckStrict(f.Schema); err != nil {
				t.Errorf("schema breaks strict mode:\n%v", err)
			}
			s.Schema = f.Schema
		}
		out = append(out, s)
	}
	return out
}

// roles is what the shared tests use of c.
func roles(c *openaiadapter.Client) adaptertest.Client {
	return adaptertest.Client{
		Generator:     func(s string) loop.Generator[string] { return c.Generator(s) },
		Reviser:       func(s string) loop.Reviser[string] { return c.Reviser(s) },
		DecisionJudge: c.DecisionJudge,
		RubricJudge: func(r rubric.Rubric) (*rubric.Judge[string], error) {
			return openaiadapter.RubricJudge(c, r, rubric.Config[string]{})
		},
	}
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
		return roles(newClient(t, url, model, prices, timeout))
	},
	New: func(model string, maxTokens int64, prices provider.PriceTable) error {
		_, err := openaiadapter.New(openai.NewClient(option.WithAPIKey("sk-test")), openaiadapter.Config{Model: model, MaxTokens: maxTokens, Prices: prices})
		return err
	},
	Text:  func(model, text string) fakeapi.Reply { return openaitest.Completion(model, text, usage) },
	Reply: func(model, _, body string) fakeapi.Reply { return openaitest.Completion(model, body, usage) },
	Error: func(status int, code, message string) fakeapi.Reply {
		return openaitest.Error(status, "some_error", code, message)
	},
	Transient: []fakeapi.Reply{openaitest.RateLimited(), openaitest.ServerError()},
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
