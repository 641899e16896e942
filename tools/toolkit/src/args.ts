/**
 * Option parsing for the commands: node:util parseArgs in strict mode, with its
 * errors turned into one line that names the command and the option.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in the command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `argv` for `command`; throws UsageError on an unknown option or a missing value. */
export function parseCommand<T extends Options>(
  command: string,
  argv: string[],
  options: T,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${describeParseError(e)}`);
  }
}

function describeParseError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(err.message ?? '')?.[1] ?? '';
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(err.message ?? '')
        ? `option ${quoted.split(' ')[0]} needs a value`
        : `bad value for ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted}`;
    default:
      return (err.message ?? String(e)).split('\n')[0];
  }
}

/** An integer option or argument within [min, max]; `fallback` when absent. */
export function intArg(
  command: string,
  name: string,
  text: string | undefined,
  min: number,
  max: number,
  fallback?: number,
): number {
  if (text === undefined) {
    if (fallback === undefined) throw new UsageError(`${command}: ${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${command}: ${name} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

/** Throws UsageError unless exactly `count` positionals were given. */
export function expectPositionals(command: string, positionals: string[], names: string[]): void {
  if (positionals.length < names.length)
    throw new UsageError(`${command}: missing ${names.slice(positionals.length).join(', ')}`);
  if (positionals.length > names.length)
    throw new UsageError(`${command}: unexpected argument ${positionals[names.length]}`);
}
