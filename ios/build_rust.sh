#!/usr/bin/env bash
# Builds the game as a static library for iOS; Xcode's "Run Script" build phase calls this
# (or run it by hand, then link ios/lib/libtoguz.a into the app target).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-aarch64-apple-ios}"   # aarch64-apple-ios-sim for the simulator on Apple silicon
rustup target add "$target"
cargo rustc --release --lib --target "$target" --crate-type staticlib
mkdir -p ios/lib
cp "target/$target/release/libtoguz.a" ios/lib/libtoguz.a
echo "ios/lib/libtoguz.a ready for $target"
