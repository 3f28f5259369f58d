package adaptertest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

// The shared tests run here against a toy provider: a JSON protocol of its
// own, a fake endpoint on fakeapi and an adapter on adapterkit, built the
// way the real adapters are. A correct adapter must pass every check.

// toyWire is the toy API's request body.
type toyWire struct {
	Model      string          `json:"model"`
	MaxTokens  int64           `json:"max_tokens"`
	System     string          `json:"system"`
	User       string          `json:"user"`
	SchemaName string          `json:"schema_name,omitempty"`
	Schema     json.RawMessage `json:"schema,omitempty"`
}

// toyRequest is a request as the toy fake received it.
type toyRequest struct {
	fakeapi.Received
	toyWire
}

func toyParse(r *http.Request, in fakeapi.Received, readErr error) (toyRequest, *fakeapi.Reply) {
	q := toyRequest{Received: in}
	if readErr != nil || r.Method != http.MethodPost || json.Unmarshal(in.Body, &q.toyWire) != nil {
		rp := toyError(http.StatusBadRequest, "bad_request", "malformed request")
		return q, &rp
	}
	return q, nil
}

func toyReply(model, text string) fakeapi.Reply {
	b, _ := json.Marshal(map[string]any{"model": model, "text": text, "input": 100, "output": 10})
	return fakeapi.Reply{Body: b}
}

func toyError(status int, code, message string) fakeapi.Reply {
	b, _ := json.Marshal(map[string]any{"code": code, "message": message})
	return fakeapi.Reply{Status: status, Body: b}
}

// toySchema is the toy adapter's schema: a name and the JSON.
type toySchema struct {
	Name string
	JSON json.RawMessage
}

// toyClient is the toy adapter.
type toyClient struct {
	url, model string
	prices     provider.PriceTable
	http       *http.Client
}

const toyMaxTokens = 1000

func newToy(url, model string, prices provider.PriceTable, timeout time.Duration) (*toyClient, error) {
	if err := adapterkit.CheckConfig("toy", model, 0, 1024, prices); err != nil {
		return nil, err
	}
	return &toyClient{url: url, model: model, prices: prices, http: &http.Client{Timeout: timeout}}, nil
}

func (c *toyClient) Complete(ctx context.Context, system, user string, s *toySchema) (string, error) {
	w := toyWire{Model: c.model, MaxTokens: toyMaxTokens, System: system, User: user}
	if s != nil {
		if err := adapterkit.CheckSchema("toy", s.Name, s.JSON); err != nil {
			return "", err
		}
		w.SchemaName, w.Schema = s.Name, s.JSON
	}
	body, err := json.Marshal(w)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/complete", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return "", adapterkit.TransportError("toy", err)
	}
	defer res.Body.Close()
	var out struct {
		Model, Text, Code, Message string
		Input, Output              int64
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return "", adapterkit.TransportError("toy", err)
	}
	if res.StatusCode != http.StatusOK {
		return "", &provider.ProviderError{Provider: "toy", StatusCode: res.StatusCode, Code: out.Code, Message: out.Message, RequestID: res.Header.Get("X-Request-Id")}
	}
	if err := adapterkit.ReportCost(ctx, "toy", c.prices, c.model, provider.Usage{Model: out.Model, InputTokens: out.Input, OutputTokens: out.Output}); err != nil {
		return "", err
	}
	return out.Text, nil
}

func (c *toyClient) Generator(instructions string) *adapterkit.Generator {
	return adapterkit.NewGenerator(adapterkit.Bind(c.Complete, nil), c.model, instructions)
}

func (c *toyClient) Reviser(instructions string) *adapterkit.Reviser {
	return adapterkit.NewReviser(adapterkit.Bind(c.Complete, nil), c.model, instructions)
}

func (c *toyClient) DecisionJudge() evaluator.Evaluator[string] {
	return adapterkit.DecisionJudge(adapterkit.Bind(c.Complete, &toySchema{"decision", evaluator.DecisionSchema()}), c.model)
}

