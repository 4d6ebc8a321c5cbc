// The question before the board's edits are dropped (app-edits.js confirmDiscard), loaded the
// first time it is asked (view/parts.js): a small modal dialog over the viewer, never
// window.confirm. Its words are the first screen's (edits.*).

/**
 * A small modal dialog (#discard-dialog) asking whether edits may be dropped: "Discard"
 * (#discard-ok) resolves to true, "Keep" (#discard-cancel), Escape or closing to false. In the
 * language of `t`; the text goes in as text.
 */
export function askDiscard(doc, parent, t) {
  parent.querySelector?.('#discard-dialog')?.remove();
  const dialog = doc.createElement('dialog');
  dialog.id = 'discard-dialog';
  dialog.className = 'discard-dialog';
  dialog.setAttribute('aria-labelledby', 'discard-title');
  const title = doc.createElement('h2');
  title.id = 'discard-title';
  title.textContent = t('edits.discardTitle');
  const text = doc.createElement('p');
  text.textContent = t('edits.discardText');
  const ok = doc.createElement('button');
  ok.type = 'button';
  ok.id = 'discard-ok';
  ok.textContent = t('edits.discard');
  const keep = doc.createElement('button');
  keep.type = 'button';
  keep.id = 'discard-cancel';
  keep.className = 'primary';
  keep.textContent = t('edits.keep');
  const actions = doc.createElement('div');
  actions.className = 'actions';
  actions.append(keep, ok);
  dialog.append(title, text, actions);
  parent.append(dialog);
  return new Promise((resolve) => {
    let answer = false;
    ok.addEventListener('click', () => { answer = true; dialog.close(); });
    keep.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => { dialog.remove(); resolve(answer); });
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    keep.focus();
  });
}
