package advice

import "testing"

// An item id is in capitals; a version or an algorithm in lower case
// ("SNMP v3", "sha256") is a concrete thing a fix names.
func TestLowerCaseTokensAreNoIDs(t *testing.T) {
	for s, want := range map[string]bool{"move to SNMP v3": true, "hash with sha256": true, "see R3": false, "as F-02 says": false} {
		if got := concreteOutsideRefs(s); got != want {
			t.Errorf("concreteOutsideRefs(%q) = %v, want %v", s, got, want)
		}
	}
}
