# OpenBench's build contract (and a plain `make` for anyone): `make EXE=<path>` builds
# the single-file engine (apps/uci/dist/tempo-engine.js, a Node script with its shebang) and
# writes it, executable, at <path>; `<path> bench` then prints the signature OpenBench
# reads ("Nodes searched: N", "Nodes/second: N"). `EVALFILE=<net file>` (what OpenBench
# passes for an engine with a network) builds it with that net as the default in place
# of the committed one (into apps/uci/dist-evalfile/; apps/uci/dist/ is left as it is).
# `TUNE=1` builds the tuning build instead (into apps/uci/dist-tune/): the search's
# tunables and the hand-crafted evaluation's weights are UCI options, and
# `<path> spsa-inputs` prints OpenBench's SPSA inputs. OpenBench passes only EXE and
# EVALFILE, so a branch under SPSA tuning sets `TUNE ?= 1` here. Needs Node >= 20.19 and npm.

EXE ?= tempo
EVALFILE ?=
TUNE ?=
PNPM ?= npx -y pnpm@10.34.8

ifeq ($(strip $(TUNE)),1)
TUNE_ENV := TEMPO_TUNE=1
TUNE_DIR := dist-tune
else
TUNE_ENV :=
TUNE_DIR := dist
endif
# dist/ holds the command (tempo.js, the UCI loop only) and the whole engine in one
# file (tempo-engine.js, which runs on its own too); dist-tune/ holds only the latter, as tempo.js.
ifeq ($(strip $(TUNE)),1)
ENGINE_FILE := tempo.js
else
ENGINE_FILE := tempo-engine.js
endif

.PHONY: all
all:
	$(PNPM) install --silent
	$(PNPM) exec turbo run build --filter=tempo-chess... --output-logs=errors-only
ifeq ($(strip $(EVALFILE)),)
ifeq ($(strip $(TUNE)),1)
	cd apps/uci && TEMPO_TUNE=1 $(PNPM) exec tsup --silent
endif
	cp apps/uci/$(TUNE_DIR)/$(ENGINE_FILE) '$(EXE)'
else
	cd apps/uci && $(TUNE_ENV) TEMPO_EVALFILE='$(abspath $(EVALFILE))' $(PNPM) exec tsup --silent
	cp apps/uci/$(TUNE_DIR)-evalfile/tempo.js '$(EXE)'
endif
	chmod +x '$(EXE)'
