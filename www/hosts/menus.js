// index.html's export and share menus, loaded on their first use (none of it is needed to show
// a game): copy and download the game or the file, the FEN, the board as SVG or PNG, the link
// (share/address.js's format), the <pdn-viewer> and iframe snippets, the self-contained .html
// file, the board editor, and a diagnostic's place selected in the paste box.

import { gameFileStem, pageTitle, slug, tagOf, wholeFileName } from '../i18n/words.js';
import { boardModel } from '../view/board.js';
import { lineView, offsetOf } from '../view/views.js';
import { writeAddress } from '../share/address.js';
import { elementSnippet, iframeSnippet } from '../share/snippets.js';
import { LIMITS } from '../reader/limits.js';

/** Links longer than this are cut by many chat apps and forums. */
export const LONG_LINK = 8000;

/** Stands for the author's site in a frame's address for a file they put there (a reserved name). */
export const SITE_PLACEHOLDER = 'your-site.example';

/**
 * ctx: what main.js holds: { els, app, open (what is open), say, t, sharing (share.js's loader),
 * openText(text, opts), revealBoard(), mayDropEdits() (asks before board edits are dropped),
 * openPosition(pdn) (the board editor's game opened as an undoable step) }. Returns { actions (by button id), fillSnippets,
 * editPosition, showInText }.
 */
export function createMenus({ els, app, open, say, t, sharing, openText, revealBoard, mayDropEdits = async () => true, openPosition = null, loadAnalysis = async () => {} }) {
  const { viewer, library } = app;
  const m = { els, app, open, say, t, sharing, openText, revealBoard, mayDropEdits, openPosition, loadAnalysis, viewer, library };
  // The jobs, each given what the ones before it made.
  Object.assign(m, menuFiles(m));
  Object.assign(m, menuLinks(m));
  Object.assign(m, menuSnippets(m));
  Object.assign(m, menuShots(m));
  const { copyText, fileStem, wholeName, currentFen, exporter, downloadBlob, boardDocument, linkFor, linkSource, copyLink, shareProblem } = m;
  const { fillSnippets, downloadHtml, findShots, downloadShots } = m;

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

  /**
   * While solving, what is copied or downloaded as the game is the problem: the position solving
   * started from and the game's tags, not its moves (library.exportProblem). Null when not solving.
   */
  async function problemText() {
    if (!app.solving) return null;
    return library.exportProblem(viewer.state.game, null, app.place().ply);
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
      'find-shots': findShots,
      'download-shots': downloadShots,
      'copy-link': copyLink,
      'share-problem': shareProblem,
      'copy-element': async () => {
        await fillSnippets();
        await copyText($('snippet-element').value, t('export.copied'));
      },
      'copy-iframe': async () => {
        await fillSnippets();
        await copyText($('snippet-iframe').value, t('export.copied'));
      },
      'download-html': downloadHtml,
      'copy-game': async () => {
        const problem = await problemText();
        await copyText(problem ?? await library.exportGame(viewer.state.game), problem ? t('export.problemCopied') : t('export.copied'));
      },
      'download-game': async () => {
        const problem = await problemText();
        const text = problem ?? await library.exportGame(viewer.state.game);
        await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), `${fileStem()}.pdn`);
        if (problem) say(() => t('export.problemSaved'));
      },
      'download-file': async () => {
        // While solving: the problem alone (the file holds its solution).
        const problem = await problemText();
        const text = problem ?? await library.exportAll();
        await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), problem ? `${fileStem()}.pdn` : wholeName());
        if (problem) say(() => t('export.problemSaved'));
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
      // The mainline as an animated GIF, made by its own wasm module (share/gif.js, on first use).
      // The button waits while the file is made (a long game takes a moment): one file a press.
      'download-gif': async () => {
        // While solving: none (its frames would show the solution).
        if (app.solving) { say(() => t('export.gifSolving')); return; }
        const button = $('download-gif');
        button.disabled = true;
        try {
          const { gameGif } = await app.part('gif');
          const bytes = await gameGif(viewer.state.view);
          if (!bytes) { say(() => t('export.gifNoBoard')); return; }
          await downloadBlob(new Blob([bytes], { type: 'image/gif' }), `${fileStem()}.gif`);
        } finally {
          button.disabled = false;
        }
      },
    },
    fillSnippets,
    linkSource,
    editPosition,
    showInText,
  };
}

