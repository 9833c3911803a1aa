// @ts-check
// Small SVG charts: a line over points (a rating over time, a game's
// evaluation) or bars (the seeds each move lost). Hand-written rather
// than a charting package: the page needs two plain shapes, a few dozen
// lines of SVG do them, and a package (the small ones are 10-40 kB)
// would be vendored, audited and kept up to date for that alone. The
// chart is an image with a name (`role="img"`, `aria-label`) and each
// point has a title; it scales to its box (viewBox) for a phone.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 34, right: 8, top: 8, bottom: 16 };

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string|number>} [attrs]
 * @returns {SVGElement}
 */
function s(tag, attrs = {}) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * A chart of `points` (x ascending): a line with a dot per point, or
 * bars from 0. `label` names it; `format` writes a value (its axis ends
 * and each point's title, in the page's digits); `zero` draws a line at
 * 0; `cursor` marks the x of the step shown.
 * @param {{x: number, y: number, title?: string}[]} points
 * @param {{label: string, testid: string, format: (y: number) => string,
 *   bars?: boolean, zero?: boolean, cursor?: number|null}} opts
 * @returns {SVGElement}
 */
export function chart(points, opts) {
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'chart', role: 'img', 'aria-label': opts.label,
    'data-testid': opts.testid, 'data-points': points.length,
  });
  const title = s('title');
  title.textContent = opts.label;
  svg.append(title);
  if (points.length === 0) return svg;
  const ys = points.map((p) => p.y);
  let lo = Math.min(...ys, opts.bars || opts.zero ? 0 : Infinity);
  let hi = Math.max(...ys, opts.bars || opts.zero ? 0 : -Infinity);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x0 = points[0].x;
  const x1 = points[points.length - 1].x;
  const spanX = Math.max(1, x1 - x0);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const px = (/** @type {number} */ x) => PAD.left + (points.length === 1 ? innerW / 2 : ((x - x0) / spanX) * innerW);
  const py = (/** @type {number} */ y) => PAD.top + (1 - (y - lo) / (hi - lo)) * innerH;
  svg.append(s('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: HEIGHT - PAD.bottom, class: 'axis' }));
  for (const [value, y] of [[hi, PAD.top + 4], [lo, HEIGHT - PAD.bottom]]) {
    const text = s('text', { x: PAD.left - 3, y, class: 'tick', 'text-anchor': 'end' });
    text.textContent = opts.format(value);
    svg.append(text);
  }
  if (opts.zero && lo < 0 && hi > 0) {
    svg.append(s('line', { x1: PAD.left, y1: py(0), x2: WIDTH - PAD.right, y2: py(0), class: 'zero' }));
  }
  if (opts.cursor !== null && opts.cursor !== undefined) {
    const cx = px(opts.cursor);
    svg.append(s('line', { x1: cx, y1: PAD.top, x2: cx, y2: HEIGHT - PAD.bottom, class: 'cursor' }));
  }
  if (opts.bars) {
    const w = Math.max(2, Math.min(14, innerW / points.length - 2));
    for (const p of points) {
      const bar = s('rect', { x: px(p.x) - w / 2, y: Math.min(py(p.y), py(0)), width: w, height: Math.abs(py(0) - py(p.y)), class: 'bar' });
      const tip = s('title');
      tip.textContent = p.title || opts.format(p.y);
      bar.append(tip);
      svg.append(bar);
    }
    return svg;
  }
  svg.append(s('polyline', { points: points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' '), class: 'line' }));
  for (const p of points) {
    const dot = s('circle', { cx: px(p.x).toFixed(1), cy: py(p.y).toFixed(1), r: 3, class: 'dot' });
    const tip = s('title');
    tip.textContent = p.title || opts.format(p.y);
    dot.append(tip);
    svg.append(dot);
  }
  return svg;
}
