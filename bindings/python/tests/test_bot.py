"""The chat-bot example (examples/python/bot.py) answers as documented."""

import importlib.util
import os
import subprocess
import sys

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
BOT = os.path.join(ROOT, "examples", "python", "bot.py")
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))   # the bot imports the package
spec = importlib.util.spec_from_file_location("bot", BOT)
bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bot)


def test_commands_in_french_then_english():
    b = bot.Bot(lang="fr", seed=2030, root=ROOT)
    assert b.answer("hello") is None
    assert b.answer("!help").startswith("Commandes : !roll")
    assert b.answer("!roll Arme de poing/Coordination (2)").startswith("Aucune fiche chargée")
    sheet = "examples/sheets/mike.json"
    assert b.answer("!sheet load " + sheet) == "Fiche chargée : Mike Delgado, 29 PV (en forme)"
    assert b.answer("!roll Arme de poing/Coordination (2)").startswith(
        "Mike Delgado — Arme de poing/Coordination (2) : [")
    assert b.answer("!odds 4+/3 (2)") == ("4+/3 (2) : 80.29 % de réussite (avec Adrénaline "
                                          "92.39 %, avec Ancienneté 96.12 %)")
    assert b.answer("!lang en") == "I speak English."
    assert b.answer("!sheet") == "Sheet: Mike Delgado, 29/29 HP (healthy)"
    scenario = "examples/scenarios/street-shootout.json"
    reply = b.answer("!fight %s 2030" % scenario)
    assert reply.startswith("Fusillade sur Alvarado Street: 5 rounds, COPS win. Last lines:")
    assert reply.endswith("Round 5 — The fight is over: side COPS wins")
    assert b.answer("!roll 4+/3 (2").startswith("Error: column 8:")
    assert b.answer("!lang de").startswith("Error:")
    assert b.answer("!dance") == "Unknown command: !dance (!help)"


def test_the_script_reads_stdin():
    env = dict(os.environ, COPS_LANG="en",
               PYTHONPATH=os.path.join(ROOT, "bindings", "python"))
    out = subprocess.run([sys.executable, BOT], input="!odds 4+/3 (2)\nnot a command\n!help\n",
                         capture_output=True, text=True, env=env, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("4+/3 (2): 80.29 % to succeed")
    assert lines[1].startswith("Commands: !roll")
    assert len(lines) == 2


def test_files_from_strangers_stay_confined():
    b = bot.Bot(lang="en", seed=1, root=ROOT)
    for path in ("/etc/passwd", "../../../etc/passwd", "/dev/stdin", "README.md"):
        reply = b.answer("!sheet load " + path)
        assert reply.startswith("Error:"), reply
        assert "root:" not in reply and "libcops" not in reply     # no file content
    assert b.answer("!fight /dev/stdin").startswith("Error:")        # refused, no hang
