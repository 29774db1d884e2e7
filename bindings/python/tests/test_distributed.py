"""Studies on Dask's distributed scheduler (docs/simulation.md, "Across machines"): the
summary of cops.distributed.simulate() equals `cops sim --jobs 1 --json`'s byte for byte,
whatever the chunks, with 2 worker processes, with a worker killed mid-study; the command
line prints what `cops sim` prints; without Dask the module imports and says what is
missing when called. Needs Debian's python3-distributed (scripts/deps.sh installs it)."""

import json
import os
import signal
import subprocess
import sys
import threading

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
PACKAGE = os.path.join(ROOT, "bindings", "python")
sys.path.insert(0, PACKAGE)

import distributed  # noqa: E402  (the test command installs it: never skipped)

import cops  # noqa: E402
import cops.distributed as cd  # noqa: E402

STREET = os.path.join(ROOT, "examples", "scenarios", "street-shootout.json")
CLI = os.environ.get("COPS_CLI")



def cops_sim(*args: str) -> str:
    if not CLI:
        pytest.fail("COPS_CLI: the cops command to compare with (meson sets it)")
    return subprocess.run([CLI, "sim", *args], check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def test_200000_fights_on_two_workers_are_cops_sims_summary(client):
    want = cops_sim(STREET, "-n", "200000", "--seed", "2030", "--jobs", "1", "--json")
    seen = []
    got = cd.simulate(client, STREET, 200000, seed=2030, chunk=50000,
                      progress=lambda done, total: seen.append((done, total)))
    assert got + "\n" == want
    assert json.loads(got)["runs"] == [[0, 200000]]
    assert seen[-1] == (200000, 200000) and len(seen) == 4
    assert os.getpid() not in client.run(os.getpid).values()   # other processes
    # Any chunking: uneven chunks, the last one shorter.
    assert cd.simulate(client, STREET, 20000, seed=2030, chunk=6667) + "\n" == \
        cops_sim(STREET, "-n", "20000", "--seed", "2030", "--json")


def test_the_two_rulesets_compared_are_cops_sims_comparison(client):
    want = cops_sim(STREET, "-n", "50000", "--seed", "2030", "--jobs", "1", "--compare",
                    "core,alternative", "--json")
    got = cd.simulate(client, STREET, 50000, seed=2030, chunk=12500, compare="core,alternative")
    assert got + "\n" == want
    j = json.loads(got)
    assert j["rules"] == ["core", "alternative"] and j["fights"] == [50000, 50000]


def test_policies_and_rules_as_cops_sim_gives_them(client):
    want = cops_sim(STREET, "-n", "3000", "--seed", "11", "--policy", "tactical",
                    "--side-policy", "gang:simple", "--json")
    got = cd.simulate(client, STREET, 3000, seed=11, chunk=700, policy="tactical",
                      side_policies={"gang": "simple"})
    assert got + "\n" == want
    # A side by its number, as --side-policy 1:simple.
    assert cd.simulate(client, STREET, 3000, seed=11, chunk=1000, policy="tactical",
                       side_policies={1: "simple"}) == got
    alt = cops_sim(STREET, "-n", "2000", "--seed", "3", "--json")
    assert json.loads(cd.simulate(client, STREET, 2000, seed=3, rules="alternative"))["rules"] == \
        "alternative"
    assert cd.simulate(client, STREET, 2000, seed=3, rules="core") + "\n" == alt


def test_a_worker_killed_mid_study_changes_nothing():
    want = cops_sim(STREET, "-n", "200000", "--seed", "2030", "--jobs", "1", "--json")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
    client = distributed.Client(cluster)
    try:
        pids = list(client.run(os.getpid).values())
        killed = threading.Event()

        def progress(done, total):
            if not killed.is_set() and done >= 40000:   # two chunks done, the others running
                os.kill(pids[0], signal.SIGKILL)
                killed.set()

        got = cd.simulate(client, STREET, 200000, seed=2030, chunk=20000, progress=progress)
        assert killed.is_set()
        assert got + "\n" == want
        # The nanny started another worker in its place.
        assert pids[0] not in client.run(os.getpid).values()
    finally:
        client.close()
        cluster.close()


def test_the_command_prints_what_cops_sim_prints():
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    for extra in ([], ["--compare", "core,alternative"]):
        args = [STREET, "-n", "10000", "--seed", "7"] + extra
        got = subprocess.run([sys.executable, "-m", "cops.distributed", *args, "--local", "2",
                              "--chunk", "3000"], check=True, capture_output=True, text=True,
                             env=env)   # (--json: simulate()'s text, checked above)
        assert got.stdout == cops_sim(*args)
        assert got.stderr == ""   # not a terminal: no progress line
    bad = subprocess.run([sys.executable, "-m", "cops.distributed", STREET, "-n", "0", "--local",
                          "1"], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "runs 0: a whole number 1.." in bad.stderr


def test_scenario_text_names_no_file():
    text = cd.scenario_text(STREET)
    doc = json.loads(text)
    for c in doc["combatants"]:
        assert isinstance(c["sheet"], dict)
        assert all(isinstance(w, dict) for w in c["weapons"])
        assert c.get("armour") is None or isinstance(c["armour"], dict)
    # The library reads it with every file read refused: nothing left to open.
    with cops.Context() as ctx, cops.Context() as filed:
        ctx.confine(os.path.join(ROOT, "tests", "golden"))
        one, two = cops.Scenario(ctx, json_text=text), cops.Scenario(filed, STREET)
        a, b = cops.Sim(ctx, one, seed=5), cops.Sim(filed, two, seed=5)
        a.run(one, 0, 500)
        b.run(two, 0, 500)
        assert a.to_json() == b.to_json()


def test_refusals_say_why(client, tmp_path):
    with pytest.raises(cops.InvalidArgumentError, match="runs 0"):
        cd.simulate(client, STREET, 0)
    with pytest.raises(cops.InvalidArgumentError, match="chunk 0"):
        cd.simulate(client, STREET, 10, chunk=0)
    with pytest.raises(cops.InvalidArgumentError, match="rules or compare"):
        cd.simulate(client, STREET, 10, rules="core", compare="core,alternative")
    with pytest.raises(cops.InvalidArgumentError, match="two rulesets"):
        cd.simulate(client, STREET, 10, compare="core")
    with pytest.raises(cops.InvalidArgumentError, match="No such file"):
        cd.simulate(client, tmp_path / "none.json", 10)
    # The example's files where its names lead, one weapon named that is not there.
    for d in ("sheets", "weapons", "armour"):
        os.symlink(os.path.join(ROOT, "examples", d), tmp_path / d)
    (tmp_path / "scenarios").mkdir()
    broken = json.loads(open(STREET, encoding="utf-8").read())
    broken["combatants"][1]["weapons"] = ["../weapons/none.json"]
    (tmp_path / "scenarios" / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(cops.InvalidArgumentError,
                       match=r"combatants\[1\]\.weapons\[0\]: \.\./weapons/none\.json: No such file"):
        cd.simulate(client, tmp_path / "scenarios" / "broken.json", 10)
    with pytest.raises(cops.InvalidArgumentError, match="no side 'cops'"):
        cd.simulate(client, STREET, 10, side_policies={"cops": "tactical"})
    chase = os.path.join(ROOT, "examples", "scenarios", "sunset-chase.json")
    with pytest.raises(cops.CopsError):   # a chase file is not a fight's scenario
        cd.simulate(client, chase, 10)
    with pytest.raises(cops.InvalidArgumentError):
        cd.simulate(client, STREET, 10, policy="cunning")


def test_without_dask_it_imports_and_says_what_is_missing():
    # -S: no site-packages, so no Dask; the package from its folder.
    code = ("import cops.distributed as d\n"
            "try:\n    d.simulate(None, %r, 10)\nexcept ImportError as e:\n    print(e)\n" % STREET)
    r = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=PACKAGE), check=True)
    assert "apt-get install python3-distributed" in r.stdout
    assert "/usr/bin/python3" in r.stdout
