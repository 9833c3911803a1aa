// The web page in a real browser against the real server: two players
// on two browser contexts (two devices) create, join and play a room.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hostAndGuest, mover, replay, rng, screenshot, shownCounts, startServer, testEnvironment,
} from './harness.js';

const env = testEnvironment();

/**
 * Ann creates a room of `rules` (a preset of the form) and sits; Bob
 * opens the invite link and sits; Ann starts. Returns both and the link.
 */
async function twoPlayerGame(options = {}) {
  const ann = await env.player(options);
  const bob = await env.player(options);
  const link = await hostAndGuest(env.server.url, ann, bob);
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/r\/[0-9a-f]{32}$/);
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  return { ann, bob, link };
}

/**
 * The houses of the other side that move `house` captures after `moves`
 * (two-player Kalah), by mancala-core: those it empties.
 */
function capturedByReference(moves, house, side) {
  const before = replay('kalah', moves).houses[1 - side];
  const next = replay('kalah', [...moves, house]);
  // A move that ends the game sweeps the leftovers to their owners: no capture to tell.
  if (next.over) return [];
  const after = next.houses[1 - side];
  return before.flatMap((k, i) => (k > 0 && after[i] === 0 ? [`house-${1 - side}-${i + 1}`] : []));
}

/**
 * Hovers each playable house that captures (by the reference) and checks
 * that the page marks the houses it takes. Returns how many it checked.
 */
async function checkCaptureMarkers(who, moves) {
  let checked = 0;
  for (const id of await who.page.locator('[data-testid^="house-"]:enabled').evaluateAll((els) => els.map((e) => e.dataset.testid))) {
    const [, side, house] = id.split('-');
    const expected = capturedByReference(moves, house, Number(side));
    if (!expected.length) continue;
    await who.page.mouse.move(0, 0);
    await who.page.getByTestId(id).hover();
    await who.page.locator('.capture').first().waitFor();
    const marked = await who.page.locator('.capture').evaluateAll((els) => els.map((e) => e.dataset.testid));
    for (const cup of expected) assert.ok(marked.includes(cup), `hovering ${id} marks ${cup} (marked: ${marked})`);
    checked += 1;
  }
  return checked;
}

/** The mover clicks one of its playable houses; both pages show the move. */
async function playOne(pages, who, random, moves, checks) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  if (checks) checks.captures += await checkCaptureMarkers(who, moves);
  const houses = who.page.locator('[data-testid^="house-"]:enabled');
  const count = await houses.count();
  assert.ok(count > 0, 'the mover has a playable house');
  const house = houses.nth(Math.floor(random() * count));
  const id = await house.getAttribute('data-testid');
  const number = id.split('-')[2];
  await house.click();
  moves.push(number);
  for (const p of pages) {
    await p.page.locator('[data-testid="moves"] li').nth(moves.length - 1).waitFor();
  }
  return number;
}

test('two players play a full game by clicking; the page ends where mancala-core does', async () => {
  const { ann, bob } = await twoPlayerGame({ reducedMotion: 'reduce' });
  const pages = [ann, bob];
  // Ann's own side (0) is at the bottom, Bob's (1) at the bottom of his.
  assert.ok(await ann.page.getByTestId('house-0-1').isEnabled());
  assert.ok(await bob.page.getByTestId('house-0-1').isDisabled());
  const random = rng(21);
  const moves = [];
  const checks = { captures: 0 };
  for (let who = await mover(pages); who; who = await mover(pages)) {
    await playOne(pages, who, random, moves, checks);
    assert.ok(moves.length < 400, 'the game ends');
  }
  assert.ok(checks.captures > 0, 'the game offered a capture to check the marker on');
  const reference = replay('kalah', moves);
  assert.equal(reference.over, true, `mancala-core ends the game after ${moves.join(',')}`);
  for (const p of pages) {
    const shown = await shownCounts(p.page, 2, 6);
    assert.deepEqual(shown.stores, reference.stores, 'final stores');
    assert.deepEqual(shown.houses, reference.houses, 'final houses');
    const result = await p.page.getByTestId('result').textContent();
    assert.match(result, /1st: /);
    assert.match(result, new RegExp(`${Math.max(...reference.stores)} seeds`));
  }
  // A rematch by the host: a new game starts on both pages, Bob first
  // (the house rules rotate the first player by default); he resigns it.
  await ann.page.getByTestId('rematch').click();
  await bob.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  await ann.page.getByTestId('to-move').filter({ hasText: 'to move' }).waitFor();
  await bob.page.getByTestId('resign').click();
  await bob.page.getByTestId('resign').click(); // confirms
  await ann.page.getByTestId('result').filter({ hasText: 'you win' }).waitFor();
  env.assertNoConsoleErrors();
});

