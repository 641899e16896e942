/** Text for people: mismatch reports, summary lines, tables. */
import type { Mismatch, PositionResult } from './lockstep';

/** Million nodes per second, two decimals. */
export function mnps(nodes: number, seconds: number): string {
  return (nodes / Math.max(seconds, 1e-9) / 1e6).toFixed(2);
}

/** The lines of one mismatch report. */
export function formatMismatch(m: Mismatch, positionIndex: number): string[] {
  const lines = [
    `MISMATCH in position ${positionIndex + 1}: ${m.rootFen}`,
    `  path:    ${m.path.length > 0 ? m.path.join(' ') : '(root)'}`,
    `  fen:     ${m.fen}`,
    `  missing: ${m.missing.length > 0 ? m.missing.join(' ') : '-'}   (oracle has, Tempo lacks)`,
    `  extra:   ${m.extra.length > 0 ? m.extra.join(' ') : '-'}   (Tempo has, oracle lacks)`,
  ];
  if (m.note) lines.push(`  note:    ${m.note}`);
  return lines;
}

/** Every mismatch and error of a diff run, in position order. */
export function formatResults(results: readonly PositionResult[], fens: readonly string[]): string[] {
  const lines: string[] = [];
  results.forEach((r, i) => {
    if (r.error) lines.push(`ERROR in position ${i + 1}: ${fens[i]}`, `  ${r.error}`);
    for (const m of r.mismatches) lines.push(...formatMismatch(m, i));
    if (r.mismatchCount > r.mismatches.length)
      lines.push(`  ... and ${r.mismatchCount - r.mismatches.length} more differing nodes in position ${i + 1}`);
  });
  return lines;
}

/** A plain text table with right-aligned columns after the first. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}
