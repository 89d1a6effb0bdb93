# The two commands: `make play` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-all bench lint catalogues clean bundle installer

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/polar-table

lint: $(STAMP)
	$(BIN)/ruff check --no-cache game scenes physics tests build

# Two workers (pytest-xdist) sharing the tests as they go; the slow tests only in test-all.
test: $(STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n 2 --dist worksteal

test-all: $(STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n 2 --dist worksteal -m ""

# In a real window: the machine's display, or an Xvfb the bench starts itself (never the dummy driver).
bench: $(STAMP)
	SDL_AUDIODRIVER=dummy $(BIN)/polar-table bench

catalogues: $(STAMP)
	$(BIN)/python build/catalogues.py all

clean:
	rm -rf $(VENV) .pytest_cache dist .pyinstaller

# One-folder bundle (PyInstaller) in dist/polar-table; PyInstaller's work files in .pyinstaller/.
bundle: $(STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --workpath .pyinstaller/work --distpath dist build/polar-table.spec

# Installers from the bundle: Linux .tar.gz and .deb in dist/; on macOS the .dmg (Windows: see build/windows).
installer: bundle
ifeq ($(shell uname -s),Darwin)
	build/macos/make_dmg.sh
else
	PYTHON=$(BIN)/python build/linux/make_installers.sh
endif
