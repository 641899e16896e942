/** Where commands write: stdout for results, stderr for errors. Tests pass a collector. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** The process's own streams. */
export const processIo: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

/** Collects output lines (for tests). */
export function collectIo(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [], stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}
