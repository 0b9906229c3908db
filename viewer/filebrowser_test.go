package viewer

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	_ "animscope/formats/all" // the decoders whose extensions the filter shows
)

// browserDir is a folder with a subfolder, two supported files and one other.
func browserDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, size := range map[string]int{"a.m2": 3000, "b.ans": 10, "notes.txt": 5} {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "c.msh"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func entryNames(b *FileBrowser) []string {
	var out []string
	for _, e := range b.Entries {
		out = append(out, e.Name)
	}
	return out
}

func TestFileBrowserFilterAndSizes(t *testing.T) {
	dir := browserDir(t)
	b := NewFileBrowser(dir)
	if got, want := entryNames(b), []string{"sub", "a.m2", "b.ans"}; !slices.Equal(got, want) {
		t.Errorf("filtered entries %v, want %v (folders, then supported files)", got, want)
	}
	if b.Entries[1].Size != 3000 {
		t.Errorf("a.m2 size %d, want 3000", b.Entries[1].Size)
	}
	b.SetAll(true)
	if got, want := entryNames(b), []string{"sub", "a.m2", "b.ans", "notes.txt"}; !slices.Equal(got, want) {
		t.Errorf("all entries %v, want %v", got, want)
	}
	exts := supportedExtensions()
	for _, e := range []string{".m2", ".msh", ".ans", ".skt", ".vca", ".mif"} {
		if !slices.Contains(exts, e) {
			t.Errorf("SupportedExtensions %v lacks %s", exts, e)
		}
	}
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1536, "1.5 KiB"}, {3 << 20, "3.0 MiB"}, {5 << 30, "5.0 GiB"}} {
		if got := HumanSize(tc.n); got != tc.want {
			t.Errorf("HumanSize(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestFileBrowserKeys: double click and Enter open, Escape closes; a double click
// never unpicks what its first click picked.
func TestFileBrowserKeys(t *testing.T) {
	dir := browserDir(t)
	a, ans := filepath.Join(dir, "a.m2"), filepath.Join(dir, "b.ans")
	type step struct {
		click  int // entry clicked (−1: a key instead)
		double bool
		key    BrowserKey
		want   browserAction
	}
	tests := []struct {
		name      string
		steps     []step
		wantFiles []string // TakePicks after the last step, when it opens
		wantDir   string   // "" : dir
	}{
		{"double click on a file opens it", []step{{1, false, 0, BrowserStay}, {1, true, 0, BrowserOpen}}, []string{a}, ""},
		{"double click adds to earlier picks", []step{{1, false, 0, BrowserStay}, {2, false, 0, BrowserStay}, {2, true, 0, BrowserOpen}}, []string{a, ans}, ""},
		{"click twice unpicks, Enter with nothing picked opens the cursor's file", []step{{2, false, 0, BrowserStay}, {2, false, 0, BrowserStay}, {-1, false, BrowserEnter, BrowserOpen}}, []string{ans}, ""},
		{"Enter opens the picks", []step{{1, false, 0, BrowserStay}, {-1, false, BrowserEnter, BrowserOpen}}, []string{a}, ""},
		{"arrows move the cursor, Enter opens its file", []step{{-1, false, BrowserDown, BrowserStay}, {-1, false, BrowserDown, BrowserStay}, {-1, false, BrowserEnter, BrowserOpen}}, []string{a}, ""},
		{"Escape closes", []step{{1, false, 0, BrowserStay}, {-1, false, BrowserEscape, BrowserClose}}, nil, ""},
		{"a click on a folder does not enter it", []step{{0, false, 0, BrowserStay}}, nil, ""},
		{"a double click enters a folder", []step{{0, false, 0, BrowserStay}, {0, true, 0, BrowserStay}}, nil, "sub"},
		{"Enter on a folder enters it", []step{{-1, false, BrowserDown, BrowserStay}, {-1, false, BrowserEnter, BrowserStay}}, nil, "sub"},
		{"Backspace goes up", []step{{0, true, 0, BrowserStay}, {-1, false, BrowserBackspace, BrowserStay}}, nil, ""},
		{"Enter with nothing picked and no cursor stays", []step{{-1, false, BrowserEnter, BrowserStay}}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := NewFileBrowser(dir)
			var got browserAction
			for i, st := range tc.steps {
				if st.click >= 0 {
					got = b.Click(st.click, st.double)
				} else {
					got = b.Key(st.key)
				}
				if got != st.want {
					t.Fatalf("step %d: action %v, want %v", i, got, st.want)
				}
			}
			if got == BrowserOpen {
				if files := b.TakePicks(); !slices.Equal(files, tc.wantFiles) {
					t.Errorf("opens %v, want %v", files, tc.wantFiles)
				}
				if len(b.Picked) != 0 {
					t.Errorf("picks left after TakePicks: %v", b.Picked)
				}
			}
			wantDir := filepath.Join(dir, tc.wantDir)
			if b.Dir != wantDir {
				t.Errorf("folder %s, want %s", b.Dir, wantDir)
			}
		})
	}
}

// TestRecentFolder: the dialog starts in the folder of the newest recent scene
// that still exists, across runs (the list is read back from its file).
func TestRecentFolder(t *testing.T) {
	dir := browserDir(t)
	path := filepath.Join(t.TempDir(), "recent.json")
	r := LoadRecent(path)
	if r.Folder() != "" {
		t.Errorf("empty list: Folder %q, want \"\"", r.Folder())
	}
	r.Add([]string{filepath.Join(dir, "sub", "c.msh")})
	r.Add([]string{filepath.Join(dir, "gone.m2")})
	again := LoadRecent(path)
	if got, want := again.Folder(), filepath.Join(dir, "sub"); got != want {
		t.Errorf("Folder %q, want %q (the newest that exists)", got, want)
	}
	if b := NewFileBrowser(again.Folder()); b.Dir != filepath.Join(dir, "sub") {
		t.Errorf("browser starts in %q", b.Dir)
	}
}

// TestFileBrowserGoTo (issue 30, defect 13): a path typed in the Open dialog's
// field lists a folder, opens a file, and says so when it is neither, keeping
// the listing (and the typed text) as they were.
func TestFileBrowserGoTo(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "creature")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(sub, "Frog.m2")
	if err := os.WriteFile(model, []byte("MD20"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope", "Frog.m2")
	tests := []struct {
		name    string
		path    string
		act     browserAction
		dir     string
		err     string
		picked  []string
		typedIn string // the field afterwards
	}{
		{"a folder", sub, BrowserStay, sub, "", nil, sub},
		{"a file", model, BrowserOpen, sub, "", []string{model}, sub},
		{"a path that is not there", missing, BrowserStay, dir, missing + ": no such file or folder", nil, missing},
		{"blank", "  ", BrowserStay, dir, "", nil, dir},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := NewFileBrowser(dir)
			b.Path = tc.path
			act := b.GoTo(tc.path)
			if act != tc.act || b.Dir != tc.dir || b.Err != tc.err || !slices.Equal(b.Picked, tc.picked) || b.Path != tc.typedIn {
				t.Errorf("GoTo(%q): action %v, dir %q, err %q, picked %q, field %q; want %v, %q, %q, %q, %q",
					tc.path, act, b.Dir, b.Err, b.Picked, b.Path, tc.act, tc.dir, tc.err, tc.picked, tc.typedIn)
			}
		})
	}
}
