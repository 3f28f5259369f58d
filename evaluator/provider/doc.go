// Package provider holds what model adapters share with the loop: the
// errors a provider call ends with, whether another attempt may succeed,
// what a call cost, and the meter that sums it.
//
//   - ProviderError, RefusalError and TruncatedError are how an adapter
//     reports a failed call (the status, the provider's code and message,
//     the request ID; a refusal; a reply cut off by the token limit).
//   - Classify says whether an error is transient (a timeout, a rate
//     limit, a 5xx, a dropped connection), permanent (another 4xx, a
//     refusal, a truncated reply, an invalid decision) or unknown;
//     Permanent and Transient mark a role's own errors. loop.WithRetry
//     retries by it.
//   - PriceTable prices a call's Usage with the caller's prices (the
//     library ships none); an unpriced model is an error (ErrUnknownModel),
//     never a cost of 0.
//   - CostMeter is the one cost meter of the library: the loop and the
//     evaluator-quality runner put one on every role call's context
//     (WithCostMeter), and adapters report to it with AddCost or
//     PriceTable.ReportUsage.
//
// The package builds on package evaluator (model families, the decision
// sentinel) and nothing else of the module.
package provider
