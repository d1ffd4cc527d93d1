package core

// AppendCards appends to dst the cards of zone z, the ones Zone(z).Cards spells, when the seat sees
// them, and reports whether it does. It makes no list of ids: a Lua bot's observation refills its
// list of a hand from it at every decision.
func (v View) AppendCards(dst []CardIdx, z ZoneRef) ([]CardIdx, bool) {
	if !v.s.CanSee(v.seat, z) {
		return dst, false
	}
	return append(dst, v.s.Cards(z)...), true
}
