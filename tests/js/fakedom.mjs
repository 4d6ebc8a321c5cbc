// A small fake DOM for unit tests of modules that build and query the page (the controller,
// www/view/viewer.js): elements with attributes, dataset, classList, children, events, compound
// selectors (tag, .class, [attr], [attr="value"], :not([attr])) and a fixed 800 px square box.
// It records Web Animations (el.animate) instead of running them.

const camelToData = (k) => `data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** One compound selector -> a test of an element. */
function matcher(selector) {
  const tests = [];
  const re = /:not\(\[([\w-]+)\]\)|\[([\w-]+)(?:="([^"]*)")?\]|\.([\w-]+)|^([\w-]+)/g;
  let m;
  let rest = selector;
  while ((m = re.exec(selector))) {
    rest = rest.replace(m[0], '');
    if (m[1]) { const k = m[1]; tests.push((el) => !el.hasAttribute(k)); }
    else if (m[2]) { const [k, v] = [m[2], m[3]]; tests.push((el) => el.hasAttribute(k) && (v === undefined || el.getAttribute(k) === v)); }
    else if (m[4]) { const c = m[4]; tests.push((el) => el.classList.contains(c)); }
    else if (m[5]) { const tag = m[5].toLowerCase(); tests.push((el) => el.tagName.toLowerCase() === tag); }
  }
  if (rest.trim()) throw new Error(`fakedom: selector not understood: ${selector}`);
  return (el) => el.nodeType === 1 && tests.every((t) => t(el));
}

class Node {
  constructor(doc) { this.ownerDocument = doc; this.parentNode = null; this.childNodes = []; this.listeners = []; }
  get children() { return this.childNodes.filter((c) => c.nodeType === 1); }
  get firstChild() { return this.childNodes[0] || null; }
  get lastChild() { return this.childNodes.at(-1) || null; }
  appendChild(node) {
    if (node.nodeType === 11) { for (const c of [...node.childNodes]) this.appendChild(c); return node; }
    if (node.parentNode) node.parentNode.removeChild(node);
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }
  append(...nodes) { for (const n of nodes) this.appendChild(typeof n === 'string' ? this.ownerDocument.createTextNode(n) : n); }
  removeChild(node) { this.childNodes = this.childNodes.filter((c) => c !== node); node.parentNode = null; return node; }
  replaceChildren(...nodes) { for (const c of [...this.childNodes]) this.removeChild(c); this.append(...nodes); }
  replaceWith(node) {
    const p = this.parentNode;
    const i = p.childNodes.indexOf(this);
    if (node.parentNode) node.parentNode.removeChild(node);
    p.childNodes[i] = node;
    node.parentNode = p;
    this.parentNode = null;
  }
  remove() { if (this.parentNode) this.parentNode.removeChild(this); }
  contains(node) { for (let n = node; n; n = n.parentNode) if (n === this) return true; return false; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(''); }
  set textContent(v) { this.replaceChildren(); if (v !== '') this.append(String(v)); }
  *descendants() { for (const c of this.childNodes) { yield c; yield* c.descendants(); } }
  querySelectorAll(selector) { const ok = matcher(selector); return [...this.descendants()].filter(ok); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
  addEventListener(type, fn) { this.listeners.push({ type, fn }); }
  removeEventListener(type, fn) { this.listeners = this.listeners.filter((l) => l.type !== type || l.fn !== fn); }
  /** Fires `type` here and up the parents; returns the event. */
  dispatch(type, props = {}) {
    const e = { type, target: this, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; }, ...props };
    for (let n = this; n; n = n.parentNode) for (const l of [...n.listeners]) if (l.type === type) l.fn(e);
    return e;
  }
}

class Text extends Node {
  constructor(doc, text) { super(doc); this.nodeType = 3; this.text = text; }
  get textContent() { return this.text; }
  *descendants() {}
}

class Element extends Node {
  constructor(doc, tag) {
    super(doc);
    this.nodeType = tag === '#fragment' ? 11 : 1;
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.hidden = false;
    this.disabled = false;
    this.scrollTop = 0;
    this.animations = [];
    const el = this;
    this.dataset = new Proxy({}, {
      get: (_, k) => (typeof k === 'string' ? el.attributes.get(camelToData(k)) : undefined),
      set: (_, k, v) => { el.attributes.set(camelToData(k), String(v)); return true; },
      deleteProperty: (_, k) => { el.attributes.delete(camelToData(k)); return true; },
      has: (_, k) => el.attributes.has(camelToData(k)),
    });
    const classes = () => (el.attributes.get('class') || '').split(/\s+/).filter(Boolean);
    this.classList = {
      contains: (c) => classes().includes(c),
      add: (c) => { if (!classes().includes(c)) el.attributes.set('class', [...classes(), c].join(' ')); },
      remove: (c) => el.attributes.set('class', classes().filter((x) => x !== c).join(' ')),
      toggle: (c, on = !classes().includes(c)) => { if (on) el.classList.add(c); else el.classList.remove(c); return on; },
    };
  }
  setAttribute(k, v) { this.attributes.set(k, String(v)); }
  getAttribute(k) { return this.attributes.has(k) ? this.attributes.get(k) : null; }
  hasAttribute(k) { return this.attributes.has(k); }
  removeAttribute(k) { this.attributes.delete(k); }
  get className() { return this.getAttribute('class') || ''; }
  set className(v) { this.setAttribute('class', v); }
  closest(selector) { const ok = matcher(selector); for (let n = this; n; n = n.parentNode) if (ok(n)) return n; return null; }
  getBoundingClientRect() { return { left: 0, top: 0, width: 800, height: 800, x: 0, y: 0 }; }
  get offsetTop() { return 0; }
  get offsetHeight() { return 20; }
  get scrollHeight() { return 0; }
  get clientHeight() { return 0; }
  focus() { this.ownerDocument.activeElement = this; }
  animate(frames, opts) { const a = { frames, opts }; this.animations.push(a); return a; }
}

/** A document: createElement(NS), createTextNode, createDocumentFragment, a body. */
export function fakeDocument() {
  const doc = {
    activeElement: null,
    defaultView: { requestAnimationFrame: (fn) => setTimeout(fn, 0), getComputedStyle: () => ({ opacity: '0.35' }) },
    createElement: (tag) => new Element(doc, tag),
    createElementNS: (_, tag) => new Element(doc, tag),
    createTextNode: (text) => new Text(doc, String(text)),
    createDocumentFragment: () => new Element(doc, '#fragment'),
  };
  doc.body = doc.createElement('body');
  return doc;
}