var toy = adaptertest.Provider{
	Name:       "toy",
	GenModel:   "toy-small",
	JudgeModel: "judge-large-2025-01-01",
	Serve: func(t *testing.T, replies ...fakeapi.Reply) adaptertest.Endpoint {
		srv := fakeapi.New(toyParse, func(r toyRequest) fakeapi.Reply { return replies[min(r.N, len(replies))-1] }, "X-Request-Id")
		t.Cleanup(srv.Close)
		return srv
	},
	Sent: func(t *testing.T, srv adaptertest.Endpoint, name string) []adaptertest.Sent {
		var out []adaptertest.Sent
		for _, r := range srv.(*fakeapi.Server[toyRequest]).Requests() {
			if r.Schema != nil && r.SchemaName != name {
				t.Fatalf("schema named %q, want %q", r.SchemaName, name)
			}
			out = append(out, adaptertest.Sent{System: r.System, User: r.User, Schema: r.Schema, Model: r.Model, MaxTokens: r.MaxTokens})
		}
		return out
	},
	DecisionName: "decision",
	RubricName:   "judge_output",
	MaxTokens:    toyMaxTokens,
	Client: func(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) adaptertest.Client {
		c, err := newToy(url, model, prices, timeout)
		if err != nil {
			t.Fatal(err)
		}
		return adaptertest.Client{
			Generator:     func(s string) loop.Generator[string] { return c.Generator(s) },
			Reviser:       func(s string) loop.Reviser[string] { return c.Reviser(s) },
			DecisionJudge: c.DecisionJudge,
			RubricJudge: func(r rubric.Rubric) (*rubric.Judge[string], error) {
				judge := adapterkit.JudgeFunc(adapterkit.Bind(c.Complete, &toySchema{"judge_output", r.OutputSchema()}))
				return adapterkit.RubricJudge(r, judge, c.model, rubric.Config[string]{})
			},
		}
	},
	New: func(model string, maxTokens int64, prices provider.PriceTable) error {
		return adapterkit.CheckConfig("toy", model, maxTokens, 1024, prices)
	},
	Text:      toyReply,
	Reply:     func(model, _, body string) fakeapi.Reply { return toyReply(model, body) },
	Error:     toyError,
	Transient: []fakeapi.Reply{toyError(http.StatusTooManyRequests, "rate_limit", "slow down"), toyError(http.StatusInternalServerError, "oops", "server error")},
	Statuses:  map[int]provider.ErrorClass{529: provider.ClassTransient},
}

func TestToyStatusClasses(t *testing.T)        { adaptertest.TestStatusClasses(t, toy) }
func TestToySDKRetriesOff(t *testing.T)        { adaptertest.TestSDKRetriesOff(t, toy) }
func TestToyCallTimeout(t *testing.T)          { adaptertest.TestCallTimeoutRetriedByLoop(t, toy) }
func TestToyNewRejectsBadOptions(t *testing.T) { adaptertest.TestNewRejectsBadOptions(t, toy) }
func TestToyDecisionJudgeWire(t *testing.T) {
	adaptertest.TestDecisionJudgeSendsStrictSchemaInOrder(t, toy)
}
func TestToyRubricJudgeWire(t *testing.T) {
	adaptertest.TestRubricJudgeSendsStrictSchemaInOrder(t, toy)
}
func TestToyGeneratorAndReviserWire(t *testing.T) {
	adaptertest.TestGeneratorAndReviserSendPlainText(t, toy)
}

func TestToyJudgeCases(t *testing.T) {
	adaptertest.RunJudgeCases(t, toy, append(adaptertest.JudgeCases(toy),
		adaptertest.JudgeCase{Name: "500 every time", Replies: []fakeapi.Reply{toyError(500, "oops", "server error")}, Requests: 3,
			Check: adaptertest.ProviderError(toy, 500, "oops", "server error", true)},
		adaptertest.JudgeCase{Name: "401", Replies: []fakeapi.Reply{toyError(401, "bad_key", "who are you")}, Requests: 1, Permanent: true,
			Check: adaptertest.ProviderError(toy, 401, "bad_key", "who are you", false)},
	))
}

func TestToyCost(t *testing.T) {
	prices := provider.PriceTable{"toy-small": {Input: 1, Output: 2}}
	adaptertest.RunCostCases(t, toy, "toy-small", prices, (100*1+10*2)/1e6, []adaptertest.CostCase{
		{Name: "reply names a snapshot", Reply: toyReply("toy-small-2025-01-01", "ok")},
		{Name: "reply names no model", Reply: toyReply("", "ok")},
	})
	adaptertest.TestUnpricedReplyModel(t, toy, "toy-small", prices, toyReply("other-model", "ok"))
}

func TestFixtures(t *testing.T) {
	task := adaptertest.RefundTask()
	if err := task.Validate(); err != nil {
		t.Fatal(err)
	}
	d, err := evaluator.ParseDecision([]byte(adaptertest.DecisionJSON(t, adaptertest.PassDecision())))
	if err != nil || d.Status != evaluator.StatusPass || len(evaluator.MissingEvidence(task, d)) > 0 {
		t.Errorf("PassDecision does not round-trip as a valid pass on RefundTask: %+v, %v", d, err)
	}
	r := rubric.Deliverable()
	out, err := rubric.ParseJudgeOutput([]byte(adaptertest.RubricReply(r, 0.8)), r)
	if err != nil || len(out.Dimensions) != len(r.Dimensions) {
		t.Errorf("RubricReply: %d dimensions, %v", len(out.Dimensions), err)
	}
	adaptertest.CheckPropertyOrder(t, evaluator.DecisionSchema(), evaluator.DecisionSchema())
}
