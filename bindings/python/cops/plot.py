"""Pictures of what the library computes (docs/simulation.md, docs/odds.md): a simulation's
summary, two rulesets compared, the odds of a roll, of a planned attack, an interrogation's
approaches. Each function takes the JSON the library writes (text, a dict, or an object with
to_json()), draws it with matplotlib (Debian's python3-matplotlib) and returns the figure;
given a path ending in .png or .svg, it writes it there too. Titles and labels are in the
narration's languages (fr, en, es); the colours are Okabe and Ito's, told apart by
colour-blind readers, and every series has its own hatching so that a grey-scale print
tells them apart too.

    python3 -m cops.plot SUMMARY.json -o wins.svg [--lang en] [--kind sim]

This module imports without matplotlib; a function called without it raises
MissingDependency saying what to install."""

import argparse
import functools
import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .distributed import _wilson as _interval

__all__ = ["sim", "compare", "odds", "attack", "interrogation", "kind_of", "draw",
           "MissingDependency", "KINDS", "LANGS"]

LANGS = ("fr", "en", "es")
KINDS = ("sim", "compare", "odds", "attack", "interrogation")

#: Okabe and Ito's palette (colour-blind safe), in the order series take it.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
           "#000000")
#: One hatching per series, so that grey scale tells them apart.
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "oo", "--")

Document = Union[str, bytes, Dict[str, Any], Any]


class MissingDependency(RuntimeError):
    """matplotlib is not installed."""


WORDS: Dict[str, Dict[str, str]] = {
    "fr": {
        "sim": "Simulation : {name} ({fights} combats)", "wins": "Victoires (intervalle à 95 %)",
        "win rate": "taux de victoire", "undecided": "sans vainqueur",
        "lengths": "Durée des combats", "rounds": "tours", "fights": "part des combats",
        "no lengths": "durées absentes de ce résumé", "mean": "moyenne {mean:.2f} tours",
        "fate": "Au tapis et morts, par combattant", "down": "au tapis", "dead": "morts",
        "rate": "part des combats",
        "compare": "{name} : {a} contre {b} ({fights} combats chacun)",
        "p": "p = {p:.3g}", "significant": "écart significatif (*)",
        "rounds mean": "Durée moyenne (tours)",
        "odds": "Jet {action}", "successes": "réussites", "probability": "probabilité",
        "margin": "ME / MR", "success": "succès {p:.1%}", "failure": "échec",
        "adrenaline": "avec Adrénaline {p:.1%}", "anciennete": "avec Ancienneté {p:.1%}",
        "attack": "Attaque prévue", "outcome": "Issue", "hit": "touché",
        "goes down": "cible au tapis", "dies": "cible morte", "bullets": "Balles au but",
        "bullets in": "balles", "zones": "Localisations", "damage": "Dégâts après protection",
        "points": "points de vie perdus", "stopping": "Force d'arrêt",
        "none": "aucun jet", "steady": "tient", "shaken": "sonné", "out": "hors de combat",
        "interrogation": "Interrogatoire : {subject}", "method": "méthode",
        "attitude": "attitude", "win": "chance de l'emporter",
    },
    "en": {
        "sim": "Simulation: {name} ({fights} fights)", "wins": "Wins (95 % interval)",
        "win rate": "win rate", "undecided": "no winner",
        "lengths": "How long fights last", "rounds": "rounds", "fights": "share of fights",
        "no lengths": "lengths not in this summary", "mean": "mean {mean:.2f} rounds",
        "fate": "Down and dead, by combatant", "down": "down", "dead": "dead",
        "rate": "share of fights",
        "compare": "{name}: {a} against {b} ({fights} fights each)",
        "p": "p = {p:.3g}", "significant": "significant difference (*)",
        "rounds mean": "Mean length (rounds)",
        "odds": "Roll {action}", "successes": "successes", "probability": "probability",
        "margin": "MR / ME", "success": "success {p:.1%}", "failure": "failure",
        "adrenaline": "with Adrénaline {p:.1%}", "anciennete": "with Ancienneté {p:.1%}",
        "attack": "Planned attack", "outcome": "Outcome", "hit": "hit",
        "goes down": "target down", "dies": "target dead", "bullets": "Bullets in",
        "bullets in": "bullets", "zones": "Locations", "damage": "Damage after armour",
        "points": "hit points lost", "stopping": "Stopping power",
        "none": "no roll", "steady": "steady", "shaken": "shaken", "out": "out of the fight",
        "interrogation": "Interrogation: {subject}", "method": "method",
        "attitude": "attitude", "win": "chance to win",
    },
    "es": {
        "sim": "Simulación: {name} ({fights} combates)", "wins": "Victorias (intervalo del 95 %)",
        "win rate": "tasa de victoria", "undecided": "sin vencedor",
        "lengths": "Duración de los combates", "rounds": "asaltos", "fights": "parte de los combates",
        "no lengths": "duraciones ausentes de este resumen", "mean": "media {mean:.2f} asaltos",
        "fate": "Caídos y muertos, por combatiente", "down": "caídos", "dead": "muertos",
        "rate": "parte de los combates",
        "compare": "{name}: {a} contra {b} ({fights} combates cada uno)",
        "p": "p = {p:.3g}", "significant": "diferencia significativa (*)",
        "rounds mean": "Duración media (asaltos)",
        "odds": "Tirada {action}", "successes": "éxitos", "probability": "probabilidad",
        "margin": "MR / ME", "success": "éxito {p:.1%}", "failure": "fracaso",
        "adrenaline": "con Adrénaline {p:.1%}", "anciennete": "con Ancienneté {p:.1%}",
        "attack": "Ataque previsto", "outcome": "Resultado", "hit": "impacto",
        "goes down": "objetivo caído", "dies": "objetivo muerto", "bullets": "Balas que impactan",
        "bullets in": "balas", "zones": "Localizaciones", "damage": "Daño tras la protección",
        "points": "puntos de vida perdidos", "stopping": "Poder de parada",
        "none": "sin tirada", "steady": "aguanta", "shaken": "aturdido",
        "out": "fuera de combate",
        "interrogation": "Interrogatorio: {subject}", "method": "método",
        "attitude": "actitud", "win": "probabilidad de ganar",
    },
}

