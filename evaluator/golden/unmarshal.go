package golden

// The loaders' rules also apply to encoding/json, so that decoding a golden
// file with json.Unmarshal can neither skip the defaults nor accept what
// the loaders reject. Errors carry no file name; use the Load functions for
// that.

// UnmarshalJSON decodes a ground truth with ParseGroundTruth's defaults and
// checks.
func (g *GroundTruth) UnmarshalJSON(data []byte) error {
	gt, err := ParseGroundTruth(data, "")
	if err != nil {
		return err
	}
	*g = gt
	return nil
}

// UnmarshalJSON decodes synonyms with ParseSynonyms' checks and builds their
// lookup tables.
func (s *Synonyms) UnmarshalJSON(data []byte) error {
	v, err := ParseSynonyms(data, "")
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// UnmarshalJSON decodes a baseline with ParseBaseline's checks.
func (b *Baseline) UnmarshalJSON(data []byte) error {
	v, err := ParseBaseline(data, "")
	if err != nil {
		return err
	}
	*b = v
	return nil
}
