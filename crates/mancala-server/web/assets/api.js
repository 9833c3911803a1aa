// @ts-check
// The server's HTTP API (docs/protocol.md) and the player identity this
// device keeps: the id and secret from POST /api/players live in
// localStorage, so the same browser on the same device is the same player.

const KEY = 'mancala.player';

/** @typedef {{id: string, secret: string, name: string}} Player */

/** @returns {Player|null} */
export function storedPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || 'null');
    return p && typeof p.id === 'string' && typeof p.secret === 'string' ? p : null;
  } catch {
    return null;
  }
}

/** @param {Player} player */
export function storePlayer(player) {
  localStorage.setItem(KEY, JSON.stringify(player));
}

/**
 * The player of this device, created on the first visit with the name
 * `name()` gives (in the language of the page: names are shown to
 * everyone as they are written).
 * @param {() => string} name
 */
export async function ensurePlayer(name) {
  const known = storedPlayer();
  if (known) return known;
  const player = await request('POST', '/api/players', { name: name() });
  storePlayer(player);
  return player;
}

/** A refused request: `code` is the server's error code. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {Record<string, number>} args the refusal's facts, for its words
   */
  constructor(status, code, message, args) {
    super(message);
    this.status = status;
    this.code = code;
    this.args = args;
  }
}

/**
 * A JSON request; rejects with an ApiError on a 4xx/5xx answer.
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 * @param {Player|null} [auth]
 */
export async function request(method, path, body, auth) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth) headers.authorization = `Bearer ${auth.id}:${auth.secret}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (data && data.error) || 'http_' + response.status,
      (data && data.message) || response.statusText || 'request failed',
      (data && data.args) || {},
    );
  }
  return data;
}

/** The link that invites to room `code`. */
export function inviteLink(code) {
  return `${location.origin}/r/${code}`;
}

/** The room code in the current address (`/r/CODE`), if any. */
export function roomInPath() {
  const m = location.pathname.match(/^\/r\/([0-9a-f]{32})\/?$/);
  return m ? m[1] : null;
}

/** The room code in a pasted invite link or a bare code, if any. */
export function roomInText(text) {
  const m = text.trim().match(/(?:^|\/r\/)([0-9a-f]{32})\/?$/);
  return m ? m[1] : null;
}
