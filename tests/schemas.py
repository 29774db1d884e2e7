"""The JSON Schemas of schemas/ against what the library reads and writes.

Every example file and golden log validates; outputs made now (cops fight, attack,
roll, odds --json, sheets, weapons and armour written back by the library, events of
every type) validate; and each invalid example is refused by the schema and by the
library for the same reason: the same field.
Usage: /usr/bin/python3 tests/schemas.py SOURCE_ROOT COPS LIBCOPS
"""

import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

ROOT, COPS, LIBCOPS = sys.argv[1:4]
os.environ["LIBCOPS_PATH"] = LIBCOPS
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")
SCHEMAS = {}
for path in sorted(glob.glob(os.path.join(ROOT, "schemas", "*.schema.json"))):
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    SCHEMAS[os.path.basename(path).split(".")[0]] = schema
STORE = {s["$id"]: s for s in SCHEMAS.values()}
VALIDATORS = {
    name: jsonschema.Draft202012Validator(
        s, resolver=jsonschema.RefResolver(s["$id"], s, store=STORE),
        format_checker=jsonschema.draft202012_format_checker)
    for name, s in SCHEMAS.items()}
failures = []
checked = {name: 0 for name in SCHEMAS}
event_types = set()


def valid(kind, doc, what):
    errors = sorted(VALIDATORS[kind].iter_errors(doc), key=lambda e: list(e.absolute_path))
    checked[kind] += 1
    if kind == "event" and isinstance(doc, dict):
        event_types.add(doc.get("type"))
    if errors:
        failures.append("%s: not a valid %s: %s at %s" % (what, kind, errors[0].message,
                                                           list(errors[0].absolute_path)))


def cli(*args):
    out = subprocess.run([COPS] + list(args), capture_output=True, text=True, check=True)
    return out.stdout


def lines(text, what):
    for n, line in enumerate(text.splitlines()):
        valid("event", json.loads(line), "%s line %d" % (what, n + 1))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# Example files and golden logs.
for kind, folder in (("sheet", "sheets"), ("weapon", "weapons"), ("armour", "armour"),
                     ("scenario", "scenarios"), ("subject", "subjects")):
    for path in sorted(glob.glob(os.path.join(EX, folder, "*.json"))):
        doc = load(path)
        valid("chase" if doc.get("type") == "chase" else kind, doc, os.path.relpath(path, ROOT))
for path in sorted(glob.glob(os.path.join(EX, "roll20", "*.json"))):
    valid("roll20-export", load(path), os.path.relpath(path, ROOT))
    valid("roll20-import", json.loads(cli("sheet", "import", "--from", "roll20", "--json", path)),
          "sheet import --json " + os.path.relpath(path, ROOT))
for path in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.jsonl"))):
    with open(path, encoding="utf-8") as f:
        lines(f.read(), os.path.relpath(path, ROOT))

# What the library writes now.
FIGHTS = [p for p in sorted(glob.glob(os.path.join(EX, "scenarios", "*.json")))
          if load(p).get("type") != "chase"]
CHASES = [p for p in sorted(glob.glob(os.path.join(EX, "scenarios", "*.json")))
          if load(p).get("type") == "chase"]
for path in FIGHTS:
    for seed in range(1, 21):
        lines(cli("fight", path, "--seed", str(seed), "--json"), "fight %s %d" % (path, seed))
        if seed <= 6:   # the alternative rules (A): their events, fewer fights
            lines(cli("fight", path, "--seed", str(seed), "--rules", "alternative", "--json"),
                  "fight --rules alternative %s %d" % (path, seed))
for path in sorted(glob.glob(os.path.join(EX, "subjects", "*.json"))):
    with cops.Context() as ctx:    # what the library writes of a subject
        valid("subject", json.loads(cops.Subject.load(ctx, path).to_json()), "written " + path)
    for sheet in ("mike", "sarah"):
        doc = json.loads(cli("interrogate", path, "--sheet", os.path.join(EX, "sheets",
                                                                          sheet + ".json"),
                             "--odds", "--json"))
        valid("interrogation-odds", doc, "interrogate --odds %s %s" % (path, sheet))
        for a in doc["approaches"]:
            if abs(a["win"] + a["tie"] + a["lose"] - 1) > 1e-9:
                failures.append("interrogate %s: %s %s sums to %r" % (
                    path, a["method"], a["attitude"], a["win"] + a["tie"] + a["lose"]))
# The simulator's summaries: each example scenario, seeded, in pieces merged.
SIM = None
for path in FIGHTS:
    for seed in ("1", "2"):
        doc = json.loads(cli("sim", path, "-n", "40", "--seed", seed, "--json", "--jobs", "2"))
        valid("sim", doc, "sim %s %s" % (path, seed))
        SIM = SIM or doc
        with cops.Context() as ctx:
            sc = cops.Scenario(ctx, path)
            s = cops.Sim(ctx, sc, seed=int(seed))
            s.run(sc, 0, 20)
            s.run(sc, 30, 10)
            valid("sim", json.loads(s.to_json()), "sim %s %s, two ranges" % (path, seed))
            s.close()
# Boards (cops_encounter_snapshot, cops_chase_snapshot) between rounds, while declaring and
# once over, with tags; the tagged events and saves.
for path in FIGHTS:
    for seed in (1, 2):
        with cops.Context(seed=seed) as ctx:
            enc = cops.Encounter.load(ctx, cops.Scenario(ctx, path).save())
            for i in range(enc.count):
                enc.set_tag(i, "token « %d »" % i)
            enc.set_controlled(0, True)
            while not enc.over and enc.round < 30:
                valid("snapshot", json.loads(enc.snapshot()), "snapshot %s %d" % (path, seed))
                enc.begin_round()
                valid("snapshot", json.loads(enc.snapshot()), "snapshot %s %d" % (path, seed))
                for i in range(enc.count):
                    if enc.can_act(i):
                        enc.declare(i, **enc.suggest(i))
                enc.resolve_round()
            valid("snapshot", json.loads(enc.snapshot()), "snapshot %s %d over" % (path, seed))
            lines(enc.jsonl(), "tagged fight %s %d" % (path, seed))
            valid("save", json.loads(enc.save()), "tagged save %s %d" % (path, seed))