// The page's own elements by id (index.html), whatever their kind: inputs, buttons, boxes.
const $ = /** @type {(id: string) => any} */ ((id) => document.getElementById(id));

/** Copying and downloading: the clipboard (or the box), file names, the board as a file. */
function menuFiles(m) {
  const { els, app, open, say, t, viewer } = m;
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

  return { copyText, fileStem, wholeName, currentFen, exporter, downloadBlob, boardDocument };
}

/** The links: the whole text or one game (packed, or a short link), copied; a problem shared. */
function menuLinks(m) {
  const { els, app, open, say, t, sharing, viewer, library } = m;
  /** The link for a PDN text alone (its first game, at its start): the editor's. */
  async function linkFor(pdn, place = { game: 1, ply: 0 }) {
    const { packText } = await sharing();
    return writeAddress({ source: { pdn: await packText(pdn) }, ...place }, `${location.origin}${location.pathname}`);
  }

  /**
   * The whole open text as links and snippets carry it: the box's text (a paste), else the text
   * opened; once a game was edited on the board, every game as the core writes it (the text no
   * longer holds them). Null when the file is too large for the box: a link then holds one game
   * (and the address, kept in step at every move, never packs megabytes).
   */
  async function wholeText() {
    if (open.boxIsGame) return null;
    if (app.edited.size) return library.exportAll();
    // A large paste, or a large file asked for before the box is known to be too small: the
    // box's limit holds for them too.
    // The games as written, without the words around them (a forum post's chatter).
    const text = await library.gamesText();
    return text.length <= LIMITS.boxChars ? text : null;
  }

  /** The payloads packed last, by what they hold: moving through the moves packs nothing again. */
  const packed = new Map();
  async function pack(text) {
    if (!packed.has(text)) {
      if (packed.size > 4) packed.clear();
      packed.set(text, (await sharing()).packText(text));
    }
    return packed.get(text);
  }

  /**
   * What a link to `place` carries: { source: { pdn } | { short }, place, only } — the whole
   * text, or only the shown game (`only`: true when the file has more) when the whole would make
   * a link over LONG_LINK characters. A game alone goes as a short link (`#g=`, pdn::shortlink)
   * when it fits one (no comment, no variation, …), else as its text. With `bounded` (the
   * address, kept in step at every move), null rather than a link of a game over the box's limit.
   */
  async function linkSource(place = app.place(), { bounded = false } = {}) {
    const { game } = viewer.state;
    const short = async () => {
      const s = await library.shortLink(game).catch(() => null);
      return s ? { source: { short: s }, place: { ...place, game: 1 }, only: open.count > 1 } : null;
    };
    if (open.count <= 1) {
      const made = await short();
      if (made) return made;
    }
    const whole = await wholeText();
    if (whole != null) {
      const source = { pdn: await pack(whole) };
      if (open.count <= 1 || writeAddress({ source, ...place }, siteBase()).length <= LONG_LINK) return { source, place, only: false };
    }
    const made = open.count > 1 ? await short() : null;
    if (made) return made;
    const one = app.edited.has(game) ? await library.exportGame(game) : await library.gameText(game);
    if (bounded && one.length > LIMITS.boxChars) return null;
    return { source: { pdn: await pack(one) }, place: { ...place, game: 1 }, only: open.count > 1 };
  }

  /** The link for the shown game and move (linkSource), and whether it holds only this game. */
  async function makeLink() {
    const { source, place, only } = await linkSource();
    return { url: writeAddress({ source, ...place }, `${location.origin}${location.pathname}`), only };
  }

  async function copyLink() {
    const { url, only } = await makeLink();
    els.shareLink.value = url;
    els.shareLink.dataset.length = String(url.length);
    els.shareLink.dataset.scope = only ? 'game' : 'file';
    // Said when the link holds less than the file, or is long enough to be cut by a chat app.
    const notes = [];
    if (only) notes.push(t('share.oneGame', { count: open.count }));
    if (url.length > LONG_LINK) notes.push(t('share.tooLong', { length: url.length }));
    els.shareNotice.hidden = !notes.length;
    els.shareNotice.textContent = notes.join(' ');
    let copied = false;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      try { await navigator.clipboard.writeText(url); copied = true; } catch { /* the box has it */ }
    }
    const solving = app.solving;
    say(() => t(copied ? (solving ? 'share.problemCopied' : 'share.linkCopied') : 'share.linkReady', { length: url.length }));
    if (!copied) els.shareLink.select();
  }

  /**
   * "Share as a problem": solve mode from the shown position (from the start when the shown
   * move is the main line's last: nothing would be left to solve), then the link, which opens
   * solving there; the snippets follow (they carry what is shown).
   */
  async function shareProblem() {
    if (!app.solving) {
      const s = viewer.state;
      const at = viewer.mainlinePly();
      const last = (s.view?.plies || []).length;
      if (s.line != null || at >= last) viewer.goTo(at >= last ? 0 : at, null);
      await app.setSolving(true);
    }
    await copyLink();
  }

  /** Where the viewer is served from (the folder of this page), for the snippets. */
  function siteBase() {
    return new URL('.', `${location.origin}${location.pathname}`).href;
  }

  return { linkFor, wholeText, pack, linkSource, copyLink, shareProblem, siteBase };
}

