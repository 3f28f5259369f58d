package board

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestScratch3(t *testing.T) {
	dir := os.Getenv("CASE")
	if dir == "" {
		t.Skip()
	}
	var c struct {
		Good     string
		Evidence []struct{ ID, Kind, File string }
		Bad      []struct{ ID, Find, Replace string }
	}
	b, _ := os.ReadFile("../testdata/deliverables/" + dir + "/case.json")
	json.Unmarshal(b, &c)
	good, _ := os.ReadFile("../testdata/deliverables/" + dir + "/" + c.Good)
	text := string(good)
	for _, x := range c.Bad {
		if x.ID == os.Getenv("BAD") {
			text = strings.Replace(text, x.Find, x.Replace, 1)
		}
	}
	var ps []posted
	for _, e := range c.Evidence {
		if e.Kind == "findings" {
			bd, _ := os.ReadFile("../testdata/deliverables/" + dir + "/" + e.File)
			ps, _ = parsePosted(string(bd))
		}
	}
	items := itemsOf(text, nil)
	for _, p := range ps {
		fmt.Println("POSTED", p.f.Title, p.words)
		for _, it := range items {
			if s := score(text, p, it); s > 0.2 {
				fmt.Printf("   %.2f rated=%v %s finding=%v %q\n", s, it.rated, it.rate.band, it.finding, strings.TrimSpace(text[it.head.Start:it.head.End]))
			}
		}
	}
}
