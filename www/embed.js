// The iframe page (embed.html): one <pdn-viewer> filling the frame, from
// embed.html?src=<file>&game=&ply= or embed.html#pdn=…&game=&ply= (the share-link format), plus
// optional theme, coordinates, moves, lang, orientation, list and mode (mode=solve: solve mode). A module of its own, not
// inline, so that the page's Content-Security-Policy can forbid every inline script.

import { parseShareHash } from './share.js';
import './pdn-viewer.js';

const params = new URLSearchParams(location.search);
const viewer = document.createElement('pdn-viewer');
for (const name of ['theme', 'coordinates', 'moves', 'lang', 'orientation', 'list', 'mode']) {
  if (params.has(name)) viewer.setAttribute(name, params.get(name));
}
if (!params.has('moves')) viewer.setAttribute('moves', 'auto');

async function source() {
  const link = parseShareHash(location.hash);
  if (link) {
    if (link.game) viewer.setAttribute('game', String(link.game));
    if (link.ply != null) viewer.setAttribute('ply', String(link.ply));
    return { link: link.pdn };
  }
  if (params.get('game')) viewer.setAttribute('game', params.get('game'));
  if (params.get('ply')) viewer.setAttribute('ply', params.get('ply'));
  if (params.get('src')) return { src: params.get('src') };
  return null;
}

try {
  const s = await source();
  if (!s) throw new Error('Nothing to show: give embed.html ?src=<file.pdn> or a #pdn= link.');
  if (s.src) viewer.setAttribute('src', s.src);
  else viewer.link = s.link; // unpacked by the element, in its worker when it has one
  document.body.append(viewer);
} catch (e) {
  const p = document.createElement('p');
  p.className = 'embed-error';
  p.textContent = e.message;
  document.body.append(p);
}
