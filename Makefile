# OpenBench's build contract (and a plain `make` for anyone): `make EXE=<path>` builds
# the single-file engine (apps/uci/dist/tempo.js, a Node script with its shebang) and
# writes it, executable, at <path>; `<path> bench` then prints the signature OpenBench
# reads ("Nodes searched: N", "Nodes/second: N"). `EVALFILE=<net file>` (what OpenBench
# passes for an engine with a network) builds it with that net as the default in place
# of the committed one (into apps/uci/dist-evalfile/; apps/uci/dist/ is left as it is).
# Needs Node >= 20.19 and npm.

EXE ?= tempo
EVALFILE ?=
PNPM ?= npx -y pnpm@10.34.8

.PHONY: all
all:
	$(PNPM) install --silent
	$(PNPM) exec turbo run build --filter=tempo-chess... --output-logs=errors-only
ifeq ($(strip $(EVALFILE)),)
	cp apps/uci/dist/tempo.js '$(EXE)'
else
	cd apps/uci && TEMPO_EVALFILE='$(abspath $(EVALFILE))' $(PNPM) exec tsup --silent
	cp apps/uci/dist-evalfile/tempo.js '$(EXE)'
endif
	chmod +x '$(EXE)'
