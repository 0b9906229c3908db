package mif

import (
	"testing"
)

// TestCheckDepartures: each kind of departure Check reports, with its place.
func TestCheckDepartures(t *testing.T) {
	const head = "form \"MLOD\" {\nform \"0000\" {\n" // lines 1-2
	for _, c := range []struct {
		name, body string
		want       []string
	}{
		{"conforming", "chunk \"INFO\" { int16 1 }\nchunk \"NAME\" { cstring \"a.mgn\" }\n", nil},
		{"same size, other sign", "chunk \"INFO\" { uint16 1 }\n", []string{"warning 3:23 MLOD/0000/INFO: lodCount is int16 in the client; this writes uint16"}},
		{"other size", "chunk \"INFO\" { int32 1 }\n", []string{"error 3:22 MLOD/0000/INFO: lodCount is int16 (2 bytes) in the client; this writes int32 (4 bytes)"}},
		{"float for an integer", "chunk \"INFO\" { float 1 }\n", []string{"error 3:22 lodCount is int16 (2 bytes) in the client; this writes float (4 bytes)"}},
		{"string for a number", "chunk \"INFO\" { cstring \"1\" }\n", []string{"error 3:24 lodCount is int16 (2 bytes) in the client; this writes cstring (a 0-terminated string)"}},
		{"values after the last field", "chunk \"INFO\" { int16 1, 2 }\n", []string{"error 3:25 MLOD/0000/INFO: 1 values after the last field the client reads (int16 2)"}},
		{"chunk ends early", "chunk \"INFO\" { }\n", []string{"error 3:16 MLOD/0000/INFO: the chunk ends before lodCount"}},
		{"missing required chunk", "chunk \"NAME\" { cstring \"a\" }\n", []string{"error 3:1 MLOD/0000: CHUNK \"INFO\" (LOD count) is missing before CHUNK \"NAME\""}},
		{"missing at the end", "", []string{"error 3:1 MLOD/0000: CHUNK \"INFO\" (LOD count) is missing at the end of FORM \"0000\""}},
		{"unknown chunk", "chunk \"INFO\" { int16 0 }\nchunk \"ZZZZ\" { }\n", []string{"warning 4:1 MLOD/0000: CHUNK \"ZZZZ\" is not read by the client here"}},
	} {
		_, _, f, err := Compile("c.mif", []byte(head+c.body+"}\n}\n"), Options{NoFiles: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		matchDiags(t, c.name, Check(f), c.want)
	}
	_, _, f, err := Compile("v.mif", []byte("form \"MLOD\" {\n  form \"0009\" { }\n}\n"), Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	matchDiags(t, "unknown version", Check(f), []string{`error 2:3 MLOD: FORM "0009" is not a version the client reads ("0000")`})
}
