package evalotel

import (
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/evalopt/evalopt/evaluator"
)

// maxEvents bounds the events of one span: a decision may carry any
// number of failures and findings, and a span must stay bounded.
const maxEvents = 64

// addEvents adds an event per blocking failure of d, then one per failed
// criterion (a check finding), maxEvents at most in all.
func addEvents(span trace.Span, d *evaluator.EvaluationDecision) {
	n := 0
	for _, f := range d.BlockingFailures {
		if n == maxEvents {
			return
		}
		span.AddEvent(eventBlocking, trace.WithAttributes(keyMessage.String(bounded(f))))
		n++
	}
	for _, c := range d.Criteria {
		if c.Passed {
			continue
		}
		if n == maxEvents {
			return
		}
		attrs := []attribute.KeyValue{keyCriterion.String(bounded(c.Name)), keyCriterionWhy.String(bounded(c.Reason))}
		if len(c.EvidenceRefs) > 0 {
			refs := c.EvidenceRefs[:min(len(c.EvidenceRefs), maxEvents)]
			attrs = append(attrs, keyCriterionRefs.StringSlice(refs))
		}
		span.AddEvent(eventFinding, trace.WithAttributes(attrs...))
		n++
	}
}
