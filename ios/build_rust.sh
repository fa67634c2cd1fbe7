#!/usr/bin/env bash
# Builds the game as a static library for iOS; Xcode's "Run Script" build phase calls this
# (or run it by hand, then link ios/lib/libtoguz.a into the app target). Needs a Mac with Xcode:
# tracing-oslog (Bevy's iOS log output) compiles a C wrapper against the SDK's <os/log.h>.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-aarch64-apple-ios}"   # aarch64-apple-ios-sim for the simulator on Apple silicon
rustup target add "$target"
# The same size-tuned profile as the Android package (Cargo.toml, [profile.mobile]).
cargo rustc --profile mobile --lib --target "$target" --crate-type staticlib
mkdir -p ios/lib
cp "${CARGO_TARGET_DIR:-target}/$target/mobile/libtoguz.a" ios/lib/libtoguz.a
echo "ios/lib/libtoguz.a ready for $target"
