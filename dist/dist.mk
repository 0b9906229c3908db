# Installing animscope as a desktop application (included by the Makefile).
#
#   make dist-files                                      the release binary, man page
#       and completions under build/dist
#   make install [PREFIX=/usr/local] [DESTDIR=staging]   the binary, the .desktop
#       entry, the MIME types, the icon, the man page and the shell completions
#   make uninstall [PREFIX=...] [DESTDIR=...]            removes exactly those files
#   make deb                                             animscope_VERSION_ARCH.deb
#       under build/, from the same staging tree, with dpkg-deb
#   make icons                                           redraws the PNG icons from
#       dist/icons/animscope.svg (rsvg-convert, from librsvg2-bin)
#
# The man page and the completion scripts are written at build time by the binary
# being installed (`animscope __man`, `animscope completion SHELL`), so they say
# what its help says. The PNG icons are committed (drawn once by `make icons`), so
# that installing needs no SVG renderer.

PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# zsh's upstream folder; Debian's zsh reads /usr/share/zsh/vendor-completions
# instead, which make deb passes.
ZSHCOMPDIR  ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
ICON_SIZES  := 16 24 32 48 64 128 256

# The version: a tag vX.Y.Z when HEAD has one, else a snapshot version after
# the commit's date and hash (Debian's syntax: it starts with a digit).
VERSION ?= $(shell v=$$(git describe --tags --exact-match --match 'v[0-9]*' 2>/dev/null) && echo "$${v\#v}" || \
             echo "0.0~git$$(git log -1 --format=%cd --date=format:%Y%m%d 2>/dev/null || echo 0).$$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)")
# The package's maintainer: the author of the repository's first commit unless given.
MAINTAINER ?= $(shell git log --reverse --format='%an <%ae>' 2>/dev/null | head -n 1)
DEB_ARCH   ?= $(shell dpkg --print-architecture 2>/dev/null || $(GO) env GOARCH)
DEB        := build/animscope_$(VERSION)_$(DEB_ARCH).deb

DIST := build/dist

# SOURCE:DESTINATION:MODE for every installed file; install and uninstall both
# walk this list, so uninstall removes exactly what install put.
INSTALL_FILES := \
  $(DIST)/animscope:$(BINDIR)/animscope:755 \
  dist/animscope.desktop:$(DATADIR)/applications/animscope.desktop:644 \
  dist/animscope-mime.xml:$(DATADIR)/mime/packages/animscope.xml:644 \
  dist/icons/animscope.svg:$(DATADIR)/icons/hicolor/scalable/apps/animscope.svg:644 \
  $(foreach s,$(ICON_SIZES),dist/icons/animscope-$(s).png:$(DATADIR)/icons/hicolor/$(s)x$(s)/apps/animscope.png:644) \
  $(DIST)/animscope.1.gz:$(MANDIR)/man1/animscope.1.gz:644 \
  $(DIST)/animscope.bash:$(BASHCOMPDIR)/animscope:644 \
  $(DIST)/_animscope:$(ZSHCOMPDIR)/_animscope:644 \
  $(DIST)/animscope.fish:$(FISHCOMPDIR)/animscope.fish:644

.PHONY: install uninstall deb icons dist-files install-check

# A release build, as Debian builds binaries: the version stamped, position
# independent (PIE), no symbol table. make install builds it only when it is
# missing or of another version than $(VERSION), so that `make dist-files &&
# sudo make install` builds as you and installs as root.
dist-files: deps
	@mkdir -p $(DIST)
	$(GO) build -buildmode=pie -buildvcs=auto -ldflags "-s -w -X main.version=$(VERSION)" -o $(DIST)/animscope ./cmd/animscope
	$(DIST)/animscope __man | gzip -9n > $(DIST)/animscope.1.gz
	$(DIST)/animscope completion bash > $(DIST)/animscope.bash
	$(DIST)/animscope completion zsh > $(DIST)/_animscope
	$(DIST)/animscope completion fish > $(DIST)/animscope.fish

# With no DESTDIR the desktop's caches are refreshed, when their tools exist
# (the caches are the system's, not animscope's files).
install:
	@if ! $(DIST)/animscope --version 2>/dev/null | grep -qF "animscope $(VERSION) "; then \
	  $(MAKE) --no-print-directory dist-files; fi
	@set -e; for e in $(INSTALL_FILES); do \
	  src=$${e%%:*}; rest=$${e#*:}; dst=$${rest%:*}; mode=$${rest##*:}; \
	  install -D -m $$mode "$$src" "$(DESTDIR)$$dst"; echo "installed $(DESTDIR)$$dst"; \
	done
	@if [ -z "$(DESTDIR)" ]; then $(MAKE) --no-print-directory refresh-desktop-caches; fi

uninstall:
	@for e in $(INSTALL_FILES); do \
	  rest=$${e#*:}; dst=$${rest%:*}; \
	  if [ -e "$(DESTDIR)$$dst" ] || [ -L "$(DESTDIR)$$dst" ]; then rm -f "$(DESTDIR)$$dst" && echo "removed $(DESTDIR)$$dst"; fi; \
	done
	@if [ -z "$(DESTDIR)" ]; then $(MAKE) --no-print-directory refresh-desktop-caches; fi

.PHONY: refresh-desktop-caches
refresh-desktop-caches:
	-@command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$(DATADIR)/mime" || true
	-@command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$(DATADIR)/applications" || true
	-@command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$(DATADIR)/icons/hicolor" || true

# The package is staged as debhelper would (build/deb/debian/animscope), so that
# dpkg-shlibdeps computes Depends from the libraries the binary links, with the
# versions their symbols files require. dist/deb-control writes the control file.
DEB_STAGE := build/deb/debian/animscope
deb: dist-files
	rm -rf build/deb build/animscope_*.deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_STAGE) PREFIX=/usr ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	install -D -m 644 dist/copyright $(DEB_STAGE)/usr/share/doc/animscope/copyright
	dist/deb-changelog "$(VERSION)" "$(MAINTAINER)" | gzip -9n > $(DEB_STAGE)/usr/share/doc/animscope/changelog.gz
	chmod 644 $(DEB_STAGE)/usr/share/doc/animscope/changelog.gz
	find $(DEB_STAGE) -type d -exec chmod 755 {} +
	mkdir -p $(DEB_STAGE)/DEBIAN
	cd $(DEB_STAGE) && find usr -type f -exec md5sum {} + | sort -k 2 > DEBIAN/md5sums && chmod 644 DEBIAN/md5sums
	dist/deb-control build/deb animscope "$(VERSION)" "$(DEB_ARCH)" "$(MAINTAINER)" > $(DEB_STAGE)/DEBIAN/control
	dpkg-deb --root-owner-group -Zxz --build $(DEB_STAGE) $(DEB)
	@echo "built $(DEB)"

# Redraws the committed PNG icons from the SVG.
icons:
	@command -v rsvg-convert >/dev/null 2>&1 || { echo "icons: rsvg-convert is missing (apt-get install librsvg2-bin)"; exit 1; }
	for s in $(ICON_SIZES); do rsvg-convert -w $$s -h $$s dist/icons/animscope.svg -o dist/icons/animscope-$$s.png; done

# make install into a temporary DESTDIR, then checks of each file (dist/install-check).
install-check:
	GO=$(GO) MAKE=$(MAKE) dist/install-check
