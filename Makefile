# animscope: the two commands a newcomer needs are `make run` and `make test`.
# Both install the system packages that are missing first (through sudo when not root).

GO        ?= go
BIN       := bin/animscope
PKGS      := ./...
FUZZTIME  ?= 30s
BENCHTIME ?= 1s
# The X11 -dev libraries GLFW links, a GL implementation (Mesa), Xvfb for tests
# without a display, a C compiler for cgo, smpq (StormLib's command-line tool,
# which the MPQ tests compare with) and python3-pil (the BLP tests compare with
# Pillow; they skip without it), zsh and fish (the shell completion tests run
# their scripts; they skip a shell that is missing), bzip2 (the robustness harness
# writes its bzip2 bomb with it; that case skips without it), and what make install-check
# runs on the installed files (desktop-file-validate, xmllint, update-mime-database,
# gio, groff; each check skips when its tool is missing), dbus (the file dialog
# tests run a fake desktop portal on a dbus-daemon of their own; they skip without),
# and ffmpeg (render --out NAME.mp4|.webm; the video tests count frames with ffprobe
# and skip without it).
APT_PKGS  := gcc pkg-config libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev \
             libxi-dev libxxf86vm-dev libgl1-mesa-dev libgl1-mesa-dri xvfb xauth smpq python3-pil zsh fish bzip2 \
             desktop-file-utils libxml2-utils shared-mime-info libglib2.0-bin groff-base dbus ffmpeg
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Tests that draw need a display: use the real one, or a virtual one through xvfb-run.
# The glTF export tests run the Khronos validator when this folder holds it (.ci/run
# installs it there: npm install --prefix ~/.cache/animscope-npm gltf-validator).
NODE_MODULES ?= $(HOME)/.cache/animscope-npm/node_modules
export ANIMSCOPE_NODE_MODULES ?= $(shell [ -d "$(NODE_MODULES)/gltf-validator" ] && echo "$(NODE_MODULES)")
# The project's own arithmetic rounds every product explicitly, so no target fuses it
# into an FMA (make check-fma). The standard library's math functions (math.Sin, ...)
# are not written that way and fuse with GOAMD64=v3; v1 keeps them unfused too.
export GOAMD64 := v1
XRUN      := $(shell [ -n "$$DISPLAY" ] || ! command -v xvfb-run >/dev/null 2>&1 || echo 'xvfb-run -a -s "-screen 0 1280x1024x24"')

.PHONY: all deps build run test vet fmt-check lint bench verify-math check-fma deadcode check-nocgo check-refs fuzz fuzz-ci clean pictures

all: build

deps:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v $(GO) >/dev/null 2>&1 || missing="$$missing golang-go"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# -buildvcs=auto stamps the revision `animscope --version` prints (over a
# GOFLAGS=-buildvcs=false; a git worktree, whose .git is a file, is not stamped).
build: deps
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/animscope

# Opens the viewer on the built-in demo.
run: build
	./$(BIN)

vet:
	$(GO) vet $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

lint: vet fmt-check

# After the suite, the race detector checks the tests that sample one shared clip
# from several goroutines, each with its own sampling context, and those that read
# one mounted archive from several goroutines (the batch commands' -j workers),
# and the help and completion asked for while commands run (cmd/animscope).
# Last, make install-check installs into a temporary folder and checks the files.
test: deps vet fmt-check
	$(XRUN) $(GO) test -count=1 $(PKGS)
	$(GO) test -race -count=1 -run 'Concurrent' ./formats/all/ ./formats/m2/ ./formats/vca/ ./formats/vfs/ ./cmd/animscope/
	$(MAKE) --no-print-directory install-check

# The pictures of the workbench (docs/pictures; the README and docs/viewer.md show them),
# drawn by `animscope shot` from the built-in demo and a synthetic frog (m2test.Frog),
# never from sample files.
pictures: deps
	ANIMSCOPE_PICTURES=$(CURDIR)/docs/pictures $(XRUN) $(GO) test -count=1 -v -run TestREADMEPictures ./cmd/animscope/

bench:
	$(XRUN) $(GO) test -run='^$$' -bench=. -benchmem -benchtime=$(BENCHTIME) $(PKGS)

