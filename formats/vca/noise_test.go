package vca

import (
	"math"
	"testing"
)

func TestNoiseTableCheckValues(t *testing.T) {
	for _, tc := range []struct {
		i    int
		want float64
	}{
		{1, 0.58841258486248194},
		{38, -0.48902683531734992},
	} {
		if got := NoiseTable(tc.i); got != tc.want {
			t.Errorf("R[%d] = %.17g, want %.17g", tc.i, got, tc.want)
		}
	}
}

func TestNoiseFunctions(t *testing.T) {
	R := NoiseTable
	// noise(x) with one octave: s(|x| + 37).
	s1 := func(x float64) float64 {
		x = luaMod(x, NoisePeriod)
		i := math.Floor(x)
		j := luaMod(i+1, NoisePeriod)
		w := smooth(x - i)
		return R(int(i)+1)*(1-w) + R(int(j)+1)*w
	}
	for _, tc := range []struct {
		name string
		src  string
		want float64
	}{
		{"integer cell", "noise(0)", R(38)},
		{"negative uses |x|", "noise(-1)", R(39)},
		{"half cell", "noise(0.5)", R(38)*0.5 + R(39)*0.5},
		{"two octaves", "noise(0.25, 2)", func() float64 {
			v := s1(0.25 + 37)
			return v*(1-0.5) + s1(0.5+74)*0.5
		}()},
		{"2.5 octaves run twice", "noise(0.25, 2.5)", func() float64 {
			v := s1(0.25 + 37)
			return v*(1-0.5) + s1(0.5+74)*0.5
		}()},
		{"zero octaves", "noise(3, 0)", 0},
		{"noise2d at integer corner", "noise2d(0, 0)", R(int(luaMod(37*317+73, NoisePeriod)) + 1)},
		{"noise2d negative offsets then abs", "noise2d(-37, -73)", R(1)},
	} {
		x, err := CompileExpr(tc.src, modeLine)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, ok := x.Eval(0)
		if !ok || got != tc.want {
			t.Errorf("%s: %s = %.17g (ok %v), want %.17g", tc.name, tc.src, got, ok, tc.want)
		}
	}
}

func TestNoiseNonFiniteIsRuntimeError(t *testing.T) {
	x, err := CompileExpr("noise(1/0)", modeLine)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := x.Eval(0); ok {
		t.Errorf("noise(inf) = %v with no runtime error, want the engine's nil-index error", v)
	}
}
