package strictjson

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkCheck measures a valid document of about 2 KB with eight nested
// objects, the size of a judge reply.
func BenchmarkCheck(b *testing.B) {
	var dims []string
	for i := range 8 {
		dims = append(dims, fmt.Sprintf(`{"name":"dimension %d","score":0.%d}`, i, i))
	}
	data := []byte(`{"name":"report","note":"` + strings.Repeat("words ", 200) + `","score":0.75,"count":8,"ok":true,` +
		`"tags":["a","b","c"],"labels":{"team":"legal","region":"eu"},"dimensions":[` + strings.Join(dims, ",") + `]}`)
	if err := Check(data, reportShape); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Check(data, reportShape); err != nil {
			b.Fatal(err)
		}
	}
}
