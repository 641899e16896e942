/**
 * The parameters an SPSA run tunes: a committed JSON file names at most 15 numeric
 * tunables of the search (`SEARCH_PARAMS`) with OpenBench's C_END and R_END for each;
 * start value and range come from SEARCH_PARAMS unless the file narrows them. And the
 * run's answer in the forms it is used in: `setoption` lines, the params.ts rows to
 * change, OpenBench's SPSA inputs and outputs.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '@tempo-chess/toolkit';
import { SEARCH_PARAMS, type SearchParam } from '@tempo-chess/search';

/** At most this many parameters in one run (more share too few games each). */
export const MAX_SPSA_PARAMS = 15;

/** One tuned parameter: integer start and range, C_END and R_END as OpenBench reads them. */
export interface SpsaParam {
  name: string;
  start: number;
  min: number;
  max: number;
  cEnd: number;
  rEnd: number;
}

interface FileEntry {
  name?: unknown;
  cEnd?: unknown;
  rEnd?: unknown;
  start?: unknown;
  min?: unknown;
  max?: unknown;
  why?: unknown;
}

/** Reads and checks a parameter file; throws InputError naming the file and the entry. */
export function readSpsaParams(path: string): SpsaParam[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `cannot read parameter file ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'not JSON')}`,
    );
  }
  const list = (json as { params?: unknown } | null)?.params;
  if (!Array.isArray(list)) throw new InputError(`${path}: no "params" list`);
  return checkSpsaParams(list as FileEntry[], path);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Checks the entries of a parameter file against SEARCH_PARAMS. */
export function checkSpsaParams(list: FileEntry[], path: string): SpsaParam[] {
  if (list.length === 0 || list.length > MAX_SPSA_PARAMS)
    throw new InputError(`${path}: ${list.length} parameters; a run tunes 1 to ${MAX_SPSA_PARAMS}`);
  const seen = new Set<string>();
  return list.map((e, i) => {
    const at = `${path}: parameter ${i + 1}`;
    if (typeof e?.name !== 'string') throw new InputError(`${at} has no "name"`);
    const name = e.name;
    const p: SearchParam | undefined = SEARCH_PARAMS.find((q) => q.name === name);
    if (!p) throw new InputError(`${path}: unknown parameter "${name}" (not in SEARCH_PARAMS)`);
    if (p.step === undefined) throw new InputError(`${path}: "${name}" is a switch (0/1), not a numeric tunable`);
    if (seen.has(name)) throw new InputError(`${path}: "${name}" is listed twice`);
    seen.add(name);
    for (const k of ['start', 'min', 'max'] as const)
      if (e[k] !== undefined && !isInt(e[k])) throw new InputError(`${path}: "${name}" ${k} must be an integer`);
    const min = (e.min as number | undefined) ?? p.min;
    const max = (e.max as number | undefined) ?? p.max;
    const start = (e.start as number | undefined) ?? p.value;
    if (min < p.min || max > p.max || min >= max)
      throw new InputError(`${path}: "${name}" range [${min}, ${max}] is not within its range [${p.min}, ${p.max}]`);
    if (start < min || start > max)
      throw new InputError(`${path}: "${name}" start ${start} is outside its range [${min}, ${max}]`);
    const cEnd = e.cEnd,
      rEnd = e.rEnd;
    if (typeof cEnd !== 'number' || !(cEnd > 0) || cEnd > (max - min) / 2)
      throw new InputError(`${path}: "${name}" cEnd must be a number above 0 and at most half its range, got ${cEnd}`);
    if (typeof rEnd !== 'number' || !(rEnd > 0) || rEnd >= 1)
      throw new InputError(`${path}: "${name}" rEnd must be a number in (0, 1), got ${rEnd}`);
    return { name, start, min, max, cEnd, rEnd };
  });
}

/** OpenBench's SPSA input lines: `NAME, int, START, MIN, MAX, C_END, R_END`. */
export function openBenchInputs(params: readonly SpsaParam[]): string[] {
  return params.map((p) => `${p.name}, int, ${p.start}, ${p.min}, ${p.max}, ${p.cEnd}, ${p.rEnd}`);
}

/** The tuned values as the engine plays them: theta rounded to integers. */
export function tunedValues(theta: readonly number[]): number[] {
  return theta.map((t) => Math.round(t));
}

/**
 * The answer of a run, from its parameters and theta: `setoption` lines, the rows of
 * packages/search/src/params.ts that change (old then new, as a patch's - and + lines),
 * OpenBench's inputs (the run's start) and outputs (`NAME, VALUE`).
 */
export function spsaReport(params: readonly SpsaParam[], theta: readonly number[]): string[] {
  const values = tunedValues(theta);
  const row = (p: SearchParam, value: number) =>
    `{ name: '${p.name}', value: ${value}, min: ${p.min}, max: ${p.max}, step: ${p.step} },`;
  const patch: string[] = [];
  params.forEach((p, i) => {
    const sp = SEARCH_PARAMS.find((q) => q.name === p.name) as SearchParam;
    if (values[i] !== sp.value) patch.push(`-  ${row(sp, sp.value)}`, `+  ${row(sp, values[i])}`);
  });
  return [
    'setoption lines:',
    ...params.map((p, i) => `setoption name ${p.name} value ${values[i]}`),
    '',
    'packages/search/src/params.ts, the rows that change:',
    ...(patch.length > 0 ? patch : ['(none: every tuned value is the default)']),
    '',
    'theta (unrounded):',
    ...params.map((p, i) => `${p.name} ${theta[i].toFixed(3)} (start ${p.start})`),
    '',
    'OpenBench SPSA inputs:',
    ...openBenchInputs(params),
    '',
    'OpenBench SPSA outputs:',
    ...params.map((p, i) => `${p.name}, ${values[i]}`),
  ];
}
