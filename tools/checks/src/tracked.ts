/** The repository the checks read, and its tracked files. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every file git tracks under `root`, as paths relative to it. */
export function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '');
}
