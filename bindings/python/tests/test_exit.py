"""No crash at exit (docs/python.md, "Handles and values"): handles dropped in every order,
caught in reference cycles with their context, or left to the interpreter's exit, never
free through a freed context. Each script runs in a fresh interpreter, the cycles, the exit
and one order under valgrind when the machine has it (invalid reads and writes fail; the
interpreter's own leaks do not). 0.16 died with SIGSEGV on the cycle and at the exit."""

import itertools
import os
import shutil
import subprocess
import sys

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

MAKE = """
import gc, sys
sys.path.insert(0, %r)
import cops
EX = %r
ctx = cops.Context(seed=7)
mike = cops.Character.load(ctx, EX + "/sheets/mike.json")
mike.add_relation("Lou", "informant", 2)
joe = cops.Character.load(ctx, EX + "/sheets/joe.json")
gun = cops.Weapon.load(ctx, EX + "/weapons/vulcan-051.json")
enc = cops.Encounter(ctx)
enc.add(mike, 0, 0, 0, weapons=[gun])
enc.add(joe, 1, 5, 0)
cp = enc.checkpoint()
loaded = cops.Encounter.load(ctx, enc.save())
chase = cops.Chase.load(ctx, EX + "/scenarios/sunset-chase.json")
log = cops.Log(ctx)
objects = {"ctx": ctx, "mike": mike, "joe": joe, "gun": gun, "enc": enc, "cp": cp,
           "loaded": loaded, "chase": chase, "log": log}
"""


def run(script, valgrind=True):
    cmd = [PYTHON, "-c", script]
    if valgrind and shutil.which("valgrind"):
        cmd = ["valgrind", "-q", "--error-exitcode=9", "--leak-check=no"] + cmd
    env = dict(os.environ, PYTHONMALLOC="malloc")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if "unhandled dwarf2" in out.stderr:
        # This valgrind cannot read the library's debug information (clang's DWARF 5): the
        # gcc build runs it under valgrind; here, the process alone.
        return run(script, valgrind=False)
    return out.returncode, out.stderr


def make():
    return MAKE % (os.path.join(ROOT, "bindings", "python"), os.path.join(ROOT, "examples"))


def test_handles_dropped_in_any_order():
    orders = ["\n".join("del %s" % name for name in order) for order in itertools.islice(
        itertools.permutations(["ctx", "mike", "enc", "cp", "loaded", "chase"]), 0, 720, 120)]
    script = make() + "del objects\n"
    for order in orders:
        rc, err = run(script + order + "\ngc.collect()\n", valgrind=order == orders[0])
        assert rc == 0, "%s\n%s" % (order, err[-2000:])


def test_a_cycle_with_the_context_and_the_interpreter_exit():
    # Every handle reachable from a cycle through the context: the collector breaks it in
    # its own order; then the same left to the interpreter's exit.
    cycle = make() + "ctx.loop = objects\nobjects['self'] = objects\ndel ctx, mike, joe, gun, " \
        "enc, cp, loaded, chase, log, objects\ngc.collect()\n"
    rc, err = run(cycle)
    assert rc == 0, err[-2000:]
    rc, err = run(make() + "ctx.loop = objects\n")   # nothing closed: the exit's order
    assert rc == 0, err[-2000:]
