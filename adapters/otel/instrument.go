package evalotel

import (
	"errors"
	"fmt"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
)

// Instrumentation makes the spans and records the metrics of evalopt
// loops. Build one with New and share it: it is safe for concurrent use.
type Instrumentation struct {
	tracer  trace.Tracer
	metrics instruments
}

// settings are what the options set.
type settings struct {
	tp trace.TracerProvider
	mp metric.MeterProvider
}

// Option configures New.
type Option func(*settings)

// WithTracerProvider sets the provider of the tracer (default: the global
// one, otel.GetTracerProvider()). A nil tp means the default.
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(s *settings) { s.tp = tp }
}

// WithMeterProvider sets the provider of the meter (default: the global
// one, otel.GetMeterProvider()). A nil mp means the default.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(s *settings) { s.mp = mp }
}

// New returns an Instrumentation whose tracer and meter, both named
// "github.com/evalopt/evalopt/adapters/otel", come from the providers the
// options give (the global ones by default). It fails when the meter
// refuses an instrument or an option is nil.
func New(opts ...Option) (*Instrumentation, error) {
	var s settings
	for i, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("evalotel: opts[%d]: nil option", i)
		}
		o(&s)
	}
	if s.tp == nil {
		s.tp = otel.GetTracerProvider()
	}
	if s.mp == nil {
		s.mp = otel.GetMeterProvider()
	}
	in := &Instrumentation{tracer: s.tp.Tracer(instrumentation)}
	if err := in.metrics.init(s.mp.Meter(instrumentation)); err != nil {
		return nil, errors.Join(errors.New("evalotel: cannot make the metrics"), err)
	}
	return in, nil
}
