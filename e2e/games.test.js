// The traditional games on the page, in a real browser: a clockwise
// board drawn as the mirror image, relay sowing animated lift by lift,
// the tuzdyk marked, the rules of a room in words. Final boards are
// checked against `mancala replay` (mancala-core), never against the
// page's own state.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hostAndGuest, mover, replay, rng, screenshot, shownCounts, testEnvironment,
} from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });

/** Ann creates a room of preset `rules`, Bob joins, Ann starts. */
async function game(rules, options = {}) {
  const ann = await env.player(options);
  const bob = await env.player(options);
  await hostAndGuest(env.server.url, ann, bob, async (page) => {
    await page.locator('#mode-preset').check();
    await page.locator('#preset').selectOption(rules);
  });
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
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

/** Where a cup is drawn: the middle of its box. */
async function centre(page, id) {
  const box = await page.getByTestId(id).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a clockwise game is drawn as the mirror image and played to the end', async () => {
  const pages = await game('songo');
  const [ann, bob] = pages;
  // docs/rules.md section 3, direction = cw: each store on its owner's
  // left, house 1 on their right. Ann (side 0) sees her row at the
  // bottom running right to left and her store on the left; Bob's row on
  // top, his house 1 on the left (his right, across the board).
  for (const [p, own, other] of [[ann, 0, 1], [bob, 1, 0]]) {
    const h1 = await centre(p.page, `house-${own}-1`);
    const h7 = await centre(p.page, `house-${own}-7`);
    const store = await centre(p.page, `store-${own}`);
    const o1 = await centre(p.page, `house-${other}-1`);
    const o7 = await centre(p.page, `house-${other}-7`);
    const otherStore = await centre(p.page, `store-${other}`);
    assert.ok(h1.x > h7.x && Math.abs(h1.y - h7.y) < 2, 'own row: house 1 on the right');
    assert.ok(store.x < h7.x, 'own store on the left');
    assert.ok(o1.y < h1.y && o1.x < o7.x, 'the other row on top, its house 1 on the left');
    assert.ok(otherStore.x > o7.x, "the other store on the right");
  }
  // "How to play these rules": Songo's rules in words, from the engine.
  await ann.page.getByTestId('how-to').locator('summary').click();
  const words = await ann.page.getByTestId('how-to').textContent();
  assert.match(words, /Sow them one by one clockwise/);
  assert.match(words, /a store on their left/);
  const random = rng(9);
  const moves = [];
  for (let who = await mover(pages); who; who = await mover(pages)) {
    await playOne(pages, who, random, moves);
    if (moves.length === 12) await screenshot(bob.page, 'songo-clockwise.png');
    assert.ok(moves.length < 600, 'the game ends');
  }
  const reference = replay('songo', moves);
  assert.equal(reference.over, true, `mancala-core ends the game after ${moves.join(',')}`);
  for (const p of pages) {
    const shown = await shownCounts(p.page, 2, 7);
    assert.deepEqual(shown, { houses: reference.houses, stores: reference.stores });
  }
  env.assertNoConsoleErrors();
});

test('relay sowing is animated lift by lift, never showing a seed too many', async () => {
  // Animations on: every frame the board shows is recorded.
  const pages = await game('congkak', { reducedMotion: 'no-preference' });
  const total = 2 * 7 * 7;
  for (const p of pages) {
    await p.page.evaluate(() => {
      const board = document.querySelector('.board-wrap');
      /** @type {number[]} */
      const sums = [];
      // @ts-ignore: the test's own record
      window.frameSums = sums;
      new MutationObserver(() => {
        const cups = [...document.querySelectorAll('.board .cup')];
        sums.push(cups.reduce((sum, el) => sum + Number(/** @type {HTMLElement} */ (el).dataset.count), 0));
      }).observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-count'] });
    });
  }
  const random = rng(4);
  const moves = [];
  let relayed = 0;
  for (let i = 0; i < 6; i++) {
    const who = await mover(pages);
    if (!who) break;
    await playOne(pages, who, random, moves);
    // The announcement says when the sowing went on from other houses.
    for (const p of pages) await p.page.getByTestId('to-move').waitFor();
    const said = await pages[0].page.locator('[data-announce]').textContent();
    if (/The sowing went on/.test(said)) relayed += 1;
  }
  assert.ok(relayed > 0, 'a move relayed');
  for (const p of pages) {
    // Lifted seeds are in the hand: no frame shows more than the game's seeds.
    const sums = await p.page.evaluate(() => /** @type {any} */ (window).frameSums);
    assert.ok(sums.length > moves.length, 'the sowing was animated');
    assert.ok(Math.max(...sums) <= total, `frames showed ${Math.max(...sums)} seeds of ${total}`);
    const reference = replay('congkak', moves);
    assert.deepEqual(await shownCounts(p.page, 2, 7), { houses: reference.houses, stores: reference.stores });
  }
  env.assertNoConsoleErrors();
});

test('a tuzdyk is marked on the house it takes, for both players', async () => {
  const pages = await game('toguz-kumalak');
  const random = rng(12);
  const moves = [];
  let made = null;
  while (!made) {
    const who = await mover(pages);
    assert.ok(who, `a tuzdyk before the end of the game (${moves.join(',')})`);
    await playOne(pages, who, random, moves);
    const reference = replay('toguz-kumalak', moves);
    const owner = (reference.tuzdyk || []).findIndex((n) => n > 0);
    if (owner >= 0) made = { owner, number: reference.tuzdyk[owner] };
  }
  const id = `house-${1 - made.owner}-${made.number}`;
  for (const [seat, p] of pages.entries()) {
    const house = p.page.getByTestId(id);
    assert.equal(await house.getAttribute('data-tuzdyk'), String(made.owner));
    const label = await house.getAttribute('aria-label');
    assert.match(label, seat === made.owner ? /, your tuzdyk$/ : /'s tuzdyk$/);
    assert.equal(await p.page.locator('.tuzdyk').count(), 1, 'one tuzdyk so far');
  }
  const said = await pages[0].page.locator('[data-announce]').textContent();
  assert.match(said, /tuzdyk is now/);
  await screenshot(pages[made.owner].page, 'toguz-tuzdyk.png');
  env.assertNoConsoleErrors();
});

test('a player with no move is passed over, and the page says so', async () => {
  // Vai Lung Thlan (docs/rules.md section 7, no_move = pass): no store
  // is sown, so there are no extra turns, and the mover moving again
  // means the other player was passed over (by mancala-core).
  const pages = await game('vai-lung-thlan');
  const random = rng(2);
  const moves = [];
  let passed = null;
  while (passed === null) {
    const who = await mover(pages);
    assert.ok(who, `a pass before the end of the game (${moves.join(',')})`);
    const seat = pages.indexOf(who);
    await playOne(pages, who, random, moves);
    if (replay('vai-lung-thlan', moves).to_move === seat) passed = 1 - seat;
  }
  const [ann, bob] = pages;
  const name = (p) => p.page.evaluate(() => JSON.parse(localStorage.getItem('mancala.player')).name);
  const passedName = await name(pages[passed]);
  for (const [seat, p] of [[0, ann], [1, bob]]) {
    const said = await p.page.locator('[data-announce]').textContent();
    const who = seat === passed ? 'You cannot move and are' : `${passedName} cannot move and is`;
    assert.ok(said.includes(`${who} passed over.`), `page of seat ${seat}: ${said}`);
  }
  env.assertNoConsoleErrors();
});
