//! Every public query over `f32`, from raw input bytes; see `capsule2d_fuzz::check`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    capsule2d_fuzz::check::<f32>(data);
});
