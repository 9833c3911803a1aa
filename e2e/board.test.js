// The board in a real browser: seeds drawn as stones (a pile beyond the
// cap), the sowing animated seed by seed from the server's steps, the
// last move marked, the keyboard, the sound switch remembered, 44 px
// houses on a 360 px phone for 2, 3 and 4 players, and a Bengali board
// named in Bengali with Bengali digits. Every game here is played
// against the computer (the server's), so one page is enough.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment();

/** The most stones drawn in a house and in a two-row board's store (stones.js). */
const CAP = { house: 20, store: 40 };

/**
 * A game against the computer (level 1) in every other seat: the player
 * opens a room of `rules` (a spec: `kalah`, `kalah,houses=7`,
 * `kalah,players=4`), sits, seats the computer, starts, and waits for
 * their turn.
 * @param {import('playwright-core').BrowserContextOptions} options
 * @param {string} rules
 */
async function computerGame(options, rules = 'kalah') {
  const p = await env.player(options);
  await p.page.goto(env.server.url);
  await p.page.getByTestId('create-room').waitFor();
  const code = await p.page.evaluate(async (spec) => {
    const me = JSON.parse(localStorage.getItem('mancala.player') || 'null');
    const response = await fetch('/api/rooms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.id}:${me.secret}` },
      body: JSON.stringify({ rules: spec, rated: false }),
    });
    const room = await response.json();
    // The host sits down on arrival, as after the home page's form.
    sessionStorage.setItem('mancala.created', room.code);
    return room.code;
  }, rules);
  await p.page.goto(`${env.server.url}/r/${code}`);
  await p.page.locator('.seat[data-mine="yes"]').waitFor();
  const players = Number((/players=(\d)/.exec(rules) || [0, 2])[1]);
  for (let seat = 1; seat < players; seat++) {
    await p.page.getByTestId(`level-${seat}`).selectOption('1');
    await p.page.getByTestId(`computer-${seat}`).click();
    await p.page.getByTestId(`seat-${seat}`).locator('.name').waitFor();
  }
  await p.page.getByTestId('start-game').click();
  await myTurn(p.page);
  return p;
}

/** Waits until the page's player may move and the server's moves are in. */
async function myTurn(page) {
  await page.locator('[data-testid="to-move"][data-turn="mine"]').waitFor();
  await page.locator('[data-ready="yes"]').waitFor();
}

/** Waits for the player's turn (true) or the end of the game (false). */
async function turnOrEnd(page) {
  const mine = page.locator('[data-testid="to-move"][data-turn="mine"]');
  await mine.or(page.locator('[data-testid="to-move"][data-turn="none"]')).waitFor();
  if ((await page.getByTestId('to-move').getAttribute('data-turn')) !== 'mine') return false;
  await page.locator('[data-ready="yes"]').waitFor();
  return true;
}

/** The number of moves listed. */
function listed(page) {
  return page.locator('[data-testid="moves"] li').count();
}

/**
 * The player clicks house `id` and waits until the move is listed.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
async function playHouse(page, id) {
  const before = await listed(page);
  await page.getByTestId(id).click();
  await page.locator('[data-testid="moves"] li').nth(before).waitFor();
}

/** The cups as drawn: count, stones, pile, text, stones' spots. */
function drawnCups(page) {
  return page.locator('.board .cup').evaluateAll((els) => els.map((el) => {
    const cup = /** @type {HTMLElement} */ (el);
    const stones = [...cup.querySelectorAll('.stones .stone')].map((s) => {
      const style = /** @type {HTMLElement} */ (s).style;
      return `${s.className}@${style.getPropertyValue('--sx')},${style.getPropertyValue('--sy')}`;
    });
    return {
      id: cup.dataset.testid || '',
      kind: cup.classList.contains('store') ? 'store' : 'house',
      count: Number(cup.dataset.count),
      text: cup.textContent,
      pile: cup.classList.contains('pile'),
      hidden: [...cup.querySelectorAll('.stones, .count')].every((x) => x.getAttribute('aria-hidden') === 'true'),
      stones,
    };
  }));
}

