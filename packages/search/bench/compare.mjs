// Nodes per second of Tempo (the release bench bundle) against Lozza 2 (through UCI)
// at `go movetime <ms>` on the same positions, taken in turn, in steady state: each
// engine first runs one warm-up search (another position), then the timed one, and
// the nodes of the timed search are divided by the CPU time it took (Tempo: its
// process.cpuUsage; Lozza: /proc/<pid>/stat before and after). On this shared
// machine the wall clock gives a process anything from a tenth to all of a core;
// CPU time does not wander. Build the bundle first with run.mjs.
//   node packages/search/bench/compare.mjs [ms] [path/to/lozza2.js]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const ms = Number(process.argv[2] ?? 3000);
const lozza = process.argv[3] ?? '/work/peers/lozza2.js';
const WARM = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10';
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'rnbq1rk1/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQ - 4 5',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  '6k1/5pp1/7p/8/8/1R6/5PPP/6K1 w - - 0 1',
];
const TICK = 100; // clock ticks a second (getconf CLK_TCK)

function tempo(fen) {
  const r = spawnSync(process.execPath, [here + 'dist/bench.mjs', 'nps', String(ms), fen], {
    encoding: 'utf8',
    env: { ...process.env, NPS_WARMUP: '1' },
  });
  return { nodes: Number(/nodes (\d+)/.exec(r.stdout)[1]), cpu: Number(/cpu_ms (\d+)/.exec(r.stdout)[1]) / 1000 };
}

const cpuOf = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICK; // utime, stime
};

function lozzaRun(fen) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [lozza]);
    let buf = '',
      phase = 0,
      c0 = 0,
      nodes = 0;
    p.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = /nodes (\d+)/.exec(line);
        if (m) nodes = Number(m[1]);
        if (line.startsWith('bestmove')) {
          if (phase === 0) {
            phase = 1;
            c0 = cpuOf(p.pid);
            nodes = 0;
            p.stdin.write(`ucinewgame\nposition fen ${fen}\ngo movetime ${ms}\n`);
          } else {
            const cpu = cpuOf(p.pid) - c0;
            p.stdin.write('quit\n');
            resolve({ nodes, cpu });
          }
        }
      }
    });
    p.stdin.write(`uci\nucinewgame\nposition fen ${WARM}\ngo movetime ${ms}\n`);
  });
}

let logT = 0,
  logL = 0;
for (const fen of FENS) {
  const t = tempo(fen),
    l = await lozzaRun(fen);
  const tn = t.nodes / t.cpu,
    ln = l.nodes / l.cpu;
  logT += Math.log(tn);
  logL += Math.log(ln);
  console.log(
    `${fen.padEnd(72)} tempo ${t.nodes} nodes ${t.cpu.toFixed(2)} s CPU ${Math.round(tn)}/s | lozza ${l.nodes} nodes ${l.cpu.toFixed(2)} s CPU ${Math.round(ln)}/s | ratio ${(tn / ln).toFixed(2)}`,
  );
}
console.log(
  `geometric mean of nodes per CPU second, tempo / lozza: ${Math.exp((logT - logL) / FENS.length).toFixed(2)}`,
);
