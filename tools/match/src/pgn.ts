/** PGN of a finished game: the standard headers and a comment per move (score/depth time). */
import type { GameRecord } from '@tempo-chess/toolkit';

export interface PgnHeaders {
  event: string;
  site: string;
  date: Date;
  round: string;
  white: string;
  black: string;
  timeControl: string;
  chess960: boolean;
}

const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The game as PGN text, ending in a blank line. */
export function gamePgn(h: PgnHeaders, g: GameRecord): string {
  const d = h.date;
  const date = `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
  const tags: Array<[string, string]> = [
    ['Event', h.event],
    ['Site', h.site],
    ['Date', date],
    ['Round', h.round],
    ['White', h.white],
    ['Black', h.black],
    ['Result', g.result],
  ];
  if (h.chess960) tags.push(['Variant', 'Chess960']);
  if (h.chess960 || g.startFen !== STANDARD_START) tags.push(['SetUp', '1'], ['FEN', g.startFen]);
  tags.push(['TimeControl', h.timeControl], ['Termination', g.termination], ['PlyCount', String(g.moves.length)]);
  const head = tags.map(([k, v]) => `[${k} "${esc(v)}"]`).join('\n');

  const [, turn, , , , full] = g.startFen.split(' ');
  let moveNo = Number(full) || 1;
  let white = turn !== 'b';
  const words: string[] = [];
  g.moves.forEach((m, i) => {
    if (white) words.push(`${moveNo}.`);
    else if (i === 0) words.push(`${moveNo}...`);
    words.push(m.san);
    if (m.info === null) words.push('{book}');
    else {
      const score = m.info.scoreText ?? '?';
      words.push(`{${score}/${m.info.depth ?? 0} ${(m.ms / 1000).toFixed(3)}s}`);
    }
    if (!white) moveNo++;
    white = !white;
  });
  words.push(`{${g.reason}}`, g.result);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return `${head}\n\n${lines.join('\n')}\n\n`;
}
