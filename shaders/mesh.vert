#version 410 core

layout(location = 0) in vec3 aPos;
layout(location = 1) in uvec4 aJoints;
layout(location = 2) in vec4 aWeights;
layout(location = 3) in uvec4 aJoints2;  // fifth to eighth influences
layout(location = 4) in vec4 aWeights2;
layout(location = 5) in vec3 aNormal;
layout(location = 6) in vec2 aUV;

// The skin palette: per joint three RGBA32F texels holding the 12 floats of a
// column-major 3x4 matrix (columns X, Y, Z, translation).
uniform samplerBuffer uPalette;
uniform mat4 uScene;   // up axis and mirror
uniform mat4 uView;
uniform mat4 uProj;
// A crowd (uNodes > 0): instance c's palette starts at joint c·uNodes, and it
// stands at uOffset[c] (xyz) in the world.
uniform int uNodes;
uniform samplerBuffer uOffset;
// The base texture's matrix (texture animation): uv' = uUV · (u, v, 0, 1).
uniform mat4x3 uUV;

out vec3 vViewPos;
out vec3 vNormal;
out vec2 vUV;

mat4 joint(uint j) {
	int b = (gl_InstanceID * uNodes + int(j)) * 3;
	vec4 a = texelFetch(uPalette, b);
	vec4 c = texelFetch(uPalette, b + 1);
	vec4 d = texelFetch(uPalette, b + 2);
	return mat4(vec4(a.xyz, 0.0), vec4(a.w, c.xy, 0.0), vec4(c.zw, d.x, 0.0), vec4(d.yzw, 1.0));
}

void main() {
	mat4 skin = aWeights.x * joint(aJoints.x);
	if (aWeights.y != 0.0) skin += aWeights.y * joint(aJoints.y);
	if (aWeights.z != 0.0) skin += aWeights.z * joint(aJoints.z);
	if (aWeights.w != 0.0) skin += aWeights.w * joint(aJoints.w);
	if (aWeights2 != vec4(0.0)) {
		skin += aWeights2.x * joint(aJoints2.x) + aWeights2.y * joint(aJoints2.y);
		skin += aWeights2.z * joint(aJoints2.z) + aWeights2.w * joint(aJoints2.w);
	}
	vec4 view;
	if (uNodes > 0) {
		view = uView * (uScene * skin * vec4(aPos, 1.0) + vec4(texelFetch(uOffset, gl_InstanceID).xyz, 0.0));
	} else {
		view = uView * uScene * skin * vec4(aPos, 1.0);
	}
	vViewPos = view.xyz;
	vNormal = mat3(uView * uScene * skin) * aNormal;
	vUV = (uUV * vec4(aUV, 0.0, 1.0)).xy;
	gl_Position = uProj * view;
}
