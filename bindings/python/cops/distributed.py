"""Studies larger than one machine (docs/simulation.md, "Across machines"): the fights of
``cops sim`` run as tasks of Dask's distributed scheduler, on a laptop's processes or a
cluster's machines, with the same summary, byte for byte, as ``cops sim --json``.

Fight i of a study is seeded from the study's seed and i (<cops/sim.h>), so a study splits
anywhere: each task runs a range of indexes with the library (``Sim.run``) and returns its
summary as JSON; the summaries are merged in index order with the library's merge. The
scenario is read once, on the caller's machine, with every file it names put inline: the
workers get text, never a path they may not have.

Dask is needed only when a study runs (Debian: ``apt-get install python3-distributed``,
which serves Debian's ``/usr/bin/python3``); this module imports without it.

    python3 -m cops.distributed SCENARIO -n RUNS --seed S (--scheduler ADDRESS | --local N)
"""

import argparse
import json
import logging
import os
import sys
import time
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from .base import Context, PathLike
from .errors import InvalidArgumentError
from .fight import Scenario
from .sim import Sim

CHUNK = 50000          # fights a task runs, unless told
RUNS_MAX = 10 ** 12    # COPS_SIM_RUNS_MAX

NO_DASK = ("cops.distributed needs Dask's distributed scheduler: on Debian, "
           "'apt-get install python3-distributed', for Debian's /usr/bin/python3 "
           "(a python3 earlier on PATH, a pyenv one say, does not see it)")


def _dask() -> Any:
    """The distributed package, or an ImportError that says what to install."""
    try:
        import distributed
    except ImportError as e:
        raise ImportError(NO_DASK) from e
    return distributed


def _inline(value: Any, folder: str, what: str) -> Any:
    """A file name of a scenario replaced by the JSON the file holds."""
    if not isinstance(value, str):
        return value
    path = value if os.path.isabs(value) else os.path.join(folder, value)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise InvalidArgumentError("%s: %s: %s" % (what, value, e.strerror)) from e
    except ValueError as e:
        raise InvalidArgumentError("%s: %s: not JSON (%s)" % (what, value, e)) from e


def scenario_text(path: PathLike) -> str:
    """The scenario file at path as one text: every sheet, weapon and armour it names by
    file (relative to its folder, docs/scenarios.md) put inline. The library reads it as it
    reads the file; a worker needs nothing else."""
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise InvalidArgumentError("%s: %s" % (path, e.strerror)) from e
    except ValueError as e:
        raise InvalidArgumentError("%s: not JSON (%s)" % (path, e)) from e
    folder = os.path.dirname(os.path.abspath(path))
    combatants = doc.get("combatants") if isinstance(doc, dict) else None
    for i, c in enumerate(combatants if isinstance(combatants, list) else []):
        if not isinstance(c, dict):
            continue
        where = "%s: combatants[%d]" % (path, i)
        if "sheet" in c:
            c["sheet"] = _inline(c["sheet"], folder, where + ".sheet")
        if isinstance(c.get("weapons"), list):
            c["weapons"] = [_inline(w, folder, "%s.weapons[%d]" % (where, k))
                            for k, w in enumerate(c["weapons"])]
        if c.get("armour") is not None:
            c["armour"] = _inline(c["armour"], folder, where + ".armour")
    return json.dumps(doc, ensure_ascii=False)


def _apply_policies(sc: Scenario, policy: Optional[str],
                    side_policies: Optional[Mapping[Union[str, int], str]]) -> None:
    """cops sim's --policy and --side-policy: everyone's policy, then each side's (by name,
    or by number when no side has that name)."""
    ids = range(int(_native.lib.cops_encounter_count(sc._e())))
    if policy is not None:
        for i in ids:
            sc.set_policy(i, policy)
    names = sc.sides
    for side, p in (side_policies or {}).items():
        if isinstance(side, str) and side in names:
            number = names.index(side)
        elif isinstance(side, int) and not isinstance(side, bool) and 0 <= side < len(names):
            number = side
        elif isinstance(side, str) and side.isdigit() and int(side) < len(names):
            number = int(side)
        else:
            raise InvalidArgumentError("side_policies: no side %r in the scenario (%s)"
                                       % (side, ", ".join(names)))
        sc.set_side_policy(number, p)


