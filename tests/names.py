#!/usr/bin/env python3
"""One set of names (docs/bindings.md, "Names"): the public names of each binding, and the
same operation under the same name in every language.

tests/names/python.txt and tests/names/lua.txt hold every public name of the Python package
and of the Lua module: a name added, renamed or removed must be written there, so that no
name changes unseen. Then the operations (functions and the methods of the handles) are
compared across the languages, each spelling brought to one form by the rules below; an
operation one language has and the other has not, or spells otherwise, is listed in
tests/names/differences.txt with its reason, and the test fails on any other.

tests/names/javascript.txt holds every public name of the JavaScript package the same way
(--js WEB_DIR, run by the WebAssembly stage: tests/web/run.sh); then every operation of
Python's must have its JavaScript name (the same in camelCase, by js_forms below) or a line
in tests/names/javascript-differences.txt giving the JavaScript form and why it differs, and
the test fails on any other and on a stale line.

Usage: names.py SOURCE_ROOT [LUA_MODULE_DIR] [--write]
       names.py SOURCE_ROOT --js WEB_DIR [--write]
(LIBCOPS_PATH names the library the package loads; --write rewrites the tables.)
"""
import dataclasses
import enum
import importlib
import inspect
import os
import re
import subprocess
import sys

root = sys.argv[1]
lua_dir = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith('--') else None
js_dir = sys.argv[sys.argv.index('--js') + 1] if '--js' in sys.argv else None
write = '--write' in sys.argv
sys.path.insert(0, os.path.join(root, 'bindings', 'python'))
here = os.path.join(root, 'tests', 'names')

# The handles: a Python class and the Lua metatable of the same object.
HANDLES = {
    'Context': 'context', 'Character': 'character', 'Weapon': 'weapon', 'Armour': 'armour',
    'Encounter': 'encounter', 'Scenario': 'scenario', 'Chase': 'chase', 'Subject': 'subject',
    'Interview': 'interview', 'Sim': 'sim', 'Log': 'log', 'Checkpoint': 'checkpoint',
    'st.Character': 'st_character', 'st.Fight': 'st_fight',
    'd6.Character': 'd6_character', 'd6.Fight': 'd6_fight',
}


PROPERTIES = set()   # the Python properties with a setter, filled by python_names()


def python_names():
    """Every public name of cops, cops.st and cops.d6; for each class, its methods and
    properties (a value class's fields and an enumeration's members are data, not names
    of operations, and are left out)."""
    names, operations = set(), set()
    for modname, prefix in (('cops', ''), ('cops.catalogue', 'catalogue.'), ('cops.st', 'st.'),
                            ('cops.d6', 'd6.')):
        mod = importlib.import_module(modname)
        public = getattr(mod, '__all__', None) or [n for n in dir(mod) if not n.startswith('_')]
        for n in public:
            obj = getattr(mod, n)
            if inspect.ismodule(obj):
                continue
            names.add(prefix + n)
            if inspect.isfunction(obj):
                operations.add(prefix + n)
            if not inspect.isclass(obj) or issubclass(obj, (BaseException, enum.Enum)):
                continue
            fields = {f.name for f in dataclasses.fields(obj)} if dataclasses.is_dataclass(obj) else set()
            handle = prefix + n in HANDLES
            for base in obj.__mro__:
                if not base.__module__.startswith('cops'):
                    continue
                for m, v in vars(base).items():
                    if m.startswith('_') or m in fields:
                        continue
                    if isinstance(v, property) and v.fset is not None:
                        PROPERTIES.add(f'{prefix}{n}.{m}')
                    if callable(v) or isinstance(v, (property, classmethod, staticmethod)):
                        names.add(f'{prefix}{n}.{m}')
                        # A value's properties are its data (Lua: a table's fields); its
                        # methods are operations.
                        if handle or not isinstance(v, property):
                            operations.add(f'{prefix}{n}.{m}')
            if handle and 'ptr' not in inspect.signature(obj.__init__).parameters:
                operations.add(prefix + n)   # a constructor a program calls
    return names, operations


