#!/bin/sh
# Every test: installs what is missing, then builds and runs the Check suites
# with gcc and clang (warnings as errors), under AddressSanitizer +
# UndefinedBehaviorSanitizer, threads under ThreadSanitizer, under valgrind
# memcheck, a seeded libFuzzer run over every parser and the engine, and an
# install into a scratch prefix (and DESTDIR) used from C, the command line,
# Python and Lua with only that prefix's paths (tests/install.sh), and the
# Debian packages built, linted, installed, used and removed (tests/deb.sh, as
# root). The gcc and
# clang runs include the Python and Lua bindings and the cross-language replay
# (suite 'bindings').
# Usage: sh scripts/test.sh   (the last line says "N passed, N failed")
set -u
cd "$(dirname "$0")/.."
sh scripts/deps.sh test || exit 1
root=$(pwd)
logs=$root/build/test-logs
mkdir -p "$logs"
passed=0
failed=0
failures=""

started=$(date +%s)
note() { printf '\n==== %s (at %d s)\n' "$*" $(( $(date +%s) - started )); }

setup() { # setup DIR OPTIONS...: configure (or reconfigure) and build. An existing
  # build takes its options through "meson configure": "meson setup --reconfigure" of
  # Debian 12's meson 1.0 keeps the old values of changed -D options.
  dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson configure "$dir" "$@" >"$logs/setup.log" 2>&1
  else
    meson setup "$dir" "$@" >"$logs/setup.log" 2>&1
  fi || { cat "$logs/setup.log"; return 1; }
  meson compile -C "$dir" >"$logs/compile.log" 2>&1 || { cat "$logs/compile.log"; return 1; }
}

count() { # count NAME LOG STATUS: add a meson test run's figures
  ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$2" | tail -n 1)
  ko=$(sed -n 's/^Fail: *\([0-9]*\).*/\1/p' "$2" | tail -n 1)
  to=$(sed -n 's/^Timeout: *\([0-9]*\).*/\1/p' "$2" | tail -n 1)
  ok=${ok:-0} ko=$(( ${ko:-0} + ${to:-0} ))
  if [ "$3" -ne 0 ] && [ "$ko" -eq 0 ]; then ko=1; fi
  passed=$((passed + ok)); failed=$((failed + ko))
  [ "$ko" -eq 0 ] || failures="$failures $1"
  echo "$1: $ok passed, $ko failed"
}

mrun() { # mrun NAME DIR [meson test args]: a meson test run into NAME.log, its status
  # into NAME.status (so that it may run in the background)
  name=$1 dir=$2; shift 2
  meson test -C "$dir" --print-errorlogs "$@" >"$logs/$name.log" 2>&1
  echo $? >"$logs/$name.status"
}

mreport() { # mreport NAME: print and count the run's figures
  st=$(cat "$logs/$1.status" 2>/dev/null || echo 1)
  grep -E '^ *[0-9]+/[0-9]+ ' "$logs/$1.log" | sed 's/^/  /'
  [ "$st" -eq 0 ] || sed -n '/Summary of Failures/,$p;/^--- /,/^---/p' "$logs/$1.log" | head -n 80
  count "$1" "$logs/$1.log" "$st"
}

mtest() { # mtest NAME DIR [meson test args]
  mrun "$@"
  mreport "$1"
}

step_failed() {
  failed=$((failed + 1)); failures="$failures $1"; echo "$1: 0 passed, 1 failed"
}

# The WebAssembly dependencies (libsodium and jansson built with emscripten, kept in a cache:
# minutes on a new machine) are built from the start, below the stages' priority, so that
# they take the cores the stages leave idle and the WebAssembly stage finds them made.
wasm_deps_pid=""
rm -f "$logs/wasm-deps.status"
if command -v emcc >/dev/null 2>&1 && [ -x /usr/bin/chromium ] && command -v node >/dev/null 2>&1; then
  (nice -n 10 sh scripts/wasm.sh --deps >"$logs/wasm-deps.log" 2>&1
   echo $? >"$logs/wasm-deps.status") &
  wasm_deps_pid=$!
fi

note "gcc, -Werror"
if CC=gcc CXX=g++ setup build/gcc -Dwerror=true -Dbindings_tests=enabled; then mtest gcc build/gcc; else step_failed gcc-build; fi

note "clang, -Werror"
if CC=clang CXX=clang++ setup build/clang -Dwerror=true -Dbindings_tests=enabled; then mtest clang build/clang
else step_failed clang-build; fi

note "AddressSanitizer + UndefinedBehaviorSanitizer"
if CC=gcc CXX=g++ setup build/asan -Db_sanitize=address,undefined -Db_lundef=false -Dtactics_check=true \
     -Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all; then
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    mtest asan build/asan --no-suite bindings
else step_failed asan-build; fi

note "ThreadSanitizer: threads with a context each (no data race)"
if CC=clang CXX=clang++ setup build/tsan -Db_sanitize=thread -Db_lundef=false -Dlua=disabled \
     -Dbindings_tests=disabled -Dbench=false; then
  TSAN_OPTIONS=halt_on_error=1 mtest tsan build/tsan --suite threads