/** Checks the stones of every cup against its count. */
async function assertStones(page) {
  const cups = await drawnCups(page);
  /** @type {Map<string, string[]>} */
  const looks = new Map();
  for (const c of cups) {
    const cap = CAP[c.kind];
    assert.equal(c.stones.length, Math.min(c.count, cap), `${c.id}: stones for ${c.count} seeds`);
    assert.equal(c.pile, c.count > cap, `${c.id}: a pile beyond ${cap}`);
    assert.equal(c.text, String(c.count), `${c.id}: the count is its only text`);
    assert.ok(c.hidden, `${c.id}: stones and count are hidden from screen readers`);
    // The same number of stones looks the same in every cup of a kind,
    // and more stones only add to fewer: stone i always sits at spot i.
    const longest = looks.get(c.kind) || [];
    const [short, long] = c.stones.length <= longest.length ? [c.stones, longest] : [longest, c.stones];
    assert.deepEqual(short, long.slice(0, short.length), `${c.id}: stones at their own spots`);
    looks.set(c.kind, long);
  }
  return cups;
}

test('seeds are drawn as stones, a pile beyond the cap, the same spots for the same stones', async () => {
  // 21 seeds a house: every house starts as a pile.
  const { page } = await computerGame({ reducedMotion: 'reduce' }, 'kalah,seeds=21');
  let cups = await assertStones(page);
  assert.ok(cups.filter((c) => c.kind === 'house').every((c) => c.pile && c.count === 21));
  for (let i = 0; i < 3; i++) {
    const house = page.locator('[data-testid^="house-0-"]:enabled').first();
    await playHouse(page, /** @type {string} */ (await house.getAttribute('data-testid')));
    await myTurn(page);
  }
  cups = await assertStones(page);
  assert.ok(cups.some((c) => !c.pile && c.count > 0), 'some cups below the cap');
  env.assertNoConsoleErrors();
});

/**
 * Hovers the player's playable houses, checking that each shows where
 * its last seed lands with a marker; returns a house that captures if
 * one does (else the last), with its landing and the other houses it
 * takes.
 * @param {import('playwright-core').Page} page
 */
async function chooseHouse(page) {
  const ids = await page.locator('[data-testid^="house-0-"]:enabled').evaluateAll((els) => els.map((el) => /** @type {HTMLElement} */ (el).dataset.testid || ''));
  let chosen = null;
  for (const id of ids) {
    await page.mouse.move(0, 0);
    await page.getByTestId(id).hover();
    const landing = page.locator('.cup.landing');
    await landing.waitFor();
    const display = await landing.locator('.marker').evaluate((m) => getComputedStyle(m).display);
    assert.notEqual(display, 'none', `hovering ${id}: a marker where the last seed lands`);
    const landed = /** @type {string} */ (await landing.getAttribute('data-testid'));
    const taken = await page.locator('.cup.capture:not(.landing)').evaluateAll((els) => els.map((el) => /** @type {HTMLElement} */ (el).dataset.testid || ''));
    for (const cup of taken) {
      const shown = await page.getByTestId(cup).locator('.marker').evaluate((m) => getComputedStyle(m).display);
      assert.notEqual(shown, 'none', `hovering ${id}: a marker on ${cup}, which it captures`);
    }
    if (!chosen || (taken.length && !chosen.taken.length)) chosen = { id, landed, taken };
  }
  await page.mouse.move(0, 0);
  return /** @type {{id: string, landed: string, taken: string[]}} */ (chosen);
}

