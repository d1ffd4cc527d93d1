package scripting

import (
	"reflect"
	"unsafe"
)

// Mirrors of gopher-lua's unexported internals (bot_clone.go's table, vmloop.go's state) are used
// only when sameLayout says the mirror matches the library built in.

// sameLayout says whether two struct types have the same fields (names, offsets, types) in the same
// order. A mirror's field may have a type of its own where the library's is unexported: it matches
// when it has the same shape (sameShape).
func sameLayout(a, b reflect.Type) bool {
	return sameShape(a, b, map[[2]reflect.Type]bool{})
}

var opaquePointer = reflect.TypeFor[unsafe.Pointer]()

// sameShape says whether a mirror type b stands for a: the same type; an unsafe.Pointer for any
// pointer (a field only kept in its place); or the same kind and size with parts of the same shape
// (struct fields by name and offset, pointer, slice and array elements, function parameters and
// results, interface methods by name, in order). seen holds the pairs being compared (a type that
// refers to itself).
func sameShape(a, b reflect.Type, seen map[[2]reflect.Type]bool) bool {
	if a == b || (b == opaquePointer && a.Kind() == reflect.Pointer) || seen[[2]reflect.Type{a, b}] {
		return true
	}
	if a.Kind() != b.Kind() || a.Size() != b.Size() {
		return false
	}
	seen[[2]reflect.Type{a, b}] = true
	switch a.Kind() {
	case reflect.Struct:
		return sameFields(a, b, seen)
	case reflect.Pointer, reflect.Slice:
		return sameShape(a.Elem(), b.Elem(), seen)
	case reflect.Array:
		return a.Len() == b.Len() && sameShape(a.Elem(), b.Elem(), seen)
	case reflect.Func:
		return sameSignature(a, b, seen)
	case reflect.Interface:
		return sameMethods(a, b, seen)
	}
	return false
}

func sameFields(a, b reflect.Type, seen map[[2]reflect.Type]bool) bool {
	if a.NumField() != b.NumField() {
		return false
	}
	for i := range a.NumField() {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || fa.Offset != fb.Offset || !sameShape(fa.Type, fb.Type, seen) {
			return false
		}
	}
	return true
}

func sameSignature(a, b reflect.Type, seen map[[2]reflect.Type]bool) bool {
	if a.NumIn() != b.NumIn() || a.NumOut() != b.NumOut() || a.IsVariadic() != b.IsVariadic() {
		return false
	}
	for i := range a.NumIn() {
		if !sameShape(a.In(i), b.In(i), seen) {
			return false
		}
	}
	for i := range a.NumOut() {
		if !sameShape(a.Out(i), b.Out(i), seen) {
			return false
		}
	}
	return true
}

func sameMethods(a, b reflect.Type, seen map[[2]reflect.Type]bool) bool {
	if a.NumMethod() != b.NumMethod() {
		return false
	}
	for i := range a.NumMethod() {
		ma, mb := a.Method(i), b.Method(i)
		if ma.Name != mb.Name || !sameShape(ma.Type, mb.Type, seen) {
			return false
		}
	}
	return true
}
