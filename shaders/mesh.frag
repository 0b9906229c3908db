#version 410 core

in vec3 vViewPos;
in vec3 vNormal;
in vec2 vUV;
uniform vec4 uColor;
uniform bool uWire;

// Materials (uMaterial on): the texture (uTextured) times uColor, lit by the
// headlight unless uUnlit, cut at uAlphaKey (alpha key; negative: no cut), and
// shaped for the blend function by uBlend (formats.Blend's numbers).
uniform bool uMaterial;
uniform bool uTextured;
uniform sampler2D uTex;
uniform bool uUnlit;
uniform bool uHasNormals;
uniform float uAlphaKey;
uniform int uBlend;
// uOpaqueTex leaves the texture's alpha out (an M2 unit whose first stage has the
// client's opaque combiner: the opacity is uColor's alone).
uniform bool uOpaqueTex;
out vec4 fragColor;

const int BlendAdd = 3;
const int BlendAddAlpha = 4;
const int BlendMod = 5;
const int BlendMod2x = 6;

void main() {
	if (uWire) {
		fragColor = vec4(uColor.rgb * 1.2, 1.0);
		return;
	}
	if (!uMaterial) {
		// Flat shading: the face normal from screen-space derivatives, lit by a light
		// at the eye (a headlight); two-sided, back faces slightly darker.
		vec3 n = normalize(cross(dFdx(vViewPos), dFdy(vViewPos)));
		float d = abs(dot(n, normalize(-vViewPos)));
		float k = 0.25 + 0.75 * d;
		if (!gl_FrontFacing) k *= 0.8;
		fragColor = vec4(uColor.rgb * k, uColor.a);
		return;
	}
	vec4 c = uColor;
	if (uTextured) {
		vec4 t = texture(uTex, vUV);
		if (uOpaqueTex) t.a = 1.0;
		c *= t;
	}
	if (c.a < uAlphaKey) discard;
	if (uBlend >= BlendAdd) {
		// Glows and modulation are not shaded.
		if (uBlend == BlendAdd) fragColor = vec4(c.rgb * uColor.a, 1.0);
		else if (uBlend == BlendAddAlpha) fragColor = c;
		else if (uBlend == BlendMod) fragColor = vec4(mix(vec3(1.0), c.rgb, c.a), 1.0);
		else fragColor = vec4(mix(vec3(0.5), c.rgb, c.a), 1.0);
		return;
	}
	if (!uUnlit) {
		// The headlight on the vertex normal where the mesh has normals (smooth),
		// else on the face normal.
		vec3 n = uHasNormals ? normalize(vNormal) : normalize(cross(dFdx(vViewPos), dFdy(vViewPos)));
		float d = abs(dot(n, normalize(-vViewPos)));
		c.rgb *= 0.35 + 0.65 * d;
	}
	// Opaque and alpha-keyed layers replace: the texture's alpha is no part of
	// the frame.
	if (uBlend < 2) c.a = 1.0;
	fragColor = c;
}