def _study(ctx: Context, text: str, rules: Optional[str], policy: Optional[str],
           side_policies: Optional[Mapping[Union[str, int], str]],
           seed: Optional[int]) -> Tuple[Scenario, Sim]:
    """The scenario of a study as a worker plays it, and an empty summary of it."""
    sc = Scenario(ctx, json_text=text)
    _apply_policies(sc, policy, side_policies)
    if rules is not None:
        sc.ruleset = rules
    return sc, Sim(ctx, sc, seed)


def run_chunk(text: str, rules: Optional[str], policy: Optional[str],
              side_policies: Optional[Dict[Union[str, int], str]], seed: Optional[int],
              start: int, count: int) -> str:
    """A task: the fights start .. start + count - 1 of the study, their summary as JSON."""
    ctx = Context()
    sc, sim = _study(ctx, text, rules, policy, side_policies, seed)
    sim.run(sc, start, count)
    return sim.to_json()


def _rulesets(compare: Union[None, str, Sequence[str]]) -> List[Optional[str]]:
    if compare is None:
        return [None]
    pair = compare.split(",") if isinstance(compare, str) else list(compare)
    if len(pair) != 2 or not all(isinstance(r, str) and r for r in pair):
        raise InvalidArgumentError("compare %r: two rulesets, e.g. 'core,alternative'" % (compare,))
    return list(pair)


def simulate(client: Any, scenario: PathLike, runs: int, seed: Optional[int] = None,
             chunk: int = CHUNK, rules: Optional[str] = None,
             compare: Union[None, str, Sequence[str]] = None, policy: Optional[str] = None,
             side_policies: Optional[Mapping[Union[str, int], str]] = None,
             progress: Any = None) -> str:
    """The summary of runs fights of the scenario file, seeded from seed (None: each
    worker's system dice, a study no one can repeat), as ``cops sim --json`` writes it
    (schemas/sim.schema.json), byte for byte, whatever the chunk and the workers: the fights
    run as tasks of chunk fights on the Dask client's cluster. rules plays the scenario
    under "core" or "alternative"; compare ("core,alternative") runs the same fights under
    both and gives ``cops sim --compare ... --json``'s comparison instead. policy and
    side_policies ({side name or number: policy}) are ``--policy`` and ``--side-policy``.
    progress(done, runs) is called as tasks finish. A worker lost mid-study: Dask runs its
    tasks again, the figures are the same."""
    distributed = _dask()
    runs = _whole(runs, "runs", 1, RUNS_MAX)
    chunk = _whole(chunk, "chunk", 1, RUNS_MAX)
    if seed is not None:
        seed = _whole(seed, "seed", 0, 2 ** 64 - 1)
    if rules is not None and compare is not None:
        raise InvalidArgumentError("rules or compare, not both")
    text = scenario_text(scenario)
    sides = dict(side_policies) if side_policies else None
    ctx = Context()
    # Read here first: a scenario the library refuses is said before any task starts.
    summaries: List[Sim] = []
    for r in _rulesets(compare) if compare is not None else [rules]:
        _, empty = _study(ctx, text, r, policy, sides, seed)
        summaries.append(empty)
    starts = list(range(0, runs, chunk))
    total = runs * len(summaries)
    done = 0
    futures = []
    for k, r in enumerate(_rulesets(compare) if compare is not None else [rules]):
        futures.append(client.map(run_chunk, [text] * len(starts), [r] * len(starts),
                                  [policy] * len(starts), [sides] * len(starts),
                                  [seed] * len(starts), starts,
                                  [min(chunk, runs - s) for s in starts], pure=False))
    if progress is not None:
        counts = {f.key: min(chunk, runs - s) for fs in futures for f, s in zip(fs, starts)}
        for f in distributed.as_completed([f for fs in futures for f in fs]):
            done += counts[f.key]
            progress(done, total)
    for k, fs in enumerate(futures):
        for text_k in client.gather(fs):   # in index order: the ranges join as they come
            summaries[k].merge(Sim.from_json(ctx, text_k))
    for s in summaries:
        if s.fights == 0:
            first = s.summary.get("first_stopped") or {}
            raise InvalidArgumentError("every fight stopped on a scripted declaration: %s"
                                       % first.get("reason", ""))
    if compare is None:
        return summaries[0].to_json()
    return summaries[0]._compare_text(summaries[1])


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise InvalidArgumentError("%s %r: a whole number %d..%d" % (what, value, lo, hi))
    return value


