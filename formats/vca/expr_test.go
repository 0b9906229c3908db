package vca

import (
	"math"
	"strings"
	"testing"
)

func evalAt(t *testing.T, src string, at float64) (float64, bool) {
	t.Helper()
	x, err := CompileExpr(src, modeLine)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return x.Eval(at)
}

func TestExprPrecedence(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		src  string
		t    float64
		want float64
	}{
		{"-2^2", 0, -4},
		{"2^3^2", 0, 512},
		{"3 % 2^2", 0, 3},
		{"2*3%4", 0, 2},   // (2*3) % 4
		{"-7 % 3", 0, 2},  // floored: takes the divisor's sign
		{"7 % -3", 0, -2}, // floored
		{"5.5 % 2", 0, 1.5},
		{"1 + 2 * 3", 0, 7},
		{"(1 + 2) * 3", 0, 9},
		{"10 - 4 - 3", 0, 3},
		{"2^-1", 0, 0.5},
		{"- -3", 0, 3},
		{"-t^2", 3, -9},
		{"t > 0.25 and 1 or -1", 0.5, 1},
		{"t > 0.25 and 1 or -1", 0.1, -1},
		{"0 and 5 or 6", 0, 5}, // 0 is truthy in Lua
		{"nil or 4", 0, 4},
		{"false or 4", 0, 4},
		{"not nil and 3 or 2", 0, 3},
		{"(1 == 1) and 7 or 8", 0, 7},
		{"(1 ~= 1) and 7 or 8", 0, 8},
		{"1 < 2 == true and 9 or 0", 0, 9}, // comparisons are left-associative
		{"1e-3 * 1000", 0, 1},
		{"0x10 + 0XA", 0, 26},
		{"0x1p4", 0, 16},
		{".5 + 5.", 0, 5.5},
		{"1/0 > 1e308 and 1 or 0", 0, 1},
		{"pi", 0, math.Pi},
		{"e", 0, math.E},
		{"m + intensity", 0, 2},
		{"sin(t) + cos(0) + tan(0)", 1, math.Sin(1) + 1},
		{"sqrt(16) + exp(0) + floor(-1.5) + ceil(1.2) + abs(-3)", 0, 4 + 1 - 2 + 2 + 3},
		{"log(8, 2)", 0, 3},
		{"log(100, 10)", 0, 2},
		{"log(exp(2))", 0, 2},
		{"log10(1000)", 0, 3},
		{"deg(pi)", 0, math.Pi * 57.29577951308232},
		{"rad(180)", 0, 180 * 0.017453292519943295},
		{"min(3, 1, 2) + max(3, 1, 2)", 0, 4},
		{"min(5)", 0, 5},
		{"sign(-2) + 10*sign(3) + 100*sign(0)", 0, 9},
		{"round(2.5)", 0, 3},
		{"round(-2.5)", 0, -2},
		{"round(1.2345, 2)", 0, 1.23},
		{"sin(t, 99)", 1, math.Sin(1)}, // extra arguments are ignored
		{"0/0", 0, nan},
	} {
		got, ok := evalAt(t, tc.src, tc.t)
		if !ok {
			t.Errorf("%q at t=%v: runtime error", tc.src, tc.t)
			continue
		}
		if math.IsNaN(tc.want) {
			if !math.IsNaN(got) {
				t.Errorf("%q = %v, want NaN", tc.src, got)
			}
			continue
		}
		if math.Abs(got-tc.want) > 1e-12*math.Max(1, math.Abs(tc.want)) {
			t.Errorf("%q at t=%v = %.17g, want %.17g", tc.src, tc.t, got, tc.want)
		}
	}
}

func TestExprCurveMode(t *testing.T) {
	x, err := CompileExpr("kl.value + (kr.value - kl.value) * t * t + kr.frame - kl.frame", modeCurve)
	if err != nil {
		t.Fatal(err)
	}
	e := env{t: 0.5, kl: [2]float64{10, 1}, kr: [2]float64{20, 5}}
	got, ok := x.eval(&e)
	if want := 1 + 4*0.25 + 10; !ok || got != want {
		t.Errorf("curve expression = %v (%v), want %v", got, ok, want)
	}
	if _, err := CompileExpr("kl.value", modeLine); err == nil {
		t.Errorf("kl in a line expression compiled")
	}
	if _, err := CompileExpr("intensity", modeCurve); err == nil {
		t.Errorf("intensity in a curve expression compiled")
	}
	x, err = CompileExpr("kl.lx or 3", modeCurve) // a missing field is nil
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := x.eval(&e); !ok || got != 3 {
		t.Errorf("kl.lx or 3 = %v (%v), want 3", got, ok)
	}
}

