package tui

import (
	"bytes"
	"reflect"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/tui/screen"
)

// spectatorSnapshot is what a spectator sees: only what every seat sees (spectatorObservation), the
// public events in words, the boards and the scores.
func (t *Table) spectatorSnapshot() (screen.Snapshot, error) {
	snap := t.frame(-1)
	obs := t.spectatorObservation()
	var b bytes.Buffer
	renderObservation(&b, obs)
	snap.Table, snap.Others = b.String(), othersFacts(obs, t.info.Names)
	var err error
	snap.History, err = t.history(-1, func(from int) []core.Event {
		var out []core.Event
		for _, e := range t.s.Events()[min(from, t.s.EventCount()):] {
			if e.Vis == core.VisPublic {
				out = append(out, e)
			}
		}
		return out
	})
	return snap, err
}

// spectatorObservation is the public part of the game: the zones every seat sees (by the zone's
// visibility `all`), each zone's size when every seat knows it, the values every seat sees alike.
func (t *Table) spectatorObservation() *core.Observation {
	views := make([]*core.Observation, t.s.Players)
	for p := range views {
		views[p] = t.s.Observe(p)
	}
	o := &core.Observation{Seat: -1, Players: t.s.Players, ToAct: t.s.ToAct(), Scores: append([]int(nil), t.s.Totals()...),
		Vars: commonVars(views, func(o *core.Observation) map[string]any { return o.Vars })}
	for i, z := range views[0].Zones {
		pub := z
		pub.Visible = t.s.Game.Zones[t.s.ZoneRefs()[i].Def].Visible == core.VisibleAll
		if !pub.Visible {
			pub.Cards = nil
		}
		for _, v := range views[1:] {
			if v.Zones[i].SizeKnown != core.SizeCount {
				pub.SizeKnown, pub.Count = v.Zones[i].SizeKnown, 0
			}
		}
		o.Zones = append(o.Zones, pub)
	}
	for p := 0; p < t.s.Players; p++ {
		o.SeatVars = append(o.SeatVars, commonVars(views, func(o *core.Observation) map[string]any { return o.SeatVars[p] }))
	}
	return o
}

// commonVars are the values every seat's observation holds alike.
func commonVars(views []*core.Observation, vars func(*core.Observation) map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range vars(views[0]) {
		same := true
		for _, o := range views[1:] {
			if w, ok := vars(o)[k]; !ok || !reflect.DeepEqual(v, w) {
				same = false
			}
		}
		if same {
			out[k] = v
		}
	}
	return out
}
