package checks
import ("testing";"fmt";"os";"strings")
func TestDbgQuote(t *testing.T){
	b,_ := os.ReadFile("testdata/deliverables/a/redline-nda-counterparty-table/good.md")
	src,_ := os.ReadFile("testdata/deliverables/a/redline-nda-counterparty-table/source.md")
	line := strings.Split(string(b), "\n")[6]
	fmt.Printf("%q\n", unmarkRedline(`(d) is **lawfully** received from a third party who is not under a duty of confidentiality **to the Discloser**.`))
	c, _ := NewQuoteCheck(QuoteConfig{})
	for _, f := range c.Check(Document{Text: line, Source: string(src), Kind: "redline"}) { fmt.Println(f.Rule, f.Message) }
}
