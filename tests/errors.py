#!/usr/bin/env python3
"""Every documented error is checked (docs/api.md, "Errors").

Reads each public function's @return in include/cops/*.h and the Check suites
under tests/: each (function, code) the documentation lists must appear in a
suite as ck_assert_int_eq(cops_f(...), COPS_E...) or EXPECT(cops_f(...), COPS_E...),
the call's code compared with the documented one. COPS_ENOMEM is left to the
allocation-failure tests (test-contract.c fails every allocation of the
procedures). Usage: errors.py SOURCE_ROOT [--with-st] [--with-d6]
"""
import glob
import os
import re
import sys

root = sys.argv[1]
skip = set()
if '--with-st' not in sys.argv:
    skip |= {'st.h', 'st-attack.h', 'st-fight.h', 'st-scene.h'}
if '--with-d6' not in sys.argv:
    skip |= {h for h in os.listdir(os.path.join(root, 'include', 'cops')) if h.startswith('d6')}

documented = {}
for h in sorted(glob.glob(os.path.join(root, 'include', 'cops', '*.h'))):
    if os.path.basename(h) in skip:
        continue
    src = open(h, encoding='utf-8').read()
    for m in re.finditer(r'/\*\*(.*?)\*/\s*COPS_API[^;{]*?\b(cops_\w+)\s*\(', src, re.S):
        ret = re.search(r'@return(.*?)(?=@\w+|$)', m.group(1), re.S)
        if ret:
            codes = set(re.findall(r'COPS_E[A-Z]+', ret.group(1))) - {'COPS_ENOMEM'}
            if codes:
                documented[m.group(2)] = (os.path.basename(h), codes)


def arguments(s, i):
    """The top-level arguments of the call whose '(' ends just before i."""
    depth, start, parts, quoted = 0, i, [], False
    while i < len(s):
        c = s[i]
        if quoted:
            if c == '\\':
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                parts.append(s[start:i])
                return parts
            depth -= 1
        elif c == ',' and depth == 0:
            parts.append(s[start:i])
            start = i + 1
        i += 1
    return parts


checked = set()
for t in glob.glob(os.path.join(root, 'tests', '**', '*.c'), recursive=True):
    s = open(t, encoding='utf-8').read()
    for m in re.finditer(r'\b(?:ck_assert_int_eq|EXPECT)\s*\(', s):
        args = arguments(s, m.end())
        if len(args) != 2:
            continue
        called = re.match(r'\s*\(?\s*(cops_\w+)\s*\(', args[0])
        if called:
            for code in re.findall(r'COPS_E[A-Z]+', args[1]):
                name = re.sub(r'_sized$', '', called.group(1))   # a macro and its _sized
                checked |= {(name, code), (name + '_sized', code)}

missing = sorted((h, f, c) for f, (h, codes) in documented.items() for c in codes
                 if (f, c) not in checked)
pairs = sum(len(c) for _, c in documented.values())
for h, f, c in missing:
    print(f'{h}: {f}() documents {c}; no suite checks it')
print(f'{pairs - len(missing)} of {pairs} documented codes checked '
      f'({len(documented)} functions; COPS_ENOMEM by the allocation-failure tests)')
sys.exit(1 if missing else 0)
