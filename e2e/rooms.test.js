// Rooms on the merged server, in a real browser: the computer in seats,
// "play the computer", a seat taken over by the computer while its
// player is away (a server with a short --takeover-after), and a rematch
// with the first player rotating.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hostAndGuest, mover, replay, rng, screenshot, shownCounts, testEnvironment,
} from './harness.js';

// Two seconds: long enough that a page's own reconnection after a blip
// is not a takeover, short enough for a browser test.
const env = testEnvironment({
  serverArgs: ['--takeover-after', '2s'],
  playerDefaults: { reducedMotion: 'reduce' },
});

/** The moves as the page lists them (the computer's included). */
async function listedMoves(page) {
  return page.locator('[data-testid="moves"] li').evaluateAll((els) => els.map((e) => e.dataset.move));
}

/** The mover clicks one of its playable houses and waits for the move to be listed. */
async function playOne(who, random) {
  const before = (await listedMoves(who.page)).length;
  await who.page.locator('[data-ready="yes"]').waitFor();
  const houses = who.page.locator('[data-testid^="house-"]:enabled');
  const count = await houses.count();
  assert.ok(count > 0, 'the mover has a playable house');
  await houses.nth(Math.floor(random() * count)).click();
  await who.page.locator('[data-testid="moves"] li').nth(before).waitFor();
}

/** Plays every turn of `pages` (the computer plays the others) to the end. */
async function playToTheEnd(pages, random) {
  let turns = 0;
  for (let who = await mover(pages); who; who = await mover(pages)) {
    await playOne(who, random);
    assert.ok((turns += 1) < 400, 'the game ends');
  }
}

/** The final board of every page matches mancala-core replaying the listed moves. */
async function assertEndsAsReference(pages, players, houses) {
  const rules = await pages[0].page.getByTestId('rules').getAttribute('data-rules');
  const moves = await listedMoves(pages[0].page);
  const reference = replay(rules, moves);
  assert.equal(reference.over, true, `mancala-core ends the game after ${moves.join(',')}`);
  for (const p of pages) {
    assert.deepEqual(await listedMoves(p.page), moves, 'every page lists the same moves');
    const shown = await shownCounts(p.page, players, houses);
    assert.deepEqual(shown, { houses: reference.houses, stores: reference.stores }, 'final board');
    assert.match(await p.page.getByTestId('result').textContent(), /1st: /);
  }
  return rules;
}

/**
 * The host creates a room with the Kalah house rules, a guest sits, the
 * host puts the computer (level 1) in `computers` more seats and starts.
 */
async function roomWithComputers(computers, houseRules) {
  const host = await env.player({ viewport: { width: 900, height: 1000 } });
  const guest = await env.player({ viewport: { width: 900, height: 1000 } });
  await host.page.goto(env.server.url);
  await host.page.locator('#mode-house').check();
  await host.page.locator('#hr-houses').selectOption(String(houseRules.houses));
  await host.page.locator('#hr-seeds').selectOption(String(houseRules.seeds));
  await host.page.locator('#hr-capture').selectOption(houseRules.capture);
  await host.page.getByTestId('create-room').click();
  const link = await host.page.getByTestId('invite-link').inputValue();
  await host.page.locator('.seat', { hasText: '(you)' }).waitFor();
  await guest.page.goto(link);
  await guest.page.getByTestId('sit-1').click();
  await host.page.getByTestId('seat-1').filter({ hasText: 'Seat 2' }).locator('.name').waitFor();
  for (let k = 0; k < computers; k++) {
    const seat = 2 + k;
    await host.page.getByTestId(`level-${seat}`).selectOption('1');
    await host.page.getByTestId(`computer-${seat}`).click();
    await guest.page.getByTestId(`seat-${seat}`).filter({ hasText: 'Computer (level 1)' }).waitFor();
  }
  // Only the host may seat the computer.
  assert.equal(await guest.page.locator('[data-testid^="computer-"]').count(), 0);
  await host.page.getByTestId('start-game').click();
  await host.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  return [host, guest];
}

