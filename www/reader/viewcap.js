// Budgets for one game's view, as the page draws by them. A hostile text ("1. 32-28" and 300,000
// "(") gives a view with hundreds of thousands of variations or diagnostics; copying that to the
// page and drawing it would hold the page for seconds. The core caps what it hands the page
// (pdn-view's budget.rs: Library.pageView lists at most `diagnostics`, sends the variations the
// page shows at first, `null` for the rest, and Library.variations hands out more when asked);
// the page draws by the same numbers. Nothing is dropped from the data: the core still has every
// diagnostic (the CLI prints all).
//
// capView, selectVariations and pickVariations are the budgets' older JavaScript form, kept only
// for callers that have not moved to the core's capped view (views made whole in this thread).

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

/**
 * The variations to send for the lists of alternatives `roots` (arrays of ids): breadth first,
 * at most `perLevel` of each list, nested no deeper than `maxDepth`, about `limits.plies` moves
 * in all (at least the first list's first variation). Returns a Set of ids.
 */
export function selectVariations(variations, roots, maxDepth, limits = LIMITS) {
  const all = variations || [];
  const keep = new Set();
  let budget = limits.plies;
  let queue = roots.filter((r) => r && r.length);
  while (queue.length && budget > 0) {
    const next = [];
    for (const ids of queue) {
      for (let k = 0; k < ids.length && k < limits.perLevel; k++) {
        const v = all[ids[k]];
        if (!v || keep.has(ids[k]) || (Number(v.depth) || 1) > maxDepth) break;
        const n = (v.plies || []).length;
        if (n > budget && keep.size) { budget = 0; break; }
        keep.add(ids[k]);
        budget -= n;
        for (const p of v.plies || []) if (p.variations && p.variations.length) next.push(p.variations);
      }
      if (budget <= 0) break;
    }
    queue = next;
  }
  return keep;
}

/**
 * The lists of variations of the mainline's moves, in order: from its plies, or, in a packed
 * view (viewdata.js), from the notes of its packed moves, without unpacking them.
 */
function mainlineVariations(view) {
  const notes = view.packed && Array.isArray(view.packed.notes) ? view.packed.notes.map((n) => n[1]) : view.plies || [];
  return notes.map((p) => p && p.variations).filter((r) => r && r.length);
}

/** Is the view bigger than its budgets (so worth capping before it is sent)? */
function oversized(view, limits) {
  const vars = view.variations || [];
  if ((view.diagnostics || []).length > limits.diagnostics) return true;
  if (vars.length > limits.perLevel) return true;
  let plies = 0;
  for (const v of vars) {
    if (v && (Number(v.depth) || 1) > limits.depth) return true;
    plies += v ? (v.plies || []).length : 0;
  }
  return plies > limits.plies;
}

/**
 * The view to send to the page: the same object when it is within the budgets; else a copy
 * whose `variations` keep only what the page shows at first (the rest are null, ids unchanged),
 * with `variationMoves` (subtreeMoves of the whole tree), and whose diagnostics are those the
 * page lists, with `diagnosticsHidden`, `diagnosticCounts` and `diagnosticsTotal`.
 */
export function capView(view, limits = LIMITS) {
  if (!view || !oversized(view, limits)) return view;
  const out = { ...view, capped: true };
  // The core lists at most 100 itself and counts the rest (diagnosticsTotal and the others).
  const core = view.diagnosticsTotal != null
    ? { hidden: view.diagnosticsHidden, counts: view.diagnosticCounts, total: view.diagnosticsTotal }
    : {};
  const d = capDiagnostics(view.diagnostics, limits, core);
  out.diagnostics = d.shown;
  out.diagnosticsHidden = d.hidden;
  out.diagnosticCounts = d.counts;
  out.diagnosticsTotal = d.total;
  const vars = view.variations || [];
  if (vars.length) {
    const roots = mainlineVariations(view);
    const keep = selectVariations(vars, roots, limits.depth, limits);
    out.variationMoves = subtreeMoves(vars);
    out.variations = vars.map((v, id) => (keep.has(id) ? v : null));
  }
  return out;
}

/**
 * More variations for the page: those of `ids` (one list of alternatives) and what is nested
 * in them, `limits.depth` levels deep, within the budget. Returns [[id, variation], ...].
 */
export function pickVariations(view, ids, limits = LIMITS) {
  const vars = (view && view.variations) || [];
  const first = vars[ids[0]];
  if (!first) return [];
  const maxDepth = (Number(first.depth) || 1) + limits.depth - 1;
  const keep = selectVariations(vars, [ids], maxDepth, limits);
  return [...keep].map((id) => [id, vars[id]]);
}
