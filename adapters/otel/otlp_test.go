package evalotel_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
)

// receiver is an OTLP/HTTP trace receiver: it decodes the protobuf
// requests that arrive on /v1/traces and keeps their spans.
type receiver struct {
	mu    sync.Mutex
	spans []*tracepb.Span
	errs  []string
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	body, err := io.ReadAll(io.LimitReader(req.Body, 16<<20))
	switch {
	case err != nil:
		r.errs = append(r.errs, err.Error())
	case req.URL.Path != "/v1/traces" || req.Method != http.MethodPost:
		r.errs = append(r.errs, "unexpected "+req.Method+" "+req.URL.Path)
	case req.Header.Get("Content-Type") != "application/x-protobuf":
		r.errs = append(r.errs, "content type "+req.Header.Get("Content-Type"))
	default:
		var msg collectortrace.ExportTraceServiceRequest
		if err := proto.Unmarshal(body, &msg); err != nil {
			r.errs = append(r.errs, "decode: "+err.Error())
			break
		}
		for _, rs := range msg.ResourceSpans {
			for _, ss := range rs.ScopeSpans {
				r.spans = append(r.spans, ss.Spans...)
			}
		}
	}
	out, _ := proto.Marshal(&collectortrace.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = io.Copy(w, bytes.NewReader(out))
}

// protoAttrs returns the attributes of a wire span by key.
func protoAttrs(kvs []*commonpb.KeyValue) map[string]any {
	m := map[string]any{}
	for _, kv := range kvs {
		switch v := kv.Value.Value.(type) {
		case *commonpb.AnyValue_StringValue:
			m[kv.Key] = v.StringValue
		case *commonpb.AnyValue_IntValue:
			m[kv.Key] = v.IntValue
		case *commonpb.AnyValue_DoubleValue:
			m[kv.Key] = v.DoubleValue
		case *commonpb.AnyValue_BoolValue:
			m[kv.Key] = v.BoolValue
		default:
			m[kv.Key] = kv.Value.String()
		}
	}
	return m
}

// TestOTLPOverHTTP exports one loop's spans with the OTLP/HTTP exporter to
// a local receiver that decodes the protobuf: the wire format carries the
// tree, the attributes, the events and the error status.
func TestOTLPOverHTTP(t *testing.T) {
	rcv := &receiver{}
	srv := httptest.NewServer(rcv)
	defer srv.Close()
	ctx := context.Background()
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(srv.URL+"/v1/traces"))
	require.NoError(t, err)
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp))
	in, err := evalotel.New(evalotel.WithTracerProvider(tp))
	require.NoError(t, err)
	gen, eval, rev := roles(tp.Tracer("model-client"))
	res, err := evalotel.RunLoop(ctx, in, task, gen, eval, rev, options()...)
	require.NoError(t, err)
	require.NoError(t, tp.Shutdown(ctx), "flushes the batch to the receiver")

	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	require.Empty(t, rcv.errs)
	require.Len(t, rcv.spans, 1+len(res.Trace)+4, "the loop, one span per call, the roles' own")
	byName := map[string][]*tracepb.Span{}
	for _, s := range rcv.spans {
		byName[s.Name] = append(byName[s.Name], s)
	}
	root := byName["invoke_workflow evalopt.loop"]
	require.Len(t, root, 1)
	assert.Empty(t, root[0].ParentSpanId)
	assert.Equal(t, tracepb.Span_SPAN_KIND_INTERNAL, root[0].Kind)
	ra := protoAttrs(root[0].Attributes)
	assert.Equal(t, "blocked", ra["evalopt.outcome"])
	assert.Equal(t, int64(1), ra["evalopt.revisions"])
	assert.Equal(t, "invoke_workflow", ra["gen_ai.operation.name"])

	evals := byName["invoke_agent evaluate"]
	require.Len(t, evals, 3)
	for _, s := range append(evals, byName["invoke_agent generate"]...) {
		assert.Equal(t, root[0].SpanId, s.ParentSpanId, "every call is a child of the loop on the wire")
		assert.Equal(t, root[0].TraceId, s.TraceId)
	}
	assert.Equal(t, tracepb.Status_STATUS_CODE_ERROR, evals[0].Status.Code)
	assert.Equal(t, "judge: 503 Service Unavailable", evals[0].Status.Message)
	ea := protoAttrs(evals[1].Attributes)
	assert.Equal(t, "judge-2", ea["gen_ai.response.model"])
	assert.Equal(t, int64(1200), ea["gen_ai.usage.input_tokens"])
	assert.Equal(t, int64(150), ea["gen_ai.usage.output_tokens"])
	assert.Equal(t, 0.45, ea["evalopt.decision.score"])
	require.Len(t, evals[1].Events, 1)
	assert.Equal(t, "evalopt.finding", evals[1].Events[0].Name)
	require.Len(t, evals[2].Events, 2)
	assert.Equal(t, "evalopt.blocking_failure", evals[2].Events[0].Name)
	assert.Equal(t, "refund offered without a receipt", protoAttrs(evals[2].Events[0].Attributes)["evalopt.message"])

	clients := byName["POST /v1/chat/completions"]
	require.Len(t, clients, 4)
	calls := map[string]bool{}
	for _, s := range rcv.spans {
		calls[string(s.SpanId)] = s.Name != "POST /v1/chat/completions" && s.Name != "invoke_workflow evalopt.loop"
	}
	for _, c := range clients {
		assert.True(t, calls[string(c.ParentSpanId)], "a model call nests under its role call")
	}
}