ZONES = {"fr": {"legs": "jambes", "abdomen": "abdomen", "torso": "torse", "arms": "bras",
                "head": "tête"},
         "en": {"legs": "legs", "abdomen": "abdomen", "torso": "torso", "arms": "arms",
                "head": "head"},
         "es": {"legs": "piernas", "abdomen": "abdomen", "torso": "torso", "arms": "brazos",
                "head": "cabeza"}}


class _Figures:
    """Figures made without pyplot's registry (nothing kept once the caller lets go)."""

    def __init__(self, figure: Any) -> None:
        self.figure = figure

    def subplots(self, nrows: int = 1, ncols: int = 1, figsize: Tuple[float, float] = (8, 5),
                 constrained_layout: bool = True, gridspec_kw: Optional[Dict[str, Any]] = None
                 ) -> Tuple[Any, Any]:
        fig = self.figure(figsize=figsize, layout="constrained" if constrained_layout else None)
        return fig, fig.subplots(nrows, ncols, gridspec_kw=gridspec_kw, squeeze=True)


def _pyplot() -> Any:
    try:
        import matplotlib  # type: ignore[import]
        from matplotlib.figure import Figure  # type: ignore[import]
    except ImportError as e:
        raise MissingDependency("cops.plot draws with matplotlib, which is missing (Debian: "
                                "apt-get install python3-matplotlib): %s" % e) from None
    return _Figures(Figure)


#: The style of every picture, set only while it is drawn and written (the caller's own
#: matplotlib settings are left as they were).
STYLE = {"svg.hashsalt": "libcops",   # the same picture gives the same file
         "svg.fonttype": "none",      # words stay words: found, read aloud, copied
         "font.family": "DejaVu Sans"}