# --- What `cops sim` prints for people (examples/sim.c) ----------------------------------

def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - len(text))


def _wilson(k: float, n: float) -> Tuple[float, float]:
    z = 1.959963984540054
    p, z2 = k / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * ((p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5) / (1 + z2 / n)
    return centre - half, centre + half


def format_summary(text: str) -> str:
    """A summary as ``cops sim`` prints it: wins with their 95 % intervals, rounds, down
    and dead."""
    j = json.loads(text)
    fights, stopped = j["fights"], j["stopped"]
    out = ["%s: %d fights" % (j["scenario"], fights)]
    if isinstance(j.get("seed"), str):
        out[0] += ", seed %s" % j["seed"]
    ranges = j["runs"]
    if len(ranges) != 1 or ranges[0][0] != 0:
        out[0] += ", runs " + ", ".join("%d..%d" % (a, b - 1) for a, b in ranges)
    if stopped:
        out.append("%d of %d fights stopped on a scripted declaration the dice made impossible, "
                   "left out (the first: %s)" % (stopped, fights + stopped,
                                                 j["first_stopped"]["reason"]))
    n = float(fights)
    out.append("wins (95 % interval)")
    sides = j["sides"]
    for k in range(len(sides) + 1):
        name = sides[k]["name"] if k < len(sides) else "(none / undecided)"
        w = float(sides[k]["wins"] if k < len(sides) else j["undecided"])
        lo, hi = _wilson(w, n)
        out.append("  %s %6.2f %%  [%6.2f, %6.2f]" % (_pad(name, 24), 100.0 * w / n, 100.0 * lo,
                                                     100.0 * hi))
    mean = j["rounds"] / n
    m2 = j["rounds_squared"] / n
    var = m2 - mean * mean
    out.append("rounds: mean %.2f, sd %.2f" % (mean, var ** 0.5 if var > 0 else 0.0))
    out.append("combatants: down at the end (out, unconscious, dying or dead), dead")
    for c in j["combatants"]:
        out.append("  %s %s %6.2f %%  %6.2f %%" % (_pad(c["name"], 28), _pad(sides[c["side"]]["name"], 10),
                                                 100.0 * c["down"] / n, 100.0 * c["dead"] / n))
    return "\n".join(out) + "\n"


def _rates(what: str, c: Dict[str, Any]) -> str:
    p = c["p_value"]
    line = "  " + _pad(what, 30)
    for x in (c["a"], c["b"]):
        line += " %6.2f %% [%6.2f, %6.2f]" % (100 * x["rate"], 100 * x["low"], 100 * x["high"])
    return line + "  %+7.2f %%  p %s%.3f%s" % (100 * c["difference"], "< " if p < 0.001 else "",
                                              0.001 if p < 0.001 else p,
                                              " *" if c["significant"] else "")


def format_comparison(text: str) -> str:
    """A comparison as ``cops sim --compare`` prints it: the two rulesets side by side."""
    j = json.loads(text)
    rules, n = j["rules"], j["fights"]
    out = ["%s: %s (%d fights) and %s (%d fights), the same seeds" % (j["scenario"], rules[0], n[0],
                                                                     rules[1], n[1])]
    out.append("  %-30s %-26s %-26s  %s" % ("(95 % intervals)", rules[0], rules[1],
                                           "difference, p (* below 0.05)"))
    for v in j["sides"]:
        out.append(_rates("%s wins" % v["name"], v["wins"]))
    out.append(_rates("undecided", j["undecided"]))
    for v in j["combatants"]:
        out.append(_rates("%s down" % v["name"], v["down"]))
        out.append(_rates("%s dead" % v["name"], v["dead"]))
    out.append(_rates("lethality (dead per combatant)", j["lethality"]))
    r = j["rounds"]
    a, b, p = r["a"], r["b"], r["p_value"]
    out.append("  %-30s %6.2f   [%6.2f, %6.2f]   %6.2f   [%6.2f, %6.2f]    %+7.2f    p %s%.3f%s" % (
        "rounds (mean)", a["mean"], a["low"], a["high"], b["mean"], b["low"], b["high"],
        r["difference"], "< " if p < 0.001 else "", 0.001 if p < 0.001 else p,
        " *" if r["significant"] else ""))
    return "\n".join(out) + "\n"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """python3 -m cops.distributed: what cops sim prints, the fights on a Dask cluster."""
    ap = argparse.ArgumentParser(
        prog="python3 -m cops.distributed",
        description="cops sim's study on Dask's distributed scheduler (docs/simulation.md, "
                    "\"Across machines\"): the same summary, byte for byte.")
    ap.add_argument("scenario", help="a fight's scenario file (docs/scenarios.md)")
    ap.add_argument("-n", "--runs", type=int, default=10000, help="fights (default 10000)")
    ap.add_argument("--seed", type=int, help="the study's seed (without: the system's dice)")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler "
                       "(tcp://host:8786)")
    where.add_argument("--local", metavar="N", type=int, help="N worker processes on this machine")
    ap.add_argument("--chunk", type=int, default=CHUNK, help="fights a task (default %d)" % CHUNK)
    ap.add_argument("--rules", help="core or alternative (default: the scenario's)")
    ap.add_argument("--compare", metavar="A,B", help="the same fights under two rulesets")
    ap.add_argument("--policy", help="simple or tactical, for every combatant")
    ap.add_argument("--side-policy", action="append", default=[], metavar="SIDE:POLICY",
                    help="a side's policy (repeatable)")
    ap.add_argument("--json", action="store_true", help="the summary as JSON (cops sim --json)")
    o = ap.parse_args(argv)
    sides: Dict[Union[str, int], str] = {}
    for v in o.side_policy:
        side, colon, p = v.rpartition(":")
        if not colon or not side:
            ap.error("--side-policy '%s': SIDE:simple or SIDE:tactical" % v)
        sides[side] = p
    try:
        distributed = _dask()
    except ImportError as e:
        print("cops: %s" % e, file=sys.stderr)
        return 1
    t0 = time.monotonic()
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:
            sys.stderr.write("\rsim: %d/%d fights (%d s)" % (done, total, time.monotonic() - t0))
            sys.stderr.flush()

    cluster = None
    try:
        if o.local is not None:
            if o.local < 1:
                ap.error("--local %d: at least 1 worker" % o.local)
            # Its processes' own logs below CRITICAL stay quiet: a worker's heartbeat racing
            # the scheduler's shutdown logs an error on stderr although every result is in;
            # a failing fight reaches the client as its exception.
            cluster = distributed.LocalCluster(n_workers=o.local, threads_per_worker=1,
                                               processes=True, dashboard_address=":0",
                                               silence_logs=logging.CRITICAL)
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(o.scheduler)
        try:
            text = simulate(client, o.scenario, o.runs, o.seed, chunk=o.chunk, rules=o.rules,
                            compare=o.compare, policy=o.policy, side_policies=sides or None,
                            progress=progress)
        finally:
            client.close()
    except (ValueError, OSError) as e:
        if tty:
            sys.stderr.write("\n")
        print("cops: %s" % e, file=sys.stderr)
        return 2
    finally:
        if cluster is not None:
            cluster.close()
    if tty:
        sys.stderr.write("\n")
    if o.json:
        print(text)
    else:
        sys.stdout.write(format_comparison(text) if o.compare else format_summary(text))
    return 0


__all__ = ["simulate", "scenario_text", "run_chunk", "format_summary", "format_comparison",
           "main", "CHUNK"]

if __name__ == "__main__":
    import cops.distributed as _d   # the tasks by their module's name, not __main__'s
    sys.exit(_d.main())
