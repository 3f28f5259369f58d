package evaluator

// Models returns the judge's models (see ModelsOf), so that a cached judge
// still takes part in the self-approval guard.
func (c *Cache[C]) Models() []string { return ModelsOf(c.judge) }

// judgeModels returns the models a judge declares (see ModelsOf).
func judgeModels(v any) []string { return ModelsOf(v) }
