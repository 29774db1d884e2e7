#!/usr/bin/python3
"""Mirror matches of the tactical policy against the simple one (docs/simulation.md,
"Policies"): each fight played by `cops sim` with one side under the tactical policy, then
the same seeds with the other side under it, on the example scenarios and on generated
n v n fights (the same combatants on both sides, positions mirrored). Prints, for each and
under each ruleset, the share of the decided fights the tactical side won with its 95 %
interval.

Usage: /usr/bin/python3 scripts/mirror.py COPS [RUNS] [SEED]
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
SHEETS = ["mike", "sarah", "joe"]
WEAPONS = ["vulcan-051", "scorpion-131", "remington-162"]


def generated(n):
    """n v n: combatant i of each side the same sheet, weapon and armour, 15 m apart."""
    fighters = []
    for side, x in (("A", 0), ("B", 15)):
        for i in range(n):
            fighter = {"sheet": "../sheets/%s.json" % SHEETS[i % 3], "side": side,
                       "position": [x, 2 * i],
                       "weapons": ["../weapons/%s.json" % WEAPONS[i % 3]]}
            if i % 2 == 0:
                fighter["armour"] = "../armour/gilet-pare-balles.json"
            fighters.append(fighter)
    return {"schema": 1, "name": "%d v %d" % (n, n), "max_rounds": 60, "combatants": fighters}


def wilson(k, n):
    z = 1.959963984540054
    p, z2 = k / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def share(cops, path, runs, seed):
    """(won, decided) of the tactical side, each side under it in turn, the same seeds."""
    won = decided = 0
    for k in range(2):
        out = subprocess.run([cops, "sim", path, "-n", str(runs), "--seed", str(seed),
                              "--side-policy", "%d:tactical" % k, "--json", "--jobs", "2"],
                             check=True, capture_output=True, text=True).stdout
        wins = [s["wins"] for s in json.loads(out)["sides"]]
        won += wins[k]
        decided += sum(wins)
    return won, decided


def main():
    cops = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    work = tempfile.mkdtemp()
    try:
        for sub in ("sheets", "weapons", "armour"):
            shutil.copytree(os.path.join(EXAMPLES, sub), os.path.join(work, sub))
        os.mkdir(os.path.join(work, "scenarios"))
        cases = []
        for name in ("street-shootout", "bar-brawl", "covering-fire-standoff"):
            with open(os.path.join(EXAMPLES, "scenarios", name + ".json"), encoding="utf-8") as f:
                cases.append((name, json.load(f)))
        cases += [("%d v %d" % (n, n), generated(n)) for n in (1, 2, 3, 4, 6, 8)]
        print("| fight | core rules | alternative rules |")
        print("|---|---|---|")
        total = {"core": [0, 0], "alternative": [0, 0]}
        for name, doc in cases:
            cells = []
            for rules in ("core", "alternative"):
                path = os.path.join(work, "scenarios", "mirror.json")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(dict(doc, ruleset=rules), f)
                won, decided = share(cops, path, runs, seed)
                total[rules][0] += won
                total[rules][1] += decided
                cells.append(cell(won, decided))
            print("| %s | %s | %s |" % (name, cells[0], cells[1]))
        print("| all | %s | %s |" % (cell(*total["core"]), cell(*total["alternative"])))
    finally:
        shutil.rmtree(work)


def cell(won, decided):
    if not decided:
        return "no fight decided"
    lo, hi = wilson(won, decided)
    return "%.1f %% [%.1f, %.1f] of %d" % (100 * won / decided, 100 * lo, 100 * hi, decided)


if __name__ == "__main__":
    main()
