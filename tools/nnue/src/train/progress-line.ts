/**
 * The training progress bar: one line on stderr, redrawn at most 5 times a second, with
 * the epoch, positions done, positions a second, the last batch's loss and the time
 * left. Silent when stderr is not a terminal (logs and tests stay clean). The toolkit's
 * bar has no loss field, so the trainer draws its own.
 */
export interface ProgressLine {
  update(done: number, loss: number): void;
  stop(): void;
}

const fmt = (n: number): string =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(1)}k` : String(Math.round(n));

export function startLine(
  label: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressLine | null {
  if (!stream.isTTY) return null;
  const t0 = performance.now();
  let last = 0;
  const draw = (done: number, loss: number) => {
    const s = (performance.now() - t0) / 1000,
      rate = done / Math.max(1e-3, s);
    const width = 30,
      fill = Math.round((width * done) / total);
    const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
    stream.write(
      `\r${label} ${'#'.repeat(fill)}${'.'.repeat(width - fill)} ${fmt(done)}/${fmt(total)} | ${fmt(rate)} positions/s | loss ${loss.toFixed(5)} | ETA ${Math.floor(eta / 60)}:${String(eta % 60).padStart(2, '0')} `,
    );
  };
  return {
    update(done, loss) {
      const now = performance.now();
      if (now - last < 200 && done < total) return;
      last = now;
      draw(done, loss);
    },
    stop() {
      stream.write('\r\x1b[2K');
    },
  };
}
