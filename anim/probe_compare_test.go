package anim

import (
	"strings"
	"testing"
)

func TestCompareProbes(t *testing.T) {
	probe := func(frame int32, fallback bool, keys ...KeyUse) *Probe {
		p := &Probe{}
		p.Reset(frame, fallback)
		for _, k := range keys {
			p.Add(k)
		}
		return p
	}
	trs := func(k0, k1 int32, alpha float32) KeyUse {
		return KeyUse{Channel: ChannelOf("trs"), K0: k0, K1: k1, Alpha: alpha}
	}
	tests := []struct {
		name string
		a, b *Probe
		want string
	}{
		{"same", probe(2, false, trs(1, 2, 0.5)), probe(2, false, trs(1, 2, 0.5)), ""},
		{"alpha alone is no difference", probe(2, false, trs(1, 2, 0.5)), probe(2, false, trs(1, 2, 0.25)), ""},
		{"frame", probe(0, false, trs(2, -1, 0)), probe(1, false, trs(2, -1, 0)), "frame"},
		{"branch and key", probe(4, true, trs(3, -1, 0)), probe(4, false, trs(2, 3, 0.5)), "branch,key"},
		{"key count", probe(1, false, trs(1, 2, 0)), probe(1, false), "key"},
		{"channel", probe(1, false, KeyUse{Channel: ChannelOf("t")}), probe(1, false, KeyUse{Channel: ChannelOf("r")}), "key"},
		{"all three", probe(1, true, trs(3, -1, 0)), probe(2, false, trs(1, 2, 0)), "frame,branch,key"},
	}
	for _, tc := range tests {
		if got := strings.Join(CompareProbes(tc.a, tc.b).Kinds(nil), ","); got != tc.want {
			t.Errorf("%s: differences %q, want %q", tc.name, got, tc.want)
		}
	}
}
