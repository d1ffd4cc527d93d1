package cli

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

const chromium = "/usr/bin/chromium"

// firstGameWithVariant picks a bundled game that has a variant (whichever comes first), so the test
// names no game.
func firstGameWithVariant(t *testing.T) (string, string) {
	t.Helper()
	games, err := config.BundledGames()
	require.NoError(t, err)
	for _, g := range games {
		if len(g.Variants) > 0 {
			return g.ID, g.Variants[0]
		}
	}
	t.Skip("no bundled game has a variant")
	return "", ""
}

func execute(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Execute(&IO{In: strings.NewReader(""), Out: &out, Err: &errb}, args)
	return out.String(), errb.String(), code
}

// The HTML report is one self-contained file: the command line, the tables, and every plot as an
// embedded SVG with no outside reference.
func TestCompareReportIsSelfContained(t *testing.T) {
	game, variant := firstGameWithVariant(t)
	dir := t.TempDir()
	html, md := filepath.Join(dir, "r.html"), filepath.Join(dir, "r.md")
	_, stderr, code := execute(t, "compare", game, "--variant", "base", "--variant", variant, "--games", "30", "--workers", "2",
		"--report", html, "--coverage")
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(html)
	require.NoError(t, err)
	page := string(data)
	assert.Contains(t, page, "ruleslab compare "+game+" --variant base --variant "+variant)
	assert.Contains(t, page, "<table>")
	plots := regexp.MustCompile(`<svg class="plot"`).FindAllString(page, -1)
	assert.GreaterOrEqual(t, len(plots), 5, "win rate, two difference plots, scores, lengths")
	assert.NotRegexp(t, `(src|href)="(https?:|//|file:)`, page, "nothing outside the file")
	assert.NotContains(t, page, "<script")

	_, stderr, code = execute(t, "compare", game, "--variant", "base", "--variant", variant, "--games", "10", "--workers", "1", "--report", md)
	require.Equal(t, 0, code, stderr)
	mdData, err := os.ReadFile(md)
	require.NoError(t, err)
	assert.Contains(t, string(mdData), "| MEASURE |")

	_, stderr, code = execute(t, "compare", game, "--variant", "base", "--variant", variant, "--games", "10", "--report", filepath.Join(dir, "r.pdf"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, stderr, "must end in .html or .md")
}

// The report opens in headless Chromium with nothing on its console, and the screenshot shows the
// plots drawn: many pixels in the plots' first colour, which nothing else on the page uses. Skipped
// where Chromium is not installed (.ci/run installs Debian's chromium).
func TestReportInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts headless Chromium: the full suite runs it")
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("no " + chromium)
	}
	game, variant := firstGameWithVariant(t)
	dir := t.TempDir()
	html := filepath.Join(dir, "report.html")
	_, stderr, code := execute(t, "compare", game, "--variant", "base", "--variant", variant, "--games", "30", "--workers", "2", "--report", html)
	require.Equal(t, 0, code, stderr)

	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--enable-logging=stderr", "--v=0", "--hide-scrollbars", "--window-size=1280,2400", "--screenshot="+shot, "file://"+html)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	err := cmd.Run() // CommandContext kills only this process if it overruns
	require.NoError(t, err, logs.String())
	for _, line := range strings.Split(logs.String(), "\n") {
		assert.NotContains(t, line, ":CONSOLE", "the page wrote to its console")
	}
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	plotBlue, nonWhite := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl := rgb(img, x, y)
			if near(r, 0x1f) && near(g, 0x77) && near(bl, 0xb4) {
				plotBlue++
			}
			if r < 240 || g < 240 || bl < 240 {
				nonWhite++
			}
		}
	}
	t.Logf("screenshot %dx%d: %d plot-blue pixels, %d not white", b.Dx(), b.Dy(), plotBlue, nonWhite)
	assert.Greater(t, plotBlue, 2000, "the plots are drawn (not blank)")
	assert.Greater(t, nonWhite, 20000)
}

func rgb(img image.Image, x, y int) (int, int, int) {
	r, g, b, _ := img.At(x, y).RGBA()
	return int(r >> 8), int(g >> 8), int(b >> 8)
}

func near(a, b int) bool { return a-b < 24 && b-a < 24 }