for path in CHASES:
    with cops.Context(seed=3) as ctx:
        chase = cops.Chase.load(ctx, path)
        for i in range(chase.count):
            chase.set_tag(i, "car %d" % i)
        for k in range(chase.passengers):
            chase.set_tag(cops.chase.PASSENGER_ID0 + k, "rider %d" % k)
        valid("snapshot", json.loads(chase.snapshot()), "chase snapshot %s" % path)
        chase.run()
        valid("snapshot", json.loads(chase.snapshot()), "chase snapshot %s over" % path)
        lines(chase.jsonl(), "tagged chase %s" % path)
        valid("chase-save", json.loads(chase.save()), "tagged chase save %s" % path)
# Sealed saves (cops --seal-key, cops.seal): the sealed text, and what it opens to, a save.
with tempfile.TemporaryDirectory() as tmp:
    keyfile = os.path.join(tmp, "key.hex")
    with open(keyfile, "w", encoding="utf-8") as f:
        f.write(cli("seal-key"))
    saved = os.path.join(tmp, "sealed.json")
    cli("fight", os.path.join(EX, "scenarios", "street-shootout.json"), "--seed", "5",
        "--save-at", "1", saved, "--seal-key", keyfile)
    valid("sealed", load(saved), "a sealed fight save")
    with open(keyfile, encoding="utf-8") as f:
        key = bytes.fromhex(f.read().strip())
    with cops.Context() as ctx, open(saved, encoding="utf-8") as f:
        valid("save", json.loads(cops.unseal(ctx, key, f.read())), "a sealed save opened")
        valid("sealed", json.loads(cops.seal(ctx, key, "")), "an empty text sealed")
    bad = load(saved)
    bad["nonce"] = bad["nonce"][:-4]
    if not list(VALIDATORS["sealed"].iter_errors(bad)):
        failures.append("sealed: a short nonce passes the schema")
# Rulesets compared on each example scenario (cops sim --compare), and by the library.
for path in FIGHTS:
    valid("sim-compare", json.loads(cli("sim", "--compare", "core,alternative", path, "-n",
                                        "60", "--seed", "3", "--json")),
          "sim --compare %s" % path)
# Interviews saved after every step: the evaluation, then each approach in turn.
IV_SAVE = None
for path in sorted(glob.glob(os.path.join(EX, "subjects", "*.json"))):
    for seed in range(1, 4):
        with cops.Context(seed=seed) as ctx:
            cop = cops.Character.load(ctx, os.path.join(EX, "sheets", "sarah.json"))
            iv = cops.Interview(ctx, cops.Subject.load(ctx, path), cop)
            valid("interview-save", json.loads(iv.save()), "interview save %s new" % path)
            iv.evaluate()
            for method in ("Intimidation", "Éloquence", "Rhétorique", "Éloquence"):
                if iv.barred(method):
                    iv.evidence()
                iv.ask(method, "Froid")
                saved = json.loads(iv.save())
                valid("interview-save", saved, "interview save %s %s" % (path, method))
                if (IV_SAVE is None and saved["known"] and saved["subject"].get("barred")
                        and saved["learnt"]):
                    IV_SAVE = saved
            lines(iv.jsonl(), "interview %s %d" % (path, seed))
            iv.close()
for path in CHASES:
    for seed in range(1, 21):
        lines(cli("chase", path, "--seed", str(seed), "--json"), "chase %s %d" % (path, seed))
    for seed in range(1, 6):   # a chase saved at every round
        with cops.Context(seed=seed) as ctx:
            with cops.Chase.load(ctx, path) as chase:
                rounds = 0
                while chase.result == "going" and rounds < 40:
                    valid("chase-save", json.loads(chase.save()), "chase save %s %d" % (path, rounds))
                    rounds += 1
                    chase.set_max_rounds(rounds)
                    chase.run()
                valid("chase-save", json.loads(chase.save()), "chase save %s, over" % path)
    for ident in range(len(load(path)["participants"])):
        odds_doc = json.loads(cli("chase", path, "--odds", str(ident), "--json"))
        valid("chase-odds", odds_doc, "chase --odds %s %d" % (path, ident))
        for d in odds_doc["declarations"]:   # the four outcomes of C7.3 add up
            if abs(d["both"] + d["only_mine"] + d["only_other"] + d["neither"] - 1) > 1e-9:
                failures.append("chase --odds %s %d: outcomes sum to %r" % (path, ident, d))
# Saved fights, at every round of the example scenarios.
SAVE = None
for path in FIGHTS:
    for seed in range(1, 6):
        with cops.Context() as ctx:
            with cops.Scenario(ctx, path) as s:
                s.seed(seed)
                if seed > 3:   # the alternative rules (A): their saves too
                    s.ruleset = "alternative"
                while not s.over:
                    saved = json.loads(s.save())
                    valid("save", saved, "save %s %d round %d" % (path, seed, s.round))
                    if SAVE is None and s.round == 1:
                        SAVE = saved
                    s.run_round()
sheets, weapons = os.path.join(EX, "sheets"), os.path.join(EX, "weapons")
vest = os.path.join(EX, "armour", "gilet-pare-balles.json")
for mode, weapon, distance in (("single", "vulcan-051", 12), ("burst", "scorpion-131", 8),
                               ("cover", "scorpion-131", 10), ("melee", "couteau-021", 0),
                               ("strike", None, 0), ("hold", None, 0), ("throw", None, 0)):
    for seed in range(1, 11):
        args = ["attack", "--attacker", os.path.join(sheets, "mike.json"), "--target",
                os.path.join(sheets, "joe.json"), "--armour", vest, "--mode", mode,
                "--distance", str(distance), "--seed", str(seed), "--json"]
        if weapon:
            args += ["--weapon", os.path.join(weapons, weapon + ".json")]
        lines(cli(*args), "attack %s %d" % (mode, seed))
        # The same under the alternative rules (A), aiming at the head where a shift may.
        args[args.index("--distance") + 1] = str(max(distance, 1))
        args += ["--rules", "alternative"]
        if mode in ("single", "burst", "melee", "strike"):
            args += ["--aim", "head"]
        lines(cli(*args), "attack --rules alternative %s %d" % (mode, seed))
