package mpq_test

import (
	"slices"
	"strings"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
)

// TestAddListfileNamesAsSplitAndTrimmed: AddListfile names what splitting the
// data at ';', CR and LF and trimming each name's space (ASCII and Unicode)
// names, however many names there are (more than one batch of probes), and
// counts every name the archive holds.
func TestAddListfileNamesAsSplitAndTrimmed(t *testing.T) {
	var files []mpqtest.File
	held := []string{`A\B.m2`, `Dir\Space Inside.blp`, `x.txt`, "\u00e9t\u00e9.wav", `trail.m2`, `lead.m2`, `nbsp.m2`}
	for i := 0; i < 40; i++ {
		held = append(held, strings.Repeat("n", i+1)+`\file.skin`)
	}
	for i, n := range held {
		files = append(files, mpqtest.File{Name: n, Data: []byte{byte(i)}})
	}
	data := build(t, files, mpqtest.Options{})
	var list strings.Builder
	list.WriteString("A\\B.m2;  Dir\\Space Inside.blp\t\r\n\r\nnot\\held.m2;x.txt;\u00e9t\u00e9.wav\n")
	list.WriteString("trail.m2 \u3000\n\u00a0nbsp.m2\n \tlead.m2;;a\\b.M2\n")
	for i := 0; i < 40; i++ {
		list.WriteString(strings.Repeat("n", i+1) + "\\file.skin\r\n")
	}
	list.WriteString("no end")
	text := []byte(list.String())

	ref := open(t, data)
	wantCount := 0
	var want []string
	for _, field := range strings.FieldsFunc(list.String(), func(r rune) bool { return r == ';' || r == '\r' || r == '\n' }) {
		if name := strings.TrimSpace(field); name != "" && ref.Has(name) {
			wantCount++
			if !slices.ContainsFunc(want, func(w string) bool { return strings.EqualFold(w, name) }) {
				want = append(want, name)
			}
		}
	}
	slices.Sort(want)

	a := open(t, data)
	if got := a.AddListfile(text); got != wantCount {
		t.Errorf("AddListfile counts %d names, want %d", got, wantCount)
	}
	var got []string
	for _, m := range a.Members() {
		if m.Known {
			got = append(got, m.Name)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("named %q\nwant %q", got, want)
	}
	if len(want) != len(held) {
		t.Errorf("the reference names %d of the %d members; the test's listfile should name them all", len(want), len(held))
	}
}

// TestAddListfileLeavesDataAlone: the names kept are copies (the caller may
// reuse its buffer).
func TestAddListfileLeavesDataAlone(t *testing.T) {
	data := build(t, []mpqtest.File{{Name: `a\b.m2`, Data: []byte{1}}}, mpqtest.Options{})
	a := open(t, data)
	buf := []byte(`a\b.m2`)
	if a.AddListfile(buf) != 1 {
		t.Fatal("not named")
	}
	copy(buf, "zzzzzz")
	if m := a.Members(); len(m) != 1 || m[0].Name != `a\b.m2` {
		t.Errorf("members %+v after the buffer changed", m)
	}
}

// FuzzListfile: any listfile, the caller's (AddListfile) or the archive's own
// "(listfile)" (whose names stay in its buffer), names what splitting it at
// ';', CR and LF and trimming each name's space names, and AddListfile counts
// every name the archive holds.
func FuzzListfile(f *testing.F) {
	held := []string{`A\B.m2`, `Dir\Space Inside.blp`, `x.txt`, "\u00e9t\u00e9.wav", `trail.m2`, `n\n\file.skin`, "a;b", " "}
	f.Add([]byte("A\\B.m2;  Dir\\Space Inside.blp\t\r\n\r\nnot\\held.m2;x.txt;\u00e9t\u00e9.wav\ntrail.m2 \u3000\n\u00a0n/N\\file.skin"))
	f.Add([]byte(strings.Repeat("x.txt\n", 40) + "a\\b.M2"))
	f.Fuzz(func(t *testing.T, list []byte) {
		var files []mpqtest.File
		for i, n := range held {
			files = append(files, mpqtest.File{Name: n, Data: []byte{byte(i)}})
		}
		plain := build(t, files, mpqtest.Options{})
		own := build(t, append(files, mpqtest.File{Name: "(listfile)", Data: list}), mpqtest.Options{})

		ref := open(t, plain)
		wantCount := 0
		want := []string{}
		for _, field := range strings.FieldsFunc(string(list), func(r rune) bool { return r == ';' || r == '\r' || r == '\n' }) {
			if name := strings.TrimSpace(field); name != "" && ref.Has(name) {
				wantCount++
				if !slices.ContainsFunc(want, func(w string) bool { return mpq.Hash(w, 1) == mpq.Hash(name, 1) && mpq.Hash(w, 2) == mpq.Hash(name, 2) }) {
					want = append(want, name)
				}
			}
		}
		slices.Sort(want)
		named := func(a *mpq.Archive, skip string) []string {
			got := []string{}
			for _, m := range a.Members() {
				if m.Known && m.Name != skip {
					got = append(got, m.Name)
				}
			}
			slices.Sort(got)
			return got
		}

		a := open(t, plain)
		buf := append([]byte(nil), list...)
		if got := a.AddListfile(buf); got != wantCount {
			t.Errorf("AddListfile counts %d names, want %d", got, wantCount)
		}
		clear(buf) // the names kept are copies
		if got := named(a, ""); !slices.Equal(got, want) {
			t.Errorf("AddListfile named %q\nwant %q", got, want)
		}
		o := open(t, own)
		got := named(o, "(listfile)")
		if !slices.Equal(got, want) {
			t.Errorf("the archive's own listfile named %q\nwant %q", got, want)
		}
	})
}

// TestFullTableOfOneName: an archive whose hash table has no empty slot and
// holds one name's check values in every slot (a non-neutral locale) names
// and reads that name, its own listfile naming it thousands of times, and a
// caller's listfile counts every time. (Each lookup of the name once read
// the index of all its slots one by one: the command line's robustness case
// of 2^16 slots and 200,000 names ran for hours.)
func TestFullTableOfOneName(t *testing.T) {
	const slots, repeats = 1 << 10, 5000
	a := open(t, mpqtest.FullOfOneName(slots, repeats))
	if got, err := a.ReadFile(mpqtest.FullName); err != nil || string(got) != "x" {
		t.Errorf("ReadFile(%q) = %q, %v; want \"x\"", mpqtest.FullName, got, err)
	}
	named := 0
	for _, m := range a.Members() {
		if m.Known && m.Name == mpqtest.FullName {
			named++
		}
	}
	if named != 1 {
		t.Errorf("%d members named %q, want 1", named, mpqtest.FullName)
	}
	list := []byte(strings.Repeat(strings.ToLower(mpqtest.FullName)+"\r\n", repeats))
	if got := a.AddListfile(list); got != repeats {
		t.Errorf("AddListfile counts %d names, want %d", got, repeats)
	}
}

// BenchmarkAddListfileFullTable: a listfile of 10,000 names, each a lookup
// that reads past its probe into the slot index, on a table of 2^16 slots
// full of one name's entries.
func BenchmarkAddListfileFullTable(b *testing.B) {
	a := open(b, mpqtest.FullOfOneName(1<<16, 1))
	list := []byte(strings.Repeat(mpqtest.FullName+"\n", 10000))
	b.ReportAllocs()
	for b.Loop() {
		a.AddListfile(list)
	}
}
