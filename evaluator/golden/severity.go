package golden

// SeverityLevel is a finding's severity on the P0-P3 scale of agents'
// findings and ground truths: P0 is the most severe, P3 the least.
type SeverityLevel string

// The four severities, from the most severe to the least.
const (
	// SeverityP0 is the most severe: a deal-breaker.
	SeverityP0 SeverityLevel = "P0"
	// SeverityP1 is high.
	SeverityP1 SeverityLevel = "P1"
	// SeverityP2 is medium.
	SeverityP2 SeverityLevel = "P2"
	// SeverityP3 is the least severe.
	SeverityP3 SeverityLevel = "P3"
)

// Valid reports whether s is one of P0, P1, P2, P3 (case-sensitive, as the
// ground-truth files and agents write them).
func (s SeverityLevel) Valid() bool { return s.Level() >= 0 }

// Level returns 0 for P0 (most severe) up to 3 for P3 (least severe), and -1
// for anything else.
func (s SeverityLevel) Level() int {
	switch s {
	case SeverityP0:
		return 0
	case SeverityP1:
		return 1
	case SeverityP2:
		return 2
	case SeverityP3:
		return 3
	}
	return -1
}

// inRange reports whether s lies between mostSevere and leastSevere
// inclusive, for example P1 within [P0 … P2]. An unknown severity, on either
// side, is never in range. An empty bound means its default: P0 for
// mostSevere, P3 for leastSevere.
func (s SeverityLevel) inRange(mostSevere, leastSevere SeverityLevel) bool {
	if mostSevere == "" {
		mostSevere = SeverityP0
	}
	if leastSevere == "" {
		leastSevere = SeverityP3
	}
	p, lo, hi := s.Level(), mostSevere.Level(), leastSevere.Level()
	if p < 0 || lo < 0 || hi < 0 {
		return false
	}
	return lo <= p && p <= hi
}