def _styled(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def drawn(*args: Any, **kwargs: Any) -> Any:
        _pyplot()
        import matplotlib
        with matplotlib.rc_context(STYLE):
            return fn(*args, **kwargs)
    return drawn


def _doc(doc: Document) -> Dict[str, Any]:
    if hasattr(doc, "to_json") and not isinstance(doc, (str, bytes, dict)):
        doc = doc.to_json()
    if isinstance(doc, (str, bytes)):
        doc = json.loads(doc)
    if not isinstance(doc, dict):
        raise TypeError("expected the library's JSON: text, a dict or an object with to_json()")
    return doc


def _words(lang: str) -> Dict[str, str]:
    if lang not in WORDS:
        raise ValueError("lang %r: one of %s" % (lang, ", ".join(LANGS)))
    return WORDS[lang]


def _save(fig: Any, path: Optional[str]) -> Any:
    if path is None:
        return fig
    ext = os.path.splitext(str(path))[1].lower()
    if ext not in (".png", ".svg"):
        raise ValueError("%s: a picture is written as .png or .svg" % path)
    fig.savefig(path, format=ext[1:], dpi=120, bbox_inches="tight",
                metadata={"Date": None} if ext == ".svg" else None)
    return fig


def _bars(ax: Any, labels: Sequence[str], series: Sequence[Tuple[str, Sequence[float]]],
          errors: Optional[Sequence[Sequence[Tuple[float, float]]]] = None,
          horizontal: bool = False) -> None:
    """Grouped bars, one colour and hatching per series, 95 % intervals as error bars."""
    n = max(1, len(series))
    width = 0.8 / n
    for k, (name, values) in enumerate(series):
        pos = [i + (k - (n - 1) / 2) * width for i in range(len(labels))]
        err = None
        if errors is not None:
            # An interval's bound may pass its rate by a rounding (none of 0, all of n).
            lows = [max(0.0, v - lo) for v, (lo, hi) in zip(values, errors[k])]
            highs = [max(0.0, hi - v) for v, (lo, hi) in zip(values, errors[k])]
            err = [lows, highs]
        kw = dict(color=PALETTE[k % len(PALETTE)], hatch=HATCHES[k % len(HATCHES)],
                  edgecolor="black", linewidth=0.6, label=name, capsize=3)
        if horizontal:
            ax.barh(pos, values, height=width, xerr=err, **kw)
        else:
            ax.bar(pos, values, width=width, yerr=err, **kw)
    if horizontal:
        ax.set_yticks(range(len(labels)))
        ax.set_yticklabels(labels)
        ax.invert_yaxis()
    else:
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=20 if max(map(len, labels or [""])) > 10 else 0,
                           ha="right" if max(map(len, labels or [""])) > 10 else "center")


def _wilson(count: float, n: float) -> Tuple[float, float]:
    """The 95 % Wilson interval of count successes in n, as the library and cops sim give
    them (cops.distributed's), within 0..1."""
    if n <= 0:
        return 0.0, 1.0
    low, high = _interval(count, n)
    return max(0.0, low), min(1.0, high)


@_styled
def sim(summary: Document, path: Optional[str] = None, lang: str = "fr") -> Any:
    """A simulation's summary (cops sim --json, cops.Sim): win rates per side with their
    95 % intervals, how long the fights lasted, each combatant's down and dead rates."""
    w, d = _words(lang), _doc(summary)
    if d.get("type") != "sim":
        raise ValueError("not a simulation's summary (type %r)" % d.get("type"))
    plt = _pyplot()
    n = d["fights"]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8), constrained_layout=True)
    fig.suptitle(w["sim"].format(name=d["scenario"], fights=n))
    labels = [s["name"] for s in d["sides"]] + [w["undecided"]]
    counts = [s["wins"] for s in d["sides"]] + [d["undecided"]]
    rates = [c / n if n else 0.0 for c in counts]
    ax = axes[0]
    _bars(ax, labels, [(w["win rate"], rates)], [[_wilson(c, n) for c in counts]])
    ax.set_title(w["wins"])
    ax.set_ylabel(w["win rate"])
    ax.set_ylim(0, 1)
    ax = axes[1]
    ax.set_title(w["lengths"])
    ax.set_xlabel(w["rounds"])
    ax.set_ylabel(w["fights"])
    lengths = d.get("lengths")
    if lengths:
        ax.bar([r for r, _ in lengths], [c / n for _, c in lengths], width=0.9,
               color=PALETTE[0], edgecolor="black", linewidth=0.4)
        mean = d["rounds"] / n
        ax.axvline(mean, color=PALETTE[3], linestyle="--", linewidth=1.5,
                   label=w["mean"].format(mean=mean))
        ax.legend()
    else:
        ax.text(0.5, 0.5, w["no lengths"], ha="center", va="center", transform=ax.transAxes)
    ax = axes[2]
    who = [c["name"] for c in d["combatants"]]
    _bars(ax, who, [(w["down"], [c["down"] / n for c in d["combatants"]]),
                    (w["dead"], [c["dead"] / n for c in d["combatants"]])],
          [[_wilson(c["down"], n) for c in d["combatants"]],
           [_wilson(c["dead"], n) for c in d["combatants"]]], horizontal=True)
    ax.set_title(w["fate"])
    ax.set_xlabel(w["rate"])
    ax.set_xlim(0, 1)
    ax.legend()
    return _save(fig, path)


