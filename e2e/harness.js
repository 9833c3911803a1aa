// What the end-to-end tests share: the real `mancala` binary started on a
// temporary SQLite file and a free port, Debian's Chromium driven by
// playwright-core, one browser context per player (its own storage, like
// a separate device), console errors collected, and the reference replay
// of a move list by the `mancala` CLI (mancala-core), independent of the
// page.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS = join(ROOT, 'docs', 'screenshots');

/** The binary under test: $MANCALA_BIN, else the release build, else the debug one. */
export function binary() {
  if (process.env.MANCALA_BIN) return process.env.MANCALA_BIN;
  for (const profile of ['release', 'debug']) {
    const path = join(ROOT, 'target', profile, 'mancala');
    if (existsSync(path)) return path;
  }
  throw new Error('no mancala binary: build it (cargo build --release -p mancala-cli) or set MANCALA_BIN');
}

/**
 * Starts `mancala serve` on a new database and port 0 (or on `again`'s
 * database and port, after `again` stopped); resolves with its URL.
 * `args` are more options of `mancala serve` (`['--takeover-after', '2s']`).
 * @param {{dir: string, addr: string}} [again]
 * @param {string[]} [args]
 */
export async function startServer(again, args = []) {
  const dir = again ? again.dir : mkdtempSync(join(tmpdir(), 'mancala-e2e-'));
  const addr = again ? again.addr : '127.0.0.1:0';
  const database = `sqlite://${join(dir, 'e2e.db')}?mode=rwc`;
  const child = spawn(binary(), ['serve', '--addr', addr, '--database', database, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL: ${out}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  const exited = new Promise((done) => child.on('exit', done));
  return {
    url,
    dir,
    addr: url.replace('http://', ''),
    /** Kills the server, keeping its database for a restart. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * A player: a browser context of its own, one page, and the console
 * errors and page errors seen on it.
 * @param {import('playwright-core').Browser} browser
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
export async function newPlayer(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return { context, page, errors };
}

/**
 * What a test file needs, set up by `before` and torn down by `after`
 * hooks registered here: the server (started with `serverArgs`), a
 * browser, and its players, whose consoles must stay clean.
 * `env.server` is the server once the hooks have run; `env.player(options)`
 * opens a new player with `playerDefaults` and `options`;
 * `env.assertNoConsoleErrors()` fails on any console error seen so far.
 * @param {{serverArgs?: string[], playerDefaults?: import('playwright-core').BrowserContextOptions}} [setup]
 */
export function testEnvironment({ serverArgs = [], playerDefaults = {} } = {}) {
  /** @type {import('playwright-core').Browser} */
  let browser;
  const players = [];
  const env = {
    /** @type {Awaited<ReturnType<typeof startServer>>} */
    server: undefined,
    async player(options = {}) {
      const p = await newPlayer(browser, { ...playerDefaults, ...options });
      players.push(p);
      return p;
    },
    assertNoConsoleErrors() {
      assert.deepEqual(players.flatMap((p) => p.errors), [], 'console errors');
    },
  };
  before(async () => {
    env.server = await startServer(undefined, serverArgs);
    browser = await launchBrowser();
  });
  after(async () => {
    if (browser) await browser.close();
    if (env.server) await env.server.stop();
  });
  return env;
}

/**
 * The seed counts shown on the page: {houses: [[...]...], stores: [...]},
 * from each cup's `data-count` (Latin digits in every language).
 */
export async function shownCounts(page, sides, houses) {
  const counts = { houses: [], stores: [] };
  for (let s = 0; s < sides; s++) {
    const row = [];
    for (let n = 1; n <= houses; n++) {
      row.push(Number(await page.getByTestId(`house-${s}-${n}`).getAttribute('data-count')));
    }
    counts.houses.push(row);
    counts.stores.push(Number(await page.getByTestId(`store-${s}`).getAttribute('data-count')));
  }
  return counts;
}

/** The position after `moves` under `rules`, by `mancala replay --json`. */
export function replay(rules, moves) {
  const out = execFileSync(binary(), ['--rules', rules, 'replay', '--moves', moves.join(','), '--json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

/** Saves a screenshot of `page` under docs/screenshots/. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: true });
}

/** A small deterministic generator, so a failing game can be replayed. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 2 ** 32;
  };
}

/**
 * Ann opens the home page at `url`, sets the form up with `prepare` (if
 * given), creates a room and sits; Bob opens the invite link and sits in
 * seat 1, and Ann's page shows him there. Resolves with the invite link.
 * @param {string} url
 * @param {{page: import('playwright-core').Page}} ann
 * @param {{page: import('playwright-core').Page}} bob
 * @param {(page: import('playwright-core').Page) => Promise<void>} [prepare]
 */
export async function hostAndGuest(url, ann, bob, prepare) {
  await ann.page.goto(url);
  if (prepare) await prepare(ann.page);
  await ann.page.getByTestId('create-room').click();
  const invite = ann.page.getByTestId('invite-link');
  await invite.waitFor();
  const link = await invite.inputValue();
  await ann.page.locator('.seat[data-mine="yes"]').waitFor();
  await bob.page.goto(link);
  await bob.page.getByTestId('sit-1').click();
  await bob.page.locator('.seat[data-mine="yes"]').waitFor();
  await ann.page.getByTestId('seat-1').locator('.name').waitFor();
  return link;
}

/**
 * Ann makes a room from the rules page of `spec` ("Play these rules"),
 * after `prepare` on that page if given, and Bob sits in its seat 1 by
 * the invite link; returns the link once Ann's page shows Bob seated.
 * @param {string} url
 * @param {string} spec
 * @param {{page: import('playwright-core').Page}} ann
 * @param {{page: import('playwright-core').Page}} bob
 * @param {(page: import('playwright-core').Page) => Promise<void>} [prepare]
 */
export async function rulesHostAndGuest(url, spec, ann, bob, prepare) {
  await ann.page.goto(`${url}/rules?spec=${encodeURIComponent(spec)}`);
  if (prepare) await prepare(ann.page);
  await ann.page.getByTestId('play-rules').click();
  await ann.page.waitForURL(/\/r\/[0-9a-f]{32}$/);
  await ann.page.locator('.seat[data-mine="yes"]').waitFor();
  const link = await ann.page.getByTestId('invite-link').inputValue();
  await bob.page.goto(link);
  await bob.page.getByTestId('sit-1').click();
  await bob.page.locator('.seat[data-mine="yes"]').waitFor();
  await ann.page.getByTestId('seat-1').locator('.name').waitFor();
  return link;
}

/**
 * The one of `pages` whose player is to move (its "to move" line says
 * it is theirs, in any language), or null once the game is over.
 * @template {{page: import('playwright-core').Page}} P
 * @param {P[]} pages
 * @returns {Promise<P | null>}
 */
export async function mover(pages) {
  for (;;) {
    for (const p of pages) {
      if ((await p.page.getByTestId('to-move').getAttribute('data-turn')) === 'mine') return p;
    }
    if (await pages[0].page.getByTestId('result').isVisible()) return null;
    await pages[0].page.waitForTimeout(20);
  }
}