test('a reload mid-game returns to the same seat and board', async () => {
  const { ann, bob } = await twoPlayerGame();
  const pages = [ann, bob];
  const random = rng(7);
  const moves = [];
  // Houses are buttons named by their seeds; a digit plays one.
  await ann.page.getByRole('button', { name: 'your house 3, 4 seeds' }).waitFor();
  await ann.page.locator('[data-ready="yes"]').waitFor();
  await ann.page.keyboard.press('3');
  moves.push('3');
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').first().waitFor();
  assert.equal(await ann.page.getByTestId('store-0').textContent(), '1');
  for (let i = 0; i < 5; i++) await playOne(pages, await mover(pages), random, moves);
  const before = await shownCounts(bob.page, 2, 6);
  const turn = await bob.page.getByTestId('to-move').textContent();
  await bob.page.reload();
  await bob.page.locator('[data-testid="moves"] li').nth(moves.length - 1).waitFor();
  assert.deepEqual(await shownCounts(bob.page, 2, 6), before);
  assert.equal(await bob.page.getByTestId('to-move').textContent(), turn);
  assert.match(await bob.page.locator('.seat', { hasText: '(you)' }).textContent(), /Seat 2/);
  // Bob's side (1) is still the bottom row: its first house is left of its last.
  const first = await bob.page.getByTestId('house-1-1').boundingBox();
  const last = await bob.page.getByTestId('house-1-6').boundingBox();
  const theirs = await bob.page.getByTestId('house-0-1').boundingBox();
  assert.ok(first.x < last.x && first.y > theirs.y, 'own side at the bottom, left to right');
  // And the game goes on from the reloaded page.
  for (let i = 0; i < 2; i++) await playOne(pages, await mover(pages), random, moves);
  const reference = replay('kalah', moves);
  assert.deepEqual((await shownCounts(bob.page, 2, 6)).stores, reference.stores);
  env.assertNoConsoleErrors();
});