for mode, weapon, distance in (("single", "vulcan-051", 12), ("burst", "scorpion-131", 8),
                               ("cover", "scorpion-131", 10), ("melee", "couteau-021", 1),
                               ("strike", None, 1), ("throw", None, 1), ("hold", None, 1)):
    args = ["attack", "--attacker", os.path.join(sheets, "mike.json"), "--target",
            os.path.join(sheets, "joe.json"), "--armour", vest, "--mode", mode,
            "--distance", str(distance), "--odds", "--json"]
    if weapon:
        args += ["--weapon", os.path.join(weapons, weapon + ".json")]
    planned = json.loads(cli(*args))
    valid("attack-odds", planned, "attack --odds " + mode)
    # The same under the alternative rules (A5's stopping results).
    valid("attack-odds", json.loads(cli(*(args + ["--rules", "alternative"]))),
          "attack --rules alternative --odds " + mode)
    for law in ("in", "damage"):                 # each law sums to 1, in every mode
        if abs(sum(planned[law]) - 1) > 1e-9:
            failures.append("attack --odds %s: %s sums to %r" % (mode, law, sum(planned[law])))
    if abs(sum(planned["stopping"].values()) - 1) > 1e-9:
        failures.append("attack --odds %s: stopping sums to %r" % (mode, sum(planned["stopping"].values())))
for notation in ("4+/3 (2)", "5+/3 (2) +1D -1S", "6+/2", "10+/64 (1)"):
    valid("roll", json.loads(cli("roll", "--seed", "7", "--json", notation)), "roll " + notation)
valid("roll", json.loads(cli("roll", "--unskilled", "--seed", "7", "--json", "6+/3 (1)")), "unskilled")
valid("roll", json.loads(cli("roll", "--sheet", os.path.join(sheets, "mike.json"), "--anciennete",
                             "--dice", "1,1,1,1,1,1", "--json", "Conduite [voiture]/Réflexes (2)")),
      "an Ancienneté re-roll")
for args in (["4+/3 (2)"], ["2+/64 (64)"], ["--unskilled", "6+/3"], ["5+/3", "--vs", "4+/2"],
             ["5+/3", "--vs", "4+/2", "--min", "2"], ["--table"], ["--table", "--unskilled"]):
    valid("odds", json.loads(cli("odds", "--json", *args)), "odds " + " ".join(args))
WITH_ST = subprocess.run([COPS, "st", "odds", "1"], capture_output=True).returncode == 0
if WITH_ST:   # the optional Storyteller module (docs/storyteller.md)
    for pool in ("5", "4+3-2 9-again", "1-3", "0 no-chance", "9 all-8s", "7 average",
                 "6 no-again 9+", "64 8-again 2+"):
        for kind, doc in (("st-roll", json.loads(cli("st", "roll", "--seed", "7", "--json", pool))),
                          ("st-odds", json.loads(cli("st", "odds", "--json", pool))),
                          ("st-odds", json.loads(cli("st", "odds", "--json", pool, "--vs", "3")))):
            valid(kind, doc, "st %s %s" % (kind, pool))
            if kind == "st-roll":
                valid("roll", doc, "st roll as a roll " + pool)
    with cops.Context(seed=3) as ctx:
        for path in sorted(glob.glob(os.path.join(EX, "st", "sheets", "*.json"))):
            valid("st-sheet", load(path), path)
            ch = cops.st.Character.load(ctx, path)
            ch.damage(9, "lethal")
            ch.set_derived("Speed", 20)
            ch["Vigor"] = 2
            ch["Size"] = 6
            valid("st-sheet", json.loads(ch.to_json()), "written back: " + path)
    st_sheets = os.path.join(EX, "st", "sheets")
    for args in (["--kind", "shot", "--weapon", "0", "--distance", "10", "--called", "arm"],
                 ["--kind", "exchange", "--weapon", "1", "--target-weapon", "0", "--touch"],
                 ["--kind", "strike", "--opponents", "3"],
                 ["--kind", "coup", "--weapon", "0", "--aim", "3"]):
        for seed in range(12):
            out = cli("st", "attack", "--attacker", os.path.join(st_sheets, "marcus.json"),
                      "--target", os.path.join(st_sheets, "vince.json"), "--seed", str(seed),
                      "--json", *args)
            lines(out, "st attack %s seed %d" % (" ".join(args), seed))
    with cops.Context(seed=11) as ctx:   # the rolls around a fight, as events
        log = cops.Log(ctx)
        a = cops.st.Character.load(ctx, os.path.join(st_sheets, "marcus.json"))
        civ = cops.st.Character.load(ctx, os.path.join(st_sheets, "nadia.json"))
        for k in range(6):
            cops.st.initiative(ctx, a, id=0, log=log)
            cops.st.total_defense(ctx, a, log=log)
            cops.st.nerve(ctx, civ, id=1, log=log)
            cops.st.injury(civ, 3, id=1, log=log)
            cops.st.bout(ctx, a, civ, damage=k % 2 == 0, log=log)
        cuffs = cops.st.Object("Steel cuffs", 4, 2, failure_damage=1)
        while not cuffs.broken:
            cuffs.strike(ctx, civ, id=1, log=log)
        cops.st.Object("Door", 2, 5).strike(ctx, a, dice=6, average=True, log=log)
        v = cops.st.Character.load(ctx, os.path.join(st_sheets, "vince.json"))
        for k in range(8):
            g = cops.st.Grapple(ctx, a, v)
            while g.active:
                g.round(["take_weapon", "hold"], ["damage", "break_free"], b_in_hand=0, log=log)
            a.set_health(0, 0)
            v.set_health(0, 0)
        gunner = cops.st.Character.new(ctx, "Gunner")
        gunner["Dexterity"], gunner["Firearms"] = 4, 3
        gunner.add_weapon(cops.st.Weapon("SMG", 2, kind="firearm", automatic=True,
                                         min_strength=3, range=(20, 40, 80), ammo=100))
        for k in range(5):
            cops.st.long_burst(ctx, gunner, [a, civ], weapon="SMG", distance=30,
                               shares=[2, 9], ids=[0, 1], attacker_id=2, log=log)
        valid("st-sheet", json.loads(gunner.to_json()), "a sheet with ammunition")
        lines(log.jsonl(), "the rolls around a fight")
    # Whole fights: the scenarios, their saves, their events; a delay, going prone and
    # getting up, aiming (ST §1, §5.2, §6.7, §6.10).
    st_scenarios = os.path.join(EX, "st", "scenarios")
    save_dir = tempfile.mkdtemp()
    for name in ("street-brawl", "firefight"):
        path = os.path.join(st_scenarios, name + ".json")
        valid("st-fight", load(path), path)
        for seed in range(6):
            saved = os.path.join(save_dir, "%s-%d.json" % (name, seed))
            out = cli("st", "fight", path, "--seed", str(seed), "--json", "--save-at", "2", saved)
            lines(out, "st fight %s seed %d" % (name, seed))
            valid("st-fight", load(saved), saved)
            lines(cli("st", "fight", saved, "--json"), "st fight resumed " + saved)
        # the tactical policy's plans (st.declare), and its fighters' saves
        saved = os.path.join(save_dir, "%s-tactical.json" % name)
        out = cli("st", "fight", path, "--policy", "tactical", "--seed", "3", "--json",
                  "--save-at", "1", saved)
        lines(out, "st fight %s tactical" % name)
        valid("st-fight", load(saved), saved)
    with cops.Context(seed=5) as ctx:
        fight = cops.st.Fight.load(ctx, os.path.join(st_scenarios, "firefight.json"))
        fight.begin_round()
        first = fight.order()[0]
        fight.declare(first, cops.st.Declaration("nothing", after=fight.order()[1],
                                                 prone="up" if fight.fighter(first).prone
                                                 else "down"))
        fight.resolve_round()
        fight.run()
        lines(fight.jsonl(), "a fight with a delay and a change of stance")
        valid("st-fight", json.loads(fight.save()), "a fight over, saved")
    weak = load(os.path.join(st_sheets, "vince.json"))   # too weak for his machine pistol
    weak["attributes"]["Strength"] = 2
    weak_path = os.path.join(tempfile.mkdtemp(), "weak.json")
    with open(weak_path, "w", encoding="utf-8") as f:
        json.dump(weak, f, ensure_ascii=False)
    for seed in range(40):   # a burst's recoil; dramatic failures with a crowd: stray shots
        out = cli("st", "attack", "--attacker", weak_path, "--target",
                  os.path.join(st_sheets, "marcus.json"), "--kind", "shot", "--weapon", "1",
                  "--burst", "--crowd", "3", "--cover", "5", "--seed", str(seed), "--json")
        lines(out, "st attack: a weak burst, seed %d" % seed)
