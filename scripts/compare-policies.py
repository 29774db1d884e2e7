#!/usr/bin/python3
"""The two rulesets under both policies (docs/simulation.md, "The two rulesets under both
policies"): `cops sim --compare core,alternative` on the example fights, 20,000 each way,
seed 1, under the simple policy then the tactical one; prints the table of the first side's
wins, the rounds and the lethality.

Usage: /usr/bin/python3 scripts/compare-policies.py COPS [RUNS]
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = ["street-shootout", "covering-fire-standoff", "bar-brawl"]


def pct(x):
    return "%.1f %%" % (100 * x)


def row(cops, name, policy, runs):
    path = os.path.join(ROOT, "examples", "scenarios", name + ".json")
    out = subprocess.run([cops, "sim", "--compare", "core,alternative", path, "-n", runs,
                          "--seed", "1", "--jobs", "2", "--policy", policy, "--json"],
                         check=True, capture_output=True, text=True).stdout
    d = json.loads(out)
    first = d["sides"][0]
    wins, rounds, lethality = first["wins"], d["rounds"], d["lethality"]
    return "| %s | %s | %s %s | %s | %+.1f%s | %.1f / %.1f | %s / %s |" % (
        name, policy, first["name"], pct(wins["a"]["rate"]), pct(wins["b"]["rate"]),
        100 * wins["difference"], " *" if wins["significant"] else "",
        rounds["a"]["mean"], rounds["b"]["mean"],
        pct(lethality["a"]["rate"]), pct(lethality["b"]["rate"]))


def main():
    cops = sys.argv[1]
    runs = sys.argv[2] if len(sys.argv) > 2 else "20000"
    print("| scenario | policy | first side wins, core | alternative | difference "
          "| rounds, core / alternative | lethality, core / alternative |")
    print("|---|---|---|---|---|---|---|")
    for name in SCENARIOS:
        for policy in ("simple", "tactical"):
            print(row(cops, name, policy, runs))


if __name__ == "__main__":
    main()
