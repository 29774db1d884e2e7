// A Foundry VTT module's script (docs/javascript.md, "A Foundry VTT module"): the chat command
// /cops NOTATION rolls for the selected token with libcops and posts every die, each face,
// whether it succeeded and the die it rolled again, with the successes and the margin. A
// notation that names a skill ("Arme de poing/Coordination (2)") rolls the token's own sheet:
// a libcops sheet kept on its actor as the flag libcops-rolls.sheet. The package's files are in
// the module's libcops/ folder (npm install libcops-VERSION.tgz, then copy
// node_modules/libcops there); libcops.wasm is found beside cops.mjs.
import { load, CopsError } from '../libcops/cops.mjs';

const MODULE = 'libcops-rolls';
let cops = null;
let ctx = null;

/** One die as the chat shows it: its face, a success marked, a re-roll chained to its die. */
function dieHtml(d, i) {
  const cls = d.success ? 'cops-die cops-success' : 'cops-die';
  const chained = d.reroll_of === null ? '' : ` data-rerolls="${d.reroll_of}"`;
  return `<li class="${cls}" data-die="${i}"${chained}>${d.face}</li>`;
}

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The roll's chat card. */
export function card(who, notation, roll) {
  const outcome = roll.success ? `success, margin ${roll.margin}` : `failure, margin ${roll.margin}`;
  return `<div class="cops-roll"><h3>${escape(who)}: ${escape(notation)}</h3>`
    + `<ol class="cops-dice">${roll.dice.map(dieHtml).join('')}</ol>`
    + `<p class="cops-result" data-successes="${roll.successes}">${roll.successes} success(es): ${outcome}</p></div>`;
}

/** Roll notation for token (or for nobody), as the chat command does. */
export function rollFor(token, notation) {
  const sheet = token?.actor?.getFlag(MODULE, 'sheet');
  if (/^[0-9]/.test(notation) || !sheet) return ctx.roll(notation);
  const character = ctx.character(sheet);
  try {
    return character.roll(notation);
  } finally {
    character.dispose();
  }
}

Hooks.once('ready', async () => {
  cops = await load();
  ctx = cops.context();   // the system's dice: crypto.getRandomValues
});

Hooks.on('chatMessage', (chatLog, text) => {
  const m = /^\/cops\s+(.+)$/.exec(text.trim());
  if (!m) return true;
  if (!ctx) {
    ui.notifications.warn('libcops is still loading');
    return false;
  }
  const token = canvas.tokens.controlled[0] ?? null;
  const who = token?.name ?? game.user.name;
  try {
    const roll = rollFor(token, m[1]);
    ChatMessage.create({ content: card(who, m[1], roll), speaker: ChatMessage.getSpeaker({ token: token?.document }) });
  } catch (e) {
    if (!(e instanceof CopsError)) throw e;
    ui.notifications.error(`libcops: ${e.message}`);
  }
  return false;   // the command is answered: Foundry posts nothing else
});
