package formats

import (
	"strings"
	"testing"

	"animscope/anim"
)

type aliasedClip struct {
	namedClip
	aliases []string
}

func (c aliasedClip) Aliases() []string { return c.aliases }

// TestClipSelection: --clip takes an index, a name, a name in any case or an
// alias; the first rule that matches must match one clip, or the error says the
// name is ambiguous and lists the clips.
func TestClipSelection(t *testing.T) {
	a := &Asset{Clips: []anim.Clip{
		namedClip{"Walk"}, namedClip{"walk"}, namedClip{"Run"}, namedClip{"Idle"}, namedClip{"IDLE"},
		aliasedClip{namedClip{"Stand"}, []string{"0.0"}}, aliasedClip{namedClip{"Stand.1"}, []string{"0.0"}},
	}}
	for _, tc := range []struct {
		sel     string
		want    int
		wantErr string
	}{
		{"", 0, ""}, {"2", 2, ""}, {"Walk", 0, ""}, {"walk", 1, ""}, {"RUN", 2, ""},
		{"Idle", 3, ""}, {"idle", 0, `clip name "idle" is ambiguous: it names clips 3 (Idle), 4 (IDLE); give the index`},
		{"stand", 5, ""},
		{"0.0", 0, `clip name "0.0" is ambiguous: it names clips 5 (Stand), 6 (Stand.1)`},
		{"7", 0, "out of range"}, {"Jump", 0, `no clip named "Jump"`},
	} {
		_, idx, err := a.Clip(tc.sel)
		if tc.wantErr == "" {
			if err != nil || idx != tc.want {
				t.Errorf("Clip(%q) = %d, %v; want %d", tc.sel, idx, err, tc.want)
			}
		} else if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Clip(%q) = %d, %v; want an error with %q", tc.sel, idx, err, tc.wantErr)
		}
	}
}
