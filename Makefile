# OpenBench's build contract (and a plain `make` for anyone): `make EXE=<path>` builds
# the single-file engine (apps/uci/dist/tempo.js, a Node script with its shebang) and
# writes it, executable, at <path>; `<path> bench` then prints the signature OpenBench
# reads ("Nodes searched: N", "Nodes/second: N"). Needs Node >= 20.19 and npm.

EXE ?= tempo
PNPM ?= npx -y pnpm@10.34.8

.PHONY: all
all:
	$(PNPM) install --silent
	$(PNPM) exec turbo run build --filter=tempo... --output-logs=errors-only
	cp apps/uci/dist/tempo.js '$(EXE)'
	chmod +x '$(EXE)'