def lua_names():
    env = dict(os.environ, LUA_CPATH=os.path.join(lua_dir, '?.so'))
    out = subprocess.run(['lua5.4', os.path.join(root, 'tests', 'names.lua')], env=env,
                         check=True, capture_output=True, text=True).stdout
    names = set(out.split())
    return names, {n for n in names if n not in ('version_number',) and not n.isupper()}


def check_table(lang, names):
    path = os.path.join(here, lang + '.txt')
    if write:
        with open(path, 'w', encoding='utf-8') as f:
            f.write(f'# Every public name of the {lang} binding (tests/names.py checks it).\n')
            f.write(''.join(n + '\n' for n in sorted(names)))
        return 0
    table = {line.strip() for line in open(path, encoding='utf-8')
             if line.strip() and not line.startswith('#')}
    bad = 0
    for n in sorted(names - table):
        print(f'names: {lang} has {n}, which tests/names/{lang}.txt does not list')
        bad = 1
    for n in sorted(table - names):
        print(f'names: tests/names/{lang}.txt lists {n}, which {lang} does not have')
        bad = 1
    return bad


def python_forms(n):
    """The spellings an operation of Python's has in Lua."""
    forms = {n}
    if n == 'Context':
        return {'context'}
    if n in HANDLES:                                   # a handle's constructor
        t = HANDLES[n]
        system = n[:3] if n[:3] in ('st.', 'd6.') else ''
        return {'context:' + t, system + t.split('_')[-1]}
    if '.' not in n:                                   # a function of the package
        return forms | {'context:' + n, 'catalogue.' + n}
    if n.startswith('catalogue.'):
        return forms
    system = n[:3] if n[:3] in ('st.', 'd6.') else ''
    cls, _, method = n[len(system):].rpartition('.')
    if not cls:                                        # a function of st or d6
        return forms
    # A value's method: Lua's function of the system named after both (st.Object.strike is
    # st.strike_object, d6.Vehicle.end_round is d6.vehicle_end_round).
    low = cls.lower()
    forms |= {f'{system}{low}_{method}', f'{system}{method}_{low}'}
    handle = HANDLES.get(system + cls)
    if handle:
        forms.add(f'{handle}:{method}')
        if n in PROPERTIES:                            # Lua's getter and setter
            forms.add(f'{handle}:set_{method}')
        if method.startswith('set_'):                  # a Lua getter that sets, given a value
            forms.add(f'{handle}:{method[4:]}')
        t = handle.split('_')[-1]
        where = system if system else 'context:'
        made = {'new': f'{system}{t}' if system else f'{where}new_{t}', 'load': f'{where}load_{t}',
                'load_file': f'{where}load_{t}_file',
                'from_json': f'{where}{t}_json', 'from_roll20': f'{where}{t}_roll20',
                'resume': f'{where}resume_{t}',
                'resume_file': f'{where}resume_{t}_file'}
        if method in made:
            forms.add(made[method])
    return forms


def cross_check(py_ops, lua_ops):
    known = {}
    path = os.path.join(here, 'differences.txt')
    for line in open(path, encoding='utf-8'):
        if line.strip() and not line.startswith('#'):
            lang, name, reason = line.split(None, 2)
            known[(lang, name)] = reason.strip()
    matched_lua, bad, used = set(), 0, set()
    for n in sorted(py_ops):
        hit = python_forms(n) & lua_ops
        matched_lua |= hit
        if not hit:
            if ('python', n) in known:
                used.add(('python', n))
            else:
                print(f'names: Python {n} has no Lua counterpart, and tests/names/differences.txt '
                      'gives no reason')
                bad = 1
    # A Lua scenario answers its encounter's methods itself; Python's Scenario gives the
    # encounter (Scenario.encounter), whose methods they are.
    matched_lua |= {n for n in lua_ops if n.startswith('scenario:')
                    and 'encounter:' + n.split(':')[1] in lua_ops}
    for n in sorted(lua_ops - matched_lua):
        if ('lua', n) in known:
            used.add(('lua', n))
        else:
            print(f'names: Lua {n} has no Python counterpart, and tests/names/differences.txt '
                  'gives no reason')
            bad = 1
    for k in sorted(set(known) - used):
        print(f'names: tests/names/differences.txt: {k[0]} {k[1]} is stale')
        bad = 1
    return bad