@_styled
def compare(comparison: Document, path: Optional[str] = None, lang: str = "fr") -> Any:
    """Two rulesets compared (cops sim --compare ... --json): each rate under both with its
    95 % interval, a difference the test finds significant marked with its p-value."""
    w, d = _words(lang), _doc(comparison)
    if d.get("type") != "sim-compare":
        raise ValueError("not a comparison (type %r)" % d.get("type"))
    plt = _pyplot()
    a, b = d["rules"]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8), constrained_layout=True,
                             gridspec_kw={"width_ratios": [3, 1.2, 4]})
    fights = d["fights"]
    if isinstance(fights, list):
        fights = fights[0] if len(set(fights)) == 1 else " / ".join(map(str, fights))
    fig.suptitle(w["compare"].format(name=d["scenario"], a=a, b=b, fights=fights))

    def pair(ax: Any, labels: List[str], tests: List[Dict[str, Any]], horizontal: bool) -> None:
        series = [(a, [t["a"].get("rate", t["a"].get("mean")) for t in tests]),
                  (b, [t["b"].get("rate", t["b"].get("mean")) for t in tests])]
        errors = [[(t["a"]["low"], t["a"]["high"]) for t in tests],
                  [(t["b"]["low"], t["b"]["high"]) for t in tests]]
        marked = ["%s%s" % (label, " *" if t["significant"] else "")
                  for label, t in zip(labels, tests)]
        _bars(ax, marked, series, errors, horizontal=horizontal)
        for i, t in enumerate(tests):
            top = max(t["a"]["high"], t["b"]["high"])
            text = w["p"].format(p=t["p_value"])
            if horizontal:
                ax.annotate(text, (top, i), xytext=(4, 0), textcoords="offset points",
                            va="center", fontsize=8)
            else:
                ax.annotate(text, (i, top), xytext=(0, 4), textcoords="offset points",
                            ha="center", fontsize=8)

    sides = d["sides"]
    pair(axes[0], [s["name"] for s in sides] + [w["undecided"]],
         [s["wins"] for s in sides] + [d["undecided"]], False)
    axes[0].set_title(w["wins"])
    axes[0].set_ylabel(w["win rate"])
    axes[0].set_ylim(0, 1.1)
    axes[0].legend(loc="upper right")
    fig.text(0.99, 0.005, w["significant"], fontsize=9, ha="right")
    pair(axes[1], [w["rounds"]], [d["rounds"]], False)
    axes[1].set_title(w["rounds mean"])
    labels, tests = [], []
    for c in d["combatants"]:
        labels += ["%s (%s)" % (c["name"], w["down"]), "%s (%s)" % (c["name"], w["dead"])]
        tests += [c["down"], c["dead"]]
    pair(axes[2], labels, tests, True)
    axes[2].set_title(w["fate"])
    axes[2].set_xlabel(w["rate"])
    axes[2].set_xlim(0, 1.15)
    return _save(fig, path)


def _difficulty(d: Dict[str, Any]) -> int:
    """The difficulty of a roll's odds: where P(at least k successes) is P(success)."""
    at_least = d["at_least"]
    for k, p in enumerate(at_least):
        if abs(p - d["p_success"]) < 1e-12:
            return k
    return 1


