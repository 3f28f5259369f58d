// Package browsertest loads the pages package report writes in a real
// headless browser (Debian's chromium, driven over the DevTools protocol
// with chromedp) and checks what they show: that every finding is
// highlighted where it belongs, that the tables hold what the report
// holds, that the page's own style applies, and that the page logs no
// console error and loads nothing from the network.
//
// It is a module of its own so that the root module never depends on
// chromedp. .ci/test installs chromium with apt-get when it is missing; a
// local run without chromium skips the tests (under CI, CI=true, it fails
// instead). With -update-screenshot the loop page's screenshot is written
// to docs/report.png.
package browsertest
