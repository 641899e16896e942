/**
 * `bench [depth]`: the bench signature. Every position of BENCH_POSITIONS is searched
 * to a fixed depth with one thread, a 16 MB table of its own, and the table and
 * histories emptied before each position, so the node count depends on the code, the
 * net and the parameters only (the engine's: EvalFile, Use NNUE, EvalParams, tunables). The total is printed as Stockfish prints it.
 *
 * Also `perft N` (split by root move) and the start-up warm-up, which share the
 * position setup.
 */
import { Position, moveToUci } from '@tempo-chess/position';
import { divide } from '@tempo-chess/movegen';
import type { EvalParams } from '@tempo-chess/eval';
import type { NetWeights } from '@tempo-chess/nnue';
import { Searcher, TranspositionTable, createSignals } from '@tempo-chess/search';
import { BENCH_DEPTH, BENCH_POSITIONS } from './bench-positions';
import type { Engine, Out } from './engine';

export const BENCH_HASH_MB = 16;

/** The engine's evaluation and search settings, which the bench copies (Engine.settings()). */
export interface BenchSettings {
  /** The hand-crafted evaluation's weights (EvalPreset, EvalParams). */
  evalParams: EvalParams;
  /** The net in use (EvalFile with Use NNUE on), or null for the hand-crafted evaluation. */
  net: NetWeights | null;
  /** The search tunables set by `setoption`, by name, applied to the bench's searcher. */
  searchValues: ReadonlyMap<string, number>;
}

/**
 * Runs the bench and prints one line per position and the totals; returns the node
 * count. `cpuTimeMs` (the process's CPU clock, where the platform has one) adds the
 * `Nodes/CPU second` line.
 */
export function runBench(
  settings: BenchSettings,
  out: Out,
  depth = BENCH_DEPTH,
  cpuTimeMs?: () => number,
): { nodes: number; ms: number } {
  const tt = new TranspositionTable(BENCH_HASH_MB);
  const searcher = new Searcher(tt, createSignals(), {
    multiPV: 1,
    moveOverhead: 0,
    evalParams: settings.evalParams,
    net: settings.net,
  });
  for (const [name, value] of settings.searchValues) searcher.setOption(name, value);
  const psq = searcher.evalContext.psq;
  let nodes = 0;
  const start = performance.now();
  const cpu0 = cpuTimeMs?.() ?? 0;
  for (let i = 0; i < BENCH_POSITIONS.length; i++) {
    const fen = BENCH_POSITIONS[i];
    tt.clear();
    searcher.clear();
    const pos = Position.fromFen(fen, { psq });
    const r = searcher.search(pos, { depth });
    nodes += r.nodes;
    out(`Position ${i + 1}/${BENCH_POSITIONS.length}: ${fen}: bestmove ${moveToUci(pos, r.bestMove)} nodes ${r.nodes}`);
  }
  const ms = Math.max(1, Math.round(performance.now() - start));
  const lines = [
    '',
    '===========================',
    `Total time (ms): ${ms}`,
    `Nodes searched: ${nodes}`,
    `Nodes/second: ${Math.round((nodes * 1000) / ms)}`,
  ];
  // The process's CPU time: steadier than the wall clock on a shared machine.
  if (cpuTimeMs) lines.push(`Nodes/CPU second: ${Math.round((nodes * 1000) / Math.max(1, cpuTimeMs() - cpu0))}`);
  out(lines.join('\n'));
  return { nodes, ms };
}

/** `perft N` of the current position, split by root move, with the total as Stockfish prints it. */
export function runPerft(pos: Position, depth: number, out: Out): number {
  const start = performance.now();
  const rows = divide(pos, depth);
  let total = 0;
  const lines: string[] = [];
  for (const r of rows) {
    lines.push(`${r.uci}: ${r.nodes}`);
    total += r.nodes;
  }
  const ms = Math.max(1, Math.round(performance.now() - start));
  lines.push(
    '',
    `Nodes searched: ${total}`,
    `info string perft ${depth}: ${ms} ms, ${Math.round((total * 1000) / ms)} nodes/second`,
  );
  out(lines.join('\n'));
  return total;
}

/** Positions and node budgets of the start-up warm-up: varied enough to reach the search's main paths. */
export const WARMUP: ReadonlyArray<[string, number]> = [
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 500],
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 300],
];
/** The warm-up's time budget (ms) for each position: on a busy machine it stops early rather than delay `readyok`. */
export const WARMUP_MS = 35;
/**
 * The engine worker warms up in slices of this many nodes (a search each, the table
 * kept between them, so each goes on where the last stopped), at most
 * WARMUP_MS * WARMUP_SLICE_NODES / nodes ms each: a message waits for one slice at most.
 */
export const WARMUP_SLICE_NODES = 100;

/**
 * Warms the JIT with short searches through the engine's own searcher, then empties
 * the table and the histories (and moves the levels to the next game, as
 * `ucinewgame`), so the first real search (and `bench`) runs as in a fresh engine,
 * only compiled. In slices (step), so that the engine worker answers between them;
 * finish() ends it early, as the first search comes.
 */
export class WarmUp {
  private position = 0;
  private slice = 0;
  private done = false;

  constructor(private readonly engine: Engine) {}

  /** Runs one slice; false when the warm-up is over. */
  step(): boolean {
    if (this.done) return false;
    const [fen, nodes] = WARMUP[this.position];
    const slices = Math.ceil(nodes / WARMUP_SLICE_NODES);
    this.engine.searchQuietly(this.engine.parse(fen), WARMUP_SLICE_NODES, Math.ceil(WARMUP_MS / slices));
    if (++this.slice === slices) {
      this.slice = 0;
      if (++this.position === WARMUP.length) this.finish();
    }
    return !this.done;
  }

  /** Ends the warm-up (at once if it is not over): empty tables, the levels' next game. */
  finish(): void {
    if (this.done) return;
    this.done = true;
    this.engine.newGame();
  }
}

/** The whole warm-up at once. */
export function warmUp(engine: Engine): void {
  const w = new WarmUp(engine);
  while (w.step());
}