# Compares anim's fast float32 acos, sin and cos with the standard library on every
# float32 input of their fast domains (about a minute on two cores; `make test` checks
# a stride of them).
verify-math:
	ANIMSCOPE_EXHAUSTIVE=1 $(GO) test -count=1 -timeout=60m -run='^TestMath32Exhaustive$$' -v ./anim/

# The engine rules must not depend on the build target. Go fuses a*b + c into one
# FMA instruction on amd64 with GOAMD64=v3 and on arm64, which rounds once where the
# engines rounded twice. .ci/fma-check reads the machine code of anim and formats
# for both targets and fails on any fused instruction; then their tests run built
# for v3 (when this CPU has AVX2, FMA and BMI2) and for arm64 under qemu-user (when
# qemu-aarch64-static is installed). A target that cannot run here is skipped with
# a message.
check-fma:
	.ci/fma-check
	@if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then \
	  echo "== tests built with GOAMD64=v3"; GOAMD64=v3 $(GO) test -count=1 ./anim/... ./formats/...; \
	else echo "check-fma: this CPU cannot run GOAMD64=v3 code; skipped"; fi
	@if command -v qemu-aarch64-static >/dev/null 2>&1; then \
	  echo "== tests built for arm64, run under qemu-aarch64-static"; \
	  CGO_ENABLED=0 GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64-static ./anim/... ./formats/...; \
	else echo "check-fma: qemu-aarch64-static not installed (apt-get install qemu-user-static); arm64 skipped"; fi

# No production file may be dead as a whole: .ci/deadcode-check runs
# golang.org/x/tools' deadcode over ./cmd/animscope (with and without cgo) and fails
# on a file whose every function is unreachable from main. Test-only writers live
# in test-support packages (m2test, mshtest, swgtest, viewertest).
deadcode:
	GO=$(GO) .ci/deadcode-check

# The command line built without cgo (no X11, no GL): .ci/nocgo-check builds both
# binaries, checks that the viewer and render refuse with exit status 2, that
# `sample --json` prints the same bytes in both on the demo and every sample file
# (../shared/samples; skipped with a message when absent), and runs the command
# line's and the viewer model's tests without cgo and without a display.
check-nocgo:
	GO=$(GO) .ci/nocgo-check

# The repository stands on its own: no file outside the tests (which may read the
# sample folder) points to the research notes kept outside it, and every reference
# inside it resolves (internal/doccheck, also run by make test: markdown links and
# their anchors, "§N" sections of the FORMAT.md files, paths named in documents and
# comments, and the README's layout section against the tree).
check-refs:
	@if git grep -n -I -E '\.\./shared/(DESIGN|specs)|DESIGN\.md|specs/(msh|m2|swg|vca)\.md' -- ':!*_test.go'; then \
	  echo "check-refs: the lines above refer to documents outside the repository"; exit 1; fi
	$(GO) test -count=1 ./internal/doccheck/

# Every fuzz target, FUZZTIME each (default 30s; CI uses 10s). A real finding
# ("Failing input written") fails at once. Go's fuzzer sometimes ends a run with
# "context deadline exceeded" and no failing input, when the time runs out while it
# minimises a new interesting input: such a run is retried once, and a second one
# is reported as a warning, not a failure.
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz' || true); do \
	    for try in 1 2; do \
	      echo "== $$pkg $$t"; \
	      if $(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=20x $$pkg > .fuzz.log 2>&1; then \
	        tail -n 2 .fuzz.log; break; fi; \
	      cat .fuzz.log; \
	      if grep -q 'Failing input written' .fuzz.log || ! grep -q 'context deadline exceeded' .fuzz.log; then \
	        rm -f .fuzz.log; exit 1; fi; \
	      if [ $$try = 2 ]; then echo "== warning: $$t ended twice at its deadline without a failing input"; break; fi; \
	      echo "== $$t ended at its deadline without a failing input: retrying once"; \
	    done; \
	  done; \
	done; rm -f .fuzz.log

clean:
	rm -rf bin build

# make install, make uninstall, make deb (dist/dist.mk).
include dist/dist.mk
