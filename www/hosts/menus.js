// index.html's export and share menus, loaded on their first use (none of it is needed to show
// a game): copy and download the game or the file, the FEN, the board as SVG or PNG, the link
// (share/address.js's format), the <pdn-viewer> and iframe snippets, the self-contained .html
// file, the board editor, and a diagnostic's place selected in the paste box.

import { gameFileStem, pageTitle, slug, tagOf, wholeFileName } from '../i18n/words.js';
import { boardModel } from '../view/board.js';
import { lineView, offsetOf } from '../view/views.js';
import { writeAddress } from '../share/address.js';

/** Links longer than this are cut by many chat apps and forums. */
export const LONG_LINK = 8000;

/**
 * ctx: what main.js holds: { els, app, open (what is open), say, t, sharing (share.js's loader),
 * openText(text, opts), revealBoard(), mayDropEdits() (asks before board edits are dropped),
 * openPosition(pdn) (the board editor's game opened as an undoable step) }. Returns { actions (by button id), fillSnippets,
 * editPosition, showInText }.
 */
export function createMenus({ els, app, open, say, t, sharing, openText, revealBoard, mayDropEdits = async () => true, openPosition = null }) {
  const { viewer, library } = app;
  const $ = (id) => document.getElementById(id);

  async function copyText(text, okMessage) {
    let copied = false;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      try {
        await navigator.clipboard.writeText(text);
        copied = true;
      } catch {
        // Clipboard access can be refused (permissions, insecure origin).
      }
    }
    if (copied) {
      els.exportOutput.hidden = true;
      say(okMessage);
    } else {
      els.exportOutput.value = text;
      els.exportOutput.hidden = false;
      els.exportOutput.select();
      say(() => t('export.copyFailed'));
    }
    return copied;
  }

  /** The shown game's file name without extension: "mikhalchenko-ndjofang-2007" (words.js). */
  function fileStem() {
    return gameFileStem(viewer.state.view, viewer.state.game + 1);
  }

  /**
   * The whole file's download name: the opened file's own name; for a pasted text or a link, the
   * event when every game has the same one ("fmjd-wc-2007.pdn"); else games.pdn.
   */
  function wholeName() {
    const src = open.source;
    if (src && (src.kind === 'file' || src.kind === 'src') && typeof src.name === 'string') return wholeFileName(src.name);
    const list = app.list;
    const events = new Set(list && open.count > 1 ? list.state.rows.map((r) => r.event || '') : [tagOf(viewer.state.view, 'Event')]);
    return `${(events.size === 1 && slug([...events][0])) || 'games'}.pdn`;
  }

  const currentFen = () => app.currentFen();

  /** The file-saving helpers, loaded on first use (they are not needed to read games). */
  const exporter = () => import('../share/board-export.js');

  async function downloadBlob(blob, name) {
    (await exporter()).downloadBlob(blob, name);
  }

  async function boardDocument() {
    const { boardColors, standaloneSvg } = await exporter();
    const s = viewer.state;
    const model = boardModel(lineView(s.view, s.line), s.ply, { flipped: s.flipped });
    const label = els.board.querySelector('svg')?.getAttribute('aria-label') || t('board.label');
    return standaloneSvg(model, { label, coordinates: s.coordinates }, boardColors(els.board));
  }

  /** The link for a PDN text alone (its first game, at its start): the editor's. */
  async function linkFor(pdn, place = { game: 1, ply: 0 }) {
    const { packText } = await sharing();
    return writeAddress({ source: { pdn: await packText(pdn) }, ...place }, `${location.origin}${location.pathname}`);
  }

  /**
   * The board editor (www/view/editor.js, loaded on first use) over the page, starting from `fen`
   * on GameType `gametype` (by default the shown position); "Analyse from here" opens its game here.
   */
  function editPosition(fen = null, gametype = null) {
    return app.editPosition({
      fen, gametype,
      link: (pdn) => linkFor(pdn),
      onClose: () => {
        // A ?edit= address has been used: a reload should not open the editor again.
        const url = new URL(location.href);
        url.searchParams.delete('edit');
        url.searchParams.delete('gametype');
        if (url.href !== location.href) history.replaceState(null, '', url.href);
      },
      analyse: async (pdn) => {
        // A position edit: main.js opens it as one step undo can take back.
        if (openPosition) { await openPosition(pdn); return; }
        if (!(await mayDropEdits())) return;
        els.input.value = pdn;
        open.pasted = pdn;
        await openText(pdn, { what: t('editor.what'), kind: 'paste' });
        revealBoard();
      },
    });
  }

  /** The link for the shown game and move: the whole text, or only this game when that is long. */
  async function makeLink() {
    const { game } = viewer.state;
    // The place (game, move, solve mode, orientation) as the address keeps it.
    const place = app.place();
    const whole = open.boxIsGame ? null : (open.source?.kind === 'paste' ? els.input.value : await library.text());
    // An edited game is linked as the core writes it: the text no longer holds it.
    let url = whole != null && !app.edited.has(game) ? await linkFor(whole, place) : null;
    if (!url || (url.length > LONG_LINK && open.count > 1)) {
      const one = app.edited.has(game) ? await library.exportGame(game) : await library.gameText(game);
      url = await linkFor(one, { ...place, game: 1 });
    }
    return url;
  }

  async function copyLink() {
    const url = await makeLink();
    els.shareLink.value = url;
    els.shareLink.dataset.length = String(url.length);
    els.shareNotice.hidden = url.length <= LONG_LINK;
    els.shareNotice.textContent = url.length > LONG_LINK ? t('share.tooLong', { length: url.length }) : '';
    let copied = false;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      try { await navigator.clipboard.writeText(url); copied = true; } catch { /* the box has it */ }
    }
    say(() => t(copied ? 'share.linkCopied' : 'share.linkReady', { length: url.length }));
    if (!copied) els.shareLink.select();
  }

  /** Where the viewer is served from (the folder of this page), for the snippets. */
  function siteBase() {
    return new URL('.', `${location.origin}${location.pathname}`).href;
  }

  /** The shown game as canonical PDN, safe inside a <script> element. */
  async function gameForSnippet() {
    return (await library.exportGame(viewer.state.game)).trimEnd();
  }

  /** The <pdn-viewer> and iframe snippets for the shown game and move. */
  async function fillSnippets() {
    const base = siteBase();
    const pdn = await gameForSnippet();
    const place = { ...app.place({ mainline: true }), game: 1 };
    const attrs = `ply="${place.ply}"${place.mode ? ` mode="${place.mode}"` : ''}${place.orientation ? ` orientation="${place.orientation}"` : ''}`;
    $('snippet-element').value = `<script type="module" src="${base}www/pdn-viewer.js"></script>
  <pdn-viewer ${attrs}><script type="application/x-draughts-pdn">
  ${pdn.replace(/<\//g, '<\\/')}
  </script></pdn-viewer>`;
    const src = writeAddress({ source: { pdn: await (await sharing()).packText(pdn) }, ...place }, `${base}embed.html`);
    const title = pageTitle(viewer.state.view, t('app.title')).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    // The frame posts its content's height (www/hosts/embed.js); the lines under it fit the frame to it.
    $('snippet-iframe').value = `<iframe src="${src}" title="${title}" width="100%" height="640" style="border:0;max-width:960px" loading="lazy" data-pdn-viewer></iframe>
  <script>
  addEventListener('message', (e) => {
    if (e.origin !== ${JSON.stringify(location.origin)} || !e.data || e.data.type !== 'pdn-viewer:height') return;
    for (const f of document.querySelectorAll('iframe[data-pdn-viewer]'))
      if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
  });
  </script>`;
  }

  async function downloadHtml() {
    const base = siteBase();
    const get = async (path) => {
      const r = await fetch(base + path);
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      return r;
    };
    const { standaloneHtml } = await import('../share/standalone.js');
    const s = viewer.state;
    const html = await standaloneHtml({
      pdn: await gameForSnippet(),
      title: pageTitle(s.view, t('app.title')),
      attrs: { ply: viewer.mainlinePly(), coordinates: s.coordinates, orientation: s.flipped ? 'black' : null, lang: app.lang },
      fetchText: async (path) => (await get(path)).text(),
      fetchBytes: async (path) => new Uint8Array(await (await get(path)).arrayBuffer()),
    });
    await downloadBlob(new Blob([html], { type: 'text/html' }), `${fileStem()}.html`);
  }

  /** Select a diagnostic's text range in the paste box so the user sees the offending spot. */
  function showInText(btn) {
    const text = els.input.value;
    let start = Number(btn.dataset.start) - open.boxOffset;
    let end = Number(btn.dataset.end) - open.boxOffset;
    const stale = open.source?.kind === 'paste' && text !== open.pasted;
    if (stale || !Number.isFinite(start) || start < 0 || start > text.length) {
      // The box was edited since: fall back to line and column.
      const len = Number.isFinite(end - start) ? end - start : 1;
      start = offsetOf(text, Number(btn.dataset.line), Number(btn.dataset.column));
      if (start < 0) return;
      end = start + Math.max(len, 1);
    }
    els.input.focus();
    els.input.setSelectionRange(start, Math.max(end, start + 1));
    // A textarea does not scroll to its selection by itself in every browser.
    const lineNo = text.slice(0, start).split('\n').length;
    const lineHeight = parseFloat(getComputedStyle(els.input).lineHeight) || 18;
    els.input.scrollTop = Math.max(0, (lineNo - 3) * lineHeight);
  }

  return {
    actions: {
      'copy-link': copyLink,
      'copy-element': async () => {
        await fillSnippets();
        await copyText($('snippet-element').value, t('export.copied'));
      },
      'copy-iframe': async () => {
        await fillSnippets();
        await copyText($('snippet-iframe').value, t('export.copied'));
      },
      'download-html': downloadHtml,
      'copy-game': async () => copyText(await library.exportGame(viewer.state.game), t('export.copied')),
      'download-game': async () => {
        const text = await library.exportGame(viewer.state.game);
        await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), `${fileStem()}.pdn`);
      },
      'download-file': async () => {
        const text = await library.exportAll();
        await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), wholeName());
      },
      'copy-fen': () => copyText(currentFen(), t('export.copied')),
      'edit-position': () => editPosition(),
      'download-svg': async () => {
        await downloadBlob(new Blob([await boardDocument()], { type: 'image/svg+xml' }), `${fileStem()}-${viewer.state.ply}.svg`);
      },
      'download-png': async () => {
        const { svgToPngBlob } = await exporter();
        await downloadBlob(await svgToPngBlob(await boardDocument(), 800), `${fileStem()}-${viewer.state.ply}.png`);
      },
    },
    fillSnippets,
    editPosition,
    showInText,
  };
}
