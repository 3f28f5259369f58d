package evalotel_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
)

// collect returns the metrics reader holds, by name.
func collect(t *testing.T, reader *sdkmetric.ManualReader) map[string]metricdata.Metrics {
	var rm metricdata.ResourceMetrics
	require.NoError(t, reader.Collect(context.Background(), &rm))
	out := map[string]metricdata.Metrics{}
	for _, sm := range rm.ScopeMetrics {
		assert.Equal(t, "github.com/evalopt/evalopt/adapters/otel", sm.Scope.Name)
		for _, m := range sm.Metrics {
			out[m.Name] = m
		}
	}
	return out
}

// key renders the attributes of a data point as "k=v,k=v" in key order.
func key(set attribute.Set) string {
	s := ""
	for _, kv := range set.ToSlice() {
		if s != "" {
			s += ","
		}
		s += string(kv.Key) + "=" + kv.Value.Emit()
	}
	return s
}

// TestMetrics: loops by outcome, revisions per loop, cost and tokens by
// role and model, judge latency.
func TestMetrics(t *testing.T) {
	in, _, reader, tracer := traced(t)
	for range 3 {
		gen, eval, rev := roles(tracer)
		_, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, options()...)
		require.NoError(t, err)
	}
	m := collect(t, reader)

	loops := m["evalopt.loops"].Data.(metricdata.Sum[int64])
	assert.True(t, loops.IsMonotonic)
	require.Len(t, loops.DataPoints, 1)
	assert.Equal(t, "evalopt.outcome=blocked,evalopt.stop_reason=policy_block", key(loops.DataPoints[0].Attributes))
	assert.Equal(t, int64(3), loops.DataPoints[0].Value)
	assert.Equal(t, "{loop}", m["evalopt.loops"].Unit)

	revs := m["evalopt.loop.revisions"].Data.(metricdata.Histogram[int64])
	require.Len(t, revs.DataPoints, 1)
	assert.Equal(t, uint64(3), revs.DataPoints[0].Count)
	assert.Equal(t, int64(3), revs.DataPoints[0].Sum, "one revision per loop")

	cost := map[string]float64{}
	for _, dp := range m["evalopt.cost"].Data.(metricdata.Sum[float64]).DataPoints {
		cost[key(dp.Attributes)] = dp.Value
	}
	assert.InDelta(t, 3*(900*2+100*0.5+60*8+1000*2+40*8)/1e6, cost["evalopt.role=generate,gen_ai.response.model=writer-1-2026-01-15"]+
		cost["evalopt.role=revise,gen_ai.response.model=writer-1-2026-01-15"], 1e-12)
	assert.InDelta(t, 3*2*(1200+150*4)/1e6, cost["evalopt.role=evaluate,gen_ai.response.model=judge-2"], 1e-12)
	assert.Contains(t, cost, "evalopt.role=evaluate", "a call that reported no usage counts under its role alone")

	tokens := map[string]int64{}
	for _, dp := range m["gen_ai.client.token.usage"].Data.(metricdata.Histogram[int64]).DataPoints {
		tokens[key(dp.Attributes)] = dp.Sum
	}
	assert.Equal(t, map[string]int64{
		"evalopt.role=generate,gen_ai.operation.name=invoke_agent,gen_ai.request.model=writer-1,gen_ai.response.model=writer-1-2026-01-15,gen_ai.token.type=input":  3 * 1000,
		"evalopt.role=generate,gen_ai.operation.name=invoke_agent,gen_ai.request.model=writer-1,gen_ai.response.model=writer-1-2026-01-15,gen_ai.token.type=output": 3 * 60,
		"evalopt.role=evaluate,gen_ai.operation.name=invoke_agent,gen_ai.request.model=judge-2,gen_ai.response.model=judge-2,gen_ai.token.type=input":               3 * 2 * 1200,
		"evalopt.role=evaluate,gen_ai.operation.name=invoke_agent,gen_ai.request.model=judge-2,gen_ai.response.model=judge-2,gen_ai.token.type=output":              3 * 2 * 150,
		"evalopt.role=revise,gen_ai.operation.name=invoke_agent,gen_ai.request.model=writer-1,gen_ai.response.model=writer-1-2026-01-15,gen_ai.token.type=input":    3 * 1000,
		"evalopt.role=revise,gen_ai.operation.name=invoke_agent,gen_ai.request.model=writer-1,gen_ai.response.model=writer-1-2026-01-15,gen_ai.token.type=output":   3 * 40,
	}, tokens)
	assert.Equal(t, "{token}", m["gen_ai.client.token.usage"].Unit)

	judge := map[string]uint64{}
	for _, dp := range m["evalopt.judge.duration"].Data.(metricdata.Histogram[float64]).DataPoints {
		judge[key(dp.Attributes)] = dp.Count
	}
	assert.Equal(t, map[string]uint64{
		"error.type=retryable,evalopt.decision.status=,evalopt.role=evaluate": 3,
		"evalopt.decision.status=revise,evalopt.role=evaluate":                3,
		"evalopt.decision.status=block,evalopt.role=evaluate":                 3,
	}, judge)
	assert.Equal(t, "s", m["evalopt.judge.duration"].Unit)
}
