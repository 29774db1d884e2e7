#!/usr/bin/env node
// A chat-bot command handler for COPS in Node.js, without any network, as the Python one
// (examples/python/bot.py) with the same commands and the same answers: it reads chat lines
// on stdin and prints the bot's answers, in French or English.
//
//   !roll 4+/3 (2)                       a numeric roll
//   !roll Arme de poing/Coordination (2) a roll of the loaded sheet's character
//   !odds 4+/3 (2)                       exact odds
//   !sheet load examples/sheets/mike.json
//   !sheet                               who is loaded
//   !fight examples/scenarios/street-shootout.json [seed]
//   !lang en | !lang fr
//   !help
//
// With the package installed (npm install libcops-VERSION.tgz, docs/javascript.md):
//   node bot.mjs < chat.txt
// The files it may read are the JSON files under one folder (COPS_BOT_FILES, `examples` by
// default, relative to the working folder), copied into the module's memory at start; the
// context is confined to them (no way out, at most 1 MiB a file). COPS_LANG sets the
// language, COPS_SEED seeds the dice (the system's otherwise). Every rule is in libcops; this
// only reads and answers.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { load, CopsError } from 'libcops';

const TEXT = {
  fr: {
    help: () => 'Commandes : !roll NOTATION, !odds NOTATION, !sheet load FICHIER, !sheet, !fight SCÉNARIO [graine], !lang fr|en',
    roll: (o) => `${o.who}${o.action} : ${o.dice} → ${o.n} réussite(s), ${o.result}`,
    success: (o) => `réussi (MR ${o.m})`,
    failure: (o) => `raté (ME ${o.m})`,
    odds: (o) => `${o.action} : ${o.p.toFixed(2)} % de réussite (avec Adrénaline ${o.a.toFixed(2)} %, avec Ancienneté ${o.c.toFixed(2)} %)`,
    loaded: (o) => `Fiche chargée : ${o.name}, ${o.hp} PV (${o.health})`,
    nosheet: () => 'Aucune fiche chargée (!sheet load FICHIER)',
    sheet: (o) => `Fiche : ${o.name}, ${o.hp}/${o.max} PV (${o.health})`,
    fight: (o) => `${o.name} : ${o.rounds} tours, ${o.winner}. Dernières lignes :`,
    won: (o) => `victoire de ${o.side}`,
    nowinner: () => 'sans vainqueur',
    lang: () => 'Je parle français.',
    unknown: (o) => `Commande inconnue : ${o.cmd} (!help)`,
    error: (o) => `Erreur : ${o.msg}`,
  },
  en: {
    help: () => 'Commands: !roll NOTATION, !odds NOTATION, !sheet load FILE, !sheet, !fight SCENARIO [seed], !lang fr|en',
    roll: (o) => `${o.who}${o.action}: ${o.dice} → ${o.n} success(es), ${o.result}`,
    success: (o) => `success (MR ${o.m})`,
    failure: (o) => `failure (ME ${o.m})`,
    odds: (o) => `${o.action}: ${o.p.toFixed(2)} % to succeed (with Adrénaline ${o.a.toFixed(2)} %, with Ancienneté ${o.c.toFixed(2)} %)`,
    loaded: (o) => `Sheet loaded: ${o.name}, ${o.hp} HP (${o.health})`,
    nosheet: () => 'No sheet loaded (!sheet load FILE)',
    sheet: (o) => `Sheet: ${o.name}, ${o.hp}/${o.max} HP (${o.health})`,
    fight: (o) => `${o.name}: ${o.rounds} rounds, ${o.winner}. Last lines:`,
    won: (o) => `${o.side} win`,
    nowinner: () => 'no winner',
    lang: () => 'I speak English.',
    unknown: (o) => `Unknown command: ${o.cmd} (!help)`,
    error: (o) => `Error: ${o.msg}`,
  },
};

/** The JSON files under folder, copied into the module's memory at the same relative path. */
function serveFiles(cops, folder, budget = 16 << 20) {
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (name.endsWith('.json') && st.size <= 1 << 20 && (budget -= st.size) >= 0)
        cops.writeFile(`/bot/${relative(process.cwd(), path)}`, readFileSync(path));
    }
  };
  walk(folder);
}