WITH_D6 = subprocess.run([COPS, "d6", "odds", "1D"], capture_output=True).returncode == 0
if WITH_D6:   # the optional D6 System module (docs/d6.md)
    for text in ("1D", "3D+2 -1D vs 15", "4D +5 cp 2 fp", "0D+1 vs 3", "2D actions 3 vs 8",
                 "6D+2 -9D +1 vs 12"):
        for seed in range(8):
            doc = json.loads(cli("d6", "roll", "--seed", str(seed), "--json", text))
            valid("d6-roll", doc, "d6 roll %s seed %d" % (text, seed))
            valid("roll", doc, "d6 roll as a roll %s" % text)
        valid("d6-odds", json.loads(cli("d6", "odds", "--json", text)), "d6 odds " + text)
        valid("d6-odds", json.loads(cli("d6", "odds", "--json", text, "--vs", "3D")),
              "d6 odds --vs " + text)
    doc = json.loads(cli("d6", "roll", "--dice", "4,2,6,6,1", "--json", "3D+2 vs 15"))
    valid("d6-roll", doc, "d6 roll: a free die's chain")
    d6_sheets = os.path.join(EX, "d6", "sheets")
    with cops.Context(seed=3) as ctx:
        for path in sorted(glob.glob(os.path.join(d6_sheets, "*.json"))):
            valid("d6-sheet", load(path), path)
            ch = cops.d6.Character.load(ctx, path)
            ch.add_weapon("Stone")
            ch.add_protection("Helmet")
            ch.set_wounds(cops.d6.Wounds(mode=ch.wounds().mode, step=2, hp_max=20, hp_lost=9,
                                         stunned=True, limbs=("leg",), extra=1))
            ch.natural_damage = cops.d6.Code(2, 1)
            valid("d6-sheet", json.loads(ch.to_json()), "written back: " + path)
            valid("d6-sheet", json.loads(cli("d6", "sheet", "--json", path)), "d6 sheet " + path)
    cop, thug = (os.path.join(d6_sheets, f) for f in ("ramirez.json", "gang-member.json"))
    for seed in range(30):
        for args in (["--weapon", "0", "--distance", str(2 + seed % 22)],
                     ["--weapon", "Uzi 9mm", "--distance", "10", "--option", "burst", "--cover",
                      "2", "--defence", "total"],
                     ["--weapon", "1", "--defence", "active", "--defence-skill", "brawling"],
                     ["--weapon", "0", "--distance", "6", "--option", "aimed", "--location",
                      "arm", "--skill-defence", "--option-a", "--size", "50cm", "--surprise"]):
            att, tgt = (thug, cop) if "Uzi 9mm" in args or args[1] == "1" else (cop, thug)
            lines(cli("d6", "attack", "--attacker", att, "--target", tgt, "--seed", str(seed),
                      "--json", *args), "d6 attack %s seed %d" % (args, seed))
        for hazard in ("fall", "high_voltage", "poison"):
            lines(cli("d6", "harm", os.path.join(d6_sheets, "morgane.json"), "--hazard", hazard,
                      "--amount", "900" if hazard == "fall" else "8", "--seed", str(seed),
                      "--json"), "d6 harm %s seed %d" % (hazard, seed))
    with cops.Context(seed=11) as ctx:   # every state: knocked out, dying, dies, wakes ...
        log = cops.Log(ctx)
        for seed in range(40):
            a = cops.d6.Character.load(ctx, thug)
            b = cops.d6.Character.load(ctx, cop)
            cops.d6.initiative(ctx, [a, b], flags=[["surpriser"] if seed % 2 else [], []],
                               log=log)
            b.set_wounds(cops.d6.Wounds(step=seed % 5))
            cops.d6.attack(ctx, a, b, weapon="Uzi 9mm", distance=5, option="burst", log=log)
            if b.wounds().level != "killed":
                cops.d6.harm(ctx, b, cops.d6.Code(2), stun=True, log=log)
            for _ in range(14):
                cops.d6.end_round(ctx, b, id=1, log=log)
            level = b.wounds().level
            if level not in ("unhurt", "killed"):
                if level == "mortally_wounded":
                    cops.d6.treat(ctx, a, b, kind="in_combat", log=log)
                else:
                    cops.d6.treat(ctx, a, b, log=log)
            if b.wounds().level not in ("unhurt", "killed", "mortally_wounded"):
                cops.d6.recover(ctx, b, rest=("rested", "worked", "long_rest")[seed % 3], log=log)
        lines(log.jsonl(), "d6 states")
    with cops.Context(seed=12) as ctx:   # vehicles: every result, crashes, collisions, repairs
        log = cops.Log(ctx)
        for seed in range(30):
            cars = [cops.d6.Vehicle("Car %d" % k, resistance=cops.d6.Code(1 + seed % 3),
                                    speed=cops.d6.SPEEDS[(seed + k) % 5]) for k in range(2)]
            riders = [cops.d6.Character.load(ctx, cop), cops.d6.Character.load(ctx, thug)]
            cops.d6.vehicle_harm(ctx, cars[0], cops.d6.Code(2 + seed % 9), passengers=riders[:1],
                                 log=log)
            if cars[0].control == "out_of_control":
                cops.d6.vehicle_crash(ctx, cars[0], passengers=riders[:1], log=log)
            if "wrecked" not in (cars[0].control, cars[1].control):
                cops.d6.collision(ctx, cars, impact=cops.d6.IMPACTS[seed % 3],
                                  passengers=[[], riders[1:]], log=log)
            if cars[0].damage and cars[0].control != "wrecked" and riders[1].can_act:
                cops.d6.repair(ctx, riders[1], cops.d6.Code(4), cars[0], 0, flags=["tools"],
                               log=log)
            if riders[1].can_act and cars[1].control != "wrecked":
                cops.d6.attack_vehicle(ctx, riders[1], cars[1], weapon="Uzi 9mm", distance=10,
                                       log=log)
        lines(log.jsonl(), "d6 vehicles")
    # Magic (docs/d6.md, "Magic"): the samples, spells built, casts with their events.
    for line in cli("d6", "spells", "--json").splitlines():
        valid("d6-spell", json.loads(line), "d6 spells --json")
    for args in (["--effect-kind", "doubled", "--effect", "3D", "--range", "medium"],
                 ["--measure", "--effect-value", "29", "--range-m", "60", "--speed-m", "60",
                  "--duration-s", "5", "--casting-s", "5", "--other", "-5", "--halved"],
                 ["--concentration", "very-busy", "--crowd", "12", "--group", "crowd",
                  "--information", "secrets", "--duration", "800", "--preparation", "0"]):
        valid("d6-spell-cost", json.loads(cli("d6", "spell-cost", "--json", *args)),
              "d6 spell-cost " + " ".join(args))
    mage = os.path.join(d6_sheets, "morgane.json")
    for seed in range(30):
        for args in (["--spell", "deadly bullet"], ["--skill", "teleportation", "--difficulty",
                                                     "8", "--target", cop],
                     ["--skill", "alteration", "--difficulty", "12", "--damage", "2D",
                      "--backlash-percent", "50"]):
            lines(cli("d6", "cast", mage, "--seed", str(seed), "--json", *args),
                  "d6 cast seed %d" % seed)
        psionic = os.path.join(d6_sheets, "iris.json")
        for args in (["--power", "astral"], ["--power", "empathy", "--target", cop],
                     ["--power", "protection", "--duration", "4"],
                     ["--power", "psychometry", "--psychometry", "last-day"],
                     ["--power", "medium", "--at-place", "--years-dead", "7"],
                     ["--power", "far-senses", "--range", "long", "--group", "crowd"]):
            lines(cli("d6", "psionic", psionic, "--seed", str(seed), "--json", *args),
                  "d6 psionic seed %d" % seed)
    with cops.Context(seed=3) as ctx:   # psionic Healing on a wounded patient
        iris = cops.d6.Character.load(ctx, os.path.join(d6_sheets, "iris.json"))
        log = cops.Log(ctx)
        for k in range(6):
            patient = cops.d6.Character.load(ctx, cop)
            patient.set_wounds(cops.d6.Wounds(step=2 + k % 3))
            cops.d6.psionic(ctx, iris, "healing", target=patient, log=log)
        lines(log.jsonl(), "psionic healing")
    # Whole fights (docs/d6.md, "Fights"): the scenarios, their saves and events; declared
    # disarms, grabs and escapes, coordinated groups, rams.
    d6_scenarios = os.path.join(EX, "d6", "scenarios")
    d6_saves = tempfile.mkdtemp()
    for name in ("shootout", "car-collision"):
        path = os.path.join(d6_scenarios, name + ".json")
        valid("d6-fight", load(path), path)
        for seed in range(6):
            saved = os.path.join(d6_saves, "%s-%d.json" % (name, seed))
            out = cli("d6", "fight", path, "--seed", str(seed), "--json", "--save-at", "1", saved)
            lines(out, "d6 fight %s seed %d" % (name, seed))
            valid("d6-fight", load(saved), saved)
            lines(cli("d6", "fight", saved, "--json"), "d6 fight resumed " + saved)
        # the tactical policy's plans (d6.declare), and its fighters' saves
        saved = os.path.join(d6_saves, "%s-tactical.json" % name)
        out = cli("d6", "fight", path, "--policy", "tactical", "--seed", "3", "--json",
                  "--save-at", "1", saved)
        lines(out, "d6 fight %s tactical" % name)
        valid("d6-fight", load(saved), saved)
    attrs = {"vigueur": "3D", "agility": "3D", "coordination": "3D", "perception": "2D",
             "knowledge": "2D", "charisma": "2D"}
    for seed in range(12):
        with cops.Context(seed=seed) as ctx:
            a = cops.d6.Character.from_json(ctx, {"system": "d6", "name": "Blade",
                                                  "attributes": attrs, "weapons": ["Dagger"]})
            b = cops.d6.Character.from_json(ctx, {"system": "d6", "name": "Hands",
                                                  "attributes": attrs,
                                                  "skills": {"brawling": "6D"}})
            c = cops.d6.Character.from_json(ctx, {"system": "d6", "name": "Grip",
                                                  "attributes": attrs,
                                                  "skills": {"command": "4D"}})
            fight = cops.d6.Fight(ctx, cops.d6.Rules(disarm_vs_damage_roll=seed % 2 == 1))
            fight.add(a, 0)
            fight.add(b, 1, 1, 0)
            fight.add(c, 0, 0, 1)
            fight.set_tactic(2, "grab")
            fight.coordinate(0, 1, [2])
            fight.set_max_rounds(6)
            while not fight.over:
                fight.begin_round()
                while fight.next() is not None:
                    if fight.next() == 1 and fight.fighter(1).held_by is None:
                        fight.declare(1, cops.d6.Declaration(defence="active",
                                                             defence_skill="brawling",
                                                             disarm=True))
                    fight.step()
            lines(fight.jsonl(), "a d6 fight with disarms and holds, seed %d" % seed)
            valid("d6-fight", json.loads(fight.save()), "a d6 fight over, saved")
    # D6-M22, D6-L14: a spell prepared, cast, interrupted; a save in the middle of it.
    for seed in range(6):
        with cops.Context(seed=seed) as ctx:
            mage = cops.d6.Character.load(ctx, os.path.join(d6_sheets, "morgane.json"))
            gangster = cops.d6.Character.load(ctx, thug)
            fight = cops.d6.Fight(ctx)
            fight.add(mage, 0)
            fight.add(gangster, 1, 1, 0)
            fight.set_max_rounds(5)
            spell = cops.d6.Declaration("cast", target=1, spell_skill="conjuration",
                                        spell_difficulty=8 + seed, spell_damage=cops.d6.Code(3),
                                        preparation=2 + seed % 2, spell_aim="marksmanship")
            while not fight.over:
                fight.begin_round()
                while fight.next() is not None:
                    if fight.next() == 0:
                        try:   # not while confused or stunned out of it
                            fight.declare(0, spell if fight.round % 3 else cops.d6.Declaration())
                        except cops.RuleError:
                            pass
                    fight.step()
                if fight.fighter(0).preparing:
                    valid("d6-fight", json.loads(fight.save()), "a d6 fight, a spell prepared")
            lines(fight.jsonl(), "a d6 fight with a spell, seed %d" % seed)