test("nobody can act for someone else's seat", async () => {
  const { ann, bob, link } = await twoPlayerGame({ reducedMotion: 'reduce' });
  // Ann is to move: no house is playable on Bob's page, nor on a spectator's.
  const carol = await env.player({ reducedMotion: 'reduce' });
  await carol.page.goto(link);
  await carol.page.getByTestId('to-move').filter({ hasText: 'to move' }).waitFor();
  for (const p of [bob, carol]) {
    assert.equal(await p.page.locator('[data-testid^="house-"]:enabled').count(), 0);
  }
  // The spectator sees side 0 at the bottom.
  const side0 = await carol.page.getByTestId('house-0-1').boundingBox();
  const side1 = await carol.page.getByTestId('house-1-1').boundingBox();
  assert.ok(side0.y > side1.y, 'a spectator has side 0 at the bottom');
  assert.match(await carol.page.locator('main').textContent(), /You are watching/);
  // Forged moves over a WebSocket of Bob's own: refused, nothing played.
  const answers = await bob.page.evaluate(async (code) => {
    const me = JSON.parse(localStorage.getItem('mancala.player'));
    const ws = new WebSocket(`ws://${location.host}/ws/rooms/${code}`);
    const got = [];
    await new Promise((resolve) => ws.addEventListener('open', resolve));
    ws.addEventListener('message', (e) => got.push(JSON.parse(e.data)));
    ws.send(JSON.stringify({ type: 'hello', version: 1, player: me.id, secret: me.secret }));
    ws.send(JSON.stringify({ type: 'move', move: '3', seat: 0 }));
    ws.send(JSON.stringify({ type: 'move', move: '3' }));
    await new Promise((resolve) => {
      const check = () => (got.filter((m) => m.type === 'error').length >= 2 ? resolve() : setTimeout(check, 20));
      check();
    });
    ws.close();
    return got.filter((m) => m.type === 'error').map((m) => m.code);
  }, link.split('/r/')[1]);
  assert.deepEqual(answers, ['not_your_seat', 'not_your_turn']);
  // A wrong secret for Ann's id is refused at hello.
  const refused = await carol.page.evaluate(async ([code, annId]) => {
    const ws = new WebSocket(`ws://${location.host}/ws/rooms/${code}`);
    await new Promise((resolve) => ws.addEventListener('open', resolve));
    const first = new Promise((resolve) => ws.addEventListener('message', (e) => resolve(JSON.parse(e.data))));
    ws.send(JSON.stringify({ type: 'hello', version: 1, player: annId, secret: '0'.repeat(32) }));
    return (await first).code;
  }, [link.split('/r/')[1], await ann.page.evaluate(() => JSON.parse(localStorage.getItem('mancala.player')).id)]);
  assert.equal(refused, 'unauthorized');
  assert.equal(await ann.page.locator('[data-testid="moves"] li').count(), 0, 'no move was played');
  env.assertNoConsoleErrors();
});

/** A room of `n` people, each on a context of their own, started. */
async function room(n, options = {}) {
  const people = [];
  for (let i = 0; i < n; i++) people.push(await env.player(options));
  const [host, ...guests] = people;
  await host.page.goto(env.server.url);
  await host.page.getByTestId('create-room').click();
  const link = await host.page.getByTestId('invite-link').inputValue();
  await host.page.locator('.seat', { hasText: '(you)' }).waitFor();
  for (const [i, guest] of guests.entries()) {
    await guest.page.goto(link);
    await guest.page.getByTestId(`sit-${i + 1}`).click();
    await guest.page.locator('.seat', { hasText: '(you)' }).waitFor();
  }
  await host.page.getByTestId('start-game').click();
  await host.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  return people;
}

for (const n of [3, 4]) {
  test(`${n} players sit around the board, each side at the bottom of its own page`, async () => {
    const people = await room(n, { viewport: { width: 900, height: 1000 } });
    const random = rng(n);
    const moves = [];
    for (let i = 0; i < 2 * n; i++) {
      const who = await mover(people);
      if (!who) break;
      await playOne(people, who, random, moves);
    }
    const reference = replay(`kalah,players=${n}`, moves);
    for (const [seat, p] of people.entries()) {
      const shown = await shownCounts(p.page, n, 6);
      assert.deepEqual(shown, { houses: reference.houses, stores: reference.stores });
      // Own side along the bottom, left to right; the next seat's side
      // rises on the right (turn order counter-clockwise).
      const box = async (id) => p.page.getByTestId(id).boundingBox();
      const own1 = await box(`house-${seat}-1`);
      const own6 = await box(`house-${seat}-6`);
      const next1 = await box(`house-${(seat + 1) % n}-1`);
      const next6 = await box(`house-${(seat + 1) % n}-6`);
      assert.ok(Math.abs(own1.y - own6.y) < 2 && own1.x < own6.x, 'own side: the bottom row, left to right');
      for (let s = 0; s < n; s++) {
        if (s !== seat) assert.ok((await box(`house-${s}-3`)).y < own1.y, `side ${s} above the own side`);
      }
      assert.ok(next1.x > own6.x - 1 && next6.y < next1.y, 'the next seat rises on the right');
    }
    await screenshot(people[1].page, `${n}-players.png`);
    env.assertNoConsoleErrors();
  });
}

