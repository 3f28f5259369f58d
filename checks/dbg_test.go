package checks
import ("testing";"fmt";"os";"strings";"context";"encoding/json";"github.com/evalopt/evalopt/evaluator")
func TestDbg(t *testing.T){
	dir := os.Getenv("CASE")
	var c struct{ Kind string; Good string; Bad []struct{ID, Find, Replace string} }
	b,_ := os.ReadFile(dir+"/case.json"); json.Unmarshal(b,&c)
	g,_ := os.ReadFile(dir+"/"+c.Good); src,_ := os.ReadFile(dir+"/source.md")
	for _, bad := range c.Bad {
		if bad.ID != os.Getenv("BAD") { continue }
		text := strings.Replace(string(g), bad.Find, bad.Replace, 1)
		fs, _ := DefaultSuite().Findings(context.Background(), evaluator.Task{Kind: evaluator.Kind(c.Kind), Evidence: []evaluator.Evidence{{ID:"source", Content:string(src)}}}, text)
		for _, f := range fs { fmt.Println(f.Rule, f.Severity, f.Location, f.Message, f.Location.Text) }
	}
}
