package gltf

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
)

// The Khronos glTF Validator is a JavaScript library (npm package gltf-validator).
// The tests run testdata/validate.js through Node.js with NODE_PATH set to the
// node_modules folder named by ANIMSCOPE_NODE_MODULES, e.g.
//
//	npm install --prefix /tmp/gv gltf-validator
//	ANIMSCOPE_NODE_MODULES=/tmp/gv/node_modules go test ./formats/gltf
//
// Without the variable, without node, or without the package in that folder, the
// validator checks are skipped with the reason.

const nodeModulesEnv = "ANIMSCOPE_NODE_MODULES"

type validatorReport struct {
	Validator string `json:"validatorVersion"`
	Issues    struct {
		NumErrors   int `json:"numErrors"`
		NumWarnings int `json:"numWarnings"`
		NumInfos    int `json:"numInfos"`
		Messages    []struct {
			Code     string `json:"code"`
			Message  string `json:"message"`
			Severity int    `json:"severity"`
			Pointer  string `json:"pointer"`
		} `json:"messages"`
	} `json:"issues"`
}

// validatorCommand returns the node binary and the node_modules folder, or the
// reason the validator cannot run.
func validatorCommand() (node, modules, reason string) {
	modules = os.Getenv(nodeModulesEnv)
	if modules == "" {
		return "", "", nodeModulesEnv + " is not set (a node_modules folder holding gltf-validator)"
	}
	if _, err := os.Stat(filepath.Join(modules, "gltf-validator", "package.json")); err != nil {
		return "", "", nodeModulesEnv + "=" + modules + " has no gltf-validator: " + err.Error()
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return "", "", "Node.js (node) is not on PATH"
	}
	return node, modules, ""
}

// runValidator runs the Khronos validator on glb; reason says why it could not run.
func runValidator(t *testing.T, name string, glb []byte) (rep validatorReport, reason string) {
	t.Helper()
	node, modules, reason := validatorCommand()
	if reason != "" {
		return rep, reason
	}
	path := filepath.Join(t.TempDir(), name+".glb")
	if err := os.WriteFile(path, glb, 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "validate.js"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script, path)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("glTF validator: %v: %s", err, stderr.String())
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("glTF validator report: %v: %s", err, out)
	}
	return rep, ""
}

// validateGLB runs the Khronos validator on glb and fails t on any error it reports.
func validateGLB(t *testing.T, name string, glb []byte) {
	t.Helper()
	rep, reason := runValidator(t, strings.NewReplacer(" ", "_", "/", "_").Replace(name), glb)
	if reason != "" {
		t.Logf("glTF validator skipped: %s", reason)
		return
	}
	for _, m := range rep.Issues.Messages {
		if m.Severity == 0 {
			t.Errorf("glTF validator error %s at %s: %s", m.Code, m.Pointer, m.Message)
		} else if m.Severity == 1 {
			t.Logf("glTF validator warning %s at %s: %s", m.Code, m.Pointer, m.Message)
		}
	}
	if rep.Issues.NumErrors != 0 {
		t.Errorf("glTF validator %s: got %d errors, want 0", rep.Validator, rep.Issues.NumErrors)
	}
}

// TestValidatorHarness makes sure the validator really runs and reports: a document
// with a non-unit node rotation must give ROTATION_NON_UNIT, and a good one none.
func TestValidatorHarness(t *testing.T) {
	requireValidator(t)
	for _, tc := range []struct {
		name     string
		rotation [4]float64
		wantCode string
	}{{"good", [4]float64{0, 0, 0, 1}, ""}, {"non-unit rotation", [4]float64{0, 0, 0, 0.9}, "ROTATION_NON_UNIT"}} {
		doc := gltf.NewDocument()
		doc.Nodes = []*gltf.Node{{Name: "n", Rotation: tc.rotation, Scale: [3]float64{1, 1, 1}}}
		doc.Scenes[0].Nodes = []int{0}
		glb, err := EncodeBytes(doc)
		if err != nil {
			t.Fatal(err)
		}
		rep, _ := runValidator(t, tc.name, glb)
		var codes []string
		for _, m := range rep.Issues.Messages {
			if m.Severity == 0 {
				codes = append(codes, m.Code)
			}
		}
		if got := strings.Join(codes, ","); got != tc.wantCode {
			t.Errorf("%s: got errors %q, want %q", tc.name, got, tc.wantCode)
		}
	}
}

// requireValidator skips t when the validator cannot run.
func requireValidator(t *testing.T) {
	t.Helper()
	if _, _, reason := validatorCommand(); reason != "" {
		t.Skip("glTF validator: " + reason)
	}
}