test('the page reconnects by itself when the server comes back', async () => {
  const own = await startServer();
  let restarted;
  const ann = await env.player({ reducedMotion: 'reduce' });
  const bob = await env.player({ reducedMotion: 'reduce' });
  try {
    await hostAndGuest(own.url, ann, bob);
    await ann.page.getByTestId('start-game').click();
    const pages = [ann, bob];
    const random = rng(5);
    const moves = [];
    for (let i = 0; i < 3; i++) await playOne(pages, await mover(pages), random, moves);
    await own.kill();
    for (const p of pages) await p.page.getByText('Reconnecting…').waitFor();
    restarted = await startServer(own);
    for (const p of pages) await p.page.getByText('Reconnecting…').waitFor({ state: 'hidden' });
    for (let i = 0; i < 3; i++) await playOne(pages, await mover(pages), random, moves);
    assert.deepEqual((await shownCounts(ann.page, 2, 6)).stores, replay('kalah', moves).stores);
  } finally {
    if (restarted) await restarted.stop();
    else await own.stop();
  }
  // The only errors allowed: the browser's word that the server was gone.
  for (const p of [ann, bob]) {
    await p.context.close();
    const kept = p.errors.filter((e) => !/WebSocket connection to .* failed/.test(e));
    p.errors.splice(0, p.errors.length, ...kept);
  }
  env.assertNoConsoleErrors();
});

test('names are shown as text, never as markup', async () => {
  const ann = await env.player();
  const mallory = await env.player();
  await ann.page.goto(env.server.url);
  await ann.page.getByTestId('create-room').click();
  const link = await ann.page.getByTestId('invite-link').inputValue();
  // Ann sits on arrival; once she has, the seats no longer move under
  // Mallory's click (a click while they re-flow can miss the button).
  await ann.page.locator('.seat', { hasText: '(you)' }).waitFor();
  const name = '<b>x</b><img src=/ onerror=p=1>'; // 31 characters, under the 32 allowed
  await mallory.page.goto(env.server.url);
  // The page makes its own player once its words are loaded: wait for
  // it, or it would store its player over Mallory's after she is set.
  await mallory.page.waitForFunction(() => localStorage.getItem('mancala.player') !== null);
  await mallory.page.evaluate(async (name) => {
    const response = await fetch('/api/players', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }),
    });
    localStorage.setItem('mancala.player', JSON.stringify(await response.json()));
  }, name);
  await mallory.page.goto(link);
  await mallory.page.getByTestId('sit-1').click();
  const seat = ann.page.locator('.seat', { hasText: 'Seat 2' });
  await seat.filter({ hasText: name }).waitFor();
  assert.equal(await seat.locator('b, img').count(), 0);
  assert.equal(await ann.page.evaluate(() => window.p), undefined);
  env.assertNoConsoleErrors();
});

test('the page fits 360 px without horizontal scrolling; screenshots', async () => {
  const phone = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true };
  const { ann, bob } = await twoPlayerGame(phone);
  const pages = [ann, bob];
  const random = rng(3);
  const moves = [];
  for (let i = 0; i < 4; i++) await playOne(pages, await mover(pages), random, moves);
  for (const p of pages) {
    const width = await p.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `page width ${width}`);
  }
  await screenshot(bob.page, 'phone-360.png');
  const home = await env.player(phone);
  await home.page.goto(env.server.url);
  await home.page.getByTestId('create-room').waitFor();
  assert.ok((await home.page.evaluate(() => document.documentElement.scrollWidth)) <= 360);

  // Desktop, light and dark, with the preview marker shown on a house.
  for (const [scheme, name] of [['light', 'two-players-desktop.png'], ['dark', 'dark.png']]) {
    const game = await twoPlayerGame({ colorScheme: scheme, viewport: { width: 1000, height: 820 } });
    const duo = [game.ann, game.bob];
    const r = rng(11);
    const played = [];
    for (let i = 0; i < 3; i++) await playOne(duo, await mover(duo), r, played);
    const who = await mover(duo);
    await who.page.locator('[data-ready="yes"]').waitFor();
    await who.page.locator('[data-testid^="house-"]:enabled').last().hover();
    await who.page.locator('.landing').waitFor();
    await screenshot(who.page, name);
  }
  env.assertNoConsoleErrors();
});
