/**
 * tempo-nps: the warm search speed of UCI engines, measured alike. Every engine runs
 * as one process for the whole measurement; each search gets the engine's init lines
 * (default `ucinewgame`), the position and `go movetime N`. One uncounted warm-up
 * round searches every position once with every engine (the JIT of a JavaScript
 * engine such as Lozza warms up later than Tempo's, so a fresh process per position
 * would measure start-up), then the counted rounds; within a round the engines take
 * each position in turn, so a burst of load on a shared machine hits them alike.
 * A search's nodes and time come from its last `info ... nodes` line before
 * `bestmove` (its `time`, else the time from `go` to `bestmove` measured here); on
 * Linux the CPU time the engine's processes used meanwhile is read from /proc too,
 * for nodes per CPU second (steadier than wall time when the machine is shared).
 *
 *   pnpm nps [--engine name=X cmd="..." [option.Hash=16] [init=LINE ...]] ... [--movetime 2000] [--rounds 1] [--warmup 1]
 *
 * Without --engine: Tempo's release build, Lozza 2 ($LOZZA2, else ~/.tempo/peers/lozza2.js)
 * and Stockfish (/usr/games/stockfish), each with Threads 1 and Hash 16, the peers
 * left out when missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureExit, isMainModule, processIo, UciEngine, type Io } from '@tempo-chess/toolkit';
import {
  defaultEngines,
  formatNps,
  NPS_POSITIONS,
  NPS_USAGE,
  NpsTally,
  parseNpsArgs,
  readSample,
  statTicks,
  type NpsEngine,
  type Sample,
} from './nps-parse';

/** Tempo's release build, from this file's place in the tree (src or dist alike). */
const TEMPO_PATH = fileURLToPath(new URL('../../../apps/uci/dist/tempo.js', import.meta.url));

function machineDefaults(env: NodeJS.ProcessEnv = process.env): NpsEngine[] {
  const lozza = env.LOZZA2 ?? join(homedir(), '.tempo', 'peers', 'lozza2.js');
  const stockfish = '/usr/games/stockfish';
  return defaultEngines(
    TEMPO_PATH,
    existsSync(lozza) ? lozza : undefined,
    existsSync(stockfish) ? stockfish : undefined,
  );
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux port that Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU ticks used so far by process `pid` and every process below it; undefined where /proc cannot tell. */
function treeTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ticks = statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const child of children === '' ? [] : children.split(' ')) ticks += treeTicks(Number(child)) ?? 0;
    }
    return ticks;
  } catch {
    return undefined;
  }
}

/** One search: init lines and the position (then `readyok`), `go movetime`, the lines up to `bestmove`. */
async function searchOnce(engine: UciEngine, spec: NpsEngine, fen: string, movetime: number): Promise<Sample> {
  await engine.tell(...spec.init, `position fen ${fen}`);
  const t0 = treeTicks(engine.pid);
  const start = performance.now();
  const lines = await engine.askLines(`go movetime ${movetime}`, /^bestmove/, 10 * movetime + 30_000);
  const sample = readSample(lines, performance.now() - start);
  const t1 = treeTicks(engine.pid);
  if (t0 !== undefined && t1 !== undefined) sample.cpuMs = ((t1 - t0) * 1000) / TICKS_PER_SECOND;
  return sample;
}

/** Runs the rounds; the tally holds the counted ones. */
async function measure(
  specs: NpsEngine[],
  engines: UciEngine[],
  movetime: number,
  warmup: number,
  rounds: number,
  io: Io,
): Promise<NpsTally> {
  const tally = new NpsTally(specs.length, NPS_POSITIONS.length);
  for (let round = 0; round < warmup + rounds; round++) {
    const counted = round >= warmup;
    for (let p = 0; p < NPS_POSITIONS.length; p++) {
      for (let e = 0; e < specs.length; e++) {
        let s: Sample;
        try {
          s = await searchOnce(engines[e], specs[e], NPS_POSITIONS[p], movetime);
        } catch (err) {
          throw new Error(`${specs[e].name} on position ${p + 1}: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (counted) tally.add(e, p, s);
      }
    }
    io.out(
      `round ${round + 1} of ${warmup + rounds} done (${counted ? 'counted' : 'warm-up'}), load ${loadavg()[0].toFixed(1)}`,
    );
  }
  return tally;
}

/** The command; resolves to the exit code (2 for a usage mistake, 1 for an engine that fails). */
export async function main(
  argv: string[],
  io: Io = processIo,
  defaults: () => NpsEngine[] = machineDefaults,
): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    io.out(`usage: ${NPS_USAGE}`);
    return 0;
  }
  const engines: UciEngine[] = [];
  try {
    const o = parseNpsArgs(argv, defaults);
    io.out(
      `go movetime ${o.movetime}, ${NPS_POSITIONS.length} positions, ${o.warmup} warm-up and ${o.rounds} counted round(s); ` +
        `engines: ${o.engines.map((e) => `${e.name} (${e.cmd})`).join(', ')}; load ${loadavg()[0].toFixed(1)}`,
    );
    for (const spec of o.engines) {
      let engine: UciEngine;
      try {
        engine = await UciEngine.start(spec.cmd);
      } catch (err) {
        throw new Error(`engine ${spec.name} does not start: ${err instanceof Error ? err.message : String(err)}`);
      }
      engines.push(engine);
      await engine.tell(...spec.options.map(([name, value]) => `setoption name ${name} value ${value}`));
    }
    const tally = await measure(o.engines, engines, o.movetime, o.warmup, o.rounds, io);
    io.out("nodes a second (each engine's nodes over its time, from its last info line of every search):");
    formatNps(
      o.engines.map((e) => e.name),
      tally,
    ).forEach((l) => io.out(l));
    return 0;
  } catch (e) {
    return failureExit('tempo-nps', e, io);
  } finally {
    await Promise.all(engines.map((e) => e.quit()));
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