for (const [computers, houseRules] of [
  [1, { houses: 4, seeds: 3, capture: 'all' }],
  [2, { houses: 4, seeds: 3, capture: 'next' }],
]) {
  const n = 2 + computers;
  test(`${n} players, ${computers} of them the computer, play to the end`, async () => {
    const people = await roomWithComputers(computers, houseRules);
    for (const p of people) {
      for (let s = 2; s < n; s++) {
        await p.page.getByTestId(`seat-${s}`).filter({ hasText: 'Computer (level 1)' }).waitFor();
      }
    }
    await playToTheEnd(people, rng(40 + n));
    const rules = await assertEndsAsReference(people, n, houseRules.houses);
    assert.match(rules, new RegExp(`players=${n},houses=${houseRules.houses},seeds=${houseRules.seeds},`));
    // Seats of the computer played moves too.
    assert.match(await people[0].page.getByTestId('moves').textContent(), /Computer \(level 1\)[^:]*: \d/);
    await screenshot(people[0].page, `${n}-players-computer.png`);
    env.assertNoConsoleErrors();
  });
}

test('play the computer: one click from home to a game against ai:N', async () => {
  const ann = await env.player();
  await ann.page.goto(env.server.url);
  await ann.page.locator('#cpu-level').selectOption('2');
  await ann.page.getByTestId('play-computer').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  assert.match(await ann.page.getByTestId('seat-1').textContent(), /Computer \(level 2\)/);
  await playToTheEnd([ann], rng(2));
  await assertEndsAsReference([ann], 2, 6);
  env.assertNoConsoleErrors();
});

/**
 * `host` plays until the computer has played a turn for the away seat,
 * and no further: the computer answers at once, so a loop that only
 * watched for the away seat's turn could play most of the game first.
 */
async function playUntilTakenOver(host, random) {
  const forAway = host.page.locator('[data-testid="moves"] li', { hasText: '(computer, away)' });
  while ((await forAway.count()) === 0) {
    if ((await host.page.getByTestId('to-move').textContent()).includes('Your turn')) {
      await playOne(host, random);
    } else {
      await host.page.waitForTimeout(20);
    }
  }
}

/** Plays the game of `pages` to the end; resolves with the turns `who` played. */
async function playToTheEndCounting(pages, who, random) {
  let played = 0;
  for (let next = await mover(pages); next; next = await mover(pages)) {
    if (next === who) played += 1;
    await playOne(next, random);
  }
  return played;
}

test('an away player is taken over by the computer, and takes the seat back', async () => {
  const ann = await env.player();
  const bob = await env.player();
  await ann.page.goto(env.server.url);
  await ann.page.getByTestId('create-room').click();
  const link = await ann.page.getByTestId('invite-link').inputValue();
  await ann.page.locator('.seat', { hasText: '(you)' }).waitFor();
  await bob.page.goto(link);
  await bob.page.getByTestId('sit-1').click();
  await ann.page.getByTestId('seat-1').locator('.name').waitFor();
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  // Bob's device goes: his page closes.
  await bob.page.close();
  await ann.page.getByTestId('away-1').waitFor();
  await ann.page.getByTestId('played-by-1').filter({ hasText: /computer playing for/ }).waitFor();
  const random = rng(9);
  await playUntilTakenOver(ann, random);
  // Bob comes back on the same device: his seat is his again.
  bob.page = await bob.context.newPage();
  bob.page.on('console', (msg) => { if (msg.type() === 'error') bob.errors.push(`console: ${msg.text()}`); });
  bob.page.on('pageerror', (e) => bob.errors.push(`page error: ${e.message}`));
  await bob.page.goto(link);
  await bob.page.locator('.seat', { hasText: '(you)' }).filter({ hasText: 'Seat 2' }).waitFor();
  await ann.page.getByTestId('away-1').waitFor({ state: 'detached' });
  assert.equal(await ann.page.getByTestId('played-by-1').count(), 0);
  // And he plays his own turns again, to the end.
  const pages = [ann, bob];
  assert.ok(await playToTheEndCounting(pages, bob, random) > 0, 'Bob played after coming back');
  await assertEndsAsReference(pages, 2, 6);
  env.assertNoConsoleErrors();
});

test('a device that goes offline is taken over, and its page takes the seat back by itself', async () => {
  const ann = await env.player();
  const bob = await env.player();
  await hostAndGuest(env.server.url, ann, bob);
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  // Bob's network goes: the server sees his socket drop.
  await bob.context.setOffline(true);
  await ann.page.getByTestId('away-1').waitFor();
  await ann.page.getByTestId('played-by-1').filter({ hasText: /computer playing for/ }).waitFor();
  const random = rng(10);
  await playUntilTakenOver(ann, random);
  // The network comes back: Bob's page reconnects on its own.
  await bob.context.setOffline(false);
  await ann.page.getByTestId('away-1').waitFor({ state: 'detached' });
  await bob.page.getByText('Reconnecting…').waitFor({ state: 'hidden' });
  const pages = [ann, bob];
  assert.ok(await playToTheEndCounting(pages, bob, random) > 0, 'Bob played after coming back');
  await assertEndsAsReference(pages, 2, 6);
  // The only errors allowed: the browser's word that the network was gone.
  for (const p of [bob]) {
    const kept = p.errors.filter((e) => !/WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED/.test(e));
    p.errors.splice(0, p.errors.length, ...kept);
  }
  env.assertNoConsoleErrors();
});

