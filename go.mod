module animscope

go 1.25.0

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/go-gl/mathgl v1.2.0
	github.com/inkyblackness/imgui-go/v4 v4.7.0
	github.com/qmuntal/gltf v0.28.0
)

require golang.org/x/sys v0.46.0

require github.com/godbus/dbus/v5 v5.2.4
