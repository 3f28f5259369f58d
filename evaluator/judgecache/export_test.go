package judgecache

// Test hooks, compiled only into this package's tests.

// FlightInspector reads a Cache's flights.
type FlightInspector struct{ fs *flights }

// Inspect returns the inspector of c's flights.
func Inspect[C any](c *Cache[C]) FlightInspector { return FlightInspector{&c.flights} }

// Waiting returns how many callers wait for the flight of key (0: none).
func (i FlightInspector) Waiting(key string) int {
	i.fs.mu.Lock()
	defer i.fs.mu.Unlock()
	if f := i.fs.m[key]; f != nil {
		return f.waiters
	}
	return 0
}

// LockedBytes sums the entry files while holding the folder's lock, when
// no Put is between its steps.
func (s *DiskStore) LockedBytes() (int64, error) {
	var n int64
	err := s.locked(func() error {
		files, err := s.scan()
		for _, f := range files {
			n += f.size
		}
		return err
	})
	return n, err
}

// The package's unexported bounds and criterion name, for the external tests.
const (
	CriterionCacheHit  = criterionCacheHit
	DefaultDiskBytes   = defaultDiskBytes
	DefaultMemoryBytes = defaultMemoryBytes
	MaxEntryBytes      = maxEntryBytes
)

// ErrJudgePanic is the unexported sentinel of a panicking judge.
var ErrJudgePanic = errJudgePanic
