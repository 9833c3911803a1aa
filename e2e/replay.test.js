// Replays and players' pages in a real browser: a rated game played by
// clicking, then its page (/g/ID) stepped through move by move, every
// position checked against `mancala replay` (mancala-core) of the same
// moves, never against the page's own state; the player's page (/p/ID)
// lists the game and its rating chart gains a point; a spectator steps
// back through a live game; the Bengali pages have no English on them.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hostAndGuest, mover, replay, rng, screenshot, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', 'crates', 'mancala-i18n', 'locales');

/** Every player opened here. */
const opened = [];

/** A new player whose console errors are checked at the end. */
async function player(options = {}) {
  const p = await env.player(options);
  opened.push(p);
  return p;
}

/** No console error on any page opened here. */
function assertNoConsoleErrors() {
  assert.deepEqual(opened.flatMap((p) => p.errors), [], 'console errors');
}

/** The player id of the device of `page`. */
async function playerId(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('mancala.player') || '{}').id);
}

/**
 * Ann hosts a room of preset `preset` (rated or casual), Bob joins, Ann
 * starts; resolves with both.
 */
async function startGame(preset, rated, options = {}) {
  const ann = await player(options);
  const bob = await player(options);
  await hostAndGuest(env.server.url, ann, bob, async (page) => {
    await page.locator('#mode-preset').check();
    await page.locator('#preset').selectOption(preset);
    if (rated) await page.locator('#rated').check();
  });
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').and(ann.page.locator('[data-turn="mine"]')).waitFor();
  return [ann, bob];
}

/** The mover clicks a random playable house; both pages list the move. */
async function playOne(pages, who, random, moves) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  const houses = who.page.locator('[data-testid^="house-"]:enabled');
  const count = await houses.count();
  assert.ok(count > 0, 'the mover has a playable house');
  const house = houses.nth(Math.floor(random() * count));
  const number = (await house.getAttribute('data-testid')).split('-')[2];
  await house.click();
  moves.push(number);
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(moves.length - 1).waitFor();
}

/** Plays the game to its end by random clicks; resolves with the moves. */
async function playToEnd(pages, seed) {
  const random = rng(seed);
  const moves = [];
  for (let who = await mover(pages); who; who = await mover(pages)) {
    await playOne(pages, who, random, moves);
    assert.ok(moves.length < 400, 'the game ends');
  }
  return moves;
}

/** @type {{id: string, moves: string[]}|null} the game the first test finished */
let finished = null;

/** Waits until the replay shows the position after event `ply`. */
async function atPly(page, ply) {
  await page.locator(`[data-testid="replay-ply"][data-ply="${ply}"]`).waitFor();
}