/** The Embed box: the element's and the frame's snippets, and the self-contained .html file. */
function menuSnippets(m) {
  const { app, open, t, viewer, library, wholeText, pack, siteBase, downloadBlob, fileStem } = m;
  /** The shown game as canonical PDN, safe inside a <script> element. */
  async function gameForSnippet() {
    return (await library.exportGame(viewer.state.game)).trimEnd();
  }

  /** What the Embed box covers: 'game' (the shown one) or 'file' (every game of the text). */
  function embedScope() {
    return $('embed-file')?.checked ? 'file' : 'game';
  }

  /**
   * The <pdn-viewer> and iframe snippets for the shown game and move (or the whole file, game
   * and move, as the Embed box's choice says): a file that came from an address is named by
   * src=; any other text goes inline in the element and packed in the frame's link.
   */
  let fills = 0;
  async function fillSnippets() {
    // Several fills may run at once (the box opened, the choice changed, a move): the latest
    // writes the snippets, an earlier one still packing gives way.
    const mine = ++fills;
    const base = siteBase();
    // The choice is offered for a file of several games.
    const scope = $('embed-file')?.closest('fieldset');
    if (scope) scope.hidden = open.count < 2;
    const whole = embedScope() === 'file' && open.count > 1;
    const at = app.place();
    const place = whole ? at : { ...at, game: 1 };
    const unedited = !app.edited.size;
    // A file opened from disk, whole: it goes beside the host page and is read by its name
    // (src=), rather than inline in the page or packed into a long frame address.
    const local = whole && unedited && open.source?.kind === 'file' && typeof open.source.name === 'string' && open.source.name
      ? open.source.name : null;
    const src = whole && open.source?.kind === 'src' && unedited ? new URL(open.source.url, location.href).href : local;
    const pdn = !whole ? await gameForSnippet() : src ? '' : ((await wholeText()) ?? await library.exportAll()).trimEnd();
    if (mine !== fills) return;
    const attrs = {
      src, game: place.game > 1 ? place.game : null, ply: place.ply, line: place.line,
      mode: place.mode, orientation: place.orientation,
    };
    // The frame is on the viewer's site: it needs the file's whole address, which the author fills in.
    const frameSrc = local ? `https://${SITE_PLACEHOLDER}/${local}` : src;
    const frame = writeAddress({ source: src ? { src: frameSrc } : { pdn: await pack(pdn) }, ...place }, `${base}embed.html`);
    if (mine !== fills) return;
    // A problem's solution is its moves: written encoded, so that the host page's source does
    // not show it (the element reads base64 as it reads text).
    $('snippet-element').value = elementSnippet({ base, attrs, pdn: src ? null : pdn, encode: place.mode === 'solve' });
    const notice = $('embed-notice');
    if (notice) {
      notice.textContent = local ? t('share.embedLocal', { name: local, site: SITE_PLACEHOLDER })
        : !src && frame.length > LONG_LINK ? t('share.embedLong', { length: frame.length }) : '';
      notice.hidden = !notice.textContent;
    }
    $('snippet-element').dataset.scope = whole ? 'file' : 'game';
    // The frame posts its content's height (www/hosts/embed.js); the lines under it fit the frame to it.
    $('snippet-iframe').value = iframeSnippet({ src: frame, title: pageTitle(viewer.state.view, t('app.title')) });
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
    // What the Embed box's choice covers (this game, or the whole file), at the place shown.
    const whole = embedScope() === 'file' && open.count > 1;
    const place = app.place();
    const html = await standaloneHtml({
      pdn: whole ? ((await wholeText()) ?? await library.exportAll()).trimEnd() : await gameForSnippet(),
      title: pageTitle(s.view, t('app.title')),
      attrs: {
        game: whole && place.game > 1 ? place.game : null, ply: place.ply, line: place.line, mode: place.mode,
        coordinates: s.coordinates, orientation: place.orientation, lang: app.lang,
      },
      fetchText: async (path) => (await get(path)).text(),
    });
    await downloadBlob(new Blob([html], { type: 'text/html' }), `${fileStem()}.html`);
  }

  return { fillSnippets, downloadHtml };
}

