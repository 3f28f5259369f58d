package golden

// The loaders' rules also apply to encoding/json, so that decoding a golden
// file with json.Unmarshal can neither skip the defaults nor accept what
// the loaders reject. Errors carry no file name; use the Load functions for
// that.

// UnmarshalJSON decodes a ground truth with LoadGroundTruth's defaults and
// checks: json.Unmarshal is the way to read one from bytes.
func (g *GroundTruth) UnmarshalJSON(data []byte) error {
	gt, err := parseGroundTruth(data, "")
	if err != nil {
		return err
	}
	*g = gt
	return nil
}

// UnmarshalJSON decodes synonyms with LoadSynonyms' checks and builds their
// lookup tables.
func (s *Synonyms) UnmarshalJSON(data []byte) error {
	v, err := parseSynonyms(data, "")
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// UnmarshalJSON decodes a baseline with LoadBaseline's checks.
func (b *Baseline) UnmarshalJSON(data []byte) error {
	v, err := parseBaseline(data, "")
	if err != nil {
		return err
	}
	*b = v
	return nil
}
