#version 410 core

in vec3 vViewPos;
uniform vec4 uColor;
uniform bool uWire;
out vec4 fragColor;

void main() {
	if (uWire) {
		fragColor = vec4(uColor.rgb * 1.2, 1.0);
		return;
	}
	// Flat shading: the face normal from screen-space derivatives, lit by a light
	// at the eye (a headlight); two-sided, back faces slightly darker.
	vec3 n = normalize(cross(dFdx(vViewPos), dFdy(vViewPos)));
	float d = abs(dot(n, normalize(-vViewPos)));
	float k = 0.25 + 0.75 * d;
	if (!gl_FrontFacing) k *= 0.8;
	fragColor = vec4(uColor.rgb * k, uColor.a);
}
