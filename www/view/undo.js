// One undo step put back (app-edits.js), loaded with the first undo or redo (view/parts.js): the
// game's text before (after) the step is put back by the core, the board shows the place before
// (after) it, and the host hears it as an edit (onEdited, with the splice for its text box).

/**
 * Puts back the text of `step` before it (`back`) or after it. ctx: app-edits.js's (viewer,
 * library, app.pick, o.onEdited); kept: { edited, written, updateUndo } of the edits.
 */
export async function applyStep(ctx, step, back, { edited, written, updateUndo }) {
  const { viewer, library, o } = ctx;
  const [text, place] = back ? [step.old, step.at] : [step.text, step.to];
  if (step.apply) {
    // A host's own step (the page's position edit: another text opened).
    await step.apply(back);
    updateUndo();
    return;
  }
  if (viewer.state.game !== step.game) await ctx.app.pick(step.game);
  const was = back ? step.text : step.old;
  const r = await library.edit(step.game, 'setText', { text, was, line: place.line ?? null, ply: place.ply ?? 0 });
  viewer.applyEdit(r);
  edited.delete(step.game);
  if (r.splice) written.set(step.game, r.splice.text);
  updateUndo();
  o.onEdited?.({ ...r, game: step.game, undo: back });
}
