package evaluator

// judgeModels returns the models a judge declares (see ModelsOf).
func judgeModels(v any) []string { return ModelsOf(v) }

// Models returns the models of every judge of the vote, in judge order,
// without duplicates (see ModelsOf). Through it the loop's self-approval
// guard checks every member of an ensemble: no member may share the
// generator's or the reviser's model family unless the caller allows it.
func (v *Voter[C]) Models() []string {
	var out []string
	for _, j := range v.judges {
		out = cleanModels(out, ModelsOf(j))
	}
	return out
}

// Models returns the judge's models (see ModelsOf), so that a cached judge
// still takes part in the self-approval guard.
func (c *Cache[C]) Models() []string { return ModelsOf(c.judge) }