test('a rematch with rotation: the second player moves first', async () => {
  const ann = await env.player();
  const bob = await env.player();
  await hostAndGuest(env.server.url, ann, bob, (page) => page.locator('#rotation').check());
  assert.match(await ann.page.getByTestId('rules').textContent(), /first player rotates/);
  const bobName = await bob.page.locator('#who').textContent();
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  await bob.page.getByTestId('resign').click();
  await bob.page.getByTestId('resign').click();
  await ann.page.getByTestId('rematch').click();
  // Bob now sits in seat 1 and moves first, on both pages.
  await bob.page.getByTestId('to-move').filter({ hasText: 'Your turn' }).waitFor();
  await bob.page.getByText('The game started: you move first.').waitFor();
  await ann.page.getByText(`The game started: ${bobName} moves first.`).waitFor();
  assert.match(await ann.page.getByTestId('seat-0').textContent(), new RegExp(bobName));
  assert.match(await bob.page.getByTestId('seat-0').textContent(), /\(you\)/);
  // Bob's side (now 0) is the bottom of his page.
  const own = await bob.page.getByTestId('house-0-1').boundingBox();
  const theirs = await bob.page.getByTestId('house-1-1').boundingBox();
  assert.ok(own.y > theirs.y, "the new first player's side at the bottom of their page");
  env.assertNoConsoleErrors();
});

test('pass and play: one device holds two seats, the board turns to the mover', async () => {
  const ann = await env.player();
  await ann.page.goto(env.server.url);
  await ann.page.getByTestId('create-room').click();
  await ann.page.locator('.seat', { hasText: '(you)' }).waitFor();
  await ann.page.getByTestId('sit-also-1').click();
  await ann.page.getByTestId('seat-1').filter({ hasText: '(you)' }).waitFor();
  await ann.page.getByTestId('start-game').click();
  const random = rng(12);
  /** Whether side `side`'s houses are the bottom row. */
  const atBottom = async (side) => {
    const own = await ann.page.getByTestId(`house-${side}-1`).boundingBox();
    const other = await ann.page.getByTestId(`house-${1 - side}-1`).boundingBox();
    return own.y > other.y;
  };
  const sides = new Set();
  for (let turns = 0; turns < 12; turns++) {
    const who = await mover([ann]);
    if (!who) break;
    const seat = (await ann.page.getByTestId('to-move').textContent()).includes('(seat 2)') ? 1 : 0;
    assert.ok(await atBottom(seat), `seat ${seat + 1}, to move, has its side at the bottom`);
    sides.add(seat);
    await playOne(ann, random);
  }
  assert.deepEqual([...sides].sort(), [0, 1], 'both seats moved from this page');
  // A fixed board keeps the first seat's side at the bottom.
  await ann.page.getByTestId('turn-board').uncheck();
  for (let turns = 0; ; turns++) {
    const who = await mover([ann]);
    if (!who) break;
    assert.ok(await atBottom(0), 'a fixed board keeps side 0 at the bottom');
    await playOne(ann, random);
    assert.ok(turns < 400, 'the game ends');
  }
  await assertEndsAsReference([ann], 2, 6);
  env.assertNoConsoleErrors();
});

test('a room with a time per turn shows the turn clock counting down', async () => {
  const ann = await env.player();
  const bob = await env.player();
  await hostAndGuest(env.server.url, ann, bob, async (page) => {
    await page.locator('#turn-seconds').selectOption('30');
  });
  assert.match(await ann.page.getByTestId('rules').textContent(), /30 s a turn/);
  await ann.page.getByTestId('start-game').click();
  const clock = ann.page.getByTestId('clock');
  await clock.filter({ hasText: /you have (30|29) s/ }).waitFor();
  await bob.page.getByTestId('clock').filter({ hasText: /has (30|29|28) s/ }).waitFor();
  // It counts down by itself, between the server's messages.
  await clock.filter({ hasText: /you have 2[0-8] s/ }).waitFor({ timeout: 5000 });
  env.assertNoConsoleErrors();
});
