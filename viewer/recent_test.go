package viewer

import "testing"

func TestRecentLabels(t *testing.T) {
	const home = "/home/ann"
	tests := []struct {
		name  string
		items [][]string
		want  []string
	}{
		{"folder beside the name, home as ~",
			[][]string{{"/home/ann/models/creature/Frog.m2"}},
			[]string{"Frog.m2 — ~/models/creature"}},
		{"outside home",
			[][]string{{"/data/wow/Frog.m2"}},
			[]string{"Frog.m2 — /data/wow"}},
		{"a long folder shortened from the left at a separator",
			[][]string{{"/srv/exports/very/deep/tree/of/folders/for/the/models/creature/Frog.m2"}},
			[]string{"Frog.m2 — …/tree/of/folders/for/the/models/creature"}},
		{"a scene of two files in one folder",
			[][]string{{"/home/ann/swg/body.sat", "/home/ann/swg/walk.ans"}},
			[]string{"body.sat + walk.ans — ~/swg"}},
		{"two folders",
			[][]string{{"/home/ann/swg/body.sat", "/home/ann/anims/walk.ans"}},
			[]string{"body.sat + walk.ans — ~/swg, ~/anims"}},
		{"a member of an archive",
			[][]string{{`/home/ann/wow/model.mpq:Creature\Frog\Frog.m2`}},
			[]string{`Frog.m2 — ~/wow/model.mpq:Creature\Frog`}},
		{"same name in two folders: told apart",
			[][]string{{"/home/ann/a/Frog.m2"}, {"/home/ann/b/Frog.m2"}},
			[]string{"Frog.m2 — ~/a", "Frog.m2 — ~/b"}},
		// The shortened folders are the same: the labels show more until they differ.
		{"same name, folders alike in their last 40 characters",
			[][]string{
				{"/mnt/one/exports/very/deep/tree/of/folders/for/the/models/creature/Frog.m2"},
				{"/mnt/two/exports/very/deep/tree/of/folders/for/the/models/creature/Frog.m2"}},
			[]string{
				"Frog.m2 — /mnt/one/exports/very/deep/tree/of/folders/for/the/models/creature",
				"Frog.m2 — /mnt/two/exports/very/deep/tree/of/folders/for/the/models/creature"}},
		{"a bare name (the demo's files, a relative path)",
			[][]string{{"Frog.m2"}},
			[]string{"Frog.m2"}},
	}
	for _, tc := range tests {
		got := RecentLabels(tc.items, home)
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("%s: label %d = %q, want %q", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}
