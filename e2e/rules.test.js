// The rules pages in a real browser against the real server: the home
// page links every game's page; every game's page has every section of
// the seed documents (aim, setup, how to play, winning and scoring,
// variants, this site's defaults, glossary, questions), its headings in
// order and no console error; Oware's page says its rules in words (the
// sentences are written here from docs/rules.md, not taken from the
// page); Kalah's page shows the seed's defaults, read from the server,
// and a room made with the house rules' defaults gets exactly those; a
// rule file's page (`/rules?spec=`) plays its own rules; the Bengali page
// speaks the seed's terms; and the pages fit a 360 px phone in the dark.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testEnvironment } from './harness.js';

// A takeover delay of its own, to see the page say the server's.
const env = testEnvironment({ serverArgs: ['--takeover-after', '45s'] });

// docs/rules.md section 6: Oware Abapa's grand slam may be played but
// captures nothing; section 7: 25 of the 48 seeds win.
const GRAND_SLAM = 'A move whose capture would take every seed left on your opponent\'s side (a grand slam) may be played, but captures nothing.';
const MAJORITY = 'more than half of the 48 seeds in their store (25 or more)';

/**
 * Opens the home page, follows the link to Oware's rules page; returns
 * the page's main element.
 * @param {import('playwright-core').Page} page
 */
async function openOware(page) {
  await page.goto(env.server.url);
  await page.getByRole('heading', { level: 2, name: 'Rules of the games' }).waitFor();
  const oware = page.getByTestId('rules-oware');
  await oware.getByRole('link', { name: 'Oware' }).click();
  await page.waitForURL(/\/rules\/oware$/);
  const main = page.locator('main');
  await main.getByText(GRAND_SLAM).waitFor();
  return main;
}

test('the home page links every game\'s rules, and Oware\'s says them in words', async () => {
  const you = await env.player();
  await you.page.goto(env.server.url);
  await you.page.getByTestId('rules-kalah').waitFor();
  const names = await you.page.locator('[data-testid^="rules-"]').evaluateAll(
    (els) => els.map((e) => /** @type {HTMLElement} */ (e).dataset.testid),
  );
  assert.equal(names.length, 22);
  for (const name of ['rules-kalah', 'rules-toguz-kumalak', 'rules-congkak', 'rules-halusa']) {
    assert.ok(names.includes(name), name);
  }
  const main = await openOware(you.page);
  assert.equal(await main.locator('h1').textContent(), 'Oware');
  assert.ok((await main.getByText(MAJORITY).count()) >= 1);
  assert.equal(await main.locator('dd *, li *').evaluateAll((els) => els.filter((e) => !['A', 'SPAN'].includes(e.tagName)).length), 0,
    'the texts hold no markup');
  env.assertNoConsoleErrors();
});

