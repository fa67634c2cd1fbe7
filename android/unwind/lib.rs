//! Links the `unwinding` crate's `_Unwind_*` functions into a static library.
extern crate unwinding;
