// The NDK's crtend_so.o for arm64 adds nothing a Rust library needs; the linker still asks for the file.
__attribute__((visibility("hidden"), used)) static int toguz_crtend_so;
