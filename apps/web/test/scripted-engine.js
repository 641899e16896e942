// A scripted stand-in for the engine worker, for the page's browser tests (not Tempo).
// It knows one game, Morphy's Opera game (GAME below): from any position on its way it
// plays, and analyses as its best line, the game's next moves, so every line it sends is
// legal from the position it was given. Its score for the position after k plies is
// whiteCp(k) from White's side (sent from the side to move's, as UCI does). Besides: it
// adds four other lines after 1. e4 e5, and answers any other position with an illegal
// move (the page must refuse it). `go
// infinite` streams deepening lines every 40 ms until `stop`. Every line received is
// kept in self.received.
self.received = [];
const GAME = (
  'e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 ' +
  'c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8'
).split(' ');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const EXTRA = { 'e2e4 e7e5': ['b1c3 g8f6 f1c4', 'd2d4 e5d4 d1d4', 'f1c4 g8f6 d2d3', 'f2f4 e5f4 g1f3'] };
const whiteCp = (k) => Math.round(20 + 50 * k * Math.sin(k / 3));
let timer = null;
let position = { fen: START, moves: [] };
const post = (line) => postMessage(line);

/** How far the position is along GAME (-1 when off it). */
function gamePly() {
  if (position.fen !== START) return -1;
  return position.moves.every((m, i) => GAME[i] === m) ? position.moves.length : -1;
}
const stmCp = (k) => (k % 2 === 0 ? whiteCp(k) : -whiteCp(k));

self.onmessage = (e) => {
  const line = String(e.data);
  self.received.push(line);
  if (line === 'uci') {
    post('id name Scripted');
    post('option name Threads type spin default 1 min 1 max 4');
    post('option name MultiPV type spin default 1 min 1 max 256');
    post('option name UCI_Chess960 type check default false');
    post('uciok');
  } else if (line === 'isready') post('readyok');
  else if (line.startsWith('position')) {
    const m = /^position (?:fen (.+?)|startpos)(?: moves (.+))?$/.exec(line);
    position = { fen: m && m[1] ? m[1] : START, moves: m && m[2] ? m[2].split(' ') : [] };
  } else if (line === 'go infinite') {
    let depth = 0;
    const k = gamePly();
    const key = position.moves.join(' ');
    const lines = k >= 0 && k < GAME.length ? [GAME.slice(k, k + 6).join(' '), ...(EXTRA[key] || [])] : [];
    timer = setInterval(() => {
      depth++;
      const n = Number(
        (self.received.filter((l) => l.startsWith('setoption name MultiPV')).pop() || 'value 1').split(' ').pop(),
      );
      for (let i = 1; i <= Math.min(n, lines.length); i++)
        post(
          `info depth ${depth} seldepth ${depth + 3} multipv ${i} score cp ${stmCp(k) - 10 * (i - 1)} nodes ${depth * 1000} nps 500000 time ${depth * 2} pv ${lines[i - 1]}`,
        );
    }, 40);
  } else if (line === 'stop') {
    if (timer) {
      clearInterval(timer);
      timer = null;
      post('bestmove 0000');
    }
  } else if (line.startsWith('go')) {
    const k = gamePly();
    const reply = k >= 0 && k < GAME.length ? GAME[k] : 'a1a8';
    const score = k >= 0 ? stmCp(k) : 20;
    setTimeout(() => {
      post(`info depth 3 score cp ${score} nodes 300 nps 300000 pv ${reply}`);
      post('bestmove ' + reply);
    }, 50);
  }
};
