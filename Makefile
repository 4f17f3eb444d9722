# Two commands do everything on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TORCH  ?= torch==2.13.0

.PHONY: install install-llm-server demo test lint docs docs-cli docs-check format bench clean

# pip -qq: errors only. One -q still printed about 110 warnings on a fresh install (one
# per index location a machine's pip config names and does not have, root-user notices).
PIP := $(BIN)/python -m pip install -qq

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	# CPU torch first: an unpinned torch would pull a multi-GB CUDA build.
	$(PIP) "$(TORCH)"
	$(PIP) -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Optional: a real local OpenAI-compatible server for the live LLM tests (~4 min compile).
install-llm-server: $(STAMP)
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PIP) -e '.[llm-server]'

demo: install
	$(BIN)/brain demo
	@echo
	@echo "The command line is $(BIN)/brain. To call it as brain: source $(BIN)/activate"
	@echo "(this shell), or install it for your user: pipx install .  (or: uv tool install .)"

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint docs-check
	$(BIN)/python -m pytest

# The manual (mkdocs.yml, docs/): `make docs` builds it into site/.
export NO_MKDOCS_2_WARNING := 1
docs: install
	$(BIN)/mkdocs build --strict

# Regenerate the command reference (docs/reference.md) from the CLI's own --help, and the
# README examples marked [[[cog ... ]]] from real runs.
docs-cli: install
	$(BIN)/cog -r docs/reference.md README.md

# What CI checks: the command reference is current, and the manual builds with no broken
# link or anchor (--strict), into a throwaway folder.
docs-check: install
	$(BIN)/cog --check docs/reference.md README.md
	@site=$$(mktemp -d) && $(BIN)/mkdocs build --strict --site-dir "$$site"; \
	  status=$$?; rm -rf "$$site"; exit $$status

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache site
