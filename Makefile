# animscope: the two commands a newcomer needs are `make run` and `make test`.
# Both install the system packages that are missing first (through sudo when not root).

GO        ?= go
BIN       := bin/animscope
PKGS      := ./...
FUZZTIME  ?= 30s
BENCHTIME ?= 1s
# The X11 -dev libraries GLFW links, a GL implementation (Mesa), Xvfb for tests
# without a display, and a C compiler for cgo.
APT_PKGS  := gcc pkg-config libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev \
             libxi-dev libxxf86vm-dev libgl1-mesa-dev libgl1-mesa-dri xvfb xauth
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Tests that draw need a display: use the real one, or a virtual one through xvfb-run.
# The glTF export tests run the Khronos validator when this folder holds it (.ci/run
# installs it there: npm install --prefix ~/.cache/animscope-npm gltf-validator).
NODE_MODULES ?= $(HOME)/.cache/animscope-npm/node_modules
export ANIMSCOPE_NODE_MODULES ?= $(shell [ -d "$(NODE_MODULES)/gltf-validator" ] && echo "$(NODE_MODULES)")
# The engine rules are exact only where Go does not fuse a*b + c into one FMA:
# GOAMD64=v3 does (anim's TestNoFMAContraction fails there), v1 does not.
export GOAMD64 := v1
XRUN      := $(shell [ -n "$$DISPLAY" ] || ! command -v xvfb-run >/dev/null 2>&1 || echo 'xvfb-run -a -s "-screen 0 1280x1024x24"')

.PHONY: all deps build run test vet fmt-check lint bench verify-math fuzz fuzz-ci clean

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

build: deps
	$(GO) build -o $(BIN) ./cmd/animscope

# Opens the viewer on the built-in demo.
run: build
	./$(BIN)

vet:
	$(GO) vet $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

lint: vet fmt-check

test: deps vet fmt-check
	$(XRUN) $(GO) test -count=1 $(PKGS)

bench:
	$(XRUN) $(GO) test -run='^$$' -bench=. -benchmem -benchtime=$(BENCHTIME) $(PKGS)

# Compares anim's fast float32 acos, sin and cos with the standard library on every
# float32 input of their fast domains (about a minute on two cores; `make test` checks
# a stride of them).
verify-math:
	ANIMSCOPE_EXHAUSTIVE=1 $(GO) test -count=1 -timeout=60m -run='^TestMath32Exhaustive$$' -v ./anim/

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
	rm -rf bin
