"""Sealed saves from Python (docs/api.md, "Sealed saves"): cops.seal, cops.unseal,
cops.is_sealed and the whole-file reads and writes, with every kind of save; another key
or a changed byte refused with SealError (also a ValueError), a plain loader refusing a
sealed text, the key's type and length checked."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")
KEY = bytes(range(32))
OTHER = bytes(range(1, 33))


def test_a_fight_sealed_saved_and_resumed(tmp_path):
    with cops.Context() as ctx:
        sc = cops.Scenario(ctx, os.path.join(EX, "scenarios", "street-shootout.json"))
        sc.seed(2030)
        sc.run_round()
        save = sc.save()
        sealed = cops.seal(ctx, KEY, save)
        assert cops.is_sealed(sealed) and not cops.is_sealed(save)
        assert '"hp"' in save and '"hp"' not in sealed and '"random"' not in sealed
        ctx.confine(tmp_path)
        ctx.write_file("fight.json", sealed)
        assert ctx.read_file("fight.json") == sealed
        assert cops.unseal(ctx, KEY, ctx.read_file("fight.json")) == save
        with pytest.raises(cops.JSONError, match="a sealed text: open it with its key"):
            cops.Encounter.load(ctx, sealed)
        with cops.Encounter.load(ctx, cops.unseal(ctx, KEY, sealed)) as e:
            assert e.round == 1
        with pytest.raises(cops.FileError):
            ctx.write_file("../out.json", sealed)


def test_every_kind_of_save():
    with cops.Context(seed=3) as ctx:
        chase = cops.Chase.load(ctx, os.path.join(EX, "scenarios", "sunset-chase.json"))
        subject = cops.Subject.load(ctx, os.path.join(EX, "subjects", "frightened-witness.json"))
        cop = cops.Character.load(ctx, os.path.join(EX, "sheets", "sarah.json"))
        saves = [chase.save(), cops.Interview(ctx, subject, cop).save()]
        if cops.st.available():
            saves.append(cops.st.Fight.load(ctx, os.path.join(EX, "st", "scenarios",
                                                              "street-brawl.json")).save())
        if cops.d6.available():
            saves.append(cops.d6.Fight.load(ctx, os.path.join(EX, "d6", "scenarios",
                                                              "shootout.json")).save())
        for save in saves:
            assert cops.unseal(ctx, KEY, cops.seal(ctx, KEY, save)) == save


def test_another_key_or_a_changed_byte():
    with cops.Context() as ctx:
        sealed = cops.seal(ctx, KEY, "a save")
        with pytest.raises(cops.SealError, match="the key does not open"):
            cops.unseal(ctx, OTHER, sealed)
        with pytest.raises(ValueError):
            cops.unseal(ctx, OTHER, sealed)
        at = sealed.index('"box": "') + 10
        changed = sealed[:at] + ("A" if sealed[at] != "A" else "B") + sealed[at + 1:]
        with pytest.raises(cops.SealError):
            cops.unseal(ctx, KEY, changed)
        assert cops.seal(ctx, KEY, "a save") != sealed   # a new nonce each time
        assert cops.ESEAL is cops.SealError and cops.SealError.code == -11


def test_keys_and_texts_checked():
    with cops.Context() as ctx:
        with pytest.raises(cops.InvalidArgumentError, match="32 bytes"):
            cops.seal(ctx, b"short", "x")
        with pytest.raises(TypeError):
            cops.seal(ctx, "a str is not a key", "x")
        with pytest.raises(TypeError):
            cops.seal(None, KEY, "x")
        with pytest.raises(TypeError):
            cops.unseal(ctx, KEY, 42)
        with pytest.raises(cops.InvalidArgumentError):
            cops.seal(ctx, KEY, "a\0b")
        with pytest.raises(cops.JSONError):
            cops.unseal(ctx, KEY, "{}")
        assert cops.SEAL_KEY_BYTES == 32
        assert cops.unseal(ctx, bytearray(KEY), cops.seal(ctx, KEY, "")) == ""
