package check

// SharedAcrossLen returns how many source facts s keeps, over every key.
func SharedAcrossLen(s *Suite) int {
	n := 0
	s.across.mu.Lock()
	defer s.across.mu.Unlock()
	for _, l := range s.across.byKey {
		n += l.Len()
	}
	return n
}
