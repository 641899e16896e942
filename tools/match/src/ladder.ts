/**
 * `ladder`: a gauntlet of one engine (Tempo by default) against the engines installed
 * on the machine, one resumable match per opponent, and a table in docs/STRENGTH.md
 * rewritten after each opponent: games, score, Elo with its error bar, faults.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, tempoDataDir, type Io } from '@tempo-chess/toolkit';
import { matchCommand } from './commands';
import { groupArgs, int, parseTc } from './options';
import { readResultFile, type ResultFile } from './results';
import { fmtFixed, pentaElo } from './stats';

interface Opponent {
  name: string;
  /** Words for --engine. */
  words: string[];
  /** The binary that must exist. */
  binary?: string;
}

const SF = '/usr/games/stockfish';

/** The installed engines the ladder knows (those whose binary exists are played). */
export function defaultOpponents(stockfishElos: number[]): Opponent[] {
  return [
    ...stockfishElos.map((elo) => ({
      name: `Stockfish-${elo}`,
      words: [
        `name=Stockfish-${elo}`,
        `cmd=${SF}`,
        'option.Threads=1',
        'option.Hash=16',
        'option.UCI_LimitStrength=true',
        `option.UCI_Elo=${elo}`,
      ],
      binary: SF,
    })),
    // Every opponent: one thread, 16 MB of hash, and no opening book of its own (GNU Chess, Toga II and
    // Glaurung default to OwnBook true), so each plays the ladder's openings and thinks from there.
    {
      name: 'GNU Chess',
      words: ['name=GNU Chess', 'cmd=/usr/games/gnuchess --uci', 'option.Hash=16', 'option.OwnBook=false'],
      binary: '/usr/games/gnuchess',
    },
    {
      name: 'Toga II',
      words: ['name=Toga II', 'cmd=/usr/games/toga2', 'option.Hash=16', 'option.OwnBook=false'],
      binary: '/usr/games/toga2',
    },
    // Glaurung searches with two threads by default and then overruns its clock on a busy two-core machine.
    {
      name: 'Glaurung',
      words: ['name=Glaurung', 'cmd=/usr/games/glaurung', 'option.Threads=1', 'option.Hash=16', 'option.OwnBook=false'],
      binary: '/usr/games/glaurung',
    },
    {
      name: 'Ethereal',
      words: ['name=Ethereal', 'cmd=/usr/games/ethereal-chess', 'option.Hash=16'],
      binary: '/usr/games/ethereal-chess',
    },
  ];
}

/**
 * Where the ladder keeps its result files and PGNs unless `--dir` says otherwise:
 * outside the work tree (`$TEMPO_DATA/ladder`, default `~/.tempo/ladder`), because a
 * ladder outlives its checkout and a fresh checkout must still `--resume` it.
 */