else step_failed tsan-build; fi

note "valgrind memcheck (no error, no leak)"
# Three steps that each keep one core busy run side by side from here: the command line
# under valgrind, the WebAssembly build and its tests, and (in the foreground) the Lua
# module under valgrind then the fuzzer. Their figures are printed in this order.
cli_pid="" web_pid=""
if [ -f build/gcc/build.ninja ]; then
  mtest valgrind build/gcc --setup valgrind --suite unit
  (COPS_CLI_WRAPPER="valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all" \
     mrun valgrind-cli build/gcc --suite cli --timeout-multiplier 3) &
  cli_pid=$!
  if command -v emcc >/dev/null 2>&1 && [ -x /usr/bin/chromium ] && command -v node >/dev/null 2>&1; then
    (while [ -n "$wasm_deps_pid" ] && [ ! -f "$logs/wasm-deps.status" ] &&
       kill -0 "$wasm_deps_pid" 2>/dev/null; do sleep 2; done
     sh scripts/wasm.sh build/wasm >"$logs/wasm.log" 2>&1 &&
       sh tests/web/run.sh build/gcc build/wasm >"$logs/web.log" 2>&1
     echo $? >"$logs/web.status") &
    web_pid=$!
  fi
else step_failed valgrind; fi
if [ -f build/gcc/bindings/cops.so ] && [ -f build/gcc/tests/failalloc.so ]; then
  # The Lua module under memcheck: no error, no leak (the state is closed at the end),
  # its tests and its allocation-failure sweep.
  for script in test api faults; do
    if LUA_CPATH="$root/build/gcc/bindings/?.so;$root/build/gcc/tests/?.so" valgrind --quiet \
         --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
         --suppressions="$root/tests/valgrind-ld.supp" \
         lua5.4 bindings/lua/tests/$script.lua "$root" >"$logs/valgrind-lua-$script.log" 2>&1; then
      echo "valgrind-lua-$script: 1 passed, 0 failed"; passed=$((passed + 1))
    else
      tail -n 30 "$logs/valgrind-lua-$script.log"; step_failed "valgrind-lua-$script"
    fi
  done
else step_failed valgrind-lua; fi

note "libFuzzer over every parser (ASan + UBSan), 20000 seeded runs"
if sh scripts/fuzz.sh 20000 1; then
  echo "fuzz: 1 passed, 0 failed"; passed=$((passed + 1))
else step_failed fuzz; fi

note "valgrind memcheck: the command line and the examples (tests/cli.sh)"
if [ -n "$cli_pid" ]; then
  wait "$cli_pid"
  mreport valgrind-cli
fi

note "WebAssembly: the build under Node.js and the tabletop in headless Chromium (tests/web)"
if [ -n "${web_pid:-}" ]; then
  wait "$web_pid"
  tail -n 1 "$logs/wasm.log" | sed 's/^/  /'
  if [ -f "$logs/web.log" ]; then
    grep -E '^(FAIL|types:|node:|package:|systems:|calls:|bot:|bundlers:|foundry:|jsnames:|names:|browser:)' "$logs/web.log" | sed 's/^/  /'
    for part in types node package systems calls bot bundlers foundry jsnames browser; do
      line=$(grep "^$part: " "$logs/web.log" | tail -n 1)
      ok=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
      ko=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
      passed=$((passed + ${ok:-0}))
      if [ -z "$line" ] || [ "${ko:-1}" -ne 0 ]; then
        failed=$((failed + ${ko:-1})); failures="$failures web-$part"
      fi
    done
  else
    tail -n 30 "$logs/wasm.log"; step_failed wasm-build
  fi
else
  echo "  skipped: emscripten, chromium or node missing (sh scripts/deps.sh test installs them)"
fi

note "installed, it works: C via pkg-config, cops, import cops, require \"cops\" (tests/install.sh)"
if sh tests/install.sh build/install >"$logs/install.log" 2>&1; then
  sed 's/^/  /' "$logs/install.log"
  echo "install: 1 passed, 0 failed"; passed=$((passed + 1))
else
  tail -n 30 "$logs/install.log"; step_failed install
fi

note "Debian packages: built, linted, installed, used, removed (tests/deb.sh)"
if [ "$(id -u)" -eq 0 ]; then
  if sh tests/deb.sh build/deb >"$logs/deb.log" 2>&1; then
    grep -E '^(deb:|deb.sh:|deb-symbols:)' "$logs/deb.log" | sed 's/^/  /'
    echo "deb: 1 passed, 0 failed"; passed=$((passed + 1))
  else
    grep -vE '^(N:|I:)' "$logs/deb.log" | tail -n 30; step_failed deb
  fi
else
  echo "  skipped: installing packages needs root"
fi

note "summary"
[ -z "$wasm_deps_pid" ] || wait "$wasm_deps_pid"
[ -z "$failures" ] || echo "failed:$failures (logs in build/test-logs)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
