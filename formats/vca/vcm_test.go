package vca

import (
	"strings"
	"testing"
)

// dump renders a tree compactly: tag[attr=value,…]{children}.
func dump(n *Node) string {
	var sb strings.Builder
	var rec func(n *Node)
	rec = func(n *Node) {
		sb.WriteString(n.Tag)
		if len(n.Attrs) > 0 {
			sb.WriteString("[")
			for i, a := range n.Attrs {
				if i > 0 {
					sb.WriteString(",")
				}
				sb.WriteString(a.Name + "=" + a.Value)
			}
			sb.WriteString("]")
		}
		if len(n.Children) > 0 {
			sb.WriteString("{")
			for i, c := range n.Children {
				if i > 0 {
					sb.WriteString(" ")
				}
				rec(c)
			}
			sb.WriteString("}")
		}
	}
	for i, c := range n.Children {
		if i > 0 {
			sb.WriteString(" ")
		}
		rec(c)
	}
	return sb.String()
}

func TestVCMTokenizer(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"bare values", "@move bone body by y", "move[bone=body,by=y]"},
		{"paren value", "@box from (0,0.5,0) to (1, 1,1)", "box[from=0,0.5,0,to=1, 1,1]"},
		{"nested parens", "@move func (sin(t)*(2+1))", "move[func=sin(t)*(2+1)]"},
		{"paren quotes are plain", "@a x ('q\")", "a[x='q\"]"},
		{"paren spans lines", "@a x (1,\n2)", "a[x=1,\n2]"},
		{"quoted", `@a name 'body' b "x y"`, "a[name=body,b=x y]"},
		{"escapes", `@a v "\n\t\'\"\\\/\101\x41\u00e9"`, "a[v=\n\t'\"\\/AA\u00e9]"},
		{"line continuation", "@a v \"x\\\ny\"", "a[v=xy]"},
		{"comment between tokens", "@a x 1 # note\n@b y 2", "a[x=1] b[y=2]"},
		{"comment after paren", "@a x (1)# note\n@b", "a[x=1] b"},
		{"comment after quote", "@a x 'q'# note\n@b", "a[x=q] b"},
		{"hash inside bare", "@a x a#b", "a[x=a#b]"},
		{"hash inside quotes", "@a x '#1'", "a[x=#1]"},
		{"hash inside parens", "@a x (#1)", "a[x=#1]"},
		{"comment between @ and name", "@ # c\n move by x", "move[by=x]"},
		{"space between @ and name", "@  move by x", "move[by=x]"},
		{"dash in names", "@configure rotation-order zyx", "configure[rotation-order=zyx]"},
		{"bare swallows brace", "@m {\n@key frame 0 value 1 }\n}", "m{key[frame=0,value=1]}"},
		{"bare swallows @", "@line x1 y1 z1 @box {\n@a\n}", "line[x1=y1,z1=@box]{a}"},
		{"attribute takes brace", "@line x1 y1 z1 { @a }", "line[x1=y1,z1={] a"},
		{"last attribute wins", "@a x 1 y 2 x 3", "a[x=3,y=2]"},
		{"stray top-level brace", "@a x 1\n}\n@b y 2", "a[x=1]"},
		{"blocks", "@a {\n @b { @c }\n @d\n}", "a{b{c} d}"},
		{"form feed and CR", "@a\fx\r1\t@b", "a[x=1] b"},
		{"empty", "  # only a comment", ""},
	} {
		root, err := ParseVCM([]byte(tc.src), "track")
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := dump(root); got != tc.want {
			t.Errorf("%s: %q\n got %q\nwant %q", tc.name, tc.src, got, tc.want)
		}
	}
}

func TestVCMErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"unbalanced paren", "@a x (1,(2)", 1, 12, "')' expected"},
		{"unbalanced paren over lines", "@a x (\n\n", 3, 1, "')' expected"},
		{"name expected", "@a (1)", 1, 4, "identifier expected"},
		{"digit name", "@1a", 1, 2, "identifier expected"},
		{"docs curve example", "@curve test-linear func (kl.value)", 1, 25, "identifier expected"},
		{"missing value", "@a x", 1, 5, "unexpected end"},
		{"raw newline in quotes", "@a x 'ab\ncd'", 1, 9, "non-closed string literal"},
		{"unclosed quote", "@a x 'ab", 1, 9, "unexpected end"},
		{"bad escape", `@a x "\q"`, 1, 7, `'\q' is an illegal escape`},
		{"bad hex escape", `@a x "\xZZ"`, 1, 9, "invalid number literal"},
		{"unclosed block", "@a {\n @b x 1", 2, 8, "unexpected end"},
		{"block end lost", "@a {\n@key frame 0 value 1}", 2, 22, "unexpected end"},
		{"not an element", "@a x 1 {\n}\nfoo", 3, 1, "unexpected character in element"},
		{"attribute then end", "@a x 1\nfoo", 2, 4, "unexpected end"},
		{"quote does not hide paren", "@a x ('(')", 1, 11, "')' expected"},
		{"too deep", strings.Repeat("@a {", 300), 1, 1029, "nested deeper"},
	} {
		_, err := ParseVCM([]byte(tc.src), "track")
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("%s: error %v, want a *SyntaxError", tc.name, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("%s: got %d:%d %q, want %d:%d %q", tc.name, se.Line, se.Col, se.Msg, tc.line, tc.col, tc.msg)
		}
	}
}

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		want       kind
	}{
		{"a.vca", "@configure fps 10", kindVCA},
		{"a.vca", "# comment\n@move bone b by x func (t)", kindVCA},
		{"a.vcm", "@box from (0,0,0) to (1,1,1)", kindVCM},
		{"noext", "@bone name 'body' {}", kindVCM},
		{"noext", "@rotate bone b by x func (t)", kindVCA},
		{"a.vca", "{\"root\": {}}", kindSkeleton},
		{"x.json", "{\n  \"root\": {\n \"nodes\": []}}", kindSkeleton},
		{"x.json", "{\"components\": [], \"hitbox\": [1,1,1]}", kindEntity},
		{"x.json", "{\"skeleton-name\": \"base:block\"}", kindEntity},
		{"x.json", "{\"asset\": {\"version\": \"2.0\"}, \"root\": {}}", kindUnknown},
		{"x.json", "{\"other\": 1}", kindUnknown},
		{"m.vec3", "\x00\x00VEC3\x00\x00\x01\x00", kindVEC3},
		{"m.bin", "\x00\x00VEC3\x00\x00", kindVEC3},
		{"a.vca", "not vcm", kindUnknown},
		{"a.vca", "# only a comment\n", kindVCA},
		{"a.txt", "@unknown x 1", kindUnknown},
	} {
		if got := classify(tc.name, []byte(tc.head), false); got != tc.want {
			t.Errorf("classify(%q, %q) = %d, want %d", tc.name, tc.head, got, tc.want)
		}
	}
}
