package text

import "testing"

// A summary box's bullets in a redline are the redliner's words: their
// bold is emphasis, not inserted text; a bullet with struck text still
// sets out the source.
func TestRedlineSourceSegmentsBoxBullets(t *testing.T) {
	box := "# Redline\n\n> **TL;DR**\n> - 5 clauses need changes before signing; 2 are **critical** (safety notices, response time).\n\n## 3.1\n\nText.\n"
	if got := RedlineSourceSegments(box); len(got) != 0 {
		t.Errorf("box bullets read as source text: %q", box[got[0].Start:got[0].End])
	}
	struck := "# Redline\n\n> - The Supplier shall respond within ~~four~~ **two** hours of a call.\n"
	if got := RedlineSourceSegments(struck); len(got) != 1 {
		t.Errorf("a bullet with struck text: %d segments, want 1", len(got))
	}
}
