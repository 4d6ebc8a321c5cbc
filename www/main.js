// Page start-up and wiring: loads the wasm core, opens the shared link or the sample game, and
// connects buttons, keys, the paste box, the file picker and the share link to the controller.

import init, { PdnFile, decodeBytes } from '../pkg/pdn.js';
import { createViewer } from './viewer.js';
import { SAMPLE_PDN } from './sample.js';
import { buildShareUrl, packText, parseShareHash, unpackText } from './share.js';
import { offsetOf } from './views.js';

const $ = (id) => document.getElementById(id);

const els = {
  board: $('board'),
  moves: $('moves'),
  diagnostics: $('diagnostics'),
  header: $('game-header'),
  tags: $('tags'),
  select: $('game-select'),
  selectWrap: $('game-select-wrap'),
  plyInfo: $('ply-info'),
  first: $('first'),
  prev: $('prev'),
  next: $('next'),
  last: $('last'),
  flip: $('flip'),
  input: $('pdn-input'),
  load: $('load'),
  fileInput: $('file-input'),
  copyLink: $('copy-link'),
  shareLink: $('share-link'),
  status: $('status'),
};

/** Messages go to one visible element; errors are never swallowed. */
function say(text, kind = 'info') {
  els.status.textContent = text;
  els.status.dataset.kind = kind;
}
function fail(prefix, err) {
  say(`${prefix}: ${err && err.message ? err.message : String(err)}`, 'error');
}

window.addEventListener('error', (e) => fail('Unexpected error', e.error || e.message));
window.addEventListener('unhandledrejection', (e) => fail('Unexpected error', e.reason));

let viewer = null;
let loads = 0;

function loaded() {
  loads += 1;
  document.body.dataset.loads = String(loads);
  els.shareLink.value = '';
}

function loadText(text, opts, what) {
  const count = viewer.load(text, opts);
  const g = viewer.state.game + 1;
  say(count > 1 ? `${what}: ${count} games, showing game ${g}.` : `${what}: 1 game.`);
  loaded();
}

/** After loading from the paste box (below the board on phones), bring the board back into view. */
function revealBoard() {
  const r = els.board.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.6) {
    document.querySelector('.viewer').scrollIntoView({ block: 'start' });
  }
}

/** Open the game in the location hash, if there is one. Returns true when it did. */
async function openFromHash() {
  const link = parseShareHash(location.hash);
  if (!link) return false;
  let text;
  try {
    text = await unpackText(link.pdn);
  } catch (e) {
    fail('Could not open the shared link', e);
    return false;
  }
  els.input.value = text;
  try {
    loadText(text, { game: link.game || 1, ply: link.ply ?? 0, source: 'link' }, 'Opened shared link');
  } catch (e) {
    fail('Could not open the shared link', e);
    return false;
  }
  return true;
}

function isTyping(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(target.type);
  return false;
}

function onKey(e) {
  if (!viewer || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  if (isTyping(e.target)) return;
  const actions = {
    ArrowLeft: () => viewer.step(-1),
    ArrowRight: () => viewer.step(1),
    Home: () => viewer.first(),
    End: () => viewer.last(),
    f: () => viewer.flip(),
  };
  const act = actions[e.key];
  if (!act) return;
  e.preventDefault();
  act();
}

async function copyLink() {
  const s = viewer.state;
  const pdn = await packText(s.text);
  const url = buildShareUrl(location.href, { pdn, game: s.game + 1, ply: viewer.mainlinePly() });
  els.shareLink.value = url;
  els.shareLink.dataset.length = String(url.length);
  let copied = false;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the link stays in the box.
    }
  }
  say(copied
    ? `Link copied (${url.length} characters).`
    : `Link ready below (${url.length} characters); copy it from the box.`);
  if (!copied) els.shareLink.select();
}

/** Select a diagnostic's text range in the paste box so the user sees the offending spot. */
function showInText(btn) {
  const text = els.input.value;
  let start = Number(btn.dataset.start);
  let end = Number(btn.dataset.end);
  if (text !== viewer.state.text || !Number.isFinite(start)) {
    // The box was edited (or line endings normalised): fall back to line and column.
    const len = Number.isFinite(end - start) ? end - start : 1;
    start = offsetOf(text, Number(btn.dataset.line), Number(btn.dataset.column));
    if (start < 0) return;
    end = start + Math.max(len, 1);
  }
  els.input.focus();
  els.input.setSelectionRange(start, Math.max(end, start + 1));
}

function wire() {
  els.first.addEventListener('click', () => viewer.first());
  els.prev.addEventListener('click', () => viewer.step(-1));
  els.next.addEventListener('click', () => viewer.step(1));
  els.last.addEventListener('click', () => viewer.last());
  els.flip.addEventListener('click', () => viewer.flip());
  document.addEventListener('keydown', onKey);

  els.moves.addEventListener('click', (e) => {
    const btn = e.target.closest('[data-ply]');
    if (!btn || !els.moves.contains(btn)) return;
    const line = btn.dataset.line == null ? null : Number(btn.dataset.line);
    viewer.goTo(Number(btn.dataset.ply), line);
  });
  els.diagnostics.addEventListener('click', (e) => {
    const btn = e.target.closest('.diag-loc');
    if (btn) showInText(btn);
  });
  els.select.addEventListener('change', () => {
    viewer.showGame(Number(els.select.value), 0);
    say(`Game ${viewer.state.game + 1} of ${viewer.state.summaries.length}.`);
    els.shareLink.value = '';
  });

  els.load.addEventListener('click', () => {
    try {
      loadText(els.input.value, { source: 'paste' }, 'Loaded the pasted text');
      revealBoard();
    } catch (e) {
      fail('Could not load the text', e);
    }
  });

  els.fileInput.addEventListener('change', async () => {
    const file = els.fileInput.files && els.fileInput.files[0];
    if (!file) return;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const text = decodeBytes(bytes);
      els.input.value = text;
      loadText(text, { source: file.name }, `Loaded ${file.name}`);
      revealBoard();
    } catch (e) {
      fail(`Could not load ${file.name}`, e);
    } finally {
      els.fileInput.value = ''; // choosing the same file again must fire "change" again
    }
  });

  els.copyLink.addEventListener('click', () => {
    copyLink().catch((e) => fail('Could not build the link', e));
  });
  els.shareLink.addEventListener('focus', () => els.shareLink.select());

  window.addEventListener('hashchange', () => {
    openFromHash().catch((e) => fail('Could not open the shared link', e));
  });
}

async function main() {
  say('Loading the PDN reader…');
  try {
    await init();
  } catch (e) {
    fail('The PDN reader (WebAssembly) could not be loaded', e);
    return;
  }
  viewer = createViewer({ doc: document, els, wasm: { PdnFile } });
  wire();
  const fromLink = await openFromHash();
  if (!fromLink) {
    els.input.value = SAMPLE_PDN;
    try {
      const hadLinkError = els.status.dataset.kind === 'error';
      viewer.load(SAMPLE_PDN, { source: 'sample' });
      loaded();
      if (!hadLinkError) say('Showing a sample game. Paste PDN below or open a file.');
    } catch (e) {
      fail('Could not show the sample game', e);
    }
  }
  document.body.dataset.ready = '1';
}

main();
