package core

// ValueKind says what a Value holds.
type ValueKind uint8

const (
	NilValue ValueKind = iota
	NumValue
	StrValue
	BoolValue
)

// Value is a plain value a game stores (a number, a string or a boolean) and who may see it. It is a
// small struct, not an interface, so storing a number allocates nothing and a clone copies it flat.
type Value struct {
	Kind ValueKind
	Num  float64 // numbers; booleans as 0 or 1
	Str  string
	Vis  Vis
	// Script is the value as the scripting layer last handed it over (a Lua value), kept so reading it
	// back costs no conversion or allocation; opaque to the core, copied with the value.
	Script any
}

// NumberValue, StringValue and BoolOf make values.
func NumberValue(f float64) Value { return Value{Kind: NumValue, Num: f} }
func StringValue(s string) Value  { return Value{Kind: StrValue, Str: s} }
func BoolOf(b bool) Value {
	v := Value{Kind: BoolValue}
	if b {
		v.Num = 1
	}
	return v
}

// IsNil reports whether the value is absent.
func (v Value) IsNil() bool { return v.Kind == NilValue }

// Any returns the value as float64, string, bool or nil (for JSON and observations).
func (v Value) Any() any {
	switch v.Kind {
	case NumValue:
		return v.Num
	case StrValue:
		return v.Str
	case BoolValue:
		return v.Num != 0
	}
	return nil
}

// ValueOf converts float64, int, string and bool; anything else is nil.
func ValueOf(x any) Value {
	switch y := x.(type) {
	case float64:
		return NumberValue(y)
	case int:
		return NumberValue(float64(y))
	case string:
		return StringValue(y)
	case bool:
		return BoolOf(y)
	}
	return Value{}
}
