#!/usr/bin/env node
// The baseline of scripts/startup.mjs: the least a Node program can do to answer
// `uci` and `isready`. Tempo's start-up is measured against this.
process.stdin.setEncoding('utf8');
let buf = '';
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, nl).trim();
    buf = buf.slice(nl + 1);
    if (line === 'uci') process.stdout.write('id name bare\nuciok\n');
    else if (line === 'isready') process.stdout.write('readyok\n');
    else if (line === 'quit') process.exit(0);
  }
});
