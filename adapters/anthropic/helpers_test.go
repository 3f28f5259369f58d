package anthropicadapter_test

import (
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

const (
	judgeModel = "claude-sonnet-4-5-20250929"
	genModel   = "claude-haiku-4-5"
)

// usage is the token usage of the replies whose cost no test reads.
var usage = anthropictest.Usage{Input: 10, Output: 10}

var modes = []struct {
	name string
	mode anthropicadapter.Mode
}{{"tool", anthropicadapter.ModeTool}, {"output_config", anthropicadapter.ModeOutputFormat}}

// serve starts a fake server that answers with the replies in order, then
// repeats the last one.
func serve(t *testing.T, replies ...anthropictest.Reply) *anthropictest.Server {
	t.Helper()
	srv := anthropictest.New(func(r anthropictest.Request) anthropictest.Reply {
		return replies[min(r.N, len(replies))-1]
	})
	t.Cleanup(srv.Close)
	return srv
}

// newClient builds an adapter over the official SDK pointed at url. The
// SDK keeps its default retry setting (2 retries): the adapter must turn it
// off itself.
func newClient(t *testing.T, url, model string, mode anthropicadapter.Mode, prices provider.PriceTable, timeout time.Duration) *anthropicadapter.Client {
	t.Helper()
	opts := []option.RequestOption{option.WithBaseURL(url), option.WithAPIKey("sk-ant-test")}
	if timeout > 0 {
		opts = append(opts, option.WithRequestTimeout(timeout))
	}
	c, err := anthropicadapter.New(anthropic.NewClient(opts...), anthropicadapter.Config{Model: model, Mode: mode, Prices: prices})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sent returns what the shared tests read of srv's requests, checking that
// a request with a schema carries it as mode says, passing the strict
// rules: one strict tool named name that tool_choice forces, with no
// output format (ModeTool), or output_config.format with no tool.
func sent(mode anthropicadapter.Mode) func(*testing.T, adaptertest.Endpoint, string) []adaptertest.Sent {
	return func(t *testing.T, srv adaptertest.Endpoint, name string) []adaptertest.Sent {
		t.Helper()
		var out []adaptertest.Sent
		for _, r := range srv.(*anthropictest.Server).Requests() {
			s := adaptertest.Sent{System: r.System, User: r.User, Model: r.Model, MaxTokens: r.MaxTokens}
			switch {
			case len(r.Tools) > 0 || r.ToolChoice.Type != "":
				if mode != anthropicadapter.ModeTool || len(r.Tools) != 1 || r.Tools[0].Name != name || !r.Tools[0].Strict {
					t.Fatalf("tools = %+v in mode %d, want one strict tool named %q in tool mode", r.Tools, mode, name)
				}
				if r.ToolChoice.Type != "tool" || r.ToolChoice.Name != name || r.OutputFormat != nil {
					t.Errorf("tool_choice = %+v, output format %s; want the tool %q forced and no output format", r.ToolChoice, r.OutputFormat, name)
				}
				s.Schema = r.Tools[0].InputSchema
			case r.OutputFormat != nil:
				if mode != anthropicadapter.ModeOutputFormat {
					t.Fatalf("output_config.format sent in mode %d", mode)
				}
				s.Schema = r.OutputFormat
			}
			if s.Schema != nil {
				if err := anthropictest.CheckStrict(s.Schema, nil); err != nil {
					t.Errorf("schema breaks strict mode:\n%v", err)
				}
			}
			out = append(out, s)
		}
		return out
	}
}

// roles is what the shared tests use of c.
func roles(c *anthropicadapter.Client) adaptertest.Client {
	return adaptertest.Client{
		Generator:     func(s string) loop.Generator[string] { return c.Generator(s) },
		Reviser:       func(s string) loop.Reviser[string] { return c.Reviser(s) },
		DecisionJudge: c.DecisionJudge,
		RubricJudge: func(r rubric.Rubric) (*rubric.Judge[string], error) {
			return anthropicadapter.RubricJudge(c, r, rubric.Config[string]{})
		},
	}
}

// providerIn describes the adapter in mode to the tests every adapter
// shares.
func providerIn(mode anthropicadapter.Mode) adaptertest.Provider {
	return adaptertest.Provider{
		Name:       "anthropic",
		GenModel:   genModel,
		JudgeModel: judgeModel,
		Serve: func(t *testing.T, replies ...fakeapi.Reply) adaptertest.Endpoint {
			return serve(t, replies...)
		},
		Sent:         sent(mode),
		DecisionName: anthropicadapter.DecisionTool,
		RubricName:   anthropicadapter.JudgeOutputTool,
		MaxTokens:    anthropicadapter.DefaultMaxTokens,
		Client: func(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) adaptertest.Client {
			return roles(newClient(t, url, model, mode, prices, timeout))
		},
		New: func(model string, maxTokens int64, prices provider.PriceTable) error {
			_, err := anthropicadapter.New(anthropic.NewClient(option.WithAPIKey("sk-ant-test")),
				anthropicadapter.Config{Model: model, MaxTokens: maxTokens, Mode: mode, Prices: prices})
			return err
		},
		Text: func(model, text string) fakeapi.Reply { return anthropictest.Text(model, text, usage) },
		Reply: func(model, name, body string) fakeapi.Reply {
			if mode == anthropicadapter.ModeTool {
				// The model calls the forced tool: the adapter reads only
				// that tool's input.
				return anthropictest.ToolUse(model, name, body, usage)
			}
			return anthropictest.Text(model, body, usage)
		},
		Error: func(status int, code, message string) fakeapi.Reply {
			return anthropictest.Error(status, code, message)
		},
		Transient: []fakeapi.Reply{anthropictest.RateLimited(), anthropictest.ServerError(), anthropictest.Overloaded()},
		Statuses:  map[int]provider.ErrorClass{529: provider.ClassTransient}, // overloaded
	}
}

// provider is the adapter in its default mode, a forced strict tool.
var fakeProvider = providerIn(anthropicadapter.ModeTool)

func TestStatusClasses(t *testing.T) { adaptertest.TestStatusClasses(t, fakeProvider) }
func TestSDKRetriesOff(t *testing.T) { adaptertest.TestSDKRetriesOff(t, fakeProvider) }
func TestCallTimeoutRetriedByLoop(t *testing.T) {
	adaptertest.TestCallTimeoutRetriedByLoop(t, fakeProvider)
}
func TestNewRejectsBadOptions(t *testing.T) { adaptertest.TestNewRejectsBadOptions(t, fakeProvider) }

func TestGeneratorAndReviserSendPlainText(t *testing.T) {
	adaptertest.TestGeneratorAndReviserSendPlainText(t, fakeProvider)
}

// The judges hold their replies to their schemas in either mode.

func TestDecisionJudgeSendsStrictSchemaInOrder(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { adaptertest.TestDecisionJudgeSendsStrictSchemaInOrder(t, providerIn(m.mode)) })
	}
}

func TestRubricJudgeSendsStrictSchemaInOrder(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { adaptertest.TestRubricJudgeSendsStrictSchemaInOrder(t, providerIn(m.mode)) })
	}
}