/** "Find the shots in this file" and "Download the shots". */
function menuShots(m) {
  const { app, say, t, openText, mayDropEdits, loadAnalysis, viewer, library, wholeText, downloadBlob, fileStem } = m;
  // "Find the shots in this file": the search running ({ stop }), and the last problem file found.
  let shots = null;
  let shotsText = null;

  /**
   * Looks for the shots of the whole open text in an engine worker of its own (engine/shots.js,
   * loaded now), the progress on the status line; a second click stops it. The problems found
   * open in solve mode, and "Download the shots" saves them.
   */
  async function findShots() {
    if (shots) {
      shots.stop();
      return;
    }
    const text = (await wholeText()) ?? await library.exportAll();
    const { findShots: find } = await app.part('shots');
    const button = $('find-shots');
    shots = find({
      text,
      createWorker: () => new Worker(new URL('../engine/worker.js', import.meta.url), { type: 'module' }),
      progress: (p) => say(() => t('shots.progress', p)),
    });
    button.setAttribute('aria-pressed', 'true');
    let result;
    try {
      result = await shots.done;
    } finally {
      shots = null;
      button.setAttribute('aria-pressed', 'false');
    }
    if (!result) {
      say(() => t('shots.stopped'));
      return;
    }
    if (!result.found) {
      say(() => t('shots.none'));
      return;
    }
    shotsText = result.text;
    $('download-shots').hidden = false;
    if (!(await mayDropEdits())) return;
    await openText(result.text, { what: () => t('shots.what'), kind: 'paste' });
    await loadAnalysis();
    if (!app.solving && viewer.state.view) await app.setSolving(true);
    say(() => t('shots.found', { found: result.found }));
  }

  /** "Download the shots": the last problem file found. */
  async function downloadShots() {
    if (shotsText) await downloadBlob(new Blob([shotsText], { type: 'application/x-draughts-pdn' }), `${fileStem()}-shots.pdn`);
  }

  return { findShots, downloadShots };
}