with cops.Context(seed=3) as ctx:
    for path in sorted(glob.glob(os.path.join(sheets, "*.json"))):
        ch = cops.Character.load(ctx, path)
        valid("sheet", json.loads(ch.to_json()), "written back: " + path)
        valid("sheet", json.loads(cli("sheet", "show", "--json", path)), "sheet show: " + path)
    for path in sorted(glob.glob(os.path.join(weapons, "*.json"))):
        valid("weapon", json.loads(cops.Weapon.load(ctx, path).to_json()), "written back: " + path)
    for path in sorted(glob.glob(os.path.join(EX, "armour", "*.json"))):
        valid("armour", json.loads(cops.Armour.load(ctx, path).to_json()), "written back: " + path)
    # Events the example fights may not reach: leave, reload, escape.
    mike = cops.Character.load(ctx, os.path.join(sheets, "mike.json"))
    joe = cops.Character.load(ctx, os.path.join(sheets, "joe.json"))
    sarah = cops.Character.load(ctx, os.path.join(sheets, "sarah.json"))
    gun = cops.Weapon.load(ctx, os.path.join(weapons, "vulcan-051.json"))
    with cops.Encounter(ctx) as e:
        m = e.add(mike, 0, 0, 0, weapons=[gun], controlled=True)
        j = e.add(joe, 1, 1, 0, controlled=True)
        s = e.add(sarah, 1, 300, 0)
        e.seed(5)
        e.begin_round()
        e.declare(m, "reload")
        e.declare(j, "hold", target=m)
        e.resolve_round()
        e.begin_round()
        e.declare(m, "escape", target=j)
        e.declare(j, "wait")
        e.resolve_round()
        e.remove(s)
        lines(e.jsonl(), "an encounter with reload, hold, escape and leave")

