// A child process read line by line, for the measuring scripts.
import { spawn } from 'node:child_process';

/** A Node script as a child process (the engine bundle, the bare script, Lozza). */
export const startEngine = (script, args = []) => startProgram(process.execPath, [script, ...args]);

/** Any program as a child process (Stockfish, Debian's engines). */
export function startProgram(command, args = []) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters = [];
  const listeners = [];
  let buf = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const now = performance.now();
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      for (const listener of listeners) listener(line);
      for (let i = 0; i < waiters.length; i++) {
        if (waiters[i].re.test(line)) {
          waiters.splice(i, 1)[0].resolve(now);
          break;
        }
      }
    }
  });
  return {
    child,
    send: (line) => child.stdin.write(line + '\n'),
    /** Resolves with the time (performance.now) at which a line matching re arrived. */
    next: (re) => new Promise((resolve) => waiters.push({ re, resolve })),
    /** Calls f with every line read from now on. */
    onLine: (f) => listeners.push(f),
    quit: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.stdin.write('quit\n');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const fmt = (x) => x.toFixed(1);
