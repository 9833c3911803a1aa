// @ts-check
// A room's WebSocket (docs/protocol.md): `hello`, then the room's
// messages one at a time and in order (an animation of one finishes
// before the next is handled), reconnection with a growing delay, and the
// network's comings and goings. It knows nothing of what the messages
// mean.

const PROTOCOL_VERSION = 1;

export class Connection {
  /**
   * @param {string} code the room
   * @param {{id: string, secret: string}} player
   * @param {{
   *   message: (m: any) => Promise<void>|void,
   *   closed: () => void,
   *   failed: (e: unknown) => void,
   * }} handlers
   */
  constructor(code, player, handlers) {
    this.code = code;
    this.player = player;
    this.handlers = handlers;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.welcomed = false;
    this.failures = 0;
    this.closed = false;
    /** @type {Promise<void>} */
    this.queue = Promise.resolve();
    // A device that loses its network may keep a socket that no longer
    // carries anything: drop it at once (the server then holds the seat
    // as away), and connect again as soon as the network is back.
    this.onOffline = () => { if (this.ws) this.ws.close(); };
    this.onOnline = () => { this.failures = 0; this.connect(); };
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  /** Leaves the room for good. */
  close() {
    this.closed = true;
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    if (this.ws) this.ws.close();
  }

  connect() {
    // Once: a retry already scheduled finds the page connected again.
    if (this.closed || this.ws) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${this.code}`);
    this.ws = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, player: this.player.id, secret: this.player.secret }));
    });
    ws.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'welcome') {
        this.welcomed = true;
        this.failures = 0;
      }
      this.queue = this.queue.then(() => this.handlers.message(message)).catch((e) => this.handlers.failed(e));
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.welcomed = false;
      this.failures += 1;
      this.queue = this.queue.then(() => this.handlers.closed());
      const delay = Math.min(5000, 250 * 2 ** Math.min(this.failures, 5));
      setTimeout(() => this.connect(), delay);
    });
  }

  /**
   * Sends `message` if the room is listening; false if not.
   * @param {any} message
   */
  send(message) {
    if (!this.ws || !this.welcomed) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}
