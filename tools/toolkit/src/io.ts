import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from './args';
import { InputError } from './epd';

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
  const stdout: string[] = [],
    stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}

/**
 * True when the module at `moduleUrl` (its import.meta.url) is the script node was
 * started with, not a module imported by a test or another script.
 */
export function isMainModule(moduleUrl: string): boolean {
  try {
    return process.argv[1] !== undefined && moduleUrl === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

/**
 * A command's failure as the tools report it: one line `<tool>: <message>` on stderr
 * (the message's first line), and the exit code, 2 for a usage mistake or unreadable
 * input (UsageError, InputError), 1 for anything else.
 */
export function failureExit(tool: string, e: unknown, io: Io): number {
  const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  io.err(`${tool}: ${message}`);
  return e instanceof UsageError || e instanceof InputError ? 2 : 1;
}

/**
 * Where the tools keep what outlives a checkout (training data, ladder results):
 * `$TEMPO_DATA/<sub>`, else `~/.tempo/<sub>`; never the work tree, which a fresh
 * checkout replaces.
 */
export function tempoDataDir(sub: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.TEMPO_DATA !== undefined && env.TEMPO_DATA !== '' ? env.TEMPO_DATA : join(homedir(), '.tempo');
  return join(root, sub);
}
