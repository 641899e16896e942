// A scripted stand-in for the engine worker, for the page's browser tests (not Tempo):
// answers uci/isready, replies 1. e4 with e7e5, plays the fool's mate against 1. f3 and
// 2. g4, answers every other position with an illegal move (the page must refuse it), streams deepening MultiPV lines for
// `go infinite` until `stop`. Every line received is kept in self.received.
self.received = [];
let timer = null;
let depth = 0;
const post = (line) => postMessage(line);
const LINES = ['g1f3 b8c6 f1b5 a7a6', 'b1c3 g8f6 f1c4', 'd2d4 e5d4 d1d4', 'f1c4 g8f6 d2d3', 'f2f4 e5f4 g1f3'];
self.onmessage = (e) => {
  const line = String(e.data);
  self.received.push(line);
  if (line === 'uci') {
    post('id name Scripted');
    post('option name Threads type spin default 1 min 1 max 4');
    post('option name MultiPV type spin default 1 min 1 max 256');
    post('uciok');
  } else if (line === 'isready') post('readyok');
  else if (line.startsWith('position')) self.position = line;
  else if (line === 'go infinite') {
    depth = 0;
    timer = setInterval(() => {
      depth++;
      const n = Number(
        (self.received.filter((l) => l.startsWith('setoption name MultiPV')).pop() || 'value 1').split(' ').pop(),
      );
      for (let k = 1; k <= n; k++)
        post(
          `info depth ${depth} seldepth ${depth + 3} multipv ${k} score cp ${40 - 10 * k} nodes ${depth * 1000} nps 500000 time ${depth * 2} pv ${LINES[k - 1]}`,
        );
    }, 40);
  } else if (line === 'stop' && timer) {
    clearInterval(timer);
    timer = null;
    post('bestmove g1f3');
  } else if (line.startsWith('go')) {
    const script = { 'moves e2e4': 'e7e5', 'moves f2f3': 'e7e5', 'moves f2f3 e7e5 g2g4': 'd8h4' };
    const key = Object.keys(script).find((k) => self.position.endsWith(k));
    const reply = key ? script[key] : 'a1a8';
    setTimeout(() => {
      post('info depth 3 score cp 20 nodes 300 nps 300000 pv ' + reply);
      post('bestmove ' + reply);
    }, 50);
  }
};
