// Saving the board and texts as files: the board as a stand-alone .svg (colours written out, so
// any SVG viewer shows it as the page does) or a .png, and any Blob as a download. Loaded only
// when the user exports, to keep the page's first load small.

import { SQUARE, boardSvg } from '../view/board.js';
import { h, toMarkup } from '../view/tree.js';

/**
 * The custom properties (without the leading --) that colour a board file. Their values are
 * not written here: they are the page's palette (www/style.css), read from the computed style
 * by boardColors().
 */
export const BOARD_COLOR_NAMES = Object.freeze([
  'sq-light', 'sq-dark', 'board-edge', 'num',
  'piece-white', 'piece-white-ring', 'piece-white-edge',
  'piece-black', 'piece-black-ring', 'piece-black-edge',
  'crown', 'crown-edge', 'hl-move', 'hl-path', 'path-line', 'captured',
  'coord-on-light', 'coord-on-dark', 'grid-line', 'ghost-opacity',
]);

/**
 * CSS for a stand-alone board file: the page's board rules with literal colours (not var()),
 * because many SVG viewers and editors do not know custom properties. `colors` are the
 * palette's values (boardColors()); a missing one, or one that does not look like a colour,
 * becomes currentColor, so nothing odd ends up inside the style sheet.
 */
export function boardStyleSheet(colors = {}) {
  const c = {};
  for (const k of BOARD_COLOR_NAMES) {
    const v = String(colors[k] ?? '').trim();
    c[k] = /^[#\w\s().,%-]+$/.test(v) ? v : 'currentColor';
  }
  return [
    `.board-edge{fill:${c['board-edge']}}`,
    `.sq-light{fill:${c['sq-light']}}`,
    `.sq-dark{fill:${c['sq-dark']}}`,
    `.all-playable .sq-dark{stroke:${c['grid-line']};stroke-width:2}`,
    `.hl-from,.hl-to{fill:${c['hl-move']}}`,
    `.hl-path{fill:${c['hl-path']}}`,
    `.move-path{fill:none;stroke:${c['path-line']};stroke-width:9;stroke-linecap:round;stroke-linejoin:round;stroke-dasharray:1 16}`,
    `.captured-mark{fill:none;stroke:${c.captured};stroke-width:3;stroke-dasharray:7 7;opacity:.75}`,
    `.piece-body{stroke-width:3}.piece-ring{fill:none;stroke-width:4}.ghost{opacity:${c['ghost-opacity']}}`,
    `.white .piece-body{fill:${c['piece-white']};stroke:${c['piece-white-edge']}}`,
    `.white .piece-ring{stroke:${c['piece-white-ring']}}`,
    `.black .piece-body{fill:${c['piece-black']};stroke:${c['piece-black-edge']}}`,
    `.black .piece-ring{stroke:${c['piece-black-ring']}}`,
    `.crown{fill:${c.crown};stroke:${c['crown-edge']};stroke-width:2.5;stroke-linejoin:round}`,
    `.king .piece-ring{stroke:${c.crown}}`,
    `.sq-num{fill:${c.num};font:600 19px "DejaVu Sans",system-ui,sans-serif}`,
    '.coord{font:700 20px "DejaVu Sans",system-ui,sans-serif}',
    `.coord.on-light{fill:${c['coord-on-light']}}.coord.on-dark{fill:${c['coord-on-dark']}}`,
  ].join('\n');
}

/**
 * A complete .svg document for the board: explicit size (`pixels` on the longer side), an
 * embedded style sheet with `colors` (see boardColors in board-dom.js) and a frame in the
 * board-edge colour. Same tree as on the page, so the same data-square/data-piece attributes.
 */
export function standaloneSvg(model, opts = {}, colors = {}) {
  const { pixels = 640, ...drawOpts } = opts;
  const tree = boardSvg(model, drawOpts);
  const edge = SQUARE / 8;
  const w = model.width * SQUARE + 2 * edge;
  const hgt = model.height * SQUARE + 2 * edge;
  const scale = pixels / Math.max(w, hgt);
  const [title, ...layers] = tree.children;
  const doc = h('svg', {
    ...tree.attrs,
    viewBox: `${-edge} ${-edge} ${w} ${hgt}`,
    width: Math.round(w * scale),
    height: Math.round(hgt * scale),
  },
  title,
  h('style', {}, boardStyleSheet(colors)),
  h('rect', { class: 'board-edge', x: -edge, y: -edge, width: w, height: hgt, rx: edge / 2 }),
  layers);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toMarkup(doc)}\n`;
}

/** The board colours currently in effect at `el` (theme included), by BOARD_COLOR_NAMES. */
export function boardColors(el) {
  const win = (el && el.ownerDocument && el.ownerDocument.defaultView) || globalThis;
  const style = win.getComputedStyle(el);
  const out = {};
  for (const name of BOARD_COLOR_NAMES) {
    const v = style.getPropertyValue(`--${name}`).trim();
    if (v) out[name] = v;
  }
  return out;
}

/** Size in the root tag of an SVG document (width/height, else the viewBox); [w, h]. */
function svgSize(svgText) {
  const tag = (/<svg\b[^>]*>/.exec(svgText) || [''])[0];
  const attr = (name) => (new RegExp(`\\s${name}="([^"]*)"`).exec(tag) || [])[1];
  const box = (attr('viewBox') || '').trim().split(/[\s,]+/).map(Number);
  const w = parseFloat(attr('width')) || box[2] || 1;
  const h = parseFloat(attr('height')) || box[3] || 1;
  return [w, h];
}

/** Render an SVG document to a PNG Blob, `pixels` wide or high (the longer side). */
export async function svgToPngBlob(svgText, pixels = 800, doc = globalThis.document) {
  const [w0, h0] = svgSize(svgText);
  const scale = pixels / Math.max(w0, h0);
  const w = Math.max(1, Math.round(w0 * scale));
  const h = Math.max(1, Math.round(h0 * scale));
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const img = doc.createElement('img');
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error('The board image could not be rendered.'));
      img.src = url;
    });
    const canvas = doc.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d').drawImage(img, 0, 0, w, h);
    return await new Promise((resolve, reject) => canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('PNG export failed.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offer a Blob as a file download. */
export function downloadBlob(blob, filename, doc = globalThis.document) {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
