package formats

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"animscope/formats/atomicfile"
)

// DefaultMaxFileSize is the largest file read when MaxFileSizeEnv is not set (a
// sanity cap, not a format limit).
const DefaultMaxFileSize = 1 << 30

// MaxFileSizeEnv names the environment variable that raises (or lowers) the read
// cap: a size in bytes, optionally with a K, M or G suffix (powers of 1024).
const MaxFileSizeEnv = "ANIMSCOPE_MAX_FILE_SIZE"

// MaxFileSize is the largest file ReadFile reads: MaxFileSizeEnv when it is set,
// DefaultMaxFileSize otherwise.
func MaxFileSize() (int64, error) {
	s := strings.TrimSpace(os.Getenv(MaxFileSizeEnv))
	if s == "" {
		return DefaultMaxFileSize, nil
	}
	n, ok := ParseByteSize(s)
	if !ok {
		return 0, fmt.Errorf("%s=%q: want a size in bytes greater than 0 (K, M or G suffix allowed)", MaxFileSizeEnv, s)
	}
	return n, nil
}

// ParseByteSize reads a size in bytes with an optional K, M or G suffix (powers
// of 1024), greater than 0 and below 2^62: the form every size limit takes, in
// the environment and on the command line.
func ParseByteSize(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	mul := int64(1)
	switch strings.ToUpper(s[len(s)-1:]) {
	case "K":
		mul = 1 << 10
	case "M":
		mul = 1 << 20
	case "G":
		mul = 1 << 30
	}
	num := s
	if mul != 1 {
		num = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mul {
		return 0, false
	}
	return n * mul, true
}

// notRegular is the error for a path that is not a regular file.
func notRegular(path string, m fs.FileMode) error {
	return fmt.Errorf("%s: is %s; only regular files are read", path, atomicfile.Describe(m))
}

// ReadFile reads a file for a decoder. Only regular files are read: the path is
// checked with stat before it is opened (a named pipe would block the open and a
// device never ends), opened without blocking, and checked again on the open file
// (it may have been swapped in between). At most MaxFileSize bytes are read.
func ReadFile(path string) ([]byte, error) {
	limit, err := MaxFileSize()
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	if st.Size() > limit {
		return nil, tooLarge(path, st.Size(), limit)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st2, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st2.Mode().IsRegular() {
		return nil, notRegular(path, st2.Mode())
	}
	if !os.SameFile(st, st2) {
		return nil, fmt.Errorf("%s: was replaced while it was being opened", path)
	}
	if st2.Size() > limit {
		return nil, tooLarge(path, st2.Size(), limit)
	}
	data, err := readSized(io.LimitReader(f, limit+1), st2.Size())
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

// readSized reads r to its end into a buffer of size+1 bytes, growing it only if
// the file grew meanwhile: io.ReadAll's doubling would hold up to three times a
// large file while reading it.
func readSized(r io.Reader, size int64) ([]byte, error) {
	data := make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooLarge(path string, size, limit int64) error {
	return fmt.Errorf("%s: %d bytes is more than the %d-byte read limit (raise it with the environment variable %s)", path, size, limit, MaxFileSizeEnv)
}