def camel(name):
    return re.sub(r'_([a-z0-9])', lambda m: m.group(1).upper(), name)


def js_forms(n):
    """The spellings a Python operation has in JavaScript."""
    system = n[:3] if n[:3] in ('st.', 'd6.') else ''
    rest = n[len(system):]
    pre = {'st.': 'St', 'd6.': 'D6', '': ''}[system]
    if rest.startswith('Scenario.'):
        # A JavaScript scenario gives its encounter (Scenario.encounter), whose methods
        # Python's Scenario answers itself.
        return js_forms(system + 'Encounter.' + rest.split('.', 1)[1]) | {'Scenario.' + camel(rest.split('.', 1)[1])}
    if '.' not in rest:
        if rest[:1].isupper():                     # a constructor
            low = rest[0].lower() + rest[1:]
            if rest == 'Context':
                return {'Cops.context'}
            made = system.rstrip('.') + rest if system else low
            return {'Context.%s' % made, 'Context.new%s' % (pre + rest)}
        f = camel(rest)
        return {'Context.%s' % f, 'Catalogue.%s' % f, 'Cops.%s' % f,
                'Context.%s%s' % (system.rstrip('.'), f[0].upper() + f[1:]) if system else 'Cops.%s' % f}
    if rest.startswith('catalogue.'):
        return {'Catalogue.%s' % camel(rest.split('.', 1)[1])}
    cls, method = rest.split('.', 1)
    js = pre + cls
    low = (system.rstrip('.') + cls) if system else cls[0].lower() + cls[1:]
    made = {'load': 'Context.%sFile' % low, 'from_json': 'Context.%s' % low,
            'from_roll20': 'Context.%sRoll20' % low,
            'new': 'Context.new%s' % (pre + cls), 'resume': 'Context.resume%s' % cls,
            'resume_file': 'Context.resume%sFile' % cls, 'to_dict': '%s.toJSON' % js,
            'to_json': '%s.toJSON' % js,
            'close': '%s.dispose' % js}
    forms = {'%s.%s' % (js, camel(method))}
    if method in made:
        forms.add(made[method])
    if method.startswith('set_'):
        forms.add('%s.%s' % (js, camel(method[4:])))   # a JavaScript setter
    return forms


def js_names():
    out = subprocess.run(['node', os.path.join(root, 'tests', 'names.mjs'), js_dir],
                         check=True, capture_output=True, text=True).stdout
    return set(out.split())


def js_differences():
    known = {}
    for line in open(os.path.join(here, 'javascript-differences.txt'), encoding='utf-8'):
        if line.strip() and not line.startswith('#'):
            name, reason = line.split(None, 1)
            known[name] = reason.strip()
    return known


if js_dir:
    py_names, py_ops = python_names()
    names = js_names()
    bad = check_table('javascript', names)
    if not write:
        known = js_differences()
        covered = sorted(n for n in py_ops if js_forms(n) & names)
        for n in sorted(set(py_ops) - set(covered)):
            if n not in known:
                print(f'names: Python {n} has no JavaScript counterpart ({" or ".join(sorted(js_forms(n)))}), '
                      'and tests/names/javascript-differences.txt gives no reason')
                bad = 1
        for n in sorted(set(known) - (set(py_ops) - set(covered))):
            print(f'names: tests/names/javascript-differences.txt: {n} is stale')
            bad = 1
        print(f'names: {len(names)} JavaScript names; {len(covered)} of {len(py_ops)} Python '
              f'operations under their JavaScript names, {len(known)} with a written reason')
        print(f'jsnames: {0 if bad else 1} passed, {1 if bad else 0} failed')
    sys.exit(bad)

py_names, py_ops = python_names()
bad = check_table('python', py_names)
if lua_dir:
    lua_all, lua_ops = lua_names()
    bad |= check_table('lua', lua_all)
    if not write:
        bad |= cross_check(py_ops, lua_ops)
        print(f'names: {len(py_names)} Python names, {len(lua_all)} Lua names; operations: '
              f'{len(py_ops)} in Python, {len(lua_ops)} in Lua')
sys.exit(bad)