# Wounds over time (docs/healing.md): the aftermath of each example fight, then a sheet
# taken through treatments, time, rest, nights, a revival and a final death, written
# back after each step.
for path in FIGHTS:
    for seed in range(1, 6):
        lines(cli("fight", path, "--seed", str(seed), "--aftermath", "--json"),
              "fight --aftermath %s %d" % (path, seed))
with tempfile.TemporaryDirectory() as tmp:
    sheet = os.path.join(tmp, "pat.json")
    with cops.Context() as ctx:
        pat = cops.Character.load(ctx, os.path.join(sheets, "joe.json"))
        pat.hp = -5
        pat.save(sheet)
    steps = [["stabilise", "--healer", os.path.join(sheets, "mike.json"), "--dice", "9,9,9,9"],
             ["medicine", "--healer", os.path.join(sheets, "sarah.json"), "--seed", "1"],
             ["rest", "hospital", "--fixed", "6"], ["wait", "5d"], ["rest", "natural"],
             ["wait", "4d"], ["night", "none"], ["first-aid", "--seed", "2"]]
    for step in steps:
        lines(cli("heal", step[0], sheet, *step[1:], "--json", "--write", sheet),
              "heal " + " ".join(step))
        with open(sheet, encoding="utf-8") as f:
            valid("sheet", json.load(f), "a sheet after heal " + step[0])
    with cops.Context() as ctx:
        pat = cops.Character.load(ctx, sheet)
        pat.hp = -pat.max_hp
        pat.save(sheet)
    for step in (["revive"], ["wait", "10m"], ["final"]):
        lines(cli("heal", step[0], sheet, *step[1:], "--json", "--write", sheet),
              "heal " + step[0])
        with open(sheet, encoding="utf-8") as f:
            valid("sheet", json.load(f), "a sheet after heal " + step[0])

# Chases (docs/chases.md): seeded chases of a car and two pursuers, black dice taken
# whenever there is a loss, a crash table that wrecks on 6; and the GM's dice; a third
# pursuer joining after the first round.
for seed in range(1, 31):
    with cops.Context(seed=seed) as ctx:
        people = []
        for name, level in (("Rico", 5), ("Mike", 5), ("Sarah", 4), ("Dan", 6)):
            c = cops.Character.new(ctx, name)
            c.set_characteristic("Réflexes", 3)
            c.set_skill("Conduite", level, ["voiture"])
            people.append(c)
        with cops.Chase(ctx) as chase:
            ids = [chase.add(people[0], "Conduite [voiture]/Réflexes", "pursued", "Dodge", 5),
                   chase.add(people[1], "Conduite [voiture]/Réflexes", "pursuer", None, 4),
                   chase.add(people[2], "Conduite [voiture]/Réflexes", "pursuer", "Ford", 6)]
            chase.set_crash_callback(lambda i, failed, d6: max(d6) == 6)
            if seed % 2:
                chase.set_crash_mode("one_plus")
            chase.adjust(ids[0], 1)
            while chase.result == "going" and chase.round < 40:
                if chase.round == 1:
                    ids.append(chase.add(people[3], "Conduite [voiture]/Réflexes", "pursuer",
                                         "Chopper", 4 + seed % 3))
                for i in ids:
                    if chase.state(i) == "in":
                        chase.declare(i, 1 + (seed + chase.round + i) % 3, blacken=seed % 3)
                chase.resolve_round()
            lines(chase.jsonl(), "chase %d" % seed)

missing = set(SCHEMAS["event"]["properties"]["type"]["enum"]) - event_types
# penetration needs a caller's threshold (cops_situation.penetration), which neither the
# command nor the bindings set: its shape is checked by tests/attack/test-attack.c's JSON.
missing.discard("penetration")
if not WITH_ST:   # a library built without the Storyteller module writes none of its events
    missing = {t for t in missing if not t.startswith("st.")}
