// Started before the page's modules, so that what the first screen needs is on its way while they
// load. A link (#pdn=…, ?src=) needs the reading worker: it starts here, its start-up and the wasm
// download overlapping the modules' (main.js takes it over). The sample needs no worker on the
// first screen: its view, made when the page was built, is fetched instead (main.js, which starts
// the worker after drawing it). A classic script of its own, not inline, so that the page's
// Content-Security-Policy can forbid every inline script; `async`, so it never holds up the page,
// and it does nothing once main.js has started without it.
if (!window.pdnMain) {
  const link = location.hash.length > 1 || new URLSearchParams(location.search).has('src');
  try {
    if (link) window.pdnWorker = new Worker('www/reader/worker.js', { type: 'module' });
    else window.pdnSample = fetch('pkg/sample.json', { priority: 'high' }).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  } catch { /* main.js starts or fetches them itself */ }
}