@_styled
def odds(doc: Document, path: Optional[str] = None, lang: str = "fr") -> Any:
    """The odds of a roll (cops odds --json): the chance of each number of successes, the
    margin (MR for a success, ME for a failure) under each, the success threshold marked."""
    w, d = _words(lang), _doc(doc)
    if "at_least" not in d:
        raise ValueError("not the odds of a roll (no at_least)")
    plt = _pyplot()
    at_least = list(d["at_least"]) + [0.0]
    exactly = [at_least[k] - at_least[k + 1] for k in range(len(at_least) - 1)]
    need = _difficulty(d)
    fig, ax = plt.subplots(figsize=(8, 4.8), constrained_layout=True)
    ax.set_title(w["odds"].format(action=d["action"]))
    for k, p in enumerate(exactly):
        good = k >= need
        ax.bar(k, p, color=PALETTE[2] if good else PALETTE[3], hatch="" if good else "//",
               edgecolor="black", linewidth=0.6,
               label=(w["success"].format(p=d["p_success"]) if k == need else
                      w["failure"] if k == 0 and need > 0 else None))
        ax.annotate("%.1f %%" % (100 * p), (k, p), xytext=(0, 3), textcoords="offset points",
                    ha="center", fontsize=8)
    ax.axvline(need - 0.5, color="black", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(exactly)))
    ax.set_xticklabels(["%d\n%s %d" % (k, "MR" if k >= need else "ME", abs(k - need))
                        for k in range(len(exactly))])
    ax.set_xlabel("%s (%s)" % (w["successes"], w["margin"]))
    ax.set_ylabel(w["probability"])
    extra = [w["adrenaline"].format(p=d["p_adrenaline"])] if "p_adrenaline" in d else []
    extra += [w["anciennete"].format(p=d["p_anciennete"])] if "p_anciennete" in d else []
    if extra:
        ax.text(0.99, 0.97, "\n".join(extra), transform=ax.transAxes, ha="right", va="top",
                fontsize=9, bbox=dict(facecolor="white", edgecolor="grey"))
    ax.legend(loc="upper left")
    return _save(fig, path)


@_styled
def attack(doc: Document, path: Optional[str] = None, lang: str = "fr") -> Any:
    """The odds of a planned attack (cops attack ... --odds --json): hit, down and dead; the
    bullets in; each location; the damage after armour; the stopping-power roll."""
    w, d = _words(lang), _doc(doc)
    if "p_hit" not in d:
        raise ValueError("not the odds of an attack (no p_hit)")
    plt = _pyplot()
    fig, axes = plt.subplots(2, 3, figsize=(15, 8), constrained_layout=True)
    fig.suptitle(w["attack"])
    ax = axes[0][0]
    _bars(ax, [w["hit"], w["goes down"], w["dies"]],
          [(w["probability"], [d["p_hit"], d["p_down"], d["p_dead"]])])
    ax.set_title(w["outcome"])
    ax.set_ylim(0, 1)
    ax = axes[0][1]
    inn = d.get("in") or [1.0]
    _bars(ax, [str(k) for k in range(len(inn))], [(w["probability"], inn)])
    ax.set_title(w["bullets"])
    ax.set_xlabel(w["bullets in"])
    ax = axes[0][2]
    zones = d.get("zones", {})
    _bars(ax, [ZONES[lang].get(z, z) for z in zones], [(w["probability"], list(zones.values()))])
    ax.set_title(w["zones"])
    ax = axes[1][0]
    damage = d.get("damage", [])
    ax.bar(range(len(damage)), damage, width=1.0, color=PALETTE[0], edgecolor="black",
           linewidth=0.3)
    ax.set_title(w["damage"])
    ax.set_xlabel(w["points"])
    ax.set_ylabel(w["probability"])
    ax = axes[1][1]
    stopping = d.get("stopping", {})
    _bars(ax, [w.get(k, k) for k in stopping], [(w["probability"], list(stopping.values()))])
    ax.set_title(w["stopping"])
    ax = axes[1][2]
    ax.axis("off")
    lines = ["%s  %.1f %%" % (w["hit"], 100 * d["p_hit"]),
             "%s  %.1f %%" % (w["goes down"], 100 * d["p_down"]),
             "%s  %.1f %%" % (w["dies"], 100 * d["p_dead"])]
    ax.text(0.05, 0.9, "\n".join(lines), transform=ax.transAxes, va="top", fontsize=12)
    return _save(fig, path)


