/**
 * A progress bar on stderr with rate and ETA (cli-progress). Silent when stderr is
 * not a terminal, so piped output and test logs stay clean.
 */
import cliProgress from 'cli-progress';

/** A running progress bar. */
export interface Progress {
  /** Adds `amount` done units. */
  add(amount: number): void;
  stop(): void;
}

const format = (n: number): string =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(2)}G`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(2)}M`
      : n >= 1e4
        ? `${(n / 1e3).toFixed(1)}k`
        : String(Math.round(n));

/** Starts a bar over `total` units named `unit` (e.g. "positions", "nodes"). */
export function startProgress(total: number, unit: string): Progress {
  const bar = new cliProgress.SingleBar(
    {
      format: `{bar} {percentage}% | {done}/{all} ${unit} | {rate} ${unit}/s | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = performance.now();
  let value = 0;
  const payload = () => ({
    done: format(value),
    all: format(total),
    rate: format(value / Math.max(1e-3, (performance.now() - start) / 1000)),
  });
  bar.start(total, 0, payload());
  return {
    add(amount: number) {
      value += amount;
      bar.update(value, payload());
    },
    stop() {
      bar.stop();
    },
  };
}
