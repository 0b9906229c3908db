#version 410 core

in vec3 vViewPos;
in vec4 vColor;
uniform bool uLit;
out vec4 fragColor;

void main() {
	if (!uLit) {
		fragColor = vColor;
		return;
	}
	vec3 n = normalize(cross(dFdx(vViewPos), dFdy(vViewPos)));
	float d = abs(dot(n, normalize(-vViewPos)));
	fragColor = vec4(vColor.rgb * (0.35 + 0.65 * d), vColor.a);
}
