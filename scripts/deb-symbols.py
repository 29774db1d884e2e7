"""debian/libcops0.symbols from the public headers (docs/packaging.md): every function the
library exports (COPS_API in include/cops/*.h; lib/libcops.map exports cops_* under the
version node COPS_0) with the release that brought it, its @since tag (one not released yet
at the version meson.build gives, that of the package). dpkg-gensymbols
compares the built library with this list at -c4: a symbol gone, or one added without a
line here, fails the package build.

Usage: python3 scripts/deb-symbols.py [SOURCE_ROOT] > debian/libcops0.symbols
       python3 scripts/deb-symbols.py --check [SOURCE_ROOT]   (the file is up to date)
"""

import os
import re
import sys

DECL = re.compile(r"COPS_API\s+[^;(]*?\b(cops_\w+)\s*\(")
SINCE = re.compile(r"@since\s+(\d+\.\d+\.\d+)")


def symbols(root):
    found = {}
    inc = os.path.join(root, "include", "cops")
    for name in sorted(os.listdir(inc)):
        if not name.endswith(".h"):
            continue
        text = open(os.path.join(inc, name), encoding="utf-8").read()
        for m in DECL.finditer(text):
            fn = m.group(1)
            # Its documentation: the comment just before the declaration (or on its line).
            before = text[:m.start()]
            start = before.rfind("/**")
            end = before.rfind("*/")
            doc = before[start:] if start >= 0 and end >= start else ""
            line_end = text.find("\n", m.end())
            doc += text[m.start():line_end if line_end >= 0 else len(text)]
            tags = SINCE.findall(doc)
            if not tags:
                sys.exit("deb-symbols: %s: %s has no @since" % (name, fn))
            if fn in found and found[fn] != tags[-1]:
                sys.exit("deb-symbols: %s declared twice with two @since" % fn)
            found[fn] = tags[-1]
    return found


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def project_version(root):
    text = open(os.path.join(root, "meson.build"), encoding="utf-8").read()
    m = re.search(r"version:\s*'(\d+\.\d+\.\d+)'", text)
    if not m:
        sys.exit("deb-symbols: no version in meson.build")
    return m.group(1)


def render(found, version):
    # A function of a release still to come is in this version's library: listed at it, so
    # that a program built against this package can be installed with it.
    found = {fn: v if version_key(v) <= version_key(version) else version
             for fn, v in found.items()}
    first = min(found.values(), key=version_key)
    lines = ["libcops.so.0 libcops0 #MINVER#",
             "* Build-Depends-Package: libcops-dev",
             " COPS_0@COPS_0 %s" % first]
    lines += [" %s@COPS_0 %s" % (fn, v) for fn, v in sorted(found.items())]
    return "\n".join(lines) + "\n"


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    text = render(symbols(root), project_version(root))
    if not check:
        sys.stdout.write(text)
        return 0
    path = os.path.join(root, "debian", "libcops0.symbols")
    have = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    if have != text:
        sys.stderr.write("deb-symbols: debian/libcops0.symbols is not the headers' list: "
                         "python3 scripts/deb-symbols.py > debian/libcops0.symbols\n")
        return 1
    print("deb-symbols: 1 passed, 0 failed (%d symbols)" % (text.count("\n") - 2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
