#!/usr/bin/python3
"""A chat-bot command handler for COPS, without any network: it reads chat lines
on stdin and prints the bot's answers, in French or English.

    !roll 4+/3 (2)                      a numeric roll
    !roll Arme de poing/Coordination (2) a roll of the loaded sheet's character
    !odds 4+/3 (2)                      exact odds
    !sheet load examples/sheets/mike.json
    !sheet                              who is loaded
    !fight examples/scenarios/street-shootout.json [seed]
    !lang en | !lang fr
    !help

Run, with the package installed (meson install, or pip install bindings/python), as a
user's bot imports it: python3 examples/python/bot.py < chat.txt (docs/python.md); from a
build tree, PYTHONPATH=bindings/python LIBCOPS_PATH=build/lib/libcops.so.0 first. COPS_LANG
sets the language, COPS_SEED seeds the dice (the system's otherwise): the same seed gives the
same answers as the Node.js bot (examples/js/bot.mjs). Every rule is in libcops; this only
reads and answers.
"""

import os
import sys
from typing import Callable, Dict, Optional

import cops

TEXT = {
    "fr": {
        "help": "Commandes : !roll NOTATION, !odds NOTATION, !sheet load FICHIER, !sheet, "
                "!fight SCÉNARIO [graine], !lang fr|en",
        "roll": "{who}{action} : {dice} → {n} réussite(s), {result}",
        "success": "réussi (MR {m})",
        "failure": "raté (ME {m})",
        "odds": "{action} : {p:.2f} % de réussite (avec Adrénaline {a:.2f} %, "
                "avec Ancienneté {c:.2f} %)",
        "loaded": "Fiche chargée : {name}, {hp} PV ({health})",
        "nosheet": "Aucune fiche chargée (!sheet load FICHIER)",
        "sheet": "Fiche : {name}, {hp}/{max} PV ({health})",
        "fight": "{name} : {rounds} tours, {winner}. Dernières lignes :",
        "won": "victoire de {side}",
        "nowinner": "sans vainqueur",
        "lang": "Je parle français.",
        "unknown": "Commande inconnue : {cmd} (!help)",
        "error": "Erreur : {msg}",
    },
    "en": {
        "help": "Commands: !roll NOTATION, !odds NOTATION, !sheet load FILE, !sheet, "
                "!fight SCENARIO [seed], !lang fr|en",
        "roll": "{who}{action}: {dice} → {n} success(es), {result}",
        "success": "success (MR {m})",
        "failure": "failure (ME {m})",
        "odds": "{action}: {p:.2f} % to succeed (with Adrénaline {a:.2f} %, "
                "with Ancienneté {c:.2f} %)",
        "loaded": "Sheet loaded: {name}, {hp} HP ({health})",
        "nosheet": "No sheet loaded (!sheet load FILE)",
        "sheet": "Sheet: {name}, {hp}/{max} HP ({health})",
        "fight": "{name}: {rounds} rounds, {winner}. Last lines:",
        "won": "{side} win",
        "nowinner": "no winner",
        "lang": "I speak English.",
        "unknown": "Unknown command: {cmd} (!help)",
        "error": "Error: {msg}",
    },
}


class Bot:
    """One chat channel: a context (system dice), a language, a loaded sheet."""

    def __init__(self, lang: str = "fr", seed: Optional[int] = None,
                 root: Optional[str] = None) -> None:
        self.ctx = cops.Context(seed=seed)
        # Files named in chat are read under root only (the working folder by default):
        # no way out of it, regular files of at most 1 MiB, no file content in a message.
        self.ctx.confine(os.getcwd() if root is None else root, 1 << 20)
        self.lang = lang
        self.sheet: Optional[cops.Character] = None

    def t(self, key: str, **kw: object) -> str:
        return TEXT[self.lang][key].format(**kw)

    def answer(self, line: str) -> Optional[str]:
        """The bot's answer to one chat line (None for lines that are not commands)."""
        line = line.strip()
        if not line.startswith("!"):
            return None
        cmd, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            handlers: Dict[str, Callable[[str], str]] = {
                "!roll": self.roll, "!odds": self.odds, "!sheet": self.sheet_cmd,
                "!fight": self.fight, "!lang": self.set_lang, "!help": self.help,
            }
            handler = handlers.get(cmd)
            if handler is None:
                return self.t("unknown", cmd=cmd)
            return handler(rest)
        except cops.CopsError as exc:
            return self.t("error", msg=exc.message)
        except (ValueError, TypeError) as exc:
            return self.t("error", msg=str(exc))

    def help(self, _rest: str) -> str:
        return self.t("help")

    def set_lang(self, rest: str) -> str:
        if rest not in TEXT:
            raise ValueError("fr | en")
        self.lang = rest
        return self.t("lang")

    def roll(self, notation: str) -> str:
        numeric = notation[:1].isdigit()
        if numeric:
            r, who = self.ctx.roll(notation), ""
        elif self.sheet is None:
            return self.t("nosheet")
        else:
            r, who = self.sheet.roll(notation), self.sheet.name + " — "
        result = self.t("success" if r.succeeded else "failure", m=abs(r.margin or 0))
        return self.t("roll", who=who, action=notation, dice=list(r.faces), n=r.successes,
                      result=result)

    def odds(self, notation: str) -> str:
        o = cops.odds(self.ctx, notation)
        # A pool of 64 dice has no room for the Adrénaline die: its odds are those of none.
        adrenaline = o.p_adrenaline if o.p_adrenaline is not None else o.p_success
        return self.t("odds", action=notation, p=100 * o.p_success, a=100 * adrenaline,
                      c=100 * o.p_anciennete)

    def sheet_cmd(self, rest: str) -> str:
        if rest.startswith("load "):
            self.sheet = cops.Character.load(self.ctx, rest[5:].strip())
            return self.t("loaded", name=self.sheet.name, hp=self.sheet.hp,
                          health=self.sheet.health_name(self.lang))
        if self.sheet is None:
            return self.t("nosheet")
        return self.t("sheet", name=self.sheet.name, hp=self.sheet.hp, max=self.sheet.max_hp,
                      health=self.sheet.health_name(self.lang))

    def fight(self, rest: str) -> str:
        parts = rest.split()
        if not parts:
            raise ValueError("!fight SCENARIO [seed]")
        scenario = cops.Scenario(self.ctx, parts[0])
        scenario.log_limit = 20000       # a stranger's scenario cannot fill the memory
        try:
            if len(parts) > 1:
                scenario.seed(int(parts[1]))
            scenario.run()
            w = scenario.winner
            winner = self.t("nowinner") if w is None else self.t("won", side=scenario.sides[w])
            lines = scenario.narrate(self.lang).splitlines()
            head = self.t("fight", name=scenario.name, rounds=scenario.round, winner=winner)
            return "\n".join([head] + lines[-4:])
        finally:
            scenario.close()


def main() -> None:
    seed = os.environ.get("COPS_SEED")
    bot = Bot(lang=os.environ.get("COPS_LANG", "fr"), seed=None if seed is None else int(seed))
    for line in sys.stdin:
        reply = bot.answer(line)
        if reply is not None:
            print(reply, flush=True)


if __name__ == "__main__":
    main()