@_styled
def interrogation(doc: Document, path: Optional[str] = None, lang: str = "fr") -> Any:
    """An interrogation's approaches (cops interrogate ... --odds --json): the chance to win
    for each method under each attitude, a heat map (cividis: readable in grey and by
    colour-blind readers), each cell's figure written in it."""
    w, d = _words(lang), _doc(doc)
    if "approaches" not in d:
        raise ValueError("not an interrogation's odds (no approaches)")
    plt = _pyplot()
    # The rules' order (C4.2, C4.3), whatever the odds' ranking.
    order_m = ["Intimidation", "Éloquence", "Rhétorique"]
    order_a = ["Agressif", "Inquisiteur", "Froid", "Poli", "Amical"]
    seen_m = {a["method"] for a in d["approaches"]}
    seen_a = {a["attitude"] for a in d["approaches"]}
    methods = [m for m in order_m if m in seen_m] + sorted(seen_m - set(order_m))
    attitudes = [a for a in order_a if a in seen_a] + sorted(seen_a - set(order_a))
    grid = [[float("nan")] * len(attitudes) for _ in methods]
    for a in d["approaches"]:
        grid[methods.index(a["method"])][attitudes.index(a["attitude"])] = a["win"]
    fig, ax = plt.subplots(figsize=(1.6 * len(attitudes) + 3, 0.8 * len(methods) + 2),
                           constrained_layout=True)
    image = ax.imshow(grid, cmap="cividis", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(attitudes)))
    ax.set_xticklabels(attitudes)
    ax.set_yticks(range(len(methods)))
    ax.set_yticklabels(methods)
    ax.set_xlabel(w["attitude"])
    ax.set_ylabel(w["method"])
    for i in range(len(methods)):
        for j in range(len(attitudes)):
            v = grid[i][j]
            if v == v:
                ax.text(j, i, "%.0f %%" % (100 * v), ha="center", va="center",
                        color="black" if v > 0.5 else "white", fontsize=9)
    fig.colorbar(image, ax=ax, label=w["win"])
    ax.set_title(w["interrogation"].format(subject=d.get("subject", "")))
    return _save(fig, path)


_DRAW: Dict[str, Callable[..., Any]] = {"sim": sim, "compare": compare, "odds": odds,
                                        "attack": attack, "interrogation": interrogation}


def kind_of(doc: Document) -> str:
    """Which picture a document of the library's makes: one of KINDS."""
    d = _doc(doc)
    if d.get("type") == "sim":
        return "sim"
    if d.get("type") == "sim-compare":
        return "compare"
    if "at_least" in d:
        return "odds"
    if "p_hit" in d:
        return "attack"
    if "approaches" in d:
        return "interrogation"
    raise ValueError("not a document cops.plot draws: a sim summary, a comparison, the odds "
                     "of a roll or an attack, an interrogation's odds")


def draw(doc: Document, path: Optional[str] = None, lang: str = "fr",
         kind: Optional[str] = None) -> Any:
    """The picture of any of them, its kind found from the document (or given)."""
    d = _doc(doc)
    kind = kind or kind_of(d)
    if kind not in _DRAW:
        raise ValueError("kind %r: one of %s" % (kind, ", ".join(KINDS)))
    return _DRAW[kind](d, path, lang)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m cops.plot",
        description="Draw what libcops writes as JSON: a sim summary, a comparison, the odds "
                    "of a roll or an attack, an interrogation's approaches.")
    parser.add_argument("file", help="the JSON file ('-': standard input)")
    parser.add_argument("-o", "--output", required=True, help="the picture: .png or .svg")
    parser.add_argument("--lang", default="fr", choices=LANGS)
    parser.add_argument("--kind", choices=KINDS, help="found from the file when left out")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        draw(text, args.output, args.lang, args.kind)
    except MissingDependency as e:
        print("cops.plot: %s" % e, file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("cops.plot: %s: %s" % (args.file, e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