test('a sowing is animated seed by seed; the last move stays marked', async () => {
  const { page } = await computerGame({ reducedMotion: 'no-preference' });
  const total = 2 * 6 * 4;
  await page.evaluate(() => {
    /** @type {{sum: number, hand: number|null}[]} */
    const frames = [];
    /** @type {any} */ (window).boardFrames = frames;
    new MutationObserver(() => {
      const cups = [...document.querySelectorAll('.board .cup')];
      const hand = document.querySelector('.board .hand .count');
      frames.push({
        sum: cups.reduce((s, el) => s + Number(/** @type {HTMLElement} */ (el).dataset.count), 0),
        hand: hand ? Number(hand.textContent) : null,
      });
    }).observe(/** @type {Element} */ (document.querySelector('.board-wrap')), {
      subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-count'],
    });
  });
  const moves = [];
  let captures = 0;
  for (let i = 0; i < 16 && (i < 4 || captures === 0); i++) {
    // The preview marks where the last seed lands and the houses it
    // captures (a marker on each): a capture is played when there is one.
    const { id, landed, taken } = await chooseHouse(page);
    const started = Date.now();
    await playHouse(page, id);
    assert.ok(Date.now() - started < 4000, 'a sowing takes a few seconds at most');
    moves.push(id.split('-')[2]);
    // The move just played stays marked: the house, where it landed,
    // what it took.
    assert.equal(await page.locator('.last-from').getAttribute('data-testid'), id);
    assert.equal(await page.locator('.last-to').getAttribute('data-testid'), landed);
    if (taken.length) {
      captures += 1;
      const marked = await page.locator('.last-taken').evaluateAll((els) => els.map((el) => /** @type {HTMLElement} */ (el).dataset.testid));
      for (const cup of taken) assert.ok(marked.includes(cup), `${cup} marked as taken (${marked})`);
    }
    if (!(await turnOrEnd(page))) break;
    // Then the computer's move is the last one (or this one, after an extra turn).
    const last = await page.locator('.last-from').getAttribute('data-testid');
    assert.ok(last && (last.startsWith('house-1-') || last === id), `the last move is marked (${last})`);
  }
  const frames = await page.evaluate(() => /** @type {any} */ (window).boardFrames);
  assert.ok(frames.length > 20, `the sowings were animated (${frames.length} frames)`);
  let ones = 0;
  for (const [i, f] of frames.entries()) {
    // Seeds are on the board or in the hand, never both, never lost.
    assert.ok(f.sum <= total, `frame ${i} shows ${f.sum} seeds of ${total}`);
    if (f.hand !== null) assert.equal(f.sum + f.hand, total, `frame ${i}: board and hand hold every seed`);
    const before = i > 0 ? frames[i - 1].sum : total;
    if (f.sum > before) {
      assert.equal(f.sum - before, 1, `frame ${i}: seeds arrive one at a time`);
      ones += 1;
    }
  }
  assert.ok(ones >= 4, `seeds arrived one by one (${ones})`);
  assert.ok(captures > 0, 'a capture was played and animated');
  // Whatever the animation showed, the board ends where mancala-core does.
  const record = (await page.locator('[data-testid="moves"] li').allTextContents()).map((t) => t.replace(/^.*:\s*/, ''));
  const reference = replay('kalah', record);
  assert.deepEqual(await shownCounts(page, 2, 6), { houses: reference.houses, stores: reference.stores });
  env.assertNoConsoleErrors();
});

test('arrow keys move along the playable houses, Enter plays, focus comes back', async () => {
  const { page } = await computerGame({ reducedMotion: 'reduce' });
  const focused = () => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.testid || '');
  await page.getByTestId('house-0-1').focus();
  assert.equal(await focused(), 'house-0-1');
  // Focus shows the preview, as hovering does.
  await page.locator('.cup.selected').waitFor();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'house-0-2');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), 'house-0-6', 'left of the first is the last');
  await page.keyboard.press('Home');
  assert.equal(await focused(), 'house-0-1');
  await page.keyboard.press('ArrowRight');
  const outline = await page.getByTestId('house-0-2').evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(outline, 'none', 'the focus is visible');
  // Kalah, 4 seeds: house 2 ends in house 6, no extra turn; the computer moves.
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="moves"] li').first().waitFor();
  assert.match(await page.locator('[data-testid="moves"] li').first().innerText(), /: 2$/);
  await myTurn(page);
  await page.waitForFunction(() => /^house-0-/.test(/** @type {HTMLElement} */ (document.activeElement).dataset.testid || ''));
  // A digit still plays a house.
  const before = await listed(page);
  const digit = (await page.locator('[data-testid^="house-0-"]:enabled').first().getAttribute('data-testid')).split('-')[2];
  await page.keyboard.press(digit);
  await page.locator('[data-testid="moves"] li').nth(before).waitFor();
  env.assertNoConsoleErrors();
});

