// A tiny element-tree format ({ tag, attrs, children } / { text }) so drawing code stays pure and
// testable under Node, and one place turns it into DOM nodes. Text always becomes a text node and
// attribute values go through setAttribute: nothing is ever parsed as HTML.

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Element node. `children` may contain strings (text), nulls (skipped) and nested arrays. */
export function h(tag, attrs = {}, ...children) {
  return { tag, attrs, children: children.flat(Infinity).filter((c) => c != null && c !== false) };
}

/**
 * Build real DOM nodes in the given document (SVG namespace when `ns` says so). An `svg` element
 * within an HTML tree starts the SVG namespace, as the HTML parser does.
 */
export function toDom(doc, node, ns = SVG_NS) {
  if (typeof node === 'string' || typeof node === 'number') return doc.createTextNode(String(node));
  if (node.tag === 'svg') ns = SVG_NS;
  const el = ns ? doc.createElementNS(ns, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v != null && v !== false) el.setAttribute(k, String(v));
  }
  for (const child of node.children) el.appendChild(toDom(doc, child, ns));
  return el;
}

function escapeXml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Serialise to markup (for tests and for saving a diagram as an .svg file). */
export function toMarkup(node) {
  if (typeof node === 'string' || typeof node === 'number') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .filter(([, v]) => v != null && v !== false)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.children.length === 0) return `<${node.tag}${attrs}/>`;
  return `<${node.tag}${attrs}>${node.children.map(toMarkup).join('')}</${node.tag}>`;
}

/** Depth-first list of all element nodes (test helper, also handy for queries on the model). */
export function walk(node, out = []) {
  if (node && typeof node === 'object') {
    out.push(node);
    for (const c of node.children) walk(c, out);
  }
  return out;
}
