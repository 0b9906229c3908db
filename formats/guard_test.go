package formats

import (
	"errors"
	"strings"
	"testing"
)

func TestGuard(t *testing.T) {
	t.Setenv("ANIMSCOPE_DEBUG", "")
	bad := errors.New("bad header")
	tests := []struct {
		name    string
		decode  func() (int, error)
		want    int
		wantErr string
	}{
		{"value", func() (int, error) { return 7, nil }, 7, ""},
		{"error passes through", func() (int, error) { return 0, bad }, 0, "bad header"},
		{"panic becomes an error", func() (int, error) { panic("index out of range") }, 0, "a.msh: the decoder failed: index out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Guard("a.msh", tt.decode)
			if got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tt.wantErr != "" && (err == nil || err.Error() != tt.wantErr && !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("got error %v, want %q", err, tt.wantErr)
			}
		})
	}
}