test('the sound switch is remembered on the device', async () => {
  const { page } = await computerGame({ reducedMotion: 'reduce' });
  const sound = page.getByTestId('sound');
  assert.equal(await sound.getAttribute('aria-pressed'), 'true', 'on by default');
  assert.equal(await sound.getAttribute('type'), 'button');
  assert.match(await sound.innerText(), /Sound/);
  await sound.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  // A move with the sound off plays no sound and breaks nothing.
  await playHouse(page, 'house-0-3');
  await page.reload();
  await page.getByTestId('sound').waitFor();
  assert.equal(await page.getByTestId('sound').getAttribute('aria-pressed'), 'false', 'still off after a reload');
  await page.getByTestId('sound').click();
  assert.equal(await page.getByTestId('sound').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('mancala.sound')), 'on');
  env.assertNoConsoleErrors();
});

for (const [rules, sides, houses] of [
  ['kalah', 2, 6],
  ['kalah,houses=7', 2, 7],
  ['kalah,players=3', 3, 6],
  ['kalah,players=4', 4, 6],
]) {
  test(`360 px, ${rules}: every house is a 44 px target, the page never scrolls sideways`, async () => {
    const phone = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, reducedMotion: /** @type {'reduce'} */ ('reduce') };
    const { page } = await computerGame(phone, rules);
    const boxes = await page.locator('.board .house').evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: /** @type {HTMLElement} */ (el).dataset.testid, x: r.x, y: r.y, w: r.width, h: r.height };
    }));
    assert.equal(boxes.length, sides * houses);
    for (const b of boxes) assert.ok(b.w >= 44 && b.h >= 44, `${b.id} is ${b.w.toFixed(1)} x ${b.h.toFixed(1)} px`);
    // Houses are round (and so is where a tap hits them): no two overlap.
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = Math.hypot(a.x + a.w / 2 - b.x - b.w / 2, a.y + a.h / 2 - b.y - b.h / 2);
        assert.ok(apart >= (a.w + b.w) / 2 - 0.5, `${a.id} and ${b.id} do not overlap`);
      }
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'the page fits 360 px');
    // The own houses are all in view at first, and a tap plays one.
    for (let n = 1; n <= houses; n++) {
      const box = await page.getByTestId(`house-0-${n}`).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `house-0-${n} in view`);
    }
    const first = page.locator('[data-testid^="house-0-"]:enabled').first();
    await first.tap();
    await page.locator('.cup.selected').waitFor();
    const before = await listed(page);
    await first.tap();
    await page.locator('[data-testid="moves"] li').nth(before).waitFor();
    env.assertNoConsoleErrors();
  });
}

test('a Bengali board names its cups in Bengali, with Bengali digits', async () => {
  const { page } = await computerGame({ locale: 'bn-BD', reducedMotion: 'reduce' });
  const house = page.getByTestId('house-0-3');
  assert.equal(await house.getAttribute('aria-label'), 'আপনার গর্ত ৩, ৪টি পাথর');
  assert.equal(await house.textContent(), '৪');
  assert.equal(await house.getAttribute('data-count'), '4');
  await page.getByRole('button', { name: 'আপনার গর্ত ১, ৪টি পাথর' }).waitFor();
  assert.equal(await page.getByTestId('store-0').getAttribute('aria-label'), 'আপনার শেষের গর্ত, কোনো পাথর নেই');
  assert.match(await page.getByTestId('house-1-2').getAttribute('aria-label'), /-এর গর্ত ২, ৪টি পাথর$/);
  assert.equal(await page.getByTestId('sound').innerText(), 'শব্দ');
  await playHouse(page, 'house-0-3');
  assert.equal(await page.getByTestId('store-0').getAttribute('aria-label'), 'আপনার শেষের গর্ত, ১টি পাথর');
  assert.equal(await page.getByTestId('store-0').textContent(), '১');
  env.assertNoConsoleErrors();
});