if not WITH_D6:
    missing = {t for t in missing if not t.startswith("d6.")}
if missing:
    failures.append("event types never produced and checked: %s" % sorted(missing))


# Invalid documents: the schema and the library name the same field.
def schema_field(kind, doc):
    """The dotted path of the field the schema finds wrong, or None when valid."""
    error = jsonschema.exceptions.best_match(VALIDATORS[kind].iter_errors(doc))
    if error is None:
        return None
    path = ""
    for part in error.absolute_path:
        path += "[%d]" % part if isinstance(part, int) else ("." if path else "") + part
    extra = None
    if error.validator == "additionalProperties":
        extra = re.search(r"\('(.*)' was unexpected\)", error.message).group(1)
    elif error.validator == "required":
        extra = re.match(r"'(.*)' is a required property", error.message).group(1)
    elif error.validator in ("minProperties", "maxProperties"):
        extra = None
    if extra:
        path += ("." if path else "") + extra
    return path


def library_field(kind, doc):
    text = json.dumps(doc, ensure_ascii=False)
    with cops.Context(seed=1) as ctx:
        try:
            if kind == "sheet":
                cops.Character.from_json(ctx, text)
            elif kind == "st-sheet":
                cops.st.Character.from_json(ctx, text)
            elif kind == "d6-sheet":
                cops.d6.Character.from_json(ctx, text)
            elif kind == "d6-fight":
                cops.d6.Fight.from_json(ctx, text, os.path.join(EX, "d6", "scenarios")).close()
            elif kind == "st-fight":
                cops.st.Fight.from_json(ctx, text, os.path.join(EX, "st", "scenarios")).close()
            elif kind == "weapon":
                cops.Weapon.from_json(ctx, text)
            elif kind == "armour":
                cops.Armour.from_json(ctx, text)
            elif kind == "save":
                cops.Encounter.load(ctx, text).close()
            elif kind == "subject":
                cops.Subject.from_json(ctx, text).close()
            elif kind == "sim":
                cops.Sim.from_json(ctx, text).close()
            elif kind == "interview-save":
                cops.Interview.resume(ctx, text).close()
            else:
                cops.Scenario(ctx, json_text=text, base_dir=os.path.join(EX, "scenarios"))
        except cops.CopsError as exc:
            message = str(exc).split(": ", 1)[1]   # after the code's name
            return message.split(": ")[0], message
    return None, None


def mutated(kind, base, path, value):
    doc = copy.deepcopy(SAVE if base == "SAVE" else IV_SAVE if base == "IV_SAVE"
                        else SIM if base == "SIM" else load(os.path.join(EX, base)))
    keys = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    node = doc
    for k in keys[:-1]:
        node = node[int(k[1:-1])] if k.startswith("[") else node[k]
    last = keys[-1]
    if value is DELETE:
        del node[last]
    elif last.startswith("["):
        node[int(last[1:-1])] = value
    else:
        node[last] = value
    return doc


