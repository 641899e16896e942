/**
 * Packing and installing the public packages as a user gets them: `pnpm pack` (the
 * repository's pnpm, its `packageManager`), which rewrites `workspace:` ranges to
 * versions and runs the beforePacking hook of .pnpmfile.cjs, then `npm install` of the
 * tarballs, offline, into a fresh npm project in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** `pnpm@<version>` from the root manifest's `packageManager`. */
export const PNPM = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string })
  .packageManager;

/** Every package of packages/ and apps/uci that is not private, with its folder, libraries first. */
export function publicPackages(): { dir: string; manifest: Manifest }[] {
  const dirs = readdirSync(join(ROOT, 'packages')).map((d) => join(ROOT, 'packages', d));
  return [...dirs, join(ROOT, 'apps/uci')]
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** `pnpm pack` of the package in `dir` into `dest`; returns the tarball's file name. */
export function packWithPnpm(dir: string, dest: string): string {
  const out = execFileSync('npx', ['-y', PNPM, 'pack', '--json', '--pack-destination', dest], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { filename } = JSON.parse(out) as { filename: string };
  return filename.slice(filename.lastIndexOf('/') + 1);
}

/** A fresh ESM npm project in `dir` with the tarballs (file names in `dir`) installed offline. */
export function installTarballs(dir: string, tarballs: string[]): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }));
  execFileSync('npm', ['install', ...tarballs.map((t) => `./${t}`), '--offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'pipe',
  });
}

/** Whether `npm` and `npx` run here (the packing tests need them). */
export function npmAvailable(): boolean {
  try {
    execFileSync('npm', ['--version'], { stdio: 'pipe' });
    execFileSync('npx', ['-y', PNPM, '--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
