#version 410 core

// Bones and joints drawn from the posed model matrices, with no geometry built on
// the CPU. Bones: six corners per bone (per character in a crowd), gl_VertexID =
// 6·bone + corner, drawn as eight indexed triangles each (render.BoneIndices);
// the octahedron of render.AppendBone is made here from the parent's and the
// child's joint positions. Joints: one point per node (per character).

// Model matrices: per node three RGBA32F texels holding the 12 floats of a
// column-major 3x4 matrix (columns X, Y, Z, translation); a crowd's characters
// follow each other (character c's node i at c·uNodes + i).
uniform samplerBuffer uModel;
// Per node the joint's pivot in the node's space (xyz), when uHasPivot.
uniform samplerBuffer uPivot;
// Per bone the parent node (x) and the child node (y).
uniform isamplerBuffer uBones;
// Per character its placement in the world (xyz), added after uScene.
uniform samplerBuffer uOffset;

uniform mat4 uScene;   // up axis and mirror
uniform mat4 uView;
uniform mat4 uProj;
uniform bool uHasPivot;
uniform bool uJoints;   // points (one per node) instead of bones
uniform int uNodes;     // nodes per character
uniform int uBoneCount; // bones per character
uniform int uSelected;  // the selected node, or -1
uniform float uPointSize;
uniform vec4 uRootColor, uTipColor, uSelRootColor, uSelTipColor;
uniform vec4 uJointColor, uSelectedColor;

out vec3 vViewPos;
out vec4 vColor;

// joint is the joint position of node i of character c: model · pivot (or the
// translation itself without pivots, as anim.Skeleton.JointPosition has it).
vec3 joint(int c, int i) {
	int b = (c * uNodes + i) * 3;
	vec4 a = texelFetch(uModel, b);
	vec4 m = texelFetch(uModel, b + 1);
	vec4 d = texelFetch(uModel, b + 2);
	vec3 t = d.yzw;
	if (!uHasPivot) {
		return t;
	}
	vec3 p = texelFetch(uPivot, i).xyz;
	return a.xyz * p.x + vec3(a.w, m.xy) * p.y + vec3(m.zw, d.x) * p.z + t;
}

void place(int c, vec3 p) {
	vec4 world = uScene * vec4(p, 1.0) + vec4(texelFetch(uOffset, c).xyz, 0.0);
	vec4 view = uView * world;
	vViewPos = view.xyz;
	gl_Position = uProj * view;
}

void main() {
	gl_PointSize = uPointSize;
	if (uJoints) {
		int c = gl_VertexID / uNodes;
		int i = gl_VertexID - c * uNodes;
		vColor = i == uSelected ? uSelectedColor : uJointColor;
		place(c, joint(c, i));
		return;
	}
	int id = gl_VertexID / 6; // the bone, counted over the characters
	int k = gl_VertexID - id * 6;
	int c = id / uBoneCount;
	ivec2 bone = texelFetch(uBones, id - c * uBoneCount).xy;
	vec3 a = joint(c, bone.x);
	vec3 b = joint(c, bone.y);
	vec3 d = b - a;
	float l = length(d);
	if (!(l > 1e-6) || isinf(l) || isnan(l)) {
		// No bone (render.AppendBone appends nothing): every vertex off the clip volume.
		gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
		vViewPos = vec3(0.0);
		vColor = vec4(0.0);
		return;
	}
	d *= 1.0 / l;
	// Two unit vectors across the bone (render's perpendicular).
	vec3 ref = abs(d.z) > 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 0.0, 1.0);
	vec3 u = normalize(cross(d, ref));
	vec3 v = cross(d, u);
	// The octahedron's six corners (render.BoneIndices makes its 8 triangles of
	// them): the root, the ring of four a fifth of the way along, the tip.
	vec4 root = bone.y == uSelected ? uSelRootColor : uRootColor;
	vec4 tip = bone.y == uSelected ? uSelTipColor : uTipColor;
	vec3 p;
	if (k == 0) {
		p = a;
		vColor = root;
	} else if (k == 5) {
		p = b;
		vColor = tip;
	} else {
		int r = k - 1;
		float cu = r == 0 ? 1.0 : (r == 2 ? -1.0 : 0.0);
		float cv = r == 1 ? 1.0 : (r == 3 ? -1.0 : 0.0);
		float w = 0.1 * l;
		p = a + d * (0.2 * l) + u * (w * cu) + v * (w * cv);
		vColor = root + (tip - root) * 0.2;
	}
	place(c, p);
}
