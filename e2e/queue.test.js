// "Play now" in a real browser, on a server whose queue offers the
// computer after 2 s (--queue-wait 2), at a phone's width: two strangers
// in two browser contexts land in the same game and move; a third, alone,
// is offered the computer, plays it to the end (the final board checked
// against mancala-core), and goes back into the queue from the result.
// A page waiting when the server that ran the queue is killed joins its
// queue again by itself on the server started in its place (whose queue
// is new), and is seated with a stranger there.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mover, replay, rng, shownCounts, startServer, testEnvironment } from './harness.js';

const env = testEnvironment({
  serverArgs: ['--queue-wait', '2'],
  playerDefaults: { reducedMotion: 'reduce', viewport: { width: 360, height: 740 } },
});

const ROOM = /\/r\/[0-9a-f]{32}$/;

/** The moves as the page lists them. */
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

/** Chooses a game and a player count in "Play now" and presses it. */
async function playNow(page, game, players) {
  await page.locator('#queue-game').selectOption(game);
  await page.locator('#queue-players').selectOption(String(players));
  const button = page.getByTestId('play-now');
  const box = await button.boundingBox();
  assert.ok(box && box.height >= 44, `Play now is a 44 px target (${box && box.height})`);
  await button.click();
}

test('two strangers press Play now and land in the same game', async () => {
  const ann = await env.player();
  const bob = await env.player();
  await ann.page.goto(env.server.url);
  await playNow(ann.page, 'house', 2);
  await ann.page.getByTestId('queue-waiting').waitFor();
  await ann.page.getByTestId('queue-countdown').waitFor();
  await bob.page.goto(env.server.url);
  await playNow(bob.page, 'house', 2);
  await ann.page.waitForURL(ROOM);
  await bob.page.waitForURL(ROOM);
  assert.equal(ann.page.url(), bob.page.url(), 'the same room');
  // Both seated, the game started: whoever is to move moves, and both see it.
  const random = rng(29);
  for (let turn = 0; turn < 2; turn++) {
    const who = await mover([ann, bob]);
    assert.ok(who, 'the game is on');
    await playOne(who, random);
  }
  const moves = await listedMoves(ann.page);
  assert.equal(moves.length, 2);
  await bob.page.locator('[data-testid="moves"] li').nth(1).waitFor();
  assert.deepEqual(await listedMoves(bob.page), moves);
  env.assertNoConsoleErrors();
});

test('alone, a player is offered the computer, plays it to the end and queues again', async () => {
  const cy = await env.player();
  await cy.page.goto(env.server.url);
  await playNow(cy.page, 'oware', 2);
  await cy.page.getByTestId('queue-waiting').waitFor();
  await cy.page.getByTestId('queue-offer-computer').waitFor({ timeout: 10000 });
  await cy.page.getByTestId('queue-accept-computer').click();
  await cy.page.waitForURL(ROOM);
  const random = rng(7);
  let turns = 0;
  for (let who = await mover([cy]); who; who = await mover([cy])) {
    await playOne(who, random);
    assert.ok((turns += 1) < 400, 'the game ends');
  }
  const rules = await cy.page.getByTestId('rules').getAttribute('data-rules');
  const moves = await listedMoves(cy.page);
  const reference = replay(rules, moves);
  assert.equal(reference.over, true, `mancala-core ends the game after ${moves.join(',')}`);
  const shown = await shownCounts(cy.page, 2, 6);
  assert.deepEqual(shown, { houses: reference.houses, stores: reference.stores }, 'final board');
  // From the result: a rematch with the same players, or the queue again.
  await cy.page.getByTestId('rematch').waitFor();
  await cy.page.getByTestId('requeue').click();
  await cy.page.waitForURL(/\/$/);
  const waiting = cy.page.getByTestId('queue-waiting');
  await waiting.waitFor();
  assert.equal(await waiting.getAttribute('data-game'), 'oware');
  await cy.page.getByTestId('queue-leave').click();
  await waiting.waitFor({ state: 'detached' });
  await cy.page.getByTestId('queue-counts').waitFor();
  env.assertNoConsoleErrors();
});

test('a page waiting when the queue\'s server dies joins again on the next one', async () => {
  // The queue waits 20 s before offering the computer: only a stranger
  // seats Dan within the test's time.
  const own = await startServer();
  let restarted;
  const dan = await env.player();
  const eve = await env.player();
  try {
    await dan.page.goto(own.url);
    await playNow(dan.page, 'kalah', 2);
    await dan.page.getByTestId('queue-waiting').waitFor();
    await own.kill();
    restarted = await startServer(own);
    // Eve comes to the new server; Dan's page, connected again, has
    // joined its queue again there.
    await eve.page.goto(restarted.url);
    await playNow(eve.page, 'kalah', 2);
    await dan.page.waitForURL(ROOM, { timeout: 15000 });
    await eve.page.waitForURL(ROOM);
    assert.equal(dan.page.url(), eve.page.url(), 'the same room');
  } finally {
    if (restarted) await restarted.stop();
    else await own.stop();
  }
  // The only errors allowed: the browser's word that the server was gone
  // (the socket's, and the counts' fetch; a fetch that meets the dying
  // socket says SOCKET_NOT_CONNECTED, seen once in CI on 2026-12-07).
  const gone = /WebSocket connection to .* failed|Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)/;
  for (const p of [dan, eve]) {
    await p.context.close();
    const kept = p.errors.filter((e) => !gone.test(e));
    p.errors.splice(0, p.errors.length, ...kept);
  }
  env.assertNoConsoleErrors();
});
