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

Run: LIBCOPS_PATH=build/lib/libcops.so.0 python3 examples/python/bot.py < chat.txt
(docs/python.md). Every rule is in libcops; this only reads and answers.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "bindings", "python"))
import cops  # noqa: E402

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

    def __init__(self, lang="fr", seed=None, root=None):
        self.ctx = cops.Context(seed=seed)
        # Files named in chat are read under root only (the working folder by default):
        # no way out of it, regular files of at most 1 MiB, no file content in a message.
        self.ctx.confine(os.getcwd() if root is None else root, 1 << 20)
        self.lang = lang
        self.sheet = None

    def t(self, key, **kw):
        return TEXT[self.lang][key].format(**kw)

    def answer(self, line):
        """The bot's answer to one chat line (None for lines that are not commands)."""
        line = line.strip()
        if not line.startswith("!"):
            return None
        cmd, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            handler = {
                "!roll": self.roll, "!odds": self.odds, "!sheet": self.sheet_cmd,
                "!fight": self.fight, "!lang": self.set_lang, "!help": self.help,
            }.get(cmd)
            if handler is None:
                return self.t("unknown", cmd=cmd)
            return handler(rest)
        except cops.CopsError as exc:
            return self.t("error", msg=exc.message)
        except (ValueError, TypeError) as exc:
            return self.t("error", msg=str(exc))

    def help(self, _rest):
        return self.t("help")

    def set_lang(self, rest):
        if rest not in TEXT:
            raise ValueError("fr | en")
        self.lang = rest
        return self.t("lang")

    def roll(self, notation):
        numeric = notation[:1].isdigit()
        if not numeric and self.sheet is None:
            return self.t("nosheet")
        r = self.ctx.roll(notation) if numeric else self.sheet.roll(notation)
        d = r.to_dict()
        result = self.t("success" if d["success"] else "failure", m=abs(d["margin"]))
        who = "" if numeric else self.sheet.name + " — "
        return self.t("roll", who=who, action=notation, dice=r.dice, n=d["successes"],
                      result=result)

    def odds(self, notation):
        o = cops.odds(self.ctx, notation)
        return self.t("odds", action=notation, p=100 * o["p_success"],
                      a=100 * o["p_adrenaline"], c=100 * o["p_anciennete"])

    def sheet_cmd(self, rest):
        if rest.startswith("load "):
            self.sheet = cops.Character.load(self.ctx, rest[5:].strip())
            return self.t("loaded", name=self.sheet.name, hp=self.sheet.hp,
                          health=self.sheet.health_name(self.lang))
        if self.sheet is None:
            return self.t("nosheet")
        return self.t("sheet", name=self.sheet.name, hp=self.sheet.hp, max=self.sheet.max_hp,
                      health=self.sheet.health_name(self.lang))

    def fight(self, rest):
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


def main():
    bot = Bot(lang=os.environ.get("COPS_LANG", "fr"))
    for line in sys.stdin:
        reply = bot.answer(line)
        if reply is not None:
            print(reply, flush=True)


if __name__ == "__main__":
    main()
