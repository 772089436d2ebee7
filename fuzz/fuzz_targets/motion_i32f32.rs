//! Every public motion query (rays, sweeps, speculative contacts, crossings, chains, the
//! stepper) over `fixed::types::I32F32`, from raw input bytes; see `capsule2d_fuzz::check_motion`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    capsule2d_fuzz::check_motion::<fixed::types::I32F32>(data);
});
