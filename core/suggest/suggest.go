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

// Distance is the Levenshtein distance between a and b, counted in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