DELETE = object()
INVALID = [
    ("sheet", "sheets/mike.json", "characteristics.Carrure", 0),
    ("sheet", "sheets/mike.json", "characteristics.Charme", 6),
    ("sheet", "sheets/mike.json", "name", 7),
    ("sheet", "sheets/mike.json", "name", "Mike\nDelgado"),
    ("sheet", "sheets/mike.json", "skils", []),
    ("sheet", "sheets/mike.json", "skills[0].level", "1+"),
    ("sheet", "sheets/mike.json", "skills[1].level", "5"),
    ("sheet", "sheets/mike.json", "hit_points.max", 1000),
    ("sheet", "sheets/mike.json", "adrenaline.max", 6),
    ("sheet", "sheets/mike.json", "schema", 5),
    ("sheet", "sheets/mike.json", "time", -1),
    ("sheet", "sheets/mike.json", "characteristics", DELETE),
    ("sheet", "sheets/mike.json", "relations[1].upkeep", "money"),     # an ally's (C9)
    ("sheet", "sheets/mike.json", "relations[0].upkeep", "favours"),   # an informant's
    ("weapon", "weapons/vulcan-051.json", "pu", 21),
    ("weapon", "weapons/vulcan-051.json", "pr", -6),
    ("weapon", "weapons/vulcan-051.json", "vc", 11),
    ("weapon", "weapons/vulcan-051.json", "range", 0),
    ("weapon", "weapons/vulcan-051.json", "colour", "black"),
    ("weapon", "weapons/vulcan-051.json", "kind", DELETE),
    ("weapon", "weapons/vulcan-051.json", "ct", 0),
    ("armour", "armour/gilet-pare-balles.json", "protection.torso.dice", 11),
    ("armour", "armour/gilet-pare-balles.json", "protection.torso.fixed", -1),
    ("armour", "armour/gilet-pare-balles.json", "against_throws", "yes"),
    ("armour", "armour/gilet-pare-balles.json", "name", DELETE),
    ("scenario", "scenarios/street-shootout.json", "max_rounds", 0),
    ("scenario", "scenarios/street-shootout.json", "combatants[0].position", [0]),
    ("scenario", "scenarios/street-shootout.json", "combatants[1].colour", "red"),
    ("scenario", "scenarios/street-shootout.json", "combatants[0].tag", ""),
    ("scenario", "scenarios/street-shootout.json", "combatants[1].tag", "x" * 65),
    ("scenario", "scenarios/street-shootout.json", "combatants[0].controlled", True),
    ("scenario", "scenarios/street-shootout.json", "name", ""),
    ("scenario", "scenarios/bar-brawl.json", "rounds[0].declarations[0].action", "dance"),
    ("scenario", "scenarios/bar-brawl.json", "rounds[0].round", 0),
    ("subject", "subjects/frightened-witness.json", "characteristics.Charme", 6),
    ("subject", "subjects/frightened-witness.json", "facts[1].tier", 10),
    ("subject", "subjects/frightened-witness.json", "reaction_mode", "both"),
    ("subject", "subjects/frightened-witness.json", "colour", "red"),
    ("subject", "subjects/frightened-witness.json", "resistance_up", 21),   # C4.7
    ("subject", "subjects/frightened-witness.json", "barred", ["intimidation"] * 2),
    ("subject", "subjects/frightened-witness.json", "name", DELETE),
    ("sim", "SIM", "rules", "house"),
    ("sim", "SIM", "seed", "-1"),
    ("sim", "SIM", "colour", "red"),
    ("sim", "SIM", "fights", -1),
    ("sim", "SIM", "sides[0].name", ""),
    ("sim", "SIM", "combatants[0].side", 16),
    ("sim", "SIM", "first_stopped", DELETE),
    ("interview-save", "IV_SAVE", "known[0]", "carrure"),
    ("interview-save", "IV_SAVE", "subject.barred[0]", "psychologie"),
    ("interview-save", "IV_SAVE", "learnt[0]", 40),
    ("interview-save", "IV_SAVE", "subject.resistance_up", 21),
    ("interview-save", "IV_SAVE", "evaluated", "yes"),
    ("interview-save", "IV_SAVE", "mood", 1),
    ("interview-save", "IV_SAVE", "subject.characteristics.Charme", 0),
    ("interview-save", "IV_SAVE", "interrogator.characteristics.Carrure", 9),
    ("interview-save", "IV_SAVE", "random", DELETE),
    ("save", "SAVE", "round", -1),
    ("save", "SAVE", "colour", "red"),
    ("save", "SAVE", "next_event", DELETE),
    ("save", "SAVE", "seed", 5),
    ("save", "SAVE", "script", "none"),
    ("save", "SAVE", "combatants[0].side", 16),
    ("save", "SAVE", "combatants[1].joined.hp", 10 ** 7),
    ("save", "SAVE", "combatants[0].weapons[0]", -1),
    ("save", "SAVE", "characters[0].characteristics.Carrure", 0),
    ("save", "SAVE", "characters[1].state.conditions", 512),
    ("save", "SAVE", "weapons[0].pu", 21),
]
if WITH_ST:
    INVALID += [
        ("st-sheet", "st/sheets/marcus.json", "attributes.Strength", 11),
        ("st-sheet", "st/sheets/marcus.json", "attributes.Wits", DELETE),
        ("st-sheet", "st/sheets/marcus.json", "skills.Brawl", -1),
        ("st-sheet", "st/sheets/marcus.json", "skills.Charme", 1),
        ("st-sheet", "st/sheets/marcus.json", "system", "cops"),
        ("st-sheet", "st/sheets/marcus.json", "name", 7),
        ("st-sheet", "st/sheets/marcus.json", "background[0]", "pirate"),
        ("st-sheet", "st/sheets/marcus.json", "experience", -3),
        ("st-sheet", "st/sheets/lucien.json", "vitae.max", 51),
        ("st-sheet", "st/sheets/lucien.json", "derived.Health", 0),
        ("st-sheet", "st/sheets/lucien.json", "derived.Luck", 2),
        ("st-sheet", "st/sheets/vince.json", "health.lethal", 101),
        ("st-sheet", "st/sheets/vince.json", "health.aggravated", 1),
        ("st-sheet", "st/sheets/vince.json", "colour", "red"),
        ("st-sheet", "st/sheets/marcus.json", "weapons[0].damage", 11),
        ("st-sheet", "st/sheets/marcus.json", "weapons[0].kind", "bazooka"),
        ("st-sheet", "st/sheets/marcus.json", "weapons[0].name", DELETE),
        ("st-sheet", "st/sheets/marcus.json", "weapons[0].range", [20, 40]),
        ("st-sheet", "st/sheets/marcus.json", "vest", 4),
        ("st-sheet", "st/sheets/marcus.json", "armour", 5),
        ("st-fight", "st/scenarios/street-brawl.json", "system", "cops"),
        ("st-fight", "st/scenarios/street-brawl.json", "max_rounds", 0),
        ("st-fight", "st/scenarios/street-brawl.json", "seed", "x"),
        ("st-fight", "st/scenarios/street-brawl.json", "sides[1]", ""),
        ("st-fight", "st/scenarios/street-brawl.json", "rules.threshold", 11),
        ("st-fight", "st/scenarios/street-brawl.json", "rules.stray_shots", 1),
        ("st-fight", "st/scenarios/street-brawl.json", "fighters[0].sheet", DELETE),
        ("st-fight", "st/scenarios/street-brawl.json", "fighters[1].cover", 6),
        ("st-fight", "st/scenarios/street-brawl.json", "fighters[2].tactic", "flee"),
        ("st-fight", "st/scenarios/street-brawl.json", "fighters[3].x", 100001),
        ("st-fight", "st/scenarios/street-brawl.json", "fighters[4].colour", "red"),
        ("st-fight", "st/scenarios/street-brawl.json", "colour", "red"),
    ]
if WITH_D6:
    INVALID += [
        ("d6-fight", "d6/scenarios/car-collision.json", "system", "st"),
        ("d6-fight", "d6/scenarios/car-collision.json", "max_rounds", 10001),
        ("d6-fight", "d6/scenarios/car-collision.json", "seed", 5),
        ("d6-fight", "d6/scenarios/car-collision.json", "sides[0]", ""),
        ("d6-fight", "d6/scenarios/car-collision.json", "vehicles[0].speed", "warp"),
        ("d6-fight", "d6/scenarios/car-collision.json", "vehicles[1].scale", 25),
        ("d6-fight", "d6/scenarios/car-collision.json", "vehicles[0].resistance", "4D+3"),
        ("d6-fight", "d6/scenarios/car-collision.json", "vehicles[1].name", DELETE),
        ("d6-fight", "d6/scenarios/car-collision.json", "fighters[0].tactic", "flee"),
        ("d6-fight", "d6/scenarios/car-collision.json", "fighters[1].cover", 21),
        ("d6-fight", "d6/scenarios/car-collision.json", "fighters[2].side", DELETE),
        ("d6-fight", "d6/scenarios/shootout.json", "groups[0].members", []),
        ("d6-fight", "d6/scenarios/shootout.json", "fighters[3].colour", "red"),
    ]
for kind, base, path, value in INVALID:
    doc = mutated(kind, base, path, value)
    want = path
    got_schema = schema_field(kind, doc)
    got_library, message = library_field(kind, doc)
    what = "%s %s = %r" % (base, path, "deleted" if value is DELETE else value)
    if got_schema != want:
        failures.append("%s: the schema names %r, not %r" % (what, got_schema, want))
    if got_library != want:
        failures.append("%s: the library names %r, not %r (%s)" % (what, got_library, want,
                                                                  message))

for failure in failures:
    print("FAIL:", failure)
print("schemas: %s; %d invalid documents refused by both for the same field; event types: %d"
      % (", ".join("%s %d" % kv for kv in sorted(checked.items())), len(INVALID),
         len(event_types)))
sys.exit(1 if failures else 0)
