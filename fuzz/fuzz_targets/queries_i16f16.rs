//! Every public query over `fixed::types::I16F16`, from raw input bytes; see `capsule2d_fuzz::check`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    capsule2d_fuzz::check::<fixed::types::I16F16>(data);
});
