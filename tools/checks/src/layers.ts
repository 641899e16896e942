/**
 * The layering rules, read from the tree itself: every import of every source, test,
 * script and bench file, against the workspace's package.json files (names and declared
 * dependencies come from them, so a rename cannot break the check).
 *
 * Layers, lowest first: the engine's packages in the order bitboard, position, movegen,
 * nnue, eval, search, uci; then the apps; then the tools. A file may import:
 * - its own package (relative paths that stay inside the package folder, or its name);
 * - a workspace package its package.json declares, of a lower layer (tools may use each
 *   other and the apps are never imported by a package), through an entry the target's
 *   `exports` names (no deep path into another package's folder);
 * - an npm package its package.json declares, or one of the root's dev tools (vitest,
 *   tsup, ...), or a Node built-in;
 * - a root-level shared file (tsup.library.ts, types/) by relative path.
 * chess.js, the rules oracle, is for tools and tests only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const ENGINE_ORDER = ['bitboard', 'position', 'movegen', 'nnue', 'eval', 'search', 'uci'];
const GROUPS = ['packages', 'apps', 'tools'] as const;
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/;
const GENERATED = new Set(['packages/nnue/src/default-net.ts']);

export interface WorkspacePackage {
  name: string;
  /** Folder relative to the root, with forward slashes: packages/search. */
  dir: string;
  group: (typeof GROUPS)[number];
  /** Comparable rank: engine packages 0-6 in ENGINE_ORDER, apps 10, tools 20. */
  rank: number;
  declared: Set<string>;
  /** Subpaths the package exports ('.' for the main entry). */
  exports: Set<string>;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

const posix = (p: string) => p.split(sep).join('/');

export function readWorkspace(root: string): { packages: WorkspacePackage[]; rootDev: Set<string> } {
  const packages: WorkspacePackage[] = [];
  for (const group of GROUPS) {
    for (const folder of readdirSync(join(root, group)).sort()) {
      const manifest = join(root, group, folder, 'package.json');
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(readFileSync(manifest, 'utf8'));
      } catch {
        continue; // not a package (a loose file of the group's folder)
      }
      const deps = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
        Object.keys((json[k] as Record<string, string> | undefined) ?? {}),
      );
      const ex = json.exports;
      const exports = new Set<string>(
        ex === undefined ? ['.'] : typeof ex === 'string' ? ['.'] : Object.keys(ex as object).map((k) => k),
      );
      const engineRank = ENGINE_ORDER.indexOf(folder);
      const rank = group === 'packages' ? (engineRank < 0 ? 9 : engineRank) : group === 'apps' ? 10 : 20;
      packages.push({
        name: json.name as string,
        dir: `${group}/${folder}`,
        group,
        rank,
        declared: new Set(deps),
        exports,
      });
    }
  }
  const rootJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return { packages, rootDev: new Set(Object.keys(rootJson.devDependencies ?? {})) };
}

/** Every source file of a package folder, skipping installed and built output. */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(join(root, d)).sort()) {
      if (e === 'node_modules' || e === 'dist' || e.startsWith('dist-') || e.startsWith('.')) continue;
      const p = `${d}/${e}`;
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (SOURCE.test(e) && !e.endsWith('.d.ts') && !GENERATED.has(p)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The module specifiers a file names, with their line numbers (comments ignored). */
export function importsOf(text: string): { specifier: string; line: number }[] {
  // Blank out comments, keeping newlines so line numbers hold.
  const code = text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/[^\n]*/g, (m, pre: string | undefined) =>
    m.startsWith('/*') ? m.replace(/[^\n]/g, ' ') : (pre ?? '') + ' '.repeat(m.length - (pre ?? '').length),
  );
  const out: { specifier: string; line: number }[] = [];
  const patterns = [
    // Static imports and re-exports start a statement (not inside a string of WAT or a test's fixture).
    /(?:^|;)[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) {
    for (const m of code.matchAll(re)) {
      out.push({ specifier: m[1], line: code.slice(0, m.index).split('\n').length });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

const isTestFile = (file: string) => /\.test\.[mc]?[jt]sx?$|(^|\/)test\/|test-support/.test(file);

/** The package name and subpath of a bare specifier: '@a/b/c' -> ['@a/b', './c']. */
function splitBare(spec: string): [string, string] {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  const rest = parts.slice(n).join('/');
  return [parts.slice(0, n).join('/'), rest === '' ? '.' : `./${rest}`];
}

export function checkLayers(root: string): Violation[] {
  const { packages, rootDev } = readWorkspace(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const builtins = new Set(builtinModules);
  const violations: Violation[] = [];
  for (const pkg of packages) {
    for (const file of sourceFiles(root, pkg.dir)) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const { specifier, line } of importsOf(text)) {
        const flag = (rule: string) => violations.push({ file, line, specifier, rule });
        if (specifier.startsWith('.')) {
          const target = posix(relative(root, resolve(root, dirname(file), specifier)));
          if (target === pkg.dir || target.startsWith(`${pkg.dir}/`)) continue;
          const owner = packages.find((p) => target === p.dir || target.startsWith(`${p.dir}/`));
          if (owner !== undefined) flag(`reaches into ${owner.dir} by a relative path (import ${owner.name} instead)`);
          else if (!/^(packages|apps|tools)\//.test(target) && !target.startsWith('..'))
            continue; // a root-level shared file
          else flag('reaches outside its package by a relative path');
          continue;
        }
        if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) continue;
        const [name, subpath] = splitBare(specifier);
        if (name === 'chess.js' && pkg.group !== 'tools' && !isTestFile(file)) {
          flag('chess.js (the rules oracle) is for tools and tests only');
        }
        if (name === pkg.name) continue;
        const target = byName.get(name);
        if (target === undefined) {
          if (!pkg.declared.has(name) && !rootDev.has(name))
            flag(`imports ${name}, which ${pkg.dir}/package.json does not declare`);
          continue;
        }
        if (!pkg.declared.has(name)) flag(`imports ${name}, which ${pkg.dir}/package.json does not declare`);
        if (!target.exports.has(subpath)) flag(`imports ${subpath} of ${name}, which its exports do not name`);
        if (target.group === 'apps' && pkg.group !== 'tools') {
          flag(pkg.group === 'apps' ? 'an app imports another app' : 'a package imports an app');
        } else if (target.group === 'tools' && pkg.group !== 'tools') {
          flag('imports a tool (tools come after packages and apps)');
        } else if (pkg.group === 'packages' && target.rank >= pkg.rank) {
          flag(`${pkg.dir} imports ${target.dir}, a layer at or above its own (${ENGINE_ORDER.join(', ')})`);
        }
      }
    }
  }
  return violations;
}

export const formatViolation = (v: Violation) => `${v.file}:${v.line}: '${v.specifier}': ${v.rule}`;
