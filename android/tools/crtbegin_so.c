// What the NDK's crtbegin_so.o does for a shared library (bionic, arch-common/bionic/crtbegin_so.c): the
// library's own __dso_handle, and __cxa_finalize for it when the library is unloaded, so that destructors
// registered with __cxa_atexit run.
extern void __cxa_finalize(void *);

__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

__attribute__((destructor, used)) static void toguz_on_unload(void) {
    __cxa_finalize(&__dso_handle);
}
