"""Pictures of what the library computes (cops.plot, docs/simulation.md, docs/odds.md): each
kind drawn from the example files in every language, as PNG and SVG, checked as files (the
PNG's signature and size, the SVG parsed, its words in the language asked)."""

import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
import cops.plot  # noqa: E402

pytest.importorskip("matplotlib")
CLI = os.environ.get("COPS_CLI")
EX = os.path.join(ROOT, "examples")


def cli(*args):
    return subprocess.run([CLI] + list(args), capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def docs():
    if not CLI:
        pytest.skip("COPS_CLI names the command line")
    street = os.path.join(EX, "scenarios", "street-shootout.json")
    return {
        "sim": cli("sim", street, "-n", "400", "--seed", "1", "--json"),
        "compare": cli("sim", "--compare", "core,alternative", street, "-n", "200", "--seed",
                       "1", "--json"),
        "odds": cli("odds", "--json", "4+/3 (2)"),
        "attack": cli("attack", "--attacker", os.path.join(EX, "sheets", "mike.json"),
                      "--target", os.path.join(EX, "sheets", "joe.json"), "--weapon",
                      os.path.join(EX, "weapons", "scorpion-131.json"), "--mode", "burst",
                      "--distance", "8", "--odds", "--json"),
        "interrogation": cli("interrogate", os.path.join(EX, "subjects",
                                                         "hardened-gang-member.json"),
                             "--sheet", os.path.join(EX, "sheets", "sarah.json"), "--odds",
                             "--json"),
    }


# A word of each kind's picture in each language: its title or an axis.
WORDS = {
    "sim": {"fr": "Victoires (intervalle à 95 %)", "en": "How long fights last",
            "es": "Caídos y muertos, por combatiente"},
    "compare": {"fr": "contre", "en": "significant difference (*)", "es": "Duración media"},
    "odds": {"fr": "réussites (ME / MR)", "en": "with Ancienneté", "es": "probabilidad"},
    "attack": {"fr": "Dégâts après protection", "en": "Stopping power",
               "es": "Localizaciones"},
    "interrogation": {"fr": "chance de l'emporter", "en": "chance to win",
                      "es": "probabilidad de ganar"},
}


def svg_words(path):
    tree = ET.parse(path)
    return " ".join(t.strip() for t in tree.getroot().itertext() if t.strip())


@pytest.mark.parametrize("kind", cops.plot.KINDS)
@pytest.mark.parametrize("lang", cops.plot.LANGS)
def test_each_kind_in_each_language(docs, kind, lang, tmp_path):
    doc = docs[kind]
    assert cops.plot.kind_of(doc) == kind
    svg = str(tmp_path / "p.svg")
    fig = getattr(cops.plot, kind)(doc, svg, lang=lang)
    assert len(fig.axes) >= 1
    words = svg_words(svg)
    assert WORDS[kind][lang] in words, words[:400]
    for other in cops.plot.LANGS:   # not the other languages' words
        if other != lang and WORDS[kind][other] not in WORDS[kind][lang]:
            assert WORDS[kind][other] not in words
    png = str(tmp_path / "p.png")
    cops.plot.draw(json.loads(doc), png, lang=lang)
    with open(png, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    assert width >= 600 and height >= 400
    assert os.path.getsize(png) > 10000


def test_the_figures_say_the_numbers(docs):
    d = json.loads(docs["sim"])
    fig = cops.plot.sim(d, lang="en")
    wins, lengths, fate = fig.axes[:3]
    bars = [p.get_height() for p in wins.patches]
    assert bars[:2] == pytest.approx([s["wins"] / d["fights"] for s in d["sides"]])
    assert sum(p.get_height() for p in lengths.patches) == pytest.approx(1.0)
    odds = cops.plot.odds(docs["odds"], lang="en")
    heights = [p.get_height() for p in odds.axes[0].patches]
    assert sum(heights) == pytest.approx(1.0)
    assert sum(heights[2:]) == pytest.approx(json.loads(docs["odds"])["p_success"])


def test_rates_of_none_and_of_all(docs, tmp_path):
    # A side that always wins, a combatant never dead: their intervals touch 0 and 1.
    d = json.loads(docs["sim"])
    d["undecided"] = 0
    for k, side in enumerate(d["sides"]):
        side["wins"] = d["fights"] if k == 0 else 0
    for c in d["combatants"]:
        c["dead"] = 0
        c["down"] = d["fights"]
    cops.plot.sim(d, str(tmp_path / "edges.svg"), lang="en")
    c = json.loads(docs["compare"])
    for who in c["combatants"]:
        for side in ("a", "b"):
            who["dead"][side].update(count=0, rate=0.0, low=0.0, high=0.01)
    cops.plot.compare(c, str(tmp_path / "edges-compare.svg"), lang="en")


def test_a_summary_without_lengths_says_so(docs, tmp_path):
    d = json.loads(docs["sim"])
    del d["lengths"]
    svg = str(tmp_path / "old.svg")
    cops.plot.sim(d, svg, lang="en")
    assert "lengths not in this summary" in svg_words(svg)


def test_bad_input(docs, tmp_path):
    with pytest.raises(ValueError, match="not a document cops.plot draws"):
        cops.plot.draw({"x": 1})
    with pytest.raises(ValueError, match="not a simulation's summary"):
        cops.plot.sim(docs["odds"])
    with pytest.raises(ValueError, match="lang 'de'"):
        cops.plot.odds(docs["odds"], lang="de")
    with pytest.raises(ValueError, match=".png or .svg"):
        cops.plot.odds(docs["odds"], str(tmp_path / "p.gif"))
    with pytest.raises(TypeError):
        cops.plot.odds(3)


def test_the_command(docs, tmp_path):
    src = tmp_path / "attack.json"
    src.write_text(docs["attack"], encoding="utf-8")
    out = tmp_path / "attack.svg"
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "bindings", "python"))
    run = subprocess.run([sys.executable, "-m", "cops.plot", str(src), "-o", str(out), "--lang",
                          "es"], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "Poder de parada" in svg_words(str(out))
    bad = tmp_path / "bad.json"
    bad.write_text('{"x": 1}', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "cops.plot", str(bad), "-o", str(out)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 2 and "not a document cops.plot draws" in run.stderr


def test_without_matplotlib_it_imports_and_says_what_is_missing():
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "import cops.plot\n"
            "try:\n"
            "    cops.plot.odds('{\"at_least\": [1.0], \"p_success\": 1.0, \"action\": \"x\"}')\n"
            "except cops.plot.MissingDependency as e:\n"
            "    print(e)\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "bindings", "python"))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "apt-get install python3-matplotlib" in run.stdout
