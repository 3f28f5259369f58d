package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/evalopt/evalopt/evaluator"
	"os"
	"strings"
	"testing"
)

func TestDbg(t *testing.T) {
	dir := os.Getenv("CASE")
	var c struct {
		Kind string
		Good string
		Bad  []struct{ ID, Find, Replace string }
	}
	b, _ := os.ReadFile(dir + "/case.json")
	json.Unmarshal(b, &c)
	g, _ := os.ReadFile(dir + "/" + c.Good)
	src, _ := os.ReadFile(dir + "/source.md")
	for _, bad := range c.Bad {
		if bad.ID != os.Getenv("BAD") {
			continue
		}
		text := strings.Replace(string(g), bad.Find, bad.Replace, 1)
		fs, _ := DefaultSuite().Findings(context.Background(), evaluator.Task{Kind: evaluator.Kind(c.Kind), Evidence: []evaluator.Evidence{{ID: "source", Content: string(src)}}}, text)
		for _, f := range fs {
			fmt.Println(f.Rule, f.Severity, f.Location, f.Message, f.Location.Text)
		}
	}
}
func TestDbgQ(t *testing.T) {
	b, _ := os.ReadFile("testdata/deliverables/a/plain-returns/good.md")
	text := string(b)
	sents, qs := readQuantities(text, excludedSpans(text, 0, len(text)), nil)
	for _, s := range sents {
		fmt.Printf("%+v\n", s)
	}
	for _, q := range qs {
		fmt.Printf("%v %q\n", q.words, text[q.start:q.end])
	}
}
