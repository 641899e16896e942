#!/usr/bin/env node
/**
 * Makes a net file the engine's default: `pnpm net:embed <file.nnue>` (which builds
 * @tempo-chess/nnue first; this script reads its dist). The file is checked with decodeNet,
 * copied to nets/tempo-<first 8 hex digits of its weights hash>.nnue (any other net in
 * nets/ is removed: one default at a time), and src/default-net-name.ts (its name and
 * size) and src/default-net.ts (its bytes as base64) are written. Commit the three;
 * src/default-net.test.ts checks that they agree. (The build needs the current
 * src/default-net*.ts, so keep them committed.)
 */
import { readFileSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { netSources } from '../build/net-sources.mjs';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: pnpm net:embed <file.nnue>\n');
  process.exit(2);
}
const { decodeNet } = await import(join(pkg, 'dist/index.js'));

let bytes;
try {
  bytes = new Uint8Array(readFileSync(file));
  decodeNet(bytes);
} catch (e) {
  process.stderr.write(`embed-net: ${file}: ${e.message}\n`);
  process.exit(1);
}
const { name, nameSource, bytesSource } = netSources(bytes, basename(file));

const nets = join(pkg, 'nets');
for (const old of readdirSync(nets)) if (old.endsWith('.nnue') && old !== name) rmSync(join(nets, old));
writeFileSync(join(nets, name), bytes);
writeFileSync(join(pkg, 'src/default-net-name.ts'), nameSource);
writeFileSync(join(pkg, 'src/default-net.ts'), bytesSource);
process.stdout.write(
  `embed-net: ${file} -> packages/nnue/nets/${name} and packages/nnue/src/default-net.ts, default-net-name.ts (${bytes.length} bytes)\n`,
);
