package scripting

import (
	"encoding/binary"
	"math"

	"github.com/ruleslab/ruleslab/core"
)

// eventKey appends to buf a spelling of what eventTable makes of e: two events with the same key get
// equal tables, so one read-only table serves both (botShared.interned). Each part is tagged and
// strings carry their length, so no two different events spell the same key.
func eventKey(buf []byte, e *core.Event) []byte {
	buf = appendKeyString(buf, e.Type)
	buf = binary.AppendVarint(buf, int64(e.Seat))
	switch e.Type {
	case "move":
		buf = appendKeyString(buf, e.Move)
	case "trick":
		buf = binary.AppendVarint(buf, int64(e.Winner))
		buf = appendKeyValue(buf, e.Cards)
		buf = appendKeyString(buf, e.How)
	case "round_end":
		buf = binary.AppendVarint(buf, int64(e.Round))
		buf = appendKeyValue(buf, e.Scores)
	}
	return appendKeyValue(buf, e.Fields)
}

func appendKeyString(buf []byte, s string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(s)))
	return append(buf, s...)
}

func appendKeyNumber(buf []byte, x float64) []byte {
	return binary.LittleEndian.AppendUint64(append(buf, 'd'), math.Float64bits(x))
}

// appendKeyValue spells a value as toLua converts it: numbers by their Lua value (an int and the equal
// float64 make the same number), a type toLua does not know as the nil it becomes.
func appendKeyValue(buf []byte, v any) []byte {
	switch x := v.(type) {
	case bool:
		if x {
			return append(buf, 't')
		}
		return append(buf, 'f')
	case int:
		return appendKeyNumber(buf, float64(x))
	case int64:
		return appendKeyNumber(buf, float64(x))
	case float64:
		return appendKeyNumber(buf, x)
	case string:
		return appendKeyString(append(buf, 's'), x)
	case []string:
		buf = binary.AppendUvarint(append(buf, 'L'), uint64(len(x)))
		for _, s := range x {
			buf = appendKeyString(buf, s)
		}
		return buf
	case []int:
		buf = binary.AppendUvarint(append(buf, 'L'), uint64(len(x)))
		for _, n := range x {
			buf = appendKeyNumber(buf, float64(n))
		}
		return buf
	case []any:
		buf = binary.AppendUvarint(append(buf, 'L'), uint64(len(x)))
		for _, e := range x {
			buf = appendKeyValue(buf, e)
		}
		return buf
	case map[string]any:
		return appendKeyMap(buf, x)
	}
	return append(buf, 'n')
}

// appendKeyMap spells a map's entries in key order (sortedKeys' order: the table's pairs order).
func appendKeyMap(buf []byte, m map[string]any) []byte {
	buf = binary.AppendUvarint(append(buf, 'M'), uint64(len(m)))
	if len(m) == 0 { // most events have no custom fields
		return buf
	}
	var room [16]string
	for _, k := range appendSortedKeys(room[:0], m) {
		buf = appendKeyValue(appendKeyString(buf, k), m[k])
	}
	return buf
}
