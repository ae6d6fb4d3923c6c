# The two commands of the README. Each sets up what it needs on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test install install-dev clean system-packages

# Where `make run` listens, and the address its links are built from (empty: the page's own).
# HOST=0.0.0.0 lets other machines in; PUBLIC_URL=https://jeux.example.org names the server as
# others reach it, behind a reverse proxy (deploy/), whose address FORWARDED_ALLOW_IPS gives.
HOST ?= 127.0.0.1
PORT ?= 8000
PUBLIC_URL ?=
FORWARDED_ALLOW_IPS ?=

# The browser edition on $(HOST):$(PORT), its tables in ludotheque.sqlite here; the terminal
# game is `.venv/bin/ludotheque play` (or the menu, `.venv/bin/ludotheque`).
run: $(VENV)/.installed $(VENV)/.compiled
	$(BIN)/ludotheque serve --host "$(HOST)" --port "$(PORT)" \
		$(if $(PUBLIC_URL),--public-url "$(PUBLIC_URL)") \
		$(if $(FORWARDED_ALLOW_IPS),--forwarded-allow-ips "$(FORWARDED_ALLOW_IPS)")

# The tests run on both cores (pytest-xdist), Jacquet's search compiled once beforehand rather
# than by each worker; then those marked serial run alone (an empty pass exits 5: none to run).
test: system-packages $(VENV)/.installed-dev $(VENV)/.compiled
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/pytest -n 2 -m "not serial"
	$(BIN)/pytest -m serial || [ $$? -eq 5 ]

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

# Jacquet's move generation and evaluations are compiled by numba on first use (about 25 s on
# two cores); compiled here once into numba's cache, the first game starts at once.
$(VENV)/.compiled: $(VENV)/.installed $(wildcard src/ludotheque/games/jacquet/*.py)
	@echo "Compiling Jacquet's search once (about half a minute)..."
	$(BIN)/ludotheque simulate jacquet -n 1 --seed 0 --seat 1=mcts:easy \
		--seat 2=expectimax:easy > /dev/null
	touch $@

# The Debian packages the tests drive, installed by apt-get only when missing (so once they are
# there this costs nothing, and no stamp file can go stale): Debian's chromium, which Playwright
# drives in the browser tests (Playwright's own browser download is never used), PostgreSQL,
# whose binaries the persistence tests start a throwaway server with, and Caddy, the HTTPS proxy
# of deploy/, which a test starts on loopback ports (the package's own service, where systemd
# runs, serves /etc/caddy/Caddyfile on port 80: see the README). sudo only when not root.
system-packages:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/pg_ctl > /dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -x /usr/bin/caddy ] || missing="$$missing caddy"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; \
		elif command -v sudo > /dev/null; then sudo=sudo; \
		else echo "make test needs the Debian packages$$missing: install them as root." >&2; \
			exit 1; fi; \
		echo "Installing the Debian packages$$missing..."; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq --no-install-recommends $$missing; \
	fi

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .mypy_cache .import_linter_cache
