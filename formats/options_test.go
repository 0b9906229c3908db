package formats

import (
	"strings"
	"testing"
)

// Two test families declare readings: one of their own each and one alike, which
// then applies to both.
func init() {
	Register(Decoder{Name: "zz-test-b", Readings: []Reading{
		{Name: "zz-shared", Choices: []string{"on", "off"}, Default: "on", Help: "shared"},
	}})
	Register(Decoder{Name: "zz-test-a", Readings: []Reading{
		{Name: "zz-size", Choices: []string{"small", "large"}, Default: "large", Help: "size", Compare: true},
		{Name: "zz-shared", Choices: []string{"on", "off"}, Default: "on", Help: "shared"},
	}})
}

func TestReadingsDeclared(t *testing.T) {
	var got []string
	for _, r := range Readings() {
		if strings.HasPrefix(r.Name, "zz-") {
			got = append(got, r.Name+":"+strings.Join(r.Families, ","))
		}
	}
	// Sorted by first family: zz-size's zz-test-a before zz-shared's zz-test-b.
	if want := "zz-size:zz-test-a zz-shared:zz-test-b,zz-test-a"; strings.Join(got, " ") != want {
		t.Errorf("readings %q, want %q", strings.Join(got, " "), want)
	}
	if rs := ReadingsFor("zz-test-a"); len(rs) != 2 || rs[0].Name != "zz-size" || rs[1].Name != "zz-shared" {
		t.Errorf("ReadingsFor(zz-test-a) = %+v, want zz-size, zz-shared", rs)
	}
	if r, ok := LookupReading("zz-shared"); !ok || !r.AppliesTo("zz-test-b") || r.AppliesTo("zz-test-c") || r.FamilyLabel() != "ZZ-TEST-B, ZZ-TEST-A" {
		t.Errorf("LookupReading(zz-shared) = %+v, %v", r, ok)
	}
}

func TestDeclaringAReadingTwiceDifferentlyPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a second, different declaration of zz-size was accepted")
		}
	}()
	Register(Decoder{Name: "zz-test-c", Readings: []Reading{{Name: "zz-size", Choices: []string{"small"}, Default: "small"}}})
}

func TestOptionValues(t *testing.T) {
	var o Options
	if got := o.Value("zz-size"); got != "large" {
		t.Errorf("default zz-size = %q, want large", got)
	}
	p := o.With("zz-size", "small")
	if o.Value("zz-size") != "large" || p.Value("zz-size") != "small" {
		t.Errorf("With changed the original: %q, copy %q", o.Value("zz-size"), p.Value("zz-size"))
	}
	q := p
	q.Set("zz-shared", "off")
	if p.Value("zz-shared") != "on" || q.Value("zz-shared") != "off" {
		t.Errorf("Set on a copy changed the original: %q, copy %q", p.Value("zz-shared"), q.Value("zz-shared"))
	}
	if !o.Equal(o.With("zz-size", "large")) || o.Equal(p) || !o.IsZero() || p.IsZero() {
		t.Errorf("Equal/IsZero: %v %v %v %v", o.Equal(o.With("zz-size", "large")), o.Equal(p), o.IsZero(), p.IsZero())
	}
	if d := p.WithDefaults().Readings; d["zz-size"] != "small" || d["zz-shared"] != "on" {
		t.Errorf("WithDefaults = %v", d)
	}
	if o.Key() == p.Key() {
		t.Errorf("Key does not tell %v from %v", o.Readings, p.Readings)
	}
}

func TestOptionsCheck(t *testing.T) {
	tests := []struct {
		o    Options
		want string
	}{
		{Options{}, ""},
		{Options{}.With("zz-size", "small"), ""},
		{Options{}.With("zz-size", "tiny"), `--zz-size "tiny": want one of small, large`},
		{Options{}.With("zz-nope", "x"), "--zz-nope: no format has this reading"},
	}
	for _, tc := range tests {
		got := ""
		if err := tc.o.Check(); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("Check(%v) = %q, want %q", tc.o.Readings, got, tc.want)
		}
	}
}

func TestOptionValueAllocatesNothing(t *testing.T) {
	var o Options
	if n := testing.AllocsPerRun(100, func() { _ = o.Value("zz-size") }); n != 0 {
		t.Errorf("Value of a default: %v allocations, want 0", n)
	}
}
