"""The folders of lib/ in one direction (docs/architecture.md, "The folders").

A folder uses only the folders below it. Two checks:
- every `#include "..."` of a source or a header under lib/<folder>/ names a header of
  its own folder or of a folder below it (never above, never sideways to a folder of the
  same level);
- with the library's static archive, every call from one folder's object into another
  folder's goes down: each undefined symbol of an object that another object defines is
  defined in a folder below (what includes alone cannot show, a declaration sitting in a
  lower header).
- the bindings are named by the same folders: each Python module of bindings/python/cops/,
  each C file of bindings/lua/ and each module of the JavaScript API (web/cops-*.mjs) is
  named after a folder (its name, or the part before "_" or "-": st_core.py, d6-fight.c,
  cops-d6-magic.mjs), and a Python or JavaScript module imports only modules of its folder or
  of folders below (besides the package's own plumbing: _native, errors, results; cops-core
  and the entries), no two JavaScript modules importing each other.
The order is read from the block of docs/architecture.md that follows the line
"<!-- layers -->": one level a line, lowest first, folders of one level joined by "|".
Usage: python3 tests/layers.py SOURCE_ROOT [libcops_internal.a]
Its last line is "layers: N passed, N failed".
"""

import os
import re
import subprocess
import sys

ROOT = sys.argv[1]
ARCHIVE = sys.argv[2] if len(sys.argv) > 2 else None
failures = []
checks = 0


def levels():
    """{folder: level} from docs/architecture.md."""
    text = open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8").read()
    at = text.index("<!-- layers -->")
    block = text[at:].split("```")[1]
    out = {}
    for level, line in enumerate(l for l in block.splitlines() if l.strip()):
        for folder in line.split("|"):
            out[folder.strip()] = level
    return out


LEVEL = levels()
LIB = os.path.join(ROOT, "lib")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# Every folder of lib/ is in the order, and every folder of the order exists.
folders = sorted(d for d in os.listdir(LIB) if os.path.isdir(os.path.join(LIB, d)))
for d in folders:
    checks += 1
    if d not in LEVEL:
        failures.append("lib/%s/ is in no level of docs/architecture.md" % d)
for d in LEVEL:
    checks += 1
    if d not in folders:
        failures.append("docs/architecture.md names lib/%s/, which does not exist" % d)
for name in os.listdir(LIB):
    checks += 1
    if name.endswith((".c", ".h")):
        failures.append("lib/%s: a source outside every folder" % name)


def direction(src, dst):
    """None when folder src may use folder dst, else why not."""
    if src == dst:
        return None
    if dst not in LEVEL:
        return "an unknown folder"
    if LEVEL[dst] > LEVEL[src]:
        return "a folder above"
    if LEVEL[dst] == LEVEL[src]:
        return "a folder beside it"
    return None


# The includes.
for folder in folders:
    for dirpath, _, files in os.walk(os.path.join(LIB, folder)):
        for f in sorted(files):
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, ROOT)
            text = open(path, encoding="utf-8").read()
            for inc in INCLUDE.findall(text):
                checks += 1
                if inc.startswith("../") or "/" not in inc:
                    here = os.path.normpath(os.path.join(dirpath, inc))
                    if not os.path.exists(here):
                        failures.append("%s: #include \"%s\": write it from lib/ "
                                        "(\"%s/...\")" % (rel, inc, folder))
                        continue
                    target = os.path.relpath(here, LIB).split(os.sep)[0]
                else:
                    target = inc.split("/")[0]
                    if not os.path.exists(os.path.join(LIB, inc)):
                        failures.append("%s: #include \"%s\": no such header" % (rel, inc))
                        continue
                why = direction(folder, target)
                if why:
                    failures.append("%s: #include \"%s\" reaches %s (lib/%s/)"
                                    % (rel, inc, why, target))

# The calls, from the archive's symbols: meson names an object after its path, '/' as '_'.
if ARCHIVE:
    out = subprocess.run(["nm", "-A", ARCHIVE], capture_output=True, text=True,
                         check=True).stdout
    defined, wanted = {}, []
    for line in out.splitlines():
        where, _, rest = line.rpartition(":")
        member = os.path.basename(where.rsplit(":", 1)[-1])   # a thin archive names paths
        parts = rest.split()
        folder = member.split("_", 1)[0]
        if len(parts) == 3 and parts[1] in "TDRB":
            defined[parts[2]] = (folder, member)
        elif len(parts) == 2 and parts[0] == "U":
            wanted.append((folder, member, parts[1]))
    checks += 1
    if len({f for f, _ in defined.values()}) < 5:
        failures.append("%s: too few folders' symbols (an LTO archive?)" % ARCHIVE)
    for folder, member, sym in wanted:
        if sym not in defined:
            continue
        checks += 1
        target, where = defined[sym]
        why = direction(folder, target)
        if why:
            failures.append("%s calls %s of %s: %s (lib/%s/)" % (member, sym, where, why, target))

