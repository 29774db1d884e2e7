"""A PEP 517 build backend for the cops binding, standard library only.

The package is one pure-Python folder (cops/): a wheel is a zip of it with the
dist-info files PEP 427 asks for; an sdist is a tar of the project. This keeps
`pip install bindings/python` offline (no setuptools to fetch)."""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

NAME = "libcops"     # the distribution (the name "cops" is taken on the package index)
PACKAGE = "cops"     # what is imported
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _version():
    """The version of meson.build (the one place it is written); in an sdist, the one its
    cops/_version.py carries."""
    meson = os.path.join(HERE, "..", "..", "meson.build")
    if os.path.exists(meson):
        with open(meson, encoding="utf-8") as f:
            found = re.search(r"^\s*version:\s*'([0-9.]+)'", f.read(), re.M)
        if found:
            return found.group(1)
    with open(os.path.join(HERE, "cops", "_version.py"), encoding="utf-8") as f:
        return re.search(r'VERSION = "([0-9.]+)"', f.read()).group(1)


VERSION = _version()
TAG = "py3-none-any"


def _version_py():
    return ('"""Written by the package\'s build backend: the version of meson.build."""\n\n'
            'VERSION = "%s"\n' % VERSION).encode("utf-8")


def _metadata():
    readme = ""
    path = os.path.join(HERE, "README.md")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
            "Summary: The rules of the COPS role-playing game, resolved by libcops\n"
            "License: MIT\nRequires-Python: >=3.8\n"
            "Description-Content-Type: text/markdown\n\n%s" % (NAME, VERSION, readme))


def _files():
    root = os.path.join(HERE, PACKAGE)
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name == "_version.py":   # written from meson.build below, never copied
                continue
            if name.endswith((".py", ".so", ".so.0", "py.typed")) or ".so." in name:
                full = os.path.join(folder, name)
                yield full, os.path.relpath(full, HERE).replace(os.sep, "/")


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = "%s-%s.dist-info" % (NAME, VERSION)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    filename = "%s-%s-%s.whl" % (NAME, VERSION, TAG)
    info = "%s-%s.dist-info" % (NAME, VERSION)
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as whl:
        def add(arcname, data):
            whl.writestr(arcname, data)
            records.append(_record_line(arcname, data))
        for full, arcname in _files():
            with open(full, "rb") as f:
                add(arcname, f.read())
        add(PACKAGE + "/_version.py", _version_py())
        add(info + "/METADATA", _metadata().encode("utf-8"))
        add(info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: cops_backend\n"
                              "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode())
        records.append(info + "/RECORD,,")
        whl.writestr(info + "/RECORD", "\n".join(records) + "\n")
    return filename


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, VERSION)
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tar:
        for rel in ("pyproject.toml", "README.md", "_backend/cops_backend.py"):
            full = os.path.join(HERE, rel)
            if os.path.exists(full):
                tar.add(full, arcname=base + "/" + rel)
        for full, arcname in _files():
            tar.add(full, arcname=base + "/" + arcname)
        for name, data in (("PKG-INFO", _metadata().encode("utf-8")),
                           (PACKAGE + "/_version.py", _version_py())):
            info = tarfile.TarInfo(base + "/" + name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return filename
