package animout

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"animscope/formats/atomicfile"
)

// VideoExt says whether out is a video --out (.mp4 or .webm) and which.
func VideoExt(out string) (string, bool) {
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case ".mp4", ".webm":
		return ext, true
	}
	return "", false
}

// ErrNoFFmpeg is wrapped by FFmpeg's error when ffmpeg is not on PATH.
var ErrNoFFmpeg = errors.New("writing a video needs ffmpeg, and ffmpeg is not on PATH")

// FFmpeg finds the ffmpeg program.
func FFmpeg() (string, error) {
	p, err := exec.LookPath("ffmpeg")
	if err != nil {
		return "", fmt.Errorf("%w (install ffmpeg, or write a .gif or a NAME_%%04d.png sequence)", ErrNoFFmpeg)
	}
	return p, nil
}

// CheckVideo says whether a video of this kind can hold the background.
func CheckVideo(out string, bg Background) error {
	if ext, _ := VideoExt(out); ext == ".mp4" && bg.Transparent {
		return fmt.Errorf("%s: an MP4 (H.264) has no alpha channel; a transparent background needs .webm, .gif or a PNG sequence", out)
	}
	return nil
}

// Video pipes raw RGBA frames to ffmpeg, which encodes them into a temporary
// file beside the target; Close renames it over the target when ffmpeg
// succeeded (so a failed encode leaves the target as it was).
type Video struct {
	path, target, tmp string
	mode              os.FileMode
	cmd               *exec.Cmd
	stdin             io.WriteCloser
	stderr            *bytes.Buffer
	w, h              int
	k                 int
}

// videoArgs are ffmpeg's arguments: raw frames on stdin at rate, the format by
// the extension (MP4: the default H.264 encoder in yuv420p, the size padded to
// even; WebM: VP9, with alpha over a transparent background).
func videoArgs(ext string, w, h int, rate float64, transparent bool, out string) []string {
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin",
		"-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", fmt.Sprintf("%dx%d", w, h),
		"-framerate", strconv.FormatFloat(rate, 'g', 10, 64), "-i", "pipe:0"}
	switch ext {
	case ".mp4":
		args = append(args, "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4")
	case ".webm":
		pf := "yuv420p"
		if transparent {
			pf = "yuva420p"
		}
		args = append(args, "-c:v", "libvpx-vp9", "-pix_fmt", pf, "-crf", "32", "-b:v", "0",
			"-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-f", "webm")
	}
	return append(args, "-y", out)
}

// NewVideo starts ffmpeg for path (.mp4 or .webm).
func NewVideo(path string, w, h int, rate float64, transparent bool) (*Video, error) {
	ff, err := FFmpeg()
	if err != nil {
		return nil, err
	}
	ext, ok := VideoExt(path)
	if !ok {
		return nil, fmt.Errorf("%s: not a .mp4 or .webm file", path)
	}
	target, mode, _, err := atomicfile.Target(path)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	v := &Video{path: path, target: target, tmp: tmp, mode: mode, w: w, h: h, stderr: new(bytes.Buffer)}
	v.cmd = exec.Command(ff, videoArgs(ext, w, h, rate, transparent, tmp)...)
	v.cmd.Stderr = &limitedWriter{b: v.stderr, max: 8 << 10}
	if v.stdin, err = v.cmd.StdinPipe(); err == nil {
		err = v.cmd.Start()
	}
	if err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("%s: ffmpeg: %w", path, err)
	}
	return v, nil
}

// Frame sends the next frame (w×h) to ffmpeg.
func (v *Video) Frame(img *image.RGBA) error {
	if img.Rect.Dx() != v.w || img.Rect.Dy() != v.h {
		return fmt.Errorf("%s: frame %d is %dx%d, not %dx%d", v.path, v.k, img.Rect.Dx(), img.Rect.Dy(), v.w, v.h)
	}
	v.k++
	for y := 0; y < v.h; y++ {
		if _, err := v.stdin.Write(img.Pix[y*img.Stride : y*img.Stride+4*v.w]); err != nil {
			return v.failed(err)
		}
	}
	return nil
}

// failed ends ffmpeg after a write failed and says why, in ffmpeg's words when
// it gave some.
func (v *Video) failed(err error) error {
	v.stdin.Close()
	werr := v.cmd.Wait()
	os.Remove(v.tmp)
	if werr != nil {
		err = werr
	}
	return v.ffmpegError(err)
}

func (v *Video) ffmpegError(err error) error {
	if msg := strings.TrimSpace(v.stderr.String()); msg != "" {
		return fmt.Errorf("%s: ffmpeg: %v: %s", v.path, err, msg)
	}
	return fmt.Errorf("%s: ffmpeg: %v", v.path, err)
}

// Close ends the input, waits for ffmpeg and puts the video in place.
func (v *Video) Close() error {
	v.stdin.Close()
	if err := v.cmd.Wait(); err != nil {
		os.Remove(v.tmp)
		return v.ffmpegError(err)
	}
	if err := os.Chmod(v.tmp, v.mode); err != nil {
		os.Remove(v.tmp)
		return fmt.Errorf("write %s: %w", v.path, err)
	}
	if err := os.Rename(v.tmp, v.target); err != nil {
		os.Remove(v.tmp)
		return fmt.Errorf("write %s: %w", v.path, err)
	}
	return nil
}

// Abort stops ffmpeg and removes its file.
func (v *Video) Abort() {
	v.stdin.Close()
	if v.cmd.Process != nil {
		v.cmd.Process.Kill()
	}
	v.cmd.Wait()
	os.Remove(v.tmp)
}

// limitedWriter keeps the first max bytes of what ffmpeg says.
type limitedWriter struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
