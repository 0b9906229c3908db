#version 410 core

layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;

uniform mat4 uModel;   // scene transform (up axis and mirror), or a grid scale
uniform mat4 uView;
uniform mat4 uProj;
uniform float uPointSize;

out vec3 vViewPos;
out vec4 vColor;

void main() {
	vec4 view = uView * uModel * vec4(aPos, 1.0);
	vViewPos = view.xyz;
	vColor = aColor;
	gl_PointSize = uPointSize;
	gl_Position = uProj * view;
}
