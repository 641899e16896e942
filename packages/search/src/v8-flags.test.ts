import { describe, expect, test } from 'vitest';
import { DEFAULT_V8_FLAGS, v8Flags } from '../node/v8-flags';

describe('v8Flags', () => {
  test('the defaults without TEMPO_V8_FLAGS; the variable replaces them, split on white space; empty gives none', () => {
    expect(v8Flags({})).toEqual(DEFAULT_V8_FLAGS);
    expect(v8Flags({ TEMPO_V8_FLAGS: ' --a=1  --b\t--c ' })).toEqual(['--a=1', '--b', '--c']);
    expect(v8Flags({ TEMPO_V8_FLAGS: '' })).toEqual([]);
  });
});
