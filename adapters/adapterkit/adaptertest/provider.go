package adaptertest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

// Endpoint is a provider's running fake endpoint (a fakeapi.Server).
type Endpoint interface {
	URL() string
	Count() int
}

// Client is what the shared tests use of an adapter's client: its roles,
// each built the way the adapter builds it. Every field is required.
type Client struct {
	// Generator and Reviser return the client's text roles with
	// instructions as the system prompt.
	Generator func(instructions string) loop.Generator[string]
	Reviser   func(instructions string) loop.Reviser[string]
	// DecisionJudge returns the client's plain-decision judge.
	DecisionJudge func() evaluator.Evaluator[string]
	// RubricJudge returns the client's rubric judge for r with the zero
	// rubric.Config.
	RubricJudge func(r rubric.Rubric) (*rubric.Judge[string], error)
}

// Sent is what the shared tests read of a request the fake endpoint
// received.
type Sent struct {
	// System and User are the request's system prompt and user message.
	System, User string
	// Schema is the schema the request held the reply to, nil for free
	// text.
	Schema json.RawMessage
	// Model and MaxTokens are the request's model and reply cap.
	Model     string
	MaxTokens int64
}

// Provider describes one adapter to the shared tests. Every field is
// required.
type Provider struct {
	// Name is the provider's name in the adapter's errors
	// (provider.ProviderError.Provider).
	Name string
	// GenModel is a writer's model; JudgeModel a judge's model on another
	// family, as replies name it (a dated snapshot).
	GenModel, JudgeModel string
	// Serve starts the provider's fake endpoint, which answers the n-th
	// request with replies[n-1] and later ones with the last reply, and
	// closes it when t ends.
	Serve func(t *testing.T, replies ...fakeapi.Reply) Endpoint
	// Sent returns the requests srv (from Serve) received, in order. It
	// is where the provider checks how a schema travelled (a response
	// format, a forced tool) and that it passes its strict-mode rules,
	// failing t otherwise; name is the schema's name in the request.
	Sent func(t *testing.T, srv Endpoint, name string) []Sent
	// DecisionName and RubricName are the names the adapter gives the
	// decision judge's and the rubric judge's schemas.
	DecisionName, RubricName string
	// MaxTokens is the adapter's default reply cap.
	MaxTokens int64
	// Client builds the adapter on the official SDK pointed at url, with
	// the SDK's default retries (the adapter must turn them off itself),
	// for model and prices, and with a per-request timeout when timeout is
	// not 0.
	Client func(t *testing.T, url, model string, prices provider.PriceTable, timeout time.Duration) Client
	// New calls the adapter's constructor with these options and returns
	// its error.
	New func(model string, maxTokens int64, prices provider.PriceTable) error
	// Text is a successful reply of free text.
	Text func(model, text string) fakeapi.Reply
	// Reply is a judge's reply holding body (a JSON object) where the
	// judge reads it; name is the judge's schema name (DecisionName or
	// RubricName).
	Reply func(model, name, body string) fakeapi.Reply
	// Error is the provider's error reply with status, code (or error
	// type) and message.
	Error func(status int, code, message string) fakeapi.Reply
	// Transient are the provider's failures the loop must retry (a 429, a
	// 500, ...).
	Transient []fakeapi.Reply
	// Statuses are the provider's own HTTP statuses beyond the standard
	// ones, with their class (Anthropic's 529 overloaded: transient).
	Statuses map[int]provider.ErrorClass
}

// serve starts p's endpoint on replies.
func (p Provider) serve(t *testing.T, replies ...fakeapi.Reply) Endpoint {
	t.Helper()
	return p.Serve(t, replies...)
}

// client builds p's client on srv with the SDK's defaults.
func (p Provider) client(t *testing.T, srv Endpoint, model string) Client {
	t.Helper()
	return p.Client(t, srv.URL(), model, nil, 0)
}
