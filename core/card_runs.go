package core

// Runs calls fn with each card of cards whose id differs from the card's before it, in order: copies
// of one card that lie next to each other come once. A zone kept in catalogue order (Sort) holds its
// copies together, so a move per card in it is offered once per id (rules offer "play G3", not which
// copy of G3).
func (c *Catalog) Runs(cards []CardIdx, fn func(CardIdx)) {
	last := ""
	for i, card := range cards {
		if id := c.Cards[card].ID; i == 0 || id != last {
			last = id
			fn(card)
		}
	}
}
