package m2

import (
	"encoding/binary"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

// aliasedAttachmentTracks encodes a 264 model with n attachments whose
// "animate attached" tracks (record offset 20) all name one outer array of
// outer inner arrays, appended to the file: each inner array is (0, 0), or
// (1, past the end) for the one at bad (bad < 0: none).
func aliasedAttachmentTracks(t *testing.T, n, outer, bad int) []byte {
	t.Helper()
	m := m2test.NewModel(264)
	for i := 0; i < n; i++ {
		m.Attachments = append(m.Attachments, m2test.Attachment{ID: uint32(i % 50)})
	}
	data, _ := m.Encode()
	le := binary.LittleEndian
	if got := int(le.Uint32(data[0xF0:])); got != n {
		t.Fatalf("encoded %d attachments, want %d", got, n)
	}
	recs := int(le.Uint32(data[0xF4:]))
	runAt := len(data)
	data = append(data, make([]byte, 8*outer)...)
	if bad >= 0 {
		le.PutUint32(data[runAt+8*bad:], 1)
		le.PutUint32(data[runAt+8*bad+4:], uint32(len(data)))
	}
	for i := 0; i < n; i++ {
		tr := recs + 40*i + 20
		le.PutUint32(data[tr+4:], uint32(outer)) // timestamps: outer arrays
		le.PutUint32(data[tr+8:], uint32(runAt))
		le.PutUint32(data[tr+12:], uint32(outer)) // values
		le.PutUint32(data[tr+16:], uint32(runAt))
	}
	return data
}

// TestRecordTracksAliasingBounded: the per-sequence arrays of the tracks in
// records animscope only checks (here attachments at 264) draw on the decoding
// budget, as a bone track's do. Without it 500 records sharing one outer array
// of 1,000 entries took a million checks (a 200 KB file of events: 40 s of
// validate) and the file was called valid.
func TestRecordTracksAliasingBounded(t *testing.T) {
	data := aliasedAttachmentTracks(t, 500, 1000, -1)
	_, err := decodeNoPanic(t, "aliased", data, nil)
	if err == nil {
		t.Fatalf("500 attachments × 1,000 shared per-sequence arrays in %d bytes: decoded, want a budget error", len(data))
	}
	if _, ok := namedError(err, badName); !ok || !strings.Contains(err.Error(), "arrays overlap too much") {
		t.Fatalf("err = %v, want %s: offset …: … arrays overlap too much", err, badName)
	}
}

// TestRecordTracksInnerChecked: a few shared arrays stay within the budget and
// decode; one inner array past the end is still named with its sequence.
func TestRecordTracksInnerChecked(t *testing.T) {
	for _, tc := range []struct {
		bad  int
		want string // "" : decodes
	}{
		{bad: -1},
		{bad: 7, want: "attachment 0 track 0 timestamps of sequence 7: 1 × 4 bytes at 0x"},
	} {
		data := aliasedAttachmentTracks(t, 4, 10, tc.bad)
		_, err := decodeNoPanic(t, "inner", data, nil)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("bad %d: err = %v, want none", tc.bad, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("bad %d: err = %v, want one containing %q", tc.bad, err, tc.want)
		}
	}
}
