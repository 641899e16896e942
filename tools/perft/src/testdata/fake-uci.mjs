// A minimal UCI engine for tests: answers `go perft D` like Stockfish and `perft D`
// like Lozza, using chess.js.
// Standard chess only. Used where no real engine may be installed.
import { createInterface } from 'node:readline';
import { Chess } from 'chess.js';

let chess = new Chess();

function position(args) {
  const movesAt = args.indexOf('moves');
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

createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (cmd === 'uci') process.stdout.write('id name fake-uci\nuciok\n');
  else if (cmd === 'isready') process.stdout.write('readyok\n');
  else if (cmd === 'position') position(args);
  else if (cmd === 'go' && args[0] === 'perft') perft(Number(args[1]));
  else if (cmd === 'perft') lozzaPerft(Number(args[0]));
  else if (cmd === 'ucinewgame') chess = new Chess();
  else if (cmd === 'quit') process.exit(0);
});