test('the rules fit a 360 px phone in the dark', async () => {
  const phone = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, colorScheme: /** @type {'dark'} */ ('dark') };
  const you = await env.player(phone);
  const main = await openOware(you.page);
  const width = await you.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page width ${width}`);
  // Text and page differ in the dark scheme (not dark on dark).
  const [fg, bg] = await main.evaluate(() => [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]);
  assert.notEqual(fg, bg);
  assert.equal(bg, 'rgb(22, 19, 15)', 'the dark background of style.css');
  env.assertNoConsoleErrors();
});

/** Every preset, from the server. */
async function presetNames(page) {
  const response = await page.request.get(`${env.server.url}/api/presets`);
  return (await response.json()).presets.map((/** @type {{name: string}} */ p) => p.name);
}

/**
 * The sections of the rules page shown now, in order, and its headings
 * (level and text) in document order.
 * @param {import('playwright-core').Page} page
 */
async function outline(page) {
  return page.evaluate(() => ({
    sections: [...document.querySelectorAll('main section[data-section]')].map((s) => /** @type {HTMLElement} */ (s).dataset.section),
    headings: [...document.querySelectorAll('main h1, main h2, main h3')].map((e) => [Number(e.tagName[1]), (e.textContent || '').trim()]),
    empty: [...document.querySelectorAll('main section[data-section]')].filter((s) => (s.textContent || '').trim().length < 20)
      .map((s) => /** @type {HTMLElement} */ (s).dataset.section),
  }));
}

const SECTIONS = ['aim', 'history', 'setup', 'play', 'winning', 'variants', 'site', 'glossary', 'questions'];

test('every game\'s page has every section, its headings in order', async () => {
  const you = await env.player();
  const names = await presetNames(you.page);
  assert.equal(names.length, 22);
  for (const name of names) {
    await you.page.goto(`${env.server.url}/rules/${name}`);
    await you.page.locator('[data-section="questions"] dd').first().waitFor();
    const { sections, headings, empty } = await outline(you.page);
    const expected = name === 'kalah' ? [...SECTIONS.slice(0, 7), 'house-rules', ...SECTIONS.slice(7)] : SECTIONS;
    assert.deepEqual(sections, expected, name);
    assert.deepEqual(empty, [], `${name}: empty sections`);
    assert.equal(headings[0][0], 1, `${name} starts with its h1`);
    assert.equal(headings.filter(([level]) => level === 1).length, 1, name);
    for (let i = 1; i < headings.length; i++) {
      assert.ok(headings[i][0] <= headings[i - 1][0] + 1, `${name}: ${headings[i][1]} skips a level`);
      assert.ok(headings[i][1].length > 0, `${name}: an empty heading`);
    }
    assert.equal(await you.page.title(), `${headings[0][1]}: rules and how to play`);
    // Every table says what its cells are.
    const bare = await you.page.locator('main table th:not([scope])').count();
    assert.equal(bare, 0, `${name}: a header cell without scope`);
    assert.ok((await you.page.locator('[data-section="glossary"] dt').count()) >= 4, name);
    assert.ok((await you.page.locator('[data-section="variants"] li').count()) >= 1, name);
    assert.equal(await you.page.getByTestId('play-rules').getAttribute('href'), `/?rules=${name}`);
  }
  env.assertNoConsoleErrors();
});

test('Kalah\'s page shows the seed\'s defaults, which a room made with the house rules gets', async () => {
  const you = await env.player();
  await you.page.goto(`${env.server.url}/rules/kalah`);
  const table = you.page.getByTestId('house-rules');
  await table.waitFor();
  const site = await (await you.page.request.get(`${env.server.url}/api/site`)).json();
  /** The value each row of a table says, by its header. */
  const values = async (testid) => Object.fromEntries(await you.page.getByTestId(testid).locator('tbody tr').evaluateAll((rows) => rows.map((r) => {
    const span = /** @type {HTMLElement|null} */ (r.querySelector('td span[data-value], td span[data-min]'));
    return [(r.querySelector('th')?.textContent || '').trim(), span ? { ...span.dataset, text: span.textContent } : null];
  })));
  const rules = await values('house-rules');
  // The seed's table of house rules: six houses, four seeds, from the
  // next player, rotation on; the server says the same.
  assert.deepEqual(Object.keys(rules), ['Houses each', 'Seeds per house', 'Whose seeds a capture takes', 'First-player rotation']);
  assert.deepEqual(
    Object.values(rules).map((v) => [v.value, v.text]),
    [['6', '6'], ['4', '4'], ['next', 'the next player'], ['true', 'On']],
  );
  assert.deepEqual(site.house_rules.default, { houses: 6, seeds: 4, capture: 'next', rotation: true });
  const detail = await table.locator('tbody tr').nth(0).locator('td').first().textContent();
  assert.equal(detail, '6 with 2, 3, or 4 players, 7 with 2 players, and 4 with 3 or 4 players. A choice that does not suit the number of players becomes 6.');
  // The seed's table of this site's defaults, with the server's takeover delay.
  const defaults = await values('site-defaults');
  assert.deepEqual(Object.keys(defaults), ['Players', 'Time per turn', 'If someone drops out mid-game', 'If it is a draw', 'First player']);
  assert.deepEqual([defaults.Players.min, defaults.Players.max], ['2', '4']);
  assert.equal(defaults.Players.text, '2 to 4, set by the size of the group');
  assert.equal(defaults['Time per turn'].text, 'None by default (the host may set 30 or 60 seconds)');
  assert.equal(defaults['If someone drops out mid-game'].text,
    'Opening the game again on the same device gets the same seat back. If they are not back within 45 seconds, the computer plays for them.');
  assert.equal(defaults['If it is a draw'].text, 'In rated games, a draw counts halfway between a win and a loss for your rating (Glicko-2).');
  assert.equal(defaults['First player'].value, 'true');
  // A room made with the house rules, every choice left to the server.
  const me = await (await you.page.request.post(`${env.server.url}/api/players`, { data: { name: 'Ann' } })).json();
  const made = await you.page.request.post(`${env.server.url}/api/rooms`, {
    data: { house_rules: {} }, headers: { authorization: `Bearer ${me.id}:${me.secret}` },
  });
  const room = await made.json();
  assert.deepEqual(room.house_rules, { houses: Number(rules['Houses each'].value), seeds: Number(rules['Seeds per house'].value), capture: rules['Whose seeds a capture takes'].value });
  assert.equal(String(room.rotation), rules['First-player rotation'].value);
  assert.equal(String(room.rotation), defaults['First player'].value);
  assert.equal(room.turn_seconds, null, 'no time per turn by default');
  assert.deepEqual([String(room.min_players), String(room.players)], [defaults.Players.min, defaults.Players.max]);
  env.assertNoConsoleErrors();
});

test('"play these rules" chooses the game in both of the home page\'s forms', async () => {
  const you = await env.player();
  await you.page.goto(`${env.server.url}/rules/oware`);
  await you.page.getByTestId('play-rules').click();
  await you.page.waitForURL(/\/\?rules=oware$/);
  await you.page.getByTestId('create-room').waitFor();
  assert.equal(await you.page.locator('#cpu-rules').inputValue(), 'oware');
  assert.equal(await you.page.locator('#preset').inputValue(), 'oware');
  assert.equal(await you.page.locator('#mode-preset').isChecked(), true);
  await you.page.getByTestId('create-room').click();
  await you.page.locator('.seat[data-mine="yes"]').waitFor();
  assert.match(await you.page.getByTestId('rules').getAttribute('data-rules') || '', /stores_sown=none/);
  // Kalah is played by the house rules, which stay chosen.
  await you.page.goto(`${env.server.url}/rules/kalah`);
  await you.page.getByTestId('play-rules').click();
  await you.page.getByTestId('create-room').waitFor();
  assert.equal(await you.page.locator('#mode-house').isChecked(), true);
  assert.equal(await you.page.locator('#cpu-rules').inputValue(), 'kalah');
  env.assertNoConsoleErrors();
});

test('a rule file\'s page says its own rules, and plays them', async () => {
  const you = await env.player();
  await you.page.goto(`${env.server.url}/rules?spec=${encodeURIComponent('kalah,seeds=5')}`);
  await you.page.locator('[data-section="questions"] dd').first().waitFor();
  assert.equal(await you.page.locator('main h1').textContent(), 'Custom rules');
  const { sections } = await outline(you.page);
  assert.deepEqual(sections, ['aim', 'setup', 'play', 'winning', 'site', 'glossary', 'questions']);
  await you.page.locator('[data-section="setup"]').getByText('Each of the 2 players has 6 houses holding 5 seeds each (60 seeds in all)').waitFor();
  assert.ok((await you.page.locator('main').innerText()).includes('The counters the game is played with, 60 in all'));
  await you.page.getByTestId('play-rules').click();
  await you.page.waitForURL(/\/r\/[0-9a-f]{32}$/);
  await you.page.locator('.seat[data-mine="yes"]').waitFor();
  assert.match(await you.page.getByTestId('rules').getAttribute('data-rules') || '', /seeds=5/);
  // The room links back to the rules it plays.
  assert.match(await you.page.getByTestId('rules-link').getAttribute('href') || '', /^\/rules\?spec=.*seeds%3D5/);
  env.assertNoConsoleErrors();
});

test('the Bengali page of Kalah is the seed\'s, in its terms', async () => {
  const you = await env.player({ locale: 'bn-BD' });
  await you.page.goto(`${env.server.url}/rules/kalah`);
  await you.page.getByTestId('house-rules').waitFor();
  const { headings } = await outline(you.page);
  // The seed's sections (000), in its words.
  const h2 = headings.filter(([level]) => level === 2).map(([, text]) => text);
  assert.deepEqual(h2, ['উদ্দেশ্য', 'খেলাটি সম্পর্কে', 'সেটআপ', 'কীভাবে খেলতে হয়', 'জয় এবং স্কোরিং', 'সাধারণ বৈকল্পিক',
    'এই সাইটে ডিফল্ট', 'ঘরের নিয়ম', 'পরিভাষা', 'সাধারণ প্রশ্ন']);
  // The seed's glossary (পরিভাষা), every term of it.
  const terms = await you.page.locator('[data-section="glossary"] dt').allTextContents();
  for (const term of ['গর্ত', 'শেষের গর্ত', 'একটি করে দিন', 'আবার পালা', 'পাথর নেওয়া', 'সংশ্লিষ্ট গর্ত']) {
    assert.ok(terms.includes(term), `the glossary has ${term}: ${terms}`);
  }
  // The seed's house rules and their defaults (its digits Bengali).
  const rows = await you.page.getByTestId('house-rules').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [
    (tr.querySelector('th')?.textContent || '').trim(), (tr.querySelectorAll('td')[1]?.textContent || '').trim()]));
  assert.deepEqual(rows, [['প্রত্যেকের গর্ত', '৬'], ['প্রতি গর্তের পাথর', '৪'], ['কার পাথর নেবেন', 'পরের খেলোয়াড়'], ['প্রথম খেলোয়াড় বদল', 'চালু']]);
  const text = await you.page.locator('main').innerText();
  for (const line of ['প্রতিপক্ষের শেষের গর্তেও পাথর যায়?', 'কিছু নেওয়া হয় না। শেষ দেওয়া পাথরও সেখানেই থাকে।',
    'হ্যাঁ। দুজনের শেষের গর্তে সমান পাথর থাকলে ড্র।', 'এই নিয়মগুলি দিয়ে এখন খেলুন']) {
    assert.ok(text.includes(line), `the page says ${line}`);
  }
  env.assertNoConsoleErrors();
});

test('every game\'s page fits a 360 px phone, in each language', async () => {
  const phone = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, colorScheme: /** @type {'dark'} */ ('dark') };
  for (const locale of ['en-GB', 'bn-BD', 'hi-IN', 'ja-JP']) {
    const you = await env.player({ ...phone, locale });
    const names = locale === 'en-GB' ? await presetNames(you.page) : ['kalah', 'oware', 'toguz-kumalak', 'pallanguzhi'];
    for (const name of names) {
      await you.page.goto(`${env.server.url}/rules/${name}`);
      await you.page.locator('[data-section="questions"] dd').first().waitFor();
      const widths = await you.page.evaluate(() => [document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('main .table-wrap')].map((w) => w.scrollWidth - w.clientWidth)]);
      assert.ok(widths[0] <= 360, `${locale} ${name}: page width ${widths[0]}`);
      assert.ok(widths.slice(1).every((extra) => extra <= 0), `${locale} ${name}: a table scrolls sideways by ${widths.slice(1)}`);
    }
  }
  env.assertNoConsoleErrors();
});
