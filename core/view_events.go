package core

// EachEvent calls fn with each event logged from index from on that the seat may see, in order, and its
// index in the log: what View.Events returns, without copying the log into a new slice. A Lua bot's
// host reads it once per decision. An event's index names it for good within one line of play (the log
// only grows; a clone is another line, with another Lineage).
func (v View) EachEvent(from int, fn func(i int, e Event)) {
	events := v.s.events
	for i := min(from, len(events)); i < len(events); i++ {
		if events[i].Vis.VisibleTo(v.seat) {
			fn(i, events[i])
		}
	}
}
