package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A report carries the text of the variant files it played (the YAML and its override script),
// escaped, names a variant file by its stem with its path listed, and the command says on stderr
// where the report went.
func TestReportCarriesVariantFiles(t *testing.T) {
	game, variant := firstGameWithVariant(t)
	dir := t.TempDir()
	house := writeHouseRule(t, dir, game)
	page := filepath.Join(dir, "r.html")
	_, stderr, code := execute(t, "compare", game, "--variant", variant, "--variant", house, "--games", "6", "--workers", "1", "--report", page)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "report written to "+page+"\n")
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	html := string(data)
	assert.Contains(t, html, "title: House &lt;b&gt;&amp;&lt;/b&gt; rule\n")
	assert.Contains(t, html, "-- house.lua: replaces nothing; a &lt; b &amp; c\n")
	assert.Contains(t, html, "(override)</h3>")
	assert.Contains(t, html, "<th>house</th>", "the variant file's column is its stem")
	assert.Contains(t, html, "<td>"+house+"</td>", "the stem's path is listed")
	assert.NotContains(t, html, "<th>"+house+"</th>")

	md := filepath.Join(dir, "r.md")
	_, stderr, code = execute(t, "sim", house, "--games", "6", "--workers", "1", "--report", md)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "report written to "+md+"\n")
	data, err = os.ReadFile(md)
	require.NoError(t, err)
	assert.Contains(t, string(data), "```\nextends: "+game+"\ntitle: House <b>&</b> rule\noverrides: [house.lua]\n```\n")
}
