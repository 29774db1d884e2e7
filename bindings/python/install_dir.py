"""Print the folder the Python package goes to for an install prefix (meson).

On Debian: /usr/lib/python3/dist-packages under /usr, and
PREFIX/lib/python3.X/dist-packages elsewhere (/usr/local's is on sys.path);
the purelib folder of the posix_prefix scheme on other systems.
Usage: python3 install_dir.py PREFIX
"""

import sys
import sysconfig

prefix = sys.argv[1]
names = {"base": prefix, "platbase": prefix}
if "deb_system" in sysconfig.get_scheme_names():
    if prefix == "/usr":
        print(sysconfig.get_path("purelib", "deb_system", vars=names))
    else:
        print("%s/lib/python%d.%d/dist-packages" % ((prefix,) + sys.version_info[:2]))
else:
    print(sysconfig.get_path("purelib", "posix_prefix", vars=names))