func TestExprErrors(t *testing.T) {
	for _, tc := range []struct {
		src      string
		pos      int
		semantic bool
		msg      string
	}{
		{"1 +", 3, false, "unexpected symbol"},
		{"(1", 2, false, "')' expected"},
		{"1 2", 2, false, "'<eof>' expected"},
		{"sin(", 4, false, "unexpected symbol"},
		{"a[1]", 1, false, "not supported"},
		{"3x", 0, false, "malformed number"},
		{"1e", 0, false, "malformed number"},
		{"0x", 0, false, "malformed number"},
		{"1 = 2", 2, false, "'<eof>' expected"},
		{"$", 0, false, "unexpected symbol"},
		{"if", 0, false, "unexpected symbol"},
		{"foo", 0, true, `unknown identifier "foo"`},
		{"foo(1)", 0, true, `unknown function "foo"`},
		{"sin", 0, true, "used as a value"},
		{"sin()", 3, true, "bad argument #1 to 'sin'"},
		{"rand(1)", 4, true, "bad argument #2 to 'rand'"},
		{"true + 1", 0, true, "boolean"},
		{"t > 1", 2, true, "boolean"},
		{"#t", 0, true, "length"},
		{"t.x", 1, true, "index"},
		{"t(1)", 0, true, "not a function"},
		{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), 200, false, "nested deeper"},
		{strings.Repeat("-", 300) + "1", 200, false, "nested deeper"},
		{strings.Repeat("1+", 40000) + "1", 0, false, "longer than"},
		{strings.Repeat("1+", 25000) + "1", 19999, false, "more than"},
	} {
		_, err := CompileExpr(tc.src, modeLine)
		ee, ok := err.(*ExprError)
		short := tc.src
		if len(short) > 40 {
			short = short[:40] + "…"
		}
		if !ok {
			t.Errorf("%q: error %v, want an *ExprError", short, err)
			continue
		}
		if ee.Pos != tc.pos || ee.Semantic != tc.semantic || !strings.Contains(ee.Msg, tc.msg) {
			t.Errorf("%q: got pos %d semantic %v %q; want pos %d semantic %v %q", short, ee.Pos, ee.Semantic, ee.Msg, tc.pos, tc.semantic, tc.msg)
		}
	}
}

func TestExprRuntimeErrors(t *testing.T) {
	for _, src := range []string{
		"(t > 1 and 1) + 1", // false + 1 at t = 0
		"(t < 1 and nil or false) or (t > 1 and 2)",
		"rand(0, 1) + noise(1/0)",
	} {
		got, ok := evalAt(t, src, 0)
		if ok {
			t.Errorf("%q = %v without a runtime error", src, got)
		}
	}
}

func TestExprBlacklist(t *testing.T) {
	for _, tc := range []struct {
		src, bad string
	}{
		{"blend", "end"}, {"sin(t)--x", "--"}, {"1..2", ".."}, {"'a'", "'"}, {`"a"`, `"`}, {"sin(t)", ""},
	} {
		if got := blacklisted(tc.src); got != tc.bad {
			t.Errorf("blacklisted(%q) = %q, want %q", tc.src, got, tc.bad)
		}
	}
}

func TestToNumber(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want float64
		ok   bool
	}{
		{"1", 1, true}, {" -2.5 ", -2.5, true}, {"1e3", 1000, true}, {"0x10", 16, true}, {"-0x10", -16, true},
		{".5", 0.5, true}, {"5.", 5, true}, {"+3", 3, true},
		{"inf", 0, false}, {"nan", 0, false}, {"1}", 0, false}, {"", 0, false}, {"1_0", 0, false}, {"--1", 0, false}, {"0x", 0, false},
	} {
		got, ok := toNumber(tc.s)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("toNumber(%q) = %v, %v; want %v, %v", tc.s, got, ok, tc.want, tc.ok)
		}
	}
}

// TestExprLimitsFast: a 1 MB expression and 10,000 nested parentheses are rejected
// by the length and depth limits (checked before any work proportional to the
// input); BenchmarkExprLimits measures how quickly.
func TestExprLimitsFast(t *testing.T) {
	for _, c := range exprLimitCases {
		_, err := CompileExpr(c.src, modeLine)
		if err == nil || !strings.Contains(err.Error(), c.limit) {
			t.Errorf("%d-byte expression: err = %v, want the %q limit", len(c.src), err, c.limit)
		}
	}
}

var exprLimitCases = []struct{ src, limit string }{
	{strings.Repeat("1+", 500000) + "1", "byte limit"},
	{strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000), "nested deeper"},
	{strings.Repeat("-", 10000) + "1", "nested deeper"},
	{strings.Repeat("2^", 10000) + "1", "nested deeper"},
	{strings.Repeat("f(", 10000) + strings.Repeat(")", 10000), "nested deeper"},
}

// BenchmarkExprLimits rejects the over-limit expressions of TestExprLimitsFast.
func BenchmarkExprLimits(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, c := range exprLimitCases {
			if _, err := CompileExpr(c.src, modeLine); err == nil {
				b.Fatal("an over-limit expression compiled")
			}
		}
	}
}

func TestExprConstantFolding(t *testing.T) {
	x, err := CompileExpr("(2 + 3) * 4", modeLine)
	if err != nil {
		t.Fatal(err)
	}
	if x.UsesTime || x.UsesRand {
		t.Errorf("constant expression uses time %v rand %v", x.UsesTime, x.UsesRand)
	}
	if v, ok := x.Eval(123); !ok || v != 20 {
		t.Errorf("(2+3)*4 = %v, want 20", v)
	}
}
