package uitest

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"
)

// Fingerprint writes down the state of a screen: every value reachable
// from v, following pointers, slices, maps and interfaces, so that two
// fingerprints differ when a key changed anything in the screen. It
// leaves out what a key cannot honestly be said to change and what other
// goroutines change under it: functions and channels (only whether they
// are set), contexts, and values of types from outside the dashboard and
// its Charm components (the API client's connection pool, loggers,
// mutexes), which requests in flight touch at any time.
func Fingerprint(v any) string {
	f := &printer{seen: map[uintptr]int{}}
	f.walk(reflect.ValueOf(v), 0)
	return f.b.String()
}

type printer struct {
	b    strings.Builder
	seen map[uintptr]int // pointers walked, numbered, for cycles
}

// followed are the packages whose types are walked into; the values of
// others are skipped. Types of no package (int, []string) always are.
var followed = []string{"rdash/ui", "rdash/api", "rdash/config", "rdash/internal/explain",
	"charm.land/", "github.com/charmbracelet/", "time", "image/color"}

var (
	contextType = reflect.TypeFor[context.Context]()
	timeType    = reflect.TypeFor[time.Time]()
)

// followedTypes caches follow's answer by type: asking a type its
// package and methods is most of a fingerprint's time.
var followedTypes sync.Map // reflect.Type → bool

func follow(t reflect.Type) bool {
	if v, ok := followedTypes.Load(t); ok {
		return v.(bool)
	}
	f := followType(t)
	followedTypes.Store(t, f)
	return f
}

func followType(t reflect.Type) bool {
	if t.Name() == "" || t.PkgPath() == "" {
		return true
	}
	if t.Kind() != reflect.Interface && t.Implements(contextType) {
		return false
	}
	for _, p := range followed {
		if strings.HasPrefix(t.PkgPath(), p) {
			return !strings.HasSuffix(t.PkgPath(), "rdash/api") || t.Name() != "Client"
		}
	}
	return false
}

func (f *printer) walk(v reflect.Value, depth int) {
	if !v.IsValid() {
		f.b.WriteString("<nil>")
		return
	}
	if depth > 200 || !follow(v.Type()) {
		f.b.WriteString("_")
		return
	}
	if v.Type() == timeType { // its wall clock and monotonic reading; the Location caches lookups
		fmt.Fprintf(&f.b, "time(%d,%d)", v.Field(0).Uint(), v.Field(1).Int())
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		f.pointer(v, depth)
	case reflect.Interface:
		if v.IsNil() {
			f.b.WriteString("<nil>")
			return
		}
		f.b.WriteString(v.Elem().Type().String() + ":")
		f.walk(v.Elem(), depth+1)
	case reflect.Struct:
		f.b.WriteString("{")
		for i := range v.NumField() {
			f.b.WriteString(v.Type().Field(i).Name + ":")
			f.walk(v.Field(i), depth+1)
			f.b.WriteString(",")
		}
		f.b.WriteString("}")
	case reflect.Slice, reflect.Array:
		f.list(v, depth)
	case reflect.Map:
		f.mapping(v, depth)
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(&f.b, "%s(set=%v)", v.Kind(), !v.IsNil())
	default:
		fmt.Fprintf(&f.b, "%v", valueOf(v))
	}
}

func (f *printer) pointer(v reflect.Value, depth int) {
	if v.IsNil() {
		f.b.WriteString("<nil>")
		return
	}
	if n, ok := f.seen[v.Pointer()]; ok {
		fmt.Fprintf(&f.b, "@%d", n)
		return
	}
	f.seen[v.Pointer()] = len(f.seen)
	f.b.WriteString("&")
	f.walk(v.Elem(), depth+1)
}

func (f *printer) list(v reflect.Value, depth int) {
	if v.Kind() == reflect.Slice && v.IsNil() {
		f.b.WriteString("[]nil")
		return
	}
	f.b.WriteString("[")
	for i := range v.Len() {
		f.walk(v.Index(i), depth+1)
		f.b.WriteString(" ")
	}
	f.b.WriteString("]")
}

func (f *printer) mapping(v reflect.Value, depth int) {
	if v.IsNil() {
		f.b.WriteString("map(nil)")
		return
	}
	// Keys in a stable order, so that pointers are numbered the same way
	// in two fingerprints of the same state.
	keys := v.MapKeys()
	sortKey := func(k reflect.Value) string {
		p := &printer{seen: map[uintptr]int{}}
		p.walk(k, depth+1)
		return p.b.String()
	}
	sort.Slice(keys, func(i, j int) bool { return sortKey(keys[i]) < sortKey(keys[j]) })
	f.b.WriteString("map[")
	for _, k := range keys {
		f.walk(k, depth+1)
		f.b.WriteString("=")
		f.walk(v.MapIndex(k), depth+1)
		f.b.WriteString(" ")
	}
	f.b.WriteString("]")
}

// valueOf reads a basic value, unexported fields included.
func valueOf(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.Float32, reflect.Float64:
		return v.Float()
	case reflect.Complex64, reflect.Complex128:
		return v.Complex()
	case reflect.String:
		return v.String()
	}
	return v.Kind().String()
}
