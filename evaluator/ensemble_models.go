package evaluator

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