# Each folder's headers declare what that folder defines: a function a header of lib/F/
# declares (not static) is defined by an object of lib/F/.
if ARCHIVE:
    DECL = re.compile(r"^(?!static|typedef|#|\s|/|\*|extern)[^;{}()]*?\b(cops__[a-z0-9_]+)\s*\(",
                      re.M)
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(LIB, folder)):
            for f in sorted(files):
                if not f.endswith(".h"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)
                text = open(os.path.join(dirpath, f), encoding="utf-8").read()
                for name in DECL.findall(text):
                    if name not in defined:
                        continue   # a module's function in a build without it
                    checks += 1
                    if defined[name][0] != folder:
                        failures.append("%s declares %s, which lib/%s/ defines"
                                        % (rel, name, defined[name][0]))

# The bindings, by the same names. Files named after a public header that sits in a
# folder of another name (cops/catalogue.h in sheet/), and Python's plumbing.
ALIAS = {"catalogue": "sheet", "interrogation": "social",
         "distributed": "sim",   # cops.distributed: the simulator's studies on Dask (lib/sim/)
         "plot": "render"}       # cops.plot: pictures of what the renderers write (lib/render/)
PLUMBING = {"__init__", "_native", "errors", "results", "_install"}


def binding_folder(name, sep):
    stem = ALIAS.get(name, name)
    if stem in LEVEL:
        return stem
    head = name.split(sep, 1)[0]
    return ALIAS.get(head, head) if ALIAS.get(head, head) in LEVEL else None


PY = os.path.join(ROOT, "bindings", "python", "cops")
IMPORT = re.compile(r"^from \.(\w+) import|^from \. import (\w+)", re.M)
for f in sorted(os.listdir(PY)):
    if not f.endswith(".py"):
        continue
    mod = f[:-3]
    if mod in PLUMBING:
        continue
    checks += 1
    folder = binding_folder(mod, "_")
    if folder is None:
        failures.append("bindings/python/cops/%s: named after no folder of lib/" % f)
        continue
    text = open(os.path.join(PY, f), encoding="utf-8").read()
    for a, b in IMPORT.findall(text):
        dst = a or b
        if dst in PLUMBING:
            continue
        checks += 1
        target = binding_folder(dst, "_")
        why = direction(folder, target) if target else "an unknown folder"
        if why:
            failures.append("bindings/python/cops/%s imports %s: %s (lib/%s/)"
                            % (f, dst, why, target))
# The JavaScript API's modules (web/cops-FOLDER.mjs, docs/web.md), the same way: each named
# after a folder (cops-d6-magic.mjs after d6), importing only modules of its folder or below,
# and no two importing each other; cops-core.mjs and the entries assemble them.
WEB = os.path.join(ROOT, "web")
JS_PLUMBING = {"cops", "cops-core", "cops-node", "cops-single"}
JS_IMPORT = re.compile(r"from '\./(cops-[a-z0-9-]+)\.mjs'")
js_imports = {}
for f in sorted(os.listdir(WEB)):
    if not (f.startswith("cops") and f.endswith(".mjs")) or f[:-4] in JS_PLUMBING:
        continue
    checks += 1
    folder = binding_folder(f[len("cops-"):-4], "-")
    if folder is None:
        failures.append("web/%s: named after no folder of lib/" % f)
        continue
    js_imports[f[:-4]] = set(JS_IMPORT.findall(open(os.path.join(WEB, f), encoding="utf-8").read()))
    for dst in sorted(js_imports[f[:-4]]):
        checks += 1
        target = binding_folder(dst[len("cops-"):], "-")
        why = direction(folder, target) if target else "an unknown folder"
        if why:
            failures.append("web/%s imports %s.mjs: %s (lib/%s/)" % (f, dst, why, target))
for a, targets in sorted(js_imports.items()):
    for b in sorted(targets):
        checks += 1
        if a in js_imports.get(b, ()) and a < b:
            failures.append("web/%s.mjs and web/%s.mjs import each other" % (a, b))
LUA = os.path.join(ROOT, "bindings", "lua")
for f in sorted(os.listdir(LUA)):
    if f.endswith(".c"):
        checks += 1
        if binding_folder(f[:-2], "-") is None:
            failures.append("bindings/lua/%s: named after no folder of lib/" % f)

for f in failures:
    print("FAIL:", f)
print("layers: %d passed, %d failed" % (checks - len(failures), len(failures)))
sys.exit(1 if failures else 0)