export function defaultLadderDir(): string {
  return tempoDataDir('ladder');
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Runs the ladder; returns the exit code. */
export async function ladderCommand(argv: string[], io: Io): Promise<number> {
  let games = 100,
    tc = '10+0.1',
    resume = false,
    concurrency = 1;
  let subject = ['name=Tempo', 'cmd=node apps/uci/dist/tempo.js'];
  let openings = '../shared/data/openings-3moves.epd',
    dir = defaultLadderDir(),
    strength = 'docs/STRENGTH.md';
  let elos = [1600, 2000, 2400];
  // The ladder measures on the test tenth of the openings (never used for data or tuning), from a seed the caller
  // makes fresh for each new ladder.
  let part = 'test',
    seed = '1';
  let subjectCommit: string | undefined;
  const extra: Opponent[] = [];
  let only: string[] | undefined;
  for (const [opt, v] of groupArgs(argv, 'ladder')) {
    const one = () => {
      if (v.length !== 1) throw new UsageError(`ladder: ${opt} takes one value`);
      return v[0];
    };
    switch (opt) {
      case '--games':
        games = int('ladder --games', one(), 2);
        break;
      case '--tc':
        parseTc((tc = one()));
        break;
      case '--resume':
        resume = true;
        break;
      case '--concurrency':
        concurrency = int('ladder --concurrency', one(), 1, 64);
        break;
      case '--subject':
        subject = v;
        break;
      case '--engine': {
        const name = v.find((w) => w.startsWith('name='))?.slice(5);
        if (!name || !v.some((w) => w.startsWith('cmd=')))
          throw new UsageError('ladder: --engine needs name= and cmd=');
        extra.push({ name, words: v });
        break;
      }
      case '--openings':
        openings = one();
        break;
      case '--openings-part':
        part = one();
        break;
      case '--seed':
        seed = String(int('ladder --seed', one(), 0));
        break;
      case '--dir':
        dir = one();
        break;
      case '--strength-file':
        strength = one();
        break;
      case '--stockfish-elo':
        elos = one()
          .split(',')
          .map((e) => int('ladder --stockfish-elo', e, 1320, 3190));
        break;
      case '--only':
        only = one().split(',');
        break;
      case '--commit':
        subjectCommit = one();
        break;
      default:
        throw new UsageError(`ladder: unknown option ${opt}`);
    }
  }
  const subjectName = subject.find((w) => w.startsWith('name='))?.slice(5) ?? 'Tempo';
  let opponents = [...defaultOpponents(elos).filter((o) => !o.binary || existsSync(o.binary)), ...extra];
  if (only) opponents = opponents.filter((o) => only!.includes(o.name));
  if (opponents.length === 0) throw new UsageError('ladder: no opponents installed or selected');
  mkdirSync(dir, { recursive: true });
  const rows: Array<{ opponent: string; result: ResultFile }> = [];
  for (const opp of opponents) {
    const out = join(dir, `${slug(subjectName)}-vs-${slug(opp.name)}.json`);
    const args = [
      '--engine',
      ...subject,
      '--engine',
      ...opp.words,
      '--each',
      `tc=${tc}`,
      '--games',
      String(games),
      '--openings',
      openings,
      '--openings-part',
      part,
      '--order',
      'random',
      '--seed',
      seed,
      '--concurrency',
      String(concurrency),
      '--out',
      out,
      '--pgn',
      join(dir, `${slug(subjectName)}-vs-${slug(opp.name)}.pgn`),
      ...(resume ? ['--resume'] : []),
    ];
    io.out(`== ${subjectName} vs ${opp.name} (${games} games, ${tc})`);
    const code = await matchCommand(args, io);
    if (code !== 0) return code;
    rows.push({ opponent: opp.name, result: readResultFile(out) });
    const before = existsSync(strength) ? readFileSync(strength, 'utf8') : '';
    writeFileSync(strength, withLadderSection(before, strengthTable(subjectName, tc, rows, subjectCommit ?? commit())));
  }
  io.out(`Wrote ${strength}`);
  return 0;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const LADDER_BEGIN = '<!-- ladder: written by pnpm ladder, everything outside these marks is kept -->';
const LADDER_END = '<!-- /ladder -->';

/**
 * The strength file with its ladder section (between the marks) replaced by `section`;
 * the rest of the file (other matches, notes) is kept. A file without the marks gets
 * the section at its end; an empty one becomes a `# Strength` page.
 */
export function withLadderSection(file: string, section: string): string {
  const marked = `${LADDER_BEGIN}\n${section}${LADDER_END}\n`;
  const a = file.indexOf(LADDER_BEGIN),
    b = file.indexOf(LADDER_END);
  if (a >= 0 && b > a) return file.slice(0, a) + marked + file.slice(b + LADDER_END.length).replace(/^\n/, '');
  if (file.trim() === '') return `# Strength\n\n${marked}`;
  return `${file.replace(/\n*$/, '\n\n')}${marked}`;
}

/** An Elo figure with its error bar; a match without a lost (or won) game has no finite Elo. */
function fmtElo(c: { wins: number; losses: number; draws: number }, elo: number, error: number): string {
  if (c.wins + c.losses + c.draws === 0) return '-';
  if (c.losses + c.draws === 0) return '+inf (all won)';
  if (c.wins + c.draws === 0) return '-inf (all lost)';
  return `${fmtFixed(elo, 1)} +/- ${fmtFixed(error, 1)}`;
}

/**
 * The Markdown table of the ladder (its section of the strength file). `commit` names
 * the subject's build (by default the checkout's HEAD; `--commit` when the subject is a
 * snapshot built elsewhere), and the subject's command is printed beside it.
 */
export function strengthTable(
  subject: string,
  tc: string,
  rows: Array<{ opponent: string; result: ResultFile }>,
  commitName = commit(),
): string {
  const spec = rows[0]?.result.settings.engines[0];
  const opts = spec
    ? Object.entries(spec.options)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : '';
  const lines = [
    '## Ladder',
    '',
    `${subject} against the engines installed on the test machine, written by \`pnpm ladder\``,
    `(tempo-match; ${tc} per game, openings from ${rows[0]?.result.settings.openings.file ?? '-'}, each played twice with colours reversed).`,
    `Date ${new Date().toISOString().slice(0, 10)}, commit ${commitName}${spec ? ` (\`${spec.cmd}\`${opts ? `, ${opts}` : ''})` : ''}. Elo is ${subject}'s, relative to the opponent, with its 95% error bar from the pentanomial variance.`,
    '',
    '| Opponent | Games | Score (W-L-D) | Elo | Time losses (own / opponent) | Other faults |',
    '|---|---:|---|---:|---|---|',
  ];
  for (const { opponent, result } of rows) {
    const c = result.counts;
    const n = c.wins + c.losses + c.draws;
    const e = pentaElo(c.penta);
    const [me, them] = result.settings.engines.map((x) => result.failures[x.name] ?? {});
    const other = (f: typeof me) =>
      Object.entries(f)
        .filter(([k, v]) => k !== 'time forfeit' && (v ?? 0) > 0)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ');
    const faults =
      [other(me) && `own: ${other(me)}`, other(them) && `opponent: ${other(them)}`].filter(Boolean).join('; ') ||
      'none';
    lines.push(
      `| ${opponent} | ${n} | ${n ? (((c.wins + c.draws / 2) / n) * 100).toFixed(1) : '-'}% (${c.wins}-${c.losses}-${c.draws}) | ${fmtElo(c, e.elo, e.eloError)} | ${me['time forfeit'] ?? 0} / ${them['time forfeit'] ?? 0} | ${faults} |`,
    );
  }
  return lines.join('\n') + '\n';
}
