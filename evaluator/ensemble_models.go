package evaluator

// judgeModels returns the models a judge declares through a
// Model() string method, or nil.
func judgeModels(v any) []string {
	if m, ok := v.(interface{ Model() string }); ok && m.Model() != "" {
		return []string{m.Model()}
	}
	return nil
}
