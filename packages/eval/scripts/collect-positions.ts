/**
 * Collects benchmark positions from real games: Ethereal 12 against Toga II 3.0
 * (Debian's ethereal-chess and toga2), 80 ms a move, from openings of four random
 * legal plies (fixed seed), every position of every game. Writes
 * data/eval-positions.fen. Run (once; the output is committed):
 *
 *   npx esbuild packages/eval/scripts/collect-positions.ts --bundle --platform=node \
 *     --format=esm --define:__DEBUG__=false --outfile=/tmp/collect.mjs && node /tmp/collect.mjs
 *
 * (The bundle step resolves @tempo-chess/* through the workspace's node_modules.)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
import { Position, START_FEN, hasInsufficientMaterial, isRepetitionDraw, moveToUci } from '@tempo-chess/position';
import { generateLegal, parseUciMove } from '@tempo-chess/movegen';

class Engine {
  private lines: string[] = [];
  private waiters: ((l: string) => void)[] = [];
  private proc;
  constructor(cmd: string) {
    this.proc = spawn(cmd, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    createInterface({ input: this.proc.stdout }).on('line', (l) => {
      const w = this.waiters.shift();
      if (w) w(l);
      else this.lines.push(l);
    });
  }
  send(s: string): void {
    this.proc.stdin.write(s + '\n');
  }
  next(): Promise<string> {
    const l = this.lines.shift();
    return l !== undefined ? Promise.resolve(l) : new Promise((r) => this.waiters.push(r));
  }
  async until(prefix: string): Promise<string> {
    for (;;) {
      const l = await this.next();
      if (l.startsWith(prefix)) return l;
    }
  }
  quit(): void {
    this.send('quit');
  }
}

let seed = 12345;
const rand = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
};

async function main(): Promise<void> {
  const engines = [new Engine('/usr/games/ethereal-chess'), new Engine('/usr/games/toga2')];
  for (const e of engines) {
    e.send('uci');
    await e.until('uciok');
    e.send('isready');
    await e.until('readyok');
  }
  const fens: string[] = [];
  const list = new Int32Array(256);
  for (let game = 0; fens.length < 1500; game++) {
    const pos = Position.fromFen(START_FEN);
    const moves: string[] = [];
    for (let i = 0; i < 4; i++) {
      const n = generateLegal(pos, list, 0);
      const m = list[Math.floor(rand() * n)];
      moves.push(moveToUci(pos, m));
      pos.doMove(m);
    }
    for (const e of engines) {
      e.send('ucinewgame');
      e.send('isready');
      await e.until('readyok');
    }
    for (let ply = 0; ply < 300; ply++) {
      if (
        generateLegal(pos, list, 0) === 0 ||
        pos.rule50 >= 100 ||
        hasInsufficientMaterial(pos) ||
        isRepetitionDraw(pos)
      )
        break;
      fens.push(pos.toFen());
      const e = engines[(ply + game) & 1];
      e.send(`position startpos moves ${moves.join(' ')}`);
      e.send('go movetime 80');
      const best = (await e.until('bestmove')).split(' ')[1];
      const m = parseUciMove(pos, best);
      if (m === 0) throw new Error(`illegal ${best} in ${pos.toFen()}`);
      moves.push(best);
      pos.doMove(m);
    }
    console.error(`game ${game + 1}: ${moves.length} plies, ${fens.length} positions`);
  }
  for (const e of engines) e.quit();
  const header = [
    `# ${fens.length} positions from real games, Ethereal 12 against Toga II 3.0 at 80 ms a move from four random`,
    '# opening plies: every position of every game. The evaluation benchmarks read it (tools/perft bench-micro,',
    '# packages/eval/scripts). Made by packages/eval/scripts/collect-positions.ts.',
  ];
  writeFileSync('data/eval-positions.fen', [...header, ...fens, ''].join('\n'));
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
