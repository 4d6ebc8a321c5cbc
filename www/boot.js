// The reading worker starts before the page's modules: its start-up and the wasm download
// overlap theirs (main.js takes it over). A classic script of its own, not inline, so that the
// page's Content-Security-Policy can forbid every inline script.
try { window.pdnWorker = new Worker('www/worker.js', { type: 'module' }); } catch { /* main.js starts one */ }
