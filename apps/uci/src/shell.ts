/**
 * One-shot commands from the shell, `tempo bench [depth]` and `tempo perft N [FEN]`:
 * run on the main thread, print, exit. The bench is the same code and the same
 * settings as the UCI command's, so both print the same signature.
 */
import { createSignals } from '@tempo-chess/search';
import { Position, START_FEN } from '@tempo-chess/position';
import { TUNING_BUILD, loadEngine, spsaInputs } from '@tempo-chess/uci';
import { nodePlatform } from './node-platform';

export async function runShell(args: string[]): Promise<void> {
  if (args[0] === 'spsa-inputs') {
    // The tuning build's tunables; nothing of the engine is needed.
    if (!TUNING_BUILD) {
      process.stderr.write('spsa-inputs: only the tuning build has tunables (make TUNE=1)\n');
      process.exit(2);
    }
    process.stdout.write(spsaInputs().join('\n') + '\n', () => process.exit(0));
    return;
  }
  const { Engine, runBench, runPerft } = await loadEngine();
  const out = (text: string) => process.stdout.write(text + '\n');
  const fail = (text: string) => {
    process.stderr.write(text + '\n');
    process.exit(2);
  };
  const [cmd, arg, ...rest] = args;
  const depth = arg === undefined ? undefined : Number(arg);
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= 64))
    fail(`${cmd}: the depth must be a positive integer, got "${arg}"`);
  const engine = new Engine(createSignals(), out, {}, 1);
  if (cmd === 'bench') runBench(engine.settings(), out, depth, nodePlatform.cpuTimeMs);
  else if (cmd === 'perft' && depth !== undefined) {
    const parsed = Position.parse(rest.length > 0 ? rest.join(' ') : START_FEN);
    if (!parsed.ok) fail(`perft: ${parsed.error}`);
    else runPerft(engine.parse(parsed.value.toFen()), depth, out);
  } else
    fail(
      'usage: tempo            (UCI on stdin/stdout)\n       tempo bench [depth]\n       tempo perft N [FEN]\n' +
        '       tempo spsa-inputs  (the tuning build)',
    );
  process.stdout.write('', () => process.exit(0));
}
