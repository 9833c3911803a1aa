// @ts-check
// A player's page, `/p/ID`: their name, rating (± twice its deviation,
// as the leaderboard shows it), a chart of the rating after each rated
// game, wins, draws and losses by game, and their games newest first, a
// page at a time, each linking to its replay. Everything comes from
// GET /api/players/ID and GET /api/players/ID/games?scope=all.

import { ApiError, request } from './api.js';
import { chart } from './chart.js';
import { h, replace } from './dom.js';
import { gameName } from './games.js';
import { language, num, t } from './i18n.js';
import { seatLabel } from './replay.js';

/** Games a page of the list asks for. */
const PAGE = 20;

export class PlayerPage {
  /**
   * @param {HTMLElement} main
   * @param {import('./api.js').Player} me
   * @param {string} id
   */
  constructor(main, me, id) {
    this.main = main;
    this.me = me.id;
    this.id = id;
    this.closed = false;
    /** @type {string|null} the cursor of the next page of games */
    this.next = null;
    this.els = {
      name: h('h1', { dataset: { testid: 'player-name' } }),
      rating: h('p', { class: 'player-rating', dataset: { testid: 'player-rating' } }),
      chart: h('div', { class: 'chart-box' }),
      record: h('div', { dataset: { testid: 'player-record' } }),
      games: h('ol', { class: 'player-games', dataset: { testid: 'player-games' } }),
      more: h('button', { type: 'button', dataset: { testid: 'player-more' }, hidden: true, onclick: () => this.more() }, t('player-more')),
      error: h('p', { class: 'error', role: 'alert' }),
    };
    replace(main,
      this.els.name, this.els.rating, this.els.error,
      h('section', { 'aria-labelledby': 'pc-h' }, h('h2', { id: 'pc-h' }, t('player-chart')), this.els.chart),
      h('section', { 'aria-labelledby': 'pr-h' }, h('h2', { id: 'pr-h' }, t('player-record')), this.els.record),
      h('section', { 'aria-labelledby': 'pg-h' }, h('h2', { id: 'pg-h' }, t('player-games')), this.els.games, this.els.more),
      h('p', {}, h('a', { href: '/', dataset: { internal: '1' } }, t('site-home'))));
    this.load();
  }

  close() {
    this.closed = true;
  }

  async load() {
    try {
      const page = await request('GET', `/api/players/${encodeURIComponent(this.id)}`);
      if (this.closed) return;
      this.show(page);
      await this.more();
    } catch (e) {
      if (this.closed) return;
      this.els.error.textContent = e instanceof ApiError && e.code === 'no_such_player' ? t('error-no-such-player') : t('player-failed');
    }
  }

  /** @param {any} page */
  show(page) {
    const name = typeof page.level === 'number' ? t('site-computer-level', { level: page.level }) : (page.name || t('site-no-name'));
    this.els.name.textContent = name;
    document.title = `${name} · ${t('site-title')}`;
    replace(this.els.rating,
      t('player-rating', { rating: Math.round(page.rating), deviation: Math.round(2 * page.deviation) }),
      ' · ', t('player-rated-games', { games: page.rated_games }));
    const date = new Intl.DateTimeFormat(language().code, { dateStyle: 'medium' });
    const points = page.history.map((/** @type {any} */ p) => ({
      x: p.number, y: p.rating,
      title: `${num(p.number)}: ${num(Math.round(p.rating))}${p.at ? ` (${date.format(new Date(p.at))})` : ''}`,
    }));
    replace(this.els.chart,
      chart(points, { label: t('player-chart'), testid: 'player-chart', format: (y) => num(Math.round(y)) }),
      points.length ? null : h('p', { class: 'note' }, t('player-chart-empty')));
    if (!page.record.length) {
      replace(this.els.record, h('p', { class: 'note' }, t('player-record-empty')));
    } else {
      replace(this.els.record, h('table', { class: 'record' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('player-game')), h('th', { scope: 'col' }, t('player-wins')),
          h('th', { scope: 'col' }, t('player-draws')), h('th', { scope: 'col' }, t('player-losses')))),
        h('tbody', {}, ...page.record.map((/** @type {any} */ r) => h('tr', { dataset: { game: r.preset || 'custom' } },
          h('th', { scope: 'row' }, r.preset ? gameName(r.preset) : t('site-custom-rules')),
          h('td', {}, num(r.wins)), h('td', {}, num(r.draws)), h('td', {}, num(r.losses)))))));
    }
  }

  /** Adds the next page of games to the list. */
  async more() {
    const before = this.next ? `&before=${encodeURIComponent(this.next)}` : '';
    const path = `/api/players/${encodeURIComponent(this.id)}/games?scope=all&limit=${PAGE}${before}`;
    const more = /** @type {HTMLButtonElement} */ (this.els.more);
    more.disabled = true;
    try {
      const page = await request('GET', path);
      if (this.closed) return;
      const date = new Intl.DateTimeFormat(language().code, { dateStyle: 'medium', timeStyle: 'short' });
      const rows = page.games.map((/** @type {any} */ g) => {
        const others = g.seats.filter((/** @type {any} */ s) => s.player !== this.id).map((/** @type {any} */ s) => seatLabel(s, this.me));
        const result = g.result || 'none';
        return h('li', { dataset: { game: g.game, result } },
          h('a', { href: `/g/${g.game}`, dataset: { internal: '1' } }, g.preset ? gameName(g.preset) : t('site-custom-rules')),
          ' · ', h('span', { class: `tag result ${result}` }, t('player-result', { result })),
          others.length ? [' · ', t('player-with', { names: others.join(', ') })] : null,
          ' · ', g.rated ? t('site-option-rated') : t('site-option-casual'),
          g.started_at ? [' · ', h('time', { datetime: new Date(g.started_at).toISOString() }, date.format(new Date(g.started_at)))] : null);
      });
      if (!this.next && rows.length === 0) {
        replace(this.els.games, h('li', { class: 'note' }, t('player-games-none')));
      } else {
        this.els.games.append(...rows);
      }
      this.next = page.next;
      more.hidden = !page.next;
    } catch {
      if (!this.closed) this.els.error.textContent = t('player-failed');
    } finally {
      more.disabled = false;
    }
  }
}
