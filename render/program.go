package render

import (
	"fmt"
	"strings"
	"sync"

	"github.com/go-gl/gl/v4.1-core/gl"
)

var (
	initOnce sync.Once
	initErr  error
)

// Init loads the OpenGL function pointers. Call it once a 4.1 core context is
// current; later calls return the first result.
func Init() error {
	initOnce.Do(func() { initErr = gl.Init() })
	return initErr
}

// GLInfo names the context's renderer and version.
func GLInfo() string {
	return gl.GoStr(gl.GetString(gl.RENDERER)) + ", OpenGL " + gl.GoStr(gl.GetString(gl.VERSION))
}

func compileShader(src string, kind uint32) (uint32, error) {
	sh := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(sh, 1, csrc, nil)
	free()
	gl.CompileShader(sh)
	var ok int32
	gl.GetShaderiv(sh, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(sh, gl.INFO_LOG_LENGTH, &n)
		log := strings.Repeat("\x00", int(n+1))
		gl.GetShaderInfoLog(sh, n, nil, gl.Str(log))
		gl.DeleteShader(sh)
		return 0, fmt.Errorf("compile shader: %s", strings.TrimRight(log, "\x00"))
	}
	return sh, nil
}

// linkProgram compiles and links a vertex and a fragment shader.
func linkProgram(vs, fs string) (uint32, error) {
	v, err := compileShader(vs, gl.VERTEX_SHADER)
	if err != nil {
		return 0, err
	}
	defer gl.DeleteShader(v)
	f, err := compileShader(fs, gl.FRAGMENT_SHADER)
	if err != nil {
		return 0, err
	}
	defer gl.DeleteShader(f)
	p := gl.CreateProgram()
	gl.AttachShader(p, v)
	gl.AttachShader(p, f)
	gl.LinkProgram(p)
	var ok int32
	gl.GetProgramiv(p, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetProgramiv(p, gl.INFO_LOG_LENGTH, &n)
		log := strings.Repeat("\x00", int(n+1))
		gl.GetProgramInfoLog(p, n, nil, gl.Str(log))
		gl.DeleteProgram(p)
		return 0, fmt.Errorf("link program: %s", strings.TrimRight(log, "\x00"))
	}
	return p, nil
}

func uniform(p uint32, name string) int32 {
	return gl.GetUniformLocation(p, gl.Str(name+"\x00"))
}

// Finish waits until GL has carried out every command given so far (benchmarks
// time the frame's rasterisation with it, not only its submission).
func Finish() { gl.Finish() }
