"""cops.distributed's speed (docs/simulation.md, "Across machines"): the street shootout's
fights per second on 1 and on 2 local Dask workers (processes, chunks of 50,000 fights)
against `cops sim --jobs 1` in the same run, the best of three each; the clusters are
started before the clock. Run by scripts/bench.sh with Debian's /usr/bin/python3 and the
release build (LIBCOPS_PATH). Usage: python3 bench/sim-dask.py COPS_CLI FIGHTS"""

import os
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops.distributed as cd  # noqa: E402

STREET = os.path.join(ROOT, "examples", "scenarios", "street-shootout.json")


def best(fn, fights):
    rate = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        fn()
        rate = max(rate, fights / (time.perf_counter() - t0))
    return rate


def main():
    try:
        distributed = cd._dask()
    except ImportError as e:
        print("dask: not measured (%s)" % e)
        return 0
    cli, fights = sys.argv[1], int(sys.argv[2])
    want = subprocess.run([cli, "sim", STREET, "-n", str(fights), "--seed", "1", "--jobs", "1",
                           "--json"], check=True, capture_output=True, text=True).stdout
    native = best(lambda: subprocess.run([cli, "sim", STREET, "-n", str(fights), "--seed", "1",
                                          "--jobs", "1", "--json"], check=True,
                                         capture_output=True), fights)
    rates, same = {}, True
    for workers in (1, 2):
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                           processes=True, dashboard_address=":0")
        client = distributed.Client(cluster)
        try:
            out = []
            rates[workers] = best(lambda: out.append(cd.simulate(client, STREET, fights, seed=1,
                                                                 chunk=50000)), fights)
            same = same and all(o + "\n" == want for o in out)
        finally:
            client.close()
            cluster.close()
    print("cops.distributed, street shootout, %d fights in chunks of 50000: %.0f fights/s on 1 "
          "worker, %.0f on 2; cops sim --jobs 1 %.0f (the same summary: %s)"
          % (fights, rates[1], rates[2], native, "yes" if same else "no"))
    print("  dask 2 workers / 1 worker         %.2f   (>= 1.70)" % (rates[2] / rates[1]))
    print("  dask 1 worker / cops sim --jobs 1 %.2f   (>= 0.95: the overhead under 5 %%)"
          % (rates[1] / native))
    return 0


if __name__ == "__main__":
    sys.exit(main())
