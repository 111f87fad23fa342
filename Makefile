# bamboo_lab: two commands for a newcomer. `make lab` opens the notebooks; `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LAB_ARGS ?=
# JupyterLab refuses to run as root (containers, CI, Binder-like VMs) unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
PYTEST_ARGS ?=
# The tests run in TEST_WORKERS processes (pytest-xdist), one per core of a 2-core machine;
# TEST_WORKERS=0 runs them in this process (as a debugger wants).
TEST_WORKERS ?= 2
XDIST := -n $(TEST_WORKERS)
NBVAL_ARGS := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
              --nbval-cell-timeout=600

.DEFAULT_GOAL := help

.PHONY: help lab test lint unit notebooks browser clean-notebooks bench soak format clean pictures docs lite lite-serve lite-browser

# Create the virtual environment and install the package with its extras, pinned by constraints.txt.
$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[lab,rl,pictures,docs]" --group test --group lite
	touch $(STAMP)

## help: list these targets (make with no target does this)
help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## lab: set up and open JupyterLab on the start notebook (LAB_ARGS="--no-browser --ip=0.0.0.0")
# Rooted at the repository so docs/ is in the file browser; binder/overrides.json (installed as the
# venv's JupyterLab settings overrides, as binder/postBuild does) turns off the news pop-up and
# opens Markdown files (the lesson plans) rendered. The server's default URL is the start notebook,
# so the URL it prints (--no-browser) lands there too, not only the browser it opens.
LAB_START := /lab/tree/notebooks/00-start-here.ipynb
lab: $(STAMP)
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=. --LabApp.default_url=$(LAB_START) $(ROOT_FLAG) $(LAB_ARGS)

## test: set up, then lint, unit and conformance tests, and the notebooks under nbval
test: lint unit notebooks browser lite-browser

# The simulation notebooks play BAMBOO_LAB_N_GAMES games per study: 50 when tested (as CI), so
# that make test checks what CI checks in the time the README gives; make lab leaves their default.
test unit notebooks browser lite-browser: export BAMBOO_LAB_N_GAMES ?= 50

## lint: ruff (code and notebooks), mypy, and mypy --strict on the rules (core and games)
lint: $(STAMP)
	$(VENV)/bin/ruff check bamboo_lab tests benchmarks tools docs/conf.py docs/_ext notebooks
	$(VENV)/bin/ruff format --check bamboo_lab tests benchmarks tools docs/conf.py docs/_ext
	$(PY) tools/format_notebooks.py --check
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict bamboo_lab/core bamboo_lab/games

## unit: the unit, rule and conformance tests (not the slow soak, not the browser)
unit: $(STAMP)
	$(PY) -m pytest -m "not slow and not browser" --timeout=900 $(XDIST) $(PYTEST_ARGS) tests

## notebooks: every notebook executed under nbval (cells tagged nbval-check-output compared)
# --dist loadfile: a notebook's cells run in order in one kernel, on one worker.
notebooks: $(STAMP)
	$(PY) -m pytest $(NBVAL_ARGS) $(XDIST) --dist loadfile notebooks

## browser: every notebook and board in JupyterLab, driven in Debian's chromium (screenshots in test-artifacts/)
browser: $(STAMP)
	$(PY) -m pytest -m browser --timeout=1800 $(XDIST) --dist loadgroup $(PYTEST_ARGS) tests/browser
	# its own run: one Playwright sync session per process
	$(PY) -m pytest -m browser --timeout=600 $(PYTEST_ARGS) tests/test_rule_docs.py

## clean-notebooks: strip widget state, timestamps and machine paths from executed notebooks
clean-notebooks: $(STAMP)
	$(PY) tools/clean_notebooks.py

## pictures: render a PNG of each main figure to docs/img/ (kaleido + Debian chromium)
pictures: $(STAMP)
	$(PY) -m bamboo_lab.viz.pictures docs/img

## docs: build the documentation site into build/site/ (guides, rules, notebooks as saved, API)
# The source is the repository root, so docs/ and notebooks/ link each other as on GitHub.
docs: $(STAMP)
	$(VENV)/bin/sphinx-build -W --keep-going -q -d build/doctrees -c docs . build/site
	@echo "The site is in build/site/: open build/site/index.html"

## bench: self-play, heuristic- and search-bot speed, simulate speed-up with 2 processes
bench: $(STAMP) lite
	$(PY) benchmarks/run.py

## soak: tens of thousands of checked random games, and a long fuzz run (slow)
FUZZ_EXAMPLES ?= 3000
soak: $(STAMP)
	BAMBOO_LAB_SOAK=1 $(PY) -m pytest -m slow --timeout=0 $(PYTEST_ARGS) tests
	BAMBOO_LAB_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest --timeout=0 $(PYTEST_ARGS) tests/test_fuzz.py

## format: ruff format and ruff's fixes
format: $(STAMP)
	$(VENV)/bin/ruff format bamboo_lab tests benchmarks tools docs/conf.py docs/_ext
	$(PY) tools/format_notebooks.py
	$(VENV)/bin/ruff check --fix bamboo_lab tests benchmarks tools docs/conf.py docs/_ext notebooks

## clean: remove the virtual environment and build outputs
clean:
	rm -rf $(VENV) build dist *.egg-info

## pins: regenerate constraints.txt, and Binder's versions to match, from a fresh resolve (tools/pins.py)
.PHONY: pins
pins: $(STAMP)
	$(PY) tools/pins.py

## lite: build the course as a JupyterLite site into build/lite/ (any browser, no server; needs npm)
lite: $(STAMP)
	$(PY) tools/build_lite.py

## lite-serve: serve build/lite/ on http://127.0.0.1:8000 to try it before publishing
lite-serve: lite
	$(PY) tools/lite_site.py --port 8000

## lite-browser: build the site, then run it offline in chromium (rules lessons, boards, exercises)
lite-browser: lite
	$(PY) -m pytest -m browser --timeout=3600 $(XDIST) $(PYTEST_ARGS) tests/browser_lite
