#!/bin/sh
# libsodium and jansson for WebAssembly, from their Debian source packages, installed into
# PREFIX (headers, static libraries, pkg-config files). Called by scripts/wasm.sh, which
# keeps PREFIX as a cache; the sources are unpacked in PREFIX/src and removed at the end.
# Usage: sh scripts/wasm-deps.sh PREFIX LIBSODIUM_VERSION JANSSON_VERSION
set -eu
prefix=$1
mkdir -p "$prefix/src"
cd "$prefix/src"
apt-get source -qq libsodium="$2" jansson="$3"
cd libsodium-*/
# Debian's source has no configure script: autoreconf makes it (autogen.sh would download
# config.guess).
autoreconf -fi
emconfigure ./configure --prefix="$prefix" --enable-minimal --disable-shared \
  --without-pthreads --disable-ssp --disable-asm --disable-pie CFLAGS=-O2
emmake make -j2 install
cd ../jansson-*/
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF
emmake make -C build-wasm -j2 install
cd "$prefix"
rm -rf "$prefix/src"
