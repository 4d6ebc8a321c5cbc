// Budgets for one game's view, as the page draws by them. A hostile text ("1. 32-28" and 300,000
// "(") gives a view with hundreds of thousands of variations or diagnostics; copying that to the
// page and drawing it would hold the page for seconds. The core caps what it hands the page
// (pdn-view's budget.rs: Library.pageView lists at most `diagnostics`, sends the variations the
// page shows at first, `null` for the rest, and Library.variations hands out more when asked);
// the page draws by the same numbers. Nothing is dropped from the data: the core still has every
// diagnostic (the CLI prints all).

/** The core's budgets (crates/view/src/budget.rs LIMITS; crates/view/tests/budgets.rs keeps them equal). */
export const LIMITS = Object.freeze({
  diagnostics: 100,   // diagnostics listed per game; the rest are counted
  perCode: 20,        // of one code, when there are more than `diagnostics` in all
  depth: 8,           // variation nesting shown before "▸ more"
  perLevel: 200,      // variations shown of one list of alternatives before "▸ more"
  plies: 20_000,      // variation moves sent up front
});

const SEVERITIES = ['error', 'warning', 'note'];

/**
 * The diagnostics to list and what is left out: { shown, hidden: [{ code, severity, count }],
 * counts: { error, warning, note }, total }. Up to `limits.diagnostics` are listed in text order;
 * past that number, at most `limits.perCode` of each code, so one flood does not hide the
 * others. `extra` (a capped view's own hidden list and counts) is added in.
 */
export function capDiagnostics(list, limits = LIMITS, extra = {}) {
  const all = Array.isArray(list) ? list : [];
  const counts = { error: 0, warning: 0, note: 0 };
  if (extra.counts) {
    for (const k of SEVERITIES) counts[k] = Number(extra.counts[k]) || 0;
  } else {
    for (const d of all) counts[SEVERITIES.includes(d.severity) ? d.severity : 'note'] += 1;
  }
  const hiddenBy = new Map();
  for (const x of extra.hidden || []) hiddenBy.set(x.code, { ...x });
  let shown = all;
  if (all.length > limits.diagnostics) {
    shown = [];
    const perCode = new Map();
    for (const d of all) {
      const code = d.code || '';
      const n = perCode.get(code) || 0;
      if (n < limits.perCode && shown.length < limits.diagnostics) {
        shown.push(d);
        perCode.set(code, n + 1);
      } else {
        const h = hiddenBy.get(code) || { code, severity: d.severity || 'note', count: 0 };
        h.count += 1;
        hiddenBy.set(code, h);
      }
    }
  }
  const total = extra.total != null ? extra.total : all.length;
  return { shown, hidden: [...hiddenBy.values()].filter((x) => x.count > 0), counts, total };
}

/**
 * Moves in each variation and everything nested in it, by id (an Int32Array; 0 for a
 * variation not in `variations`). Linear, without recursion.
 */
export function subtreeMoves(variations) {
  const all = variations || [];
  const out = new Int32Array(all.length);
  // Deepest first, so every child is complete before it is added to its parent.
  const order = [];
  for (let id = 0; id < all.length; id++) if (all[id]) order.push(id);
  order.sort((a, b) => (Number(all[b].depth) || 0) - (Number(all[a].depth) || 0));
  for (const id of order) {
    const v = all[id];
    out[id] += (v.plies || []).length;
    const p = v.parent;
    if (p != null && p >= 0 && p < out.length && all[p]) out[p] += out[id];
  }
  return out;
}
