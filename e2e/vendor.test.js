// The page's vendored packages (crates/mancala-server/web/assets/vendor/)
// are the npm packages of e2e/package.json, file for file.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const VENDOR = resolve(HERE, '..', 'crates', 'mancala-server', 'web', 'assets', 'vendor');

for (const [folder, pkg] of [['fluent-bundle', '@fluent/bundle'], ['fluent-langneg', '@fluent/langneg']]) {
  test(`vendor/${folder} is ${pkg}'s esm folder as published`, () => {
    const source = join(HERE, 'node_modules', pkg, 'esm');
    const shipped = readdirSync(source).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')).sort();
    const vendored = readdirSync(join(VENDOR, folder)).sort();
    assert.deepEqual(vendored, shipped, 'the same files');
    for (const f of shipped) {
      assert.ok(readFileSync(join(VENDOR, folder, f)).equals(readFileSync(join(source, f))), `${folder}/${f} is the published file`);
    }
  });
}
