package formats

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCustomizationValueWith(t *testing.T) {
	c := Customization("skin=1,face=0,hair=2")
	for _, tc := range []struct {
		key  string
		want int
	}{{"skin", 1}, {"face", 0}, {"hair", 2}, {"facial", 0}, {"ski", 0}} {
		if got := c.Value(tc.key); got != tc.want {
			t.Errorf("%q.Value(%q) = %d, want %d", c, tc.key, got, tc.want)
		}
	}
	for _, tc := range []struct {
		c    Customization
		key  string
		v    int
		want Customization
	}{
		{c, "hair", 5, "skin=1,face=0,hair=5"},
		{c, "skin", 0, "skin=0,face=0,hair=2"},
		{c, "facial", 3, "skin=1,face=0,hair=2,facial=3"},
		{"", "hair", 2, "hair=2"},
	} {
		if got := tc.c.With(tc.key, tc.v); got != tc.want {
			t.Errorf("%q.With(%q, %d) = %q, want %q", tc.c, tc.key, tc.v, got, tc.want)
		}
	}
}

// toyCustomizer takes "n=N" and knows the models whose name starts with its
// prefix.
type toyCustomizer struct{ prefix string }

func (c toyCustomizer) Parse(spec string) (Customization, error) {
	if spec == "" {
		return "n=0", nil
	}
	if !strings.HasPrefix(spec, c.prefix) {
		return "", fmt.Errorf("%s: %q is not mine", c.prefix, spec)
	}
	return Customization(spec), nil
}

func (c toyCustomizer) Find(name string) (Character, []Diagnostic) {
	if strings.HasPrefix(name, c.prefix+"warn") {
		return nil, []Diagnostic{DiagWarnf(name, -1, "%s: broken table", c.prefix)}
	}
	if strings.HasPrefix(name, c.prefix) {
		return toyCharacter(c.prefix), nil
	}
	return nil, nil
}

type toyCharacter string

func (c toyCharacter) Title() string                                 { return string(c) }
func (toyCharacter) Choices() []CustomChoice                         { return nil }
func (toyCharacter) Dress(*Asset, Customization, bool, map[int]bool) {}
func (toyCharacter) Report() (CharacterReport, []Diagnostic)         { return nil, nil }
func (toyCharacter) Close() error                                    { return nil }

// TestCustomizerRegistry: with no customiser only the default parses; with
// two, the first (by name) that reads a SPEC or knows a model answers, and a
// SPEC none reads gives the first one's error.
func TestCustomizerRegistry(t *testing.T) {
	saved := customizers
	defer func() { customizers = saved }()
	customizers = newKindList(saved.less)
	if c, err := ParseCustomization(" "); c != "" || err != nil {
		t.Errorf("no customiser: ParseCustomization(\" \") = %q, %v; want \"\", nil", c, err)
	}
	if _, err := ParseCustomization("n=1"); !errors.Is(err, ErrNoCustomizer) {
		t.Errorf("no customiser: ParseCustomization(\"n=1\") error %v, want ErrNoCustomizer", err)
	}
	if ch, warns := FindCharacter("a.m2"); ch != nil || warns != nil {
		t.Errorf("no customiser: FindCharacter = %v, %v", ch, warns)
	}
	RegisterCustomizer("b", toyCustomizer{"b"})
	RegisterCustomizer("a", toyCustomizer{"a"})
	for _, tc := range []struct{ spec, want, err string }{
		{"", "n=0", ""}, {"a1", "a1", ""}, {"b1", "b1", ""}, {"c1", "", `a: "c1" is not mine`},
	} {
		got, err := ParseCustomization(tc.spec)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if string(got) != tc.want || gotErr != tc.err {
			t.Errorf("ParseCustomization(%q) = %q, %q; want %q, %q", tc.spec, got, gotErr, tc.want, tc.err)
		}
	}
	for _, tc := range []struct{ name, title, warn string }{
		{"a.m2", "a", ""}, {"b.m2", "b", ""}, {"bwarn.m2", "", "bwarn.m2: b: broken table"}, {"c.m2", "", ""},
	} {
		ch, warns := FindCharacter(tc.name)
		title, warn := "", ""
		if ch != nil {
			title = ch.Title()
		}
		if len(warns) > 0 {
			warn = warns[0].String()
		}
		if title != tc.title || warn != tc.warn {
			t.Errorf("FindCharacter(%q) = %q, %q; want %q, %q", tc.name, title, warn, tc.title, tc.warn)
		}
	}
}

// TestSlotNamesRegistry: with no family only type numbers parse; a
// registered family's names are SlotName's and ParseSlot's.
func TestSlotNamesRegistry(t *testing.T) {
	saved := slotNames
	defer func() { slotNames = saved }()
	slotNames = newKindList(saved.less)
	for _, tc := range []struct {
		s    string
		want int
		err  bool
	}{{"7", 7, false}, {"type12", 12, false}, {"body", 0, true}, {"0", 0, true}, {"256", 0, true}} {
		if got, err := ParseSlot(tc.s); got != tc.want || (err != nil) != tc.err {
			t.Errorf("no family: ParseSlot(%q) = %d, %v; want %d (error %v)", tc.s, got, err, tc.want, tc.err)
		}
	}
	if got := SlotName(3); got != "type3" {
		t.Errorf("no family: SlotName(3) = %q, want type3", got)
	}
	RegisterSlotNames(SlotNames{Family: "toy",
		Name: func(t int) string { return map[int]string{1: "skin"}[t] + "!" },
		Parse: func(s string) (int, error) {
			if s == "skin" {
				return 1, nil
			}
			return 0, fmt.Errorf("toy: no slot %q", s)
		}})
	if got, err := ParseSlot("skin"); got != 1 || err != nil {
		t.Errorf("ParseSlot(skin) = %d, %v; want 1", got, err)
	}
	if _, err := ParseSlot("7"); fmt.Sprint(err) != `toy: no slot "7"` {
		t.Errorf("ParseSlot(7) error %v, want the family's", err)
	}
	if got := SlotName(1); got != "skin!" {
		t.Errorf("SlotName(1) = %q, want the family's skin!", got)
	}
}

// TestSourceKindRegistry: a source kind is found by its name and by its
// extension in any case, an archive member's too.
func TestSourceKindRegistry(t *testing.T) {
	saved := sourceKinds
	defer func() { sourceKinds = saved }()
	sourceKinds = newKindList(saved.less)
	RegisterSourceKind(SourceKind{Name: "toy", Ext: ".toysrc"})
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"a.toysrc", true}, {"A.TOYSRC", true}, {"data.rlb:x/a.ToySrc", true}, {"a.toy", false}, {"toysrc", false}} {
		if k, ok := SourceKindOf(tc.name); ok != tc.ok || (ok && k.Name != "toy") {
			t.Errorf("SourceKindOf(%q) = %q, %v; want ok %v", tc.name, k.Name, ok, tc.ok)
		}
	}
	if _, ok := SourceKindNamed("toy"); !ok {
		t.Error(`SourceKindNamed("toy") not found`)
	}
	if _, ok := SourceKindNamed("mif"); ok {
		t.Error(`SourceKindNamed("mif") found with only toy registered`)
	}
}
