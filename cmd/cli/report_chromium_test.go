package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportWidth is the window width every report must fit without scrolling sideways.
const reportWidth = 1400

// measureScript, added to a copy of a report, writes into the page what Chromium laid out: the
// page's scroll width, the plots, and every drawn element of a plot whose box lies outside its SVG
// (half a pixel of rounding allowed).
const measureScript = `<script>
(function () {
  var out = {scrollWidth: document.documentElement.scrollWidth, plots: 0, elements: 0, outside: []};
  document.querySelectorAll('svg.plot').forEach(function (svg, i) {
    out.plots++;
    var f = svg.getBoundingClientRect();
    svg.querySelectorAll('text, path, line, polyline, polygon, circle, rect').forEach(function (el) {
      var b = el.getBoundingClientRect();
      if (b.width === 0 && b.height === 0) return;
      out.elements++;
      if (b.left < f.left - 0.5 || b.right > f.right + 0.5 || b.top < f.top - 0.5 || b.bottom > f.bottom + 0.5) {
        out.outside.push('plot ' + i + ' ' + el.tagName + ' ' + (el.textContent || '').trim().slice(0, 30));
      }
    });
  });
  var pre = document.createElement('pre');
  pre.id = 'measured';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
`

// layout is what measureScript found.
type layout struct {
	ScrollWidth int      `json:"scrollWidth"`
	Plots       int      `json:"plots"`
	Elements    int      `json:"elements"`
	Outside     []string `json:"outside"`
}

// writeHouseRule writes a variant file of game, with an override script (comments only, so it suits
// any game), and returns its path.
func writeHouseRule(t *testing.T, dir, game string) string {
	t.Helper()
	folder := filepath.Join(dir, "house")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	yaml := "extends: " + game + "\ntitle: House <b>&</b> rule\noverrides: [house.lua]\n"
	require.NoError(t, os.WriteFile(filepath.Join(folder, "house.yaml"), []byte(yaml), 0o644))
	lua := "-- house.lua: replaces nothing; a < b & c\n"
	require.NoError(t, os.WriteFile(filepath.Join(folder, "house.lua"), []byte(lua), 0o644))
	return filepath.Join(folder, "house.yaml")
}

// Each kind of report (sim, compare of three variants with a variant file, sweep along one key and over
// a grid of nine points, tournament) opens in headless Chromium at 1400 px without scrolling sideways,
// and no element of any plot (interval, point, tick label, legend) lies outside its SVG. Skipped where
// Chromium is not installed (.ci/run installs Debian's chromium).
func TestReportsFitInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts headless Chromium: the full suite runs it")
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("no " + chromium)
	}
	game, variant := firstGameWithVariant(t)
	dir := t.TempDir()
	house := writeHouseRule(t, dir, game)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"sim", []string{"sim", "zoomies", "--games", "20"}},
		{"compare", []string{"compare", game, "--variant", "base", "--variant", variant, "--variant", house, "--games", "20"}},
		{"sweep", []string{"sweep", "zoomies", "--set", "params.trick_points.2=1,3,5", "--games", "10"}},
		{"sweep-grid", []string{"sweep", "zoomies", "--set", "params.trick_points.2=1,3,5", "--set", "params.trick_points.1=0,1,2", "--games", "4"}},
		{"tournament", []string{"tournament", game, "--bots", "random,greedy", "--games", "12"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(dir, c.name+".html")
			_, stderr, code := execute(t, append(c.args, "--workers", "2", "--report", page)...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "report written to "+page)
			got := measureInChromium(t, dir, page)
			t.Logf("%s: scroll width %d, %d plots, %d plot elements", c.name, got.ScrollWidth, got.Plots, got.Elements)
			assert.LessOrEqual(t, got.ScrollWidth, reportWidth, "the page scrolls sideways")
			assert.Positive(t, got.Plots)
			assert.Greater(t, got.Elements, 10*got.Plots, "the plots are drawn")
			assert.Empty(t, got.Outside, "plot elements outside their frame")
		})
	}
}

// measureInChromium opens a copy of the report at page with measureScript in headless Chromium and
// returns what the script found.
func measureInChromium(t *testing.T, dir, page string) layout {
	t.Helper()
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	measured := strings.TrimSuffix(page, ".html") + ".measured.html"
	withScript := strings.Replace(string(data), "</body>", measureScript+"</body>", 1)
	require.NoError(t, os.WriteFile(measured, []byte(withScript), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--hide-scrollbars", "--window-size=1400,1000", "--dump-dom", "file://"+measured)
	var dom, logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &dom, &logs
	require.NoError(t, cmd.Run(), logs.String()) // CommandContext kills only this process if it overruns
	m := regexp.MustCompile(`<pre id="measured">([^<]*)</pre>`).FindStringSubmatch(dom.String())
	require.NotNil(t, m, "the measuring script did not run: %s", logs.String())
	var got layout
	require.NoError(t, json.Unmarshal([]byte(html.UnescapeString(m[1])), &got))
	return got
}