/** One chat channel: a context, a language, a loaded sheet. */
class Bot {
  constructor(cops, { lang = 'fr', seed } = {}) {
    this.ctx = cops.context(seed === undefined ? {} : { seed });
    // Files named in chat are read from the served folder only.
    this.ctx.confine('/bot', 1 << 20);
    this.lang = lang;
    this.sheet = null;
  }

  t(key, o = {}) { return TEXT[this.lang][key](o); }

  /** The bot's answer to one chat line (null for lines that are not commands). */
  answer(line) {
    line = line.trim();
    if (!line.startsWith('!')) return null;
    const space = line.indexOf(' ');
    const cmd = space < 0 ? line : line.slice(0, space);
    const rest = space < 0 ? '' : line.slice(space + 1).trim();
    const handlers = { '!roll': this.roll, '!odds': this.odds, '!sheet': this.sheetCmd,
      '!fight': this.fight, '!lang': this.setLang, '!help': this.help };
    const handler = handlers[cmd];
    if (!handler) return this.t('unknown', { cmd });
    try {
      return handler.call(this, rest);
    } catch (e) {
      if (e instanceof CopsError || e instanceof TypeError || e instanceof RangeError)
        return this.t('error', { msg: e.message });
      throw e;
    }
  }

  help() { return this.t('help'); }

  setLang(rest) {
    if (!Object.hasOwn(TEXT, rest)) throw new RangeError('fr | en');
    this.lang = rest;
    return this.t('lang');
  }

  roll(notation) {
    let r;
    let who = '';
    if (/^[0-9]/.test(notation)) r = this.ctx.roll(notation);
    else if (this.sheet === null) return this.t('nosheet');
    else {
      r = this.sheet.roll(notation);
      who = `${this.sheet.name} — `;
    }
    const result = this.t(r.success ? 'success' : 'failure', { m: Math.abs(r.margin ?? 0) });
    return this.t('roll', { who, action: notation, dice: `[${r.dice.map((d) => d.face).join(', ')}]`,
      n: r.successes, result });
  }

  odds(notation) {
    const o = this.ctx.oddsPoints(notation);
    // A pool of 64 dice has no room for the Adrénaline die: its odds are those of none.
    return this.t('odds', { action: notation, p: 100 * o.plain, a: 100 * (o.adrenaline ?? o.plain),
      c: 100 * o.anciennete });
  }

  sheetCmd(rest) {
    if (rest.startsWith('load ')) {
      this.sheet?.dispose();
      this.sheet = this.ctx.characterFile(rest.slice(5).trim());
      return this.t('loaded', { name: this.sheet.name, hp: this.sheet.hp, health: this.sheet.healthName(this.lang) });
    }
    if (this.sheet === null) return this.t('nosheet');
    return this.t('sheet', { name: this.sheet.name, hp: this.sheet.hp, max: this.sheet.maxHp,
      health: this.sheet.healthName(this.lang) });
  }

  fight(rest) {
    const parts = rest.split(/\s+/).filter((p) => p);
    if (!parts.length) throw new RangeError('!fight SCENARIO [seed]');
    const scenario = this.ctx.scenarioFile(parts[0]);
    try {
      const e = scenario.encounter;
      e.logLimit = 20000;   // a stranger's scenario cannot fill the memory
      if (parts.length > 1) e.seed(parts[1]);
      e.run();
      const w = e.winner;
      const winner = w === null ? this.t('nowinner') : this.t('won', { side: scenario.sides[w] });
      const lines = e.narrate(0, this.lang).split('\n').filter((l) => l);
      const head = this.t('fight', { name: scenario.name, rounds: e.round, winner });
      return [head, ...lines.slice(-4)].join('\n');
    } finally {
      scenario.dispose();
    }
  }
}

const cops = await load();
serveFiles(cops, process.env.COPS_BOT_FILES ?? 'examples');
const bot = new Bot(cops, { lang: process.env.COPS_LANG ?? 'fr',
  seed: process.env.COPS_SEED === undefined ? undefined : process.env.COPS_SEED });
for await (const line of createInterface({ input: process.stdin })) {
  const reply = bot.answer(line);
  if (reply !== null) console.log(reply);
}