test('a finished game steps through every move as mancala replay has it, and the player page gains it', async () => {
  const pages = await startGame('kalah', true);
  const [ann, bob] = pages;
  const annId = await playerId(ann.page);
  // Before: no rated game, an empty chart.
  const before = await player();
  await before.page.goto(`${env.server.url}/p/${annId}`);
  await before.page.getByTestId('player-games').locator('li').first().waitFor();
  assert.equal(await before.page.getByTestId('player-chart').getAttribute('data-points'), '0');

  const moves = await playToEnd(pages, 29);
  const reference = replay('kalah', moves);
  assert.equal(reference.over, true, `mancala-core ends the game after ${moves.join(',')}`);

  // The result links to the game's page.
  await ann.page.getByTestId('result-replay').click();
  await ann.page.waitForURL(/\/g\/[0-9a-f]{32}/);
  const gameId = new URL(ann.page.url()).pathname.split('/')[2];
  finished = { id: gameId, moves };
  const page = ann.page;
  await atPly(page, moves.length);
  assert.deepEqual(await shownCounts(page, 2, 6), { houses: reference.houses, stores: reference.stores });
  assert.equal(await page.locator('[data-testid="replay-moves"] li[data-ply]').count(), moves.length);
  assert.deepEqual(
    await page.locator('[data-testid="replay-moves"] li[data-ply]').evaluateAll((els) => els.map((e) => e.getAttribute('data-move'))),
    moves);

  // From the start, one step at a time (the arrow key and the button in
  // turn), every position is mancala-core's.
  await page.getByTestId('replay-first').click();
  await atPly(page, 0);
  assert.deepEqual(await shownCounts(page, 2, 6), { houses: [[4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4]], stores: [0, 0] });
  for (let k = 1; k <= moves.length; k++) {
    if (k % 2) await page.keyboard.press('ArrowRight');
    else await page.getByTestId('replay-forward').click();
    await atPly(page, k);
    const expected = replay('kalah', moves.slice(0, k));
    assert.deepEqual(await shownCounts(page, 2, 6), { houses: expected.houses, stores: expected.stores }, `after move ${k}`);
  }
  assert.equal(await page.getByTestId('replay-forward').isDisabled(), true);
  await page.getByTestId('replay-back').click();
  await atPly(page, moves.length - 1);
  await page.keyboard.press('Home');
  await atPly(page, 0);
  await page.getByTestId('replay-last').click();
  await atPly(page, moves.length);

  // A shared link to move 3 opens there, for anyone.
  const guest = await player();
  await guest.page.goto(`${env.server.url}/g/${gameId}#3`);
  await atPly(guest.page, 3);
  const third = replay('kalah', moves.slice(0, 3));
  assert.deepEqual(await shownCounts(guest.page, 2, 6), { houses: third.houses, stores: third.stores });
  assert.equal(await guest.page.getByTestId('replay-export-json').getAttribute('href'), `/api/games/${gameId}/export?format=json`);
  assert.equal(await guest.page.getByTestId('replay-export-text').getAttribute('href'), `/api/games/${gameId}/export?format=text`);
  await guest.page.setViewportSize({ width: 360, height: 760 });
  await screenshot(guest.page, 'replay-phone.png');
  // Phone-first: the step buttons are at least 44 px.
  const box = await guest.page.getByTestId('replay-forward').boundingBox();
  assert.ok(box && box.width >= 44 && box.height >= 44, `a 44 px target: ${JSON.stringify(box)}`);

  // The player's page: the game is listed (linking to its page) and the
  // rating chart has its point.
  await page.getByTestId(`replay-seat-0`).click();
  await page.waitForURL(/\/p\//);
  await page.getByTestId('player-games').locator(`li[data-game="${gameId}"]`).waitFor();
  assert.equal(await page.getByTestId('player-chart').getAttribute('data-points'), '1');
  await page.getByTestId('player-games').locator(`li[data-game="${gameId}"] a`).first().click();
  await page.waitForURL(new RegExp(`/g/${gameId}`));
  await atPly(page, moves.length);
  // Bob's page too, from the leaderboard.
  await bob.page.goto(env.server.url);
  await bob.page.getByTestId('leaderboard-player').first().waitFor();
  const rows = await bob.page.getByTestId('leaderboard-player').count();
  assert.ok(rows >= 2);
  assertNoConsoleErrors();
});

test("the engine's verdicts: the chart, the best move and each move's verdict", async () => {
  assert.ok(finished, 'the first test finished a game');
  const { id, moves } = finished;
  const p = await player();
  await p.page.goto(`${env.server.url}/g/${id}#0`);
  await atPly(p.page, 0);
  // The analysis comes in the background: the page polls until done.
  await p.page.getByTestId('replay-chart').waitFor({ timeout: 120000 });
  const analysis = await p.page.evaluate(async (game) => (await fetch(`/api/games/${game}/analysis`)).json(), id);
  assert.equal(analysis.status, 'done');
  assert.equal(await p.page.getByTestId('replay-chart').getAttribute('data-points'), String(analysis.moves.length));
  // At the start the best first move is marked on the board.
  const best = analysis.moves.find((/** @type {any} */ m) => m.ply === 1);
  if (best && /^\d+$/.test(best.best)) {
    await p.page.locator(`[data-testid="house-${best.side}-${best.best}"][data-best="yes"]`).waitFor();
    assert.match(await p.page.getByTestId('replay-best').textContent(), /\d|[০-৯]/);
  }
  // After each move, its verdict, exact or estimated.
  for (let k = 1; k <= Math.min(moves.length, 6); k++) {
    await p.page.getByTestId('replay-forward').click();
    await atPly(p.page, k);
    const v = analysis.moves.find((/** @type {any} */ m) => m.ply === k);
    if (!v) continue;
    await p.page.locator(`[data-testid="replay-verdict"][data-verdict="${v.verdict}"]`).waitFor();
  }
  assertNoConsoleErrors();
});

test('a step forward is sown as in play, seed by seed', async () => {
  assert.ok(finished, 'the first test finished a game');
  const { id, moves } = finished;
  const p = await player({ reducedMotion: 'no-preference' });
  await p.page.goto(`${env.server.url}/g/${id}#0`);
  await atPly(p.page, 0);
  await p.page.evaluate(() => {
    /** @type {number[]} */
    const seen = [];
    // @ts-ignore: the test's own record
    window.handSeen = seen;
    const board = /** @type {HTMLElement} */ (document.querySelector('[data-testid="replay-board"]'));
    new MutationObserver(() => {
      const hand = /** @type {HTMLElement|null} */ (board.querySelector('.hand'));
      if (hand && !hand.hidden) seen.push(Number(hand.querySelector('.count')?.textContent?.replace(/\D/g, '') || 0));
    }).observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await p.page.keyboard.press('ArrowRight');
  await atPly(p.page, 1);
  // @ts-ignore: the test's own record
  const seen = await p.page.evaluate(() => window.handSeen);
  assert.ok(seen.length > 0, 'the hand of seeds was shown');
  const expected = replay('kalah', moves.slice(0, 1));
  assert.deepEqual(await shownCounts(p.page, 2, 6), { houses: expected.houses, stores: expected.stores });
  assertNoConsoleErrors();
});

test('a spectator steps back through a live game and returns to it', async () => {
  const pages = await startGame('kalah', false);
  const [ann] = pages;
  const watcher = await player();
  await watcher.page.goto(ann.page.url());
  await watcher.page.getByTestId('to-move').waitFor();
  const random = rng(5);
  const moves = [];
  for (let i = 0; i < 4; i++) {
    const who = await mover(pages);
    assert.ok(who);
    await playOne(pages, who, random, moves);
  }
  await watcher.page.locator('[data-testid="moves"] li').nth(3).waitFor();
  await watcher.page.getByTestId('replay-back').click();
  await atPly(watcher.page, 3);
  const back = replay('kalah', moves.slice(0, 3));
  assert.deepEqual(await shownCounts(watcher.page, 2, 6), { houses: back.houses, stores: back.stores });
  await watcher.page.getByTestId('replay-first').click();
  await atPly(watcher.page, 0);
  // A move played meanwhile does not pull the watcher back to the game.
  const who = await mover(pages);
  assert.ok(who);
  await playOne(pages, who, random, moves);
  await watcher.page.locator('[data-testid="moves"] li').nth(4).waitFor();
  await atPly(watcher.page, 0);
  assert.deepEqual(await shownCounts(watcher.page, 2, 6), { houses: [[4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4]], stores: [0, 0] });
  await watcher.page.getByTestId('replay-to-live').click();
  const now = replay('kalah', moves);
  await watcher.page.getByTestId('replay-ply').waitFor({ state: 'hidden' });
  assert.deepEqual(await shownCounts(watcher.page, 2, 6), { houses: now.houses, stores: now.stores });
  assertNoConsoleErrors();
});

/**
 * The words of the English catalog's texts (as e2e/languages.test.js
 * looks for them).
 */
function englishWords() {
  const words = new Set();
  for (const file of ['site.ftl', 'board.ftl', 'errors.ftl', 'games.ftl', 'rules.ftl', 'lore.ftl']) {
    const text = readFileSync(join(LOCALES, 'en', file), 'utf8');
    for (const line of text.split('\n')) {
      if (/^\s*#/.test(line)) continue;
      const value = line.replace(/^[a-z][a-z0-9-]*\s*=/, '').replace(/^\s*\*?\[[^\]]*\]/, '');
      const plain = value.replace(/\{[^}]*\}/g, ' ');
      for (const w of plain.match(/[A-Za-z]{3,}/g) || []) words.add(w.toLowerCase());
    }
  }
  return words;
}

/** The English words on `page` now: its text, accessible names and titles. */
async function englishOn(page, english) {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'alt']) {
        const v = el.getAttribute(name);
        if (v) parts.push(v);
      }
    }
    for (const el of document.querySelectorAll('svg title')) parts.push(el.textContent || '');
    return parts.join('\n');
  });
  const found = new Set();
  for (const w of text.match(/[A-Za-z]{3,}/g) || []) {
    if (w === 'English') continue;
    if (english.has(w.toLowerCase())) found.add(w);
  }
  return [...found];
}

test('bn: a replay and a player page have no English on them', async () => {
  const english = englishWords();
  const options = { locale: 'bn-BD' };
  const pages = await startGame('kalah', true, options);
  const [ann] = pages;
  // Ann resigns at once: a rated game of one event.
  await ann.page.getByTestId('resign').click();
  await ann.page.getByTestId('resign').click();
  await ann.page.getByTestId('result-replay').click();
  await ann.page.waitForURL(/\/g\//);
  await atPly(ann.page, 1);
  assert.deepEqual(await englishOn(ann.page, english), [], 'English on a replay');
  await ann.page.getByTestId('replay-first').click();
  await atPly(ann.page, 0);
  assert.deepEqual(await englishOn(ann.page, english), [], 'English on a replay at its start');
  await ann.page.getByTestId('replay-seat-0').click();
  await ann.page.getByTestId('player-chart').and(ann.page.locator('[data-points="1"]')).waitFor();
  await ann.page.getByTestId('player-games').locator('li[data-game]').first().waitFor();
  assert.deepEqual(await englishOn(ann.page, english), [], 'English on a player page');
  assertNoConsoleErrors();
});
