// A minimal UCI engine for tests, using chess.js (standard chess only).
// - `go perft D` answers like Stockfish, `perft D` like Lozza.
// - `go ...` (any other) plays at once a move fixed by the position and the --seed:
//   --greedy takes the most valuable piece it can, otherwise the choice is a hash of
//   the FEN and the seed. It prints `info depth 1 score cp S` first.
// Misbehaviour, once per process at the Nth `go` (or Nth `isready` for late-isready),
// and with --once FILE only if FILE does not exist yet (it is created), so that a
// restarted engine behaves:
//   --misbehave illegal|crash|stall|slow|late-isready|disconnect|nomove --at N
//   slow: answers only when told to `stop` (which a tester sends once the clock has
//   run out, so the answer is always late, on any machine); stall: never answers `go`
//   or `isready` again; late-isready: answers that isready after --delay MS (default 3000).
// --options A,B,... declares more spin options (default 0, -100000 to 100000), and
// --record FILE appends every `setoption` line it is sent to FILE (for testers that
// change options between games).
import { createInterface } from 'node:readline';
import { appendFileSync, closeSync, existsSync, writeFileSync } from 'node:fs';
import { Chess } from 'chess.js';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i < 0 ? fallback : argv[i + 1];
};
const seed = flag('--seed', '0');
const greedy = argv.includes('--greedy');
const misbehave = flag('--misbehave', '');
const at = Number(flag('--at', '1'));
const once = flag('--once', '');
const delay = Number(flag('--delay', '3000'));
const extraOptions = flag('--options', '')
  .split(',')
  .filter((n) => n !== '');
const record = flag('--record', '');

let chess = new Chess();
let goCount = 0;
let readyCount = 0;
let stalled = false;
/** The answer a slow `go` keeps until `stop`, or null. */
let heldAnswer = null;

function trigger(kind, count) {
  if (misbehave !== kind || count !== at) return false;
  if (once) {
    if (existsSync(once)) return false;
    writeFileSync(once, kind);
  }
  return true;
}

let lastHead = '';
let lastMoves = [];

function position(args) {
  const movesAt = args.indexOf('moves');
  // A game sends the same start and one or two more moves each time: play only the new ones.
  const headText = (movesAt < 0 ? args : args.slice(0, movesAt)).join(' ');
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  if (headText === lastHead && moves.length >= lastMoves.length && lastMoves.every((m, i) => m === moves[i])) {
    for (const uci of moves.slice(lastMoves.length))
      chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    lastMoves = moves;
    return;
  }
  lastHead = headText;
  lastMoves = moves;
  const head = movesAt < 0 ? args : args.slice(0, movesAt);
  chess = head[0] === 'startpos' ? new Chess() : new Chess(head.slice(1).join(' '));
  for (const uci of movesAt < 0 ? [] : args.slice(movesAt + 1)) {
    chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  }
}

function perft(depth) {
  let total = 0;
  for (const m of chess.moves({ verbose: true })) {
    chess.move(m);
    const n = depth <= 1 ? 1 : chess.perft(depth - 1);
    chess.undo();
    total += n;
    process.stdout.write(`${m.from}${m.to}${m.promotion ?? ''}: ${n}\n`);
  }
  process.stdout.write(`\nNodes searched: ${total}\n\n`);
}

// Lozza's own perft command: `perft D` answers `depth D nodes N time T nps X`.
function lozzaPerft(depth) {
  const start = Date.now();
  const nodes = chess.perft(depth);
  const ms = Math.max(1, Date.now() - start);
  process.stdout.write(`depth ${depth} nodes ${nodes} time ${ms} nps ${Math.floor((nodes / ms) * 1000)}\n`);
}

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9 };

function choose() {
  const moves = chess.moves({ verbose: true }).sort((a, b) => (a.lan < b.lan ? -1 : 1));
  if (moves.length === 0) return { lan: '(none)', score: 0 };
  if (greedy) {
    const mate = moves.find((m) => m.san.endsWith('#'));
    if (mate) return { lan: mate.lan, score: 10000 };
    let best;
    for (const m of moves) if (m.captured && (!best || VALUE[m.captured] > VALUE[best.captured])) best = m;
    if (best) return { lan: best.lan, score: 100 * VALUE[best.captured] };
    const checks = moves.filter((m) => m.san.endsWith('+'));
    if (checks.length > 0) return { lan: checks[hash(chess.fen() + seed) % checks.length].lan, score: 50 };
  }
  const m = moves[hash(chess.fen() + seed) % moves.length];
  return { lan: m.lan, score: (hash(m.lan + seed) % 41) - 20 };
}

function go() {
  goCount++;
  if (trigger('crash', goCount)) process.exit(3);
  if (trigger('stall', goCount)) {
    stalled = true;
    return;
  }
  if (trigger('disconnect', goCount)) {
    closeSync(1);
    setInterval(() => undefined, 1000);
    return;
  }
  const { lan, score } = choose();
  let move = lan;
  if (trigger('illegal', goCount)) move = 'a1a1';
  if (trigger('nomove', goCount)) move = '0000';
  const answer = () => process.stdout.write(`info depth 1 score cp ${score} nodes 1\nbestmove ${move}\n`);
  if (trigger('slow', goCount)) heldAnswer = answer;
  else answer();
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (stalled && cmd !== 'quit') return;
  if (cmd === 'uci')
    process.stdout.write(
      'id name fake-uci\nid author tests\noption name Hash type spin default 16 min 1 max 1024\n' +
        extraOptions.map((n) => `option name ${n} type spin default 0 min -100000 max 100000\n`).join('') +
        'uciok\n',
    );
  else if (cmd === 'setoption') {
    if (record) appendFileSync(record, line.trim() + '\n');
  } else if (cmd === 'isready') {
    readyCount++;
    if (trigger('late-isready', readyCount)) setTimeout(() => process.stdout.write('readyok\n'), delay);
    else process.stdout.write('readyok\n');
  } else if (cmd === 'position') position(args);
  else if (cmd === 'go' && args[0] === 'perft') perft(Number(args[1]));
  else if (cmd === 'go') go();
  else if (cmd === 'stop' && heldAnswer !== null) {
    heldAnswer();
    heldAnswer = null;
  } else if (cmd === 'perft') lozzaPerft(Number(args[0]));
  else if (cmd === 'ucinewgame') {
    chess = new Chess();
    lastHead = '';
  } else if (cmd === 'quit') process.exit(0);
});
