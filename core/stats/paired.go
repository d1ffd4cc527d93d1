package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Paired comparisons. Two variants play the same seeds, so game i of variant A and game i of variant B
// share their deal, first player and bots' seeds (common random numbers, see random.go): the per-game
// differences d_i = b_i - a_i vary less than two independent samples would, and an interval on their
// mean is narrower than one that treats the variants as unrelated.
//
// Methods, as named in JSON:
//
//   - "paired-t": the mean of the differences ± t(0.975, n-1)·s_d/√n. For means and counts this is the
//     paired t interval; for a rate the differences are -1, 0 or 1 and the same formula is the paired
//     difference of proportions with its Wald-type interval computed with Student's t (close to
//     Newcombe's score interval when n is in the hundreds; the report shows n).
//   - "welch": the unpaired interval for a difference of means, (b̄ - ā) ± t(0.975, ν)·√(s_a²/n_a + s_b²/n_b)
//     with Welch-Satterthwaite's ν: what the same games would give if the variants had been played on
//     unrelated seeds.
//   - "newcombe": the unpaired interval for a difference of two rates, Newcombe's hybrid score interval
//     (his method 10) built from the two Wilson intervals.
const (
	MethodPairedT  = "paired-t"
	MethodWelch    = "welch"
	MethodNewcombe = "newcombe"
)

// PairedT returns the mean of b[i]-a[i] with its 95% paired t interval (at level Confidence). The
// slices must have the same length; with fewer than 2 pairs the interval is undefined.
func PairedT(a, b []float64, kind Kind) Interval {
	return PairedTLevel(a, b, kind, Confidence)
}

// PairedTLevel is PairedT at another two-sided confidence level (the sequential test uses it).
func PairedTLevel(a, b []float64, kind Kind, level float64) Interval {
	var m Moments
	for i := range a {
		m.Add(b[i] - a[i])
	}
	return PairedMoments(m, kind, level)
}

// PairedMoments is PairedTLevel from the running moments of the differences b[i]-a[i].
func PairedMoments(m Moments, kind Kind, level float64) Interval {
	iv := Interval{Value: m.mean, Low: math.NaN(), High: math.NaN(), Kind: kind, Method: MethodPairedT, N: m.N}
	if m.N == 0 {
		iv.Value = math.NaN()
	}
	if m.N < 2 {
		return iv
	}
	half := TQuantile(1-(1-level)/2, m.N-1) * m.SD() / math.Sqrt(float64(m.N))
	iv.Low, iv.High = m.mean-half, m.mean+half
	return iv
}

// Unpaired returns the difference mean(b) - mean(a) with the 95% interval of two independent samples:
// Newcombe's hybrid score interval for a rate (values 0 or 1), Welch's t interval otherwise.
func Unpaired(a, b []float64, kind Kind) Interval {
	var ma, mb Moments
	for _, x := range a {
		ma.Add(x)
	}
	for _, x := range b {
		mb.Add(x)
	}
	return UnpairedMoments(ma, mb, kind)
}

// UnpairedMoments is Unpaired from the running moments of a and b.
func UnpairedMoments(ma, mb Moments, kind Kind) Interval {
	if kind == Rate {
		return NewcombeDiff(mb.ones, mb.N, ma.ones, ma.N)
	}
	return Welch(ma, mb, kind)
}

// Welch returns mean(b) - mean(a) with Welch's 95% t interval.
func Welch(a, b Moments, kind Kind) Interval {
	iv := Interval{Value: b.mean - a.mean, Low: math.NaN(), High: math.NaN(), Kind: kind, Method: MethodWelch, N: min(a.N, b.N)}
	if a.N == 0 || b.N == 0 {
		iv.Value = math.NaN()
	}
	if a.N < 2 || b.N < 2 {
		return iv
	}
	va, vb := a.SD()*a.SD()/float64(a.N), b.SD()*b.SD()/float64(b.N)
	se := math.Sqrt(va + vb)
	if se == 0 {
		iv.Low, iv.High = iv.Value, iv.Value
		return iv
	}
	nu := (va + vb) * (va + vb) / (va*va/float64(a.N-1) + vb*vb/float64(b.N-1))
	half := distTQuantile(0.975, nu) * se
	iv.Low, iv.High = iv.Value-half, iv.Value+half
	return iv
}

// NewcombeDiff returns k1/n1 - k2/n2 with Newcombe's hybrid score interval (method 10 of his 1998
// paper on independent proportions): with Wilson intervals (l1, u1) and (l2, u2),
// low = d - √((p1-l1)² + (u2-p2)²), high = d + √((u1-p1)² + (p2-l2)²).
func NewcombeDiff(k1, n1, k2, n2 int) Interval {
	iv := Interval{Kind: Rate, Method: MethodNewcombe, N: min(n1, n2), Low: math.NaN(), High: math.NaN(), Value: math.NaN()}
	if n1 == 0 || n2 == 0 {
		return iv
	}
	w1, w2 := Wilson(k1, n1), Wilson(k2, n2)
	d := w1.Value - w2.Value
	iv.Value = d
	iv.Low = d - math.Sqrt(sq(w1.Value-w1.Low)+sq(w2.High-w2.Value))
	iv.High = d + math.Sqrt(sq(w1.High-w1.Value)+sq(w2.Value-w2.Low))
	return iv
}

func sq(x float64) float64 { return x * x }

// distTQuantile is Student's t quantile for a real number of degrees of freedom (Welch's ν).
func distTQuantile(p, nu float64) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Quantile(p)
}

// Sequential is a group-sequential test of "the paired difference is 0" with a Bonferroni split of the
// error rate: the difference is looked at after every Every pairs, at most Looks times (the last look
// at the game budget), and at each look the paired t interval at level 1 - Alpha/Looks is computed. The
// test stops at the first look whose interval excludes 0. Whatever the number of looks actually taken,
// the chance of stopping on a difference that is really 0 is at most Looks · Alpha/Looks = Alpha
// (Bonferroni's inequality; the t interval's own approximation aside), so Alpha is the test's stated
// family-wise error rate. It is conservative: the true error is below Alpha.
type Sequential struct {
	Alpha float64 // family-wise error rate, 0.05
	Every int     // pairs between looks
	Looks int     // the most looks: ceil(budget / Every)
}

// NewSequential plans looks every `every` pairs up to `budget` pairs at family-wise error alpha.
func NewSequential(alpha float64, every, budget int) Sequential {
	if every < 1 {
		every = 1
	}
	looks := (budget + every - 1) / every
	if looks < 1 {
		looks = 1
	}
	return Sequential{Alpha: alpha, Every: every, Looks: looks}
}

// Level is the confidence level of each look's interval.
func (q Sequential) Level() float64 { return 1 - q.Alpha/float64(q.Looks) }

// Look returns the look's interval on the paired differences and whether it resolves the difference
// (excludes 0).
func (q Sequential) Look(a, b []float64, kind Kind) (Interval, bool) {
	return q.resolves(PairedTLevel(a, b, kind, q.Level()))
}

// LookMoments is Look from the running moments of the paired differences.
func (q Sequential) LookMoments(d Moments, kind Kind) (Interval, bool) {
	return q.resolves(PairedMoments(d, kind, q.Level()))
}

func (q Sequential) resolves(iv Interval) (Interval, bool) {
	return iv, iv.ExcludesZero()
}
