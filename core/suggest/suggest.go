package suggest

import "strings"

// Closest returns the candidate nearest to word by edit distance (case-insensitive), and whether it is
// near enough to be worth suggesting: at most a third of the word's length in edits (at least one),
// so "orignal" suggests "original" but "x" suggests nothing from unrelated names. Ties go to the
// earliest candidate, so the answer is deterministic.
func Closest(word string, candidates []string) (string, bool) {
	best, bestDist := "", -1
	for _, c := range candidates {
		d := Distance(strings.ToLower(word), strings.ToLower(c))
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	limit := max(1, len([]rune(word))/3)
	if bestDist < 0 || bestDist > limit || best == word {
		return "", false
	}
	return best, true
}

// DidYouMean is Closest written for the end of a message: ` (did you mean "Y"?)`, or "" when nothing is
// close.
func DidYouMean(word string, candidates []string) string {
	if c, ok := Closest(word, candidates); ok {
		return ` (did you mean "` + c + `"?)`
	}
	return ""
}

// Distance is the edit distance between a and b in runes, counting an insertion, a deletion, a
// substitution or a swap of two neighbours as one edit (optimal string alignment): "titel" is one
// edit from "title", as a typist sees it.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
