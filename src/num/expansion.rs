//! Exact arithmetic on `f64` values: error-free transformations (Knuth's two-sum, Dekker's
//! product without fused multiply-add) and Shewchuk's expansions, sums of non-overlapping
//! floats that represent a value exactly. The exact predicates of `exact.rs` evaluate
//! their values with them (whenever the inputs' magnitudes are close enough that nothing
//! underflows; see `EXPANSION_SPREAD` there).

// Built for fixed point alone too (`fast_fixed.rs` asks `point_segment_within`), where the
// floats' other entry points go unused.
#![cfg_attr(
    not(any(feature = "std", feature = "libm")),
    allow(
        dead_code,
        reason = "fixed point alone uses only the point-segment predicate"
    )
)]

use core::cmp::Ordering;

// ---------------------------------------------------------------------------------------
// Error-free transformations.

#[inline]
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let b_virtual = x - a;
    let a_virtual = x - b_virtual;
    (x, (a - a_virtual) + (b - b_virtual))
}

#[inline]
pub(super) fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    (x, b - (x - a))
}

#[inline]
pub(super) fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let b_virtual = a - x;
    let a_virtual = x + b_virtual;
    (x, (a - a_virtual) + (b_virtual - b))
}

/// Dekker's split of `a` into two 26-bit halves, `a = hi + lo`.
#[inline]
pub(super) fn split(a: f64) -> (f64, f64) {
    const SPLITTER: f64 = 134_217_729.0; // 2^27 + 1
    let c = SPLITTER * a;
    let big = c - a;
    let hi = c - big;
    (hi, a - hi)
}

/// `a × b = x + y` exactly, without a fused multiply-add.
#[inline]
pub(super) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (a_hi, a_lo) = split(a);
    let (b_hi, b_lo) = split(b);
    let err1 = x - a_hi * b_hi;
    let err2 = err1 - a_lo * b_hi;
    let err3 = err2 - a_hi * b_lo;
    (x, a_lo * b_lo - err3)
}

// ---------------------------------------------------------------------------------------
// Expansions: sums of non-overlapping floats, in increasing magnitude, zeros removed.

/// An exact value as a sum of up to `N` non-overlapping floats.
#[derive(Clone, Copy, Debug)]
pub(super) struct Expansion<const N: usize> {
    terms: [f64; N],
    len: usize,
}

impl<const N: usize> Expansion<N> {
    const EMPTY: Self = Self {
        terms: [0.0; N],
        len: 0,
    };

    #[inline]
    pub(super) fn terms(&self) -> &[f64] {
        self.terms.get(..self.len).unwrap_or(&[])
    }

    /// Appends a term. The capacities are sized by the callers (`scale` and `product`
    /// check theirs at compile time, `sum` against its inputs' lengths), so a full
    /// expansion is a sizing bug: debug builds stop at it rather than drop a term and
    /// return a wrong sign.
    #[inline]
    fn push(&mut self, term: f64) {
        debug_assert!(self.len < N, "expansion capacity {N} exceeded");
        if let Some(slot) = self.terms.get_mut(self.len) {
            *slot = term;
            self.len += 1;
        }
    }

    /// `hi + lo`, from an error-free transformation.
    #[inline]
    pub(super) fn pair((hi, lo): (f64, f64)) -> Self {
        let mut e = Self::EMPTY;
        if lo != 0.0 {
            e.push(lo);
        }
        e.push(hi);
        e
    }

    /// The sign of the exact value: the sign of the largest term.
    #[inline]
    pub(super) fn sign(&self) -> Ordering {
        match self.terms().last() {
            Some(&top) if top > 0.0 => Ordering::Greater,
            Some(&top) if top < 0.0 => Ordering::Less,
            _ => Ordering::Equal,
        }
    }

    /// The exact value rounded to an `f64`, within a few ulps: the terms summed from the
    /// smallest (they do not overlap, so the sum is nearly correctly rounded).
    #[inline]
    pub(super) fn estimate(&self) -> f64 {
        self.terms().iter().sum()
    }

    /// `−self`.
    #[inline]
    pub(super) fn negated(mut self) -> Self {
        for t in self.terms.iter_mut() {
            *t = -*t;
        }
        self
    }
}

/// `e + f`, exactly (Shewchuk's `fast_expansion_sum_zeroelim`). `C` must hold the
/// inputs' terms together.
pub(super) fn sum<const A: usize, const B: usize, const C: usize>(
    e: &Expansion<A>,
    f: &Expansion<B>,
) -> Expansion<C> {
    let (e, f) = (e.terms(), f.terms());
    // The result has at most as many terms as its inputs together (callers size `C` by
    // the inputs' actual lengths, which can be below their capacities: `product`).
    debug_assert!(
        e.len() + f.len() <= C,
        "sum: {} + {} terms into {C}",
        e.len(),
        f.len()
    );
    let mut h = Expansion::<C>::EMPTY;
    let (mut i, mut j) = (0, 0);
    let at = |s: &[f64], k: usize| s.get(k).copied().unwrap_or(0.0);
    // Take the smaller-magnitude next term first.
    let take = |i: &mut usize, j: &mut usize| {
        let (en, fn_) = (at(e, *i), at(f, *j));
        if *j >= f.len() || (*i < e.len() && ((fn_ > en) == (fn_ > -en))) {
            *i += 1;
            en
        } else {
            *j += 1;
            fn_
        }
    };
    if e.is_empty() && f.is_empty() {
        h.push(0.0);
        return h;
    }
    let mut q = take(&mut i, &mut j);
    let mut first = true;
    while i < e.len() || j < f.len() {
        let next = take(&mut i, &mut j);
        let (q_new, hh) = if first {
            fast_two_sum(next, q)
        } else {
            two_sum(q, next)
        };
        first = false;
        q = q_new;
        if hh != 0.0 {
            h.push(hh);
        }
    }
    if q != 0.0 || h.len == 0 {
        h.push(q);
    }
    h
}

/// `e × b`, exactly (Shewchuk's `scale_expansion_zeroelim`). `C ≥ 2A`.
pub(super) fn scale<const A: usize, const C: usize>(e: &Expansion<A>, b: f64) -> Expansion<C> {
    const { assert!(C >= 2 * A, "scale: capacity C must be at least 2A") };
    let mut h = Expansion::<C>::EMPTY;
    let terms = e.terms();
    let Some((&first, rest)) = terms.split_first() else {
        h.push(0.0);
        return h;
    };
    let (mut q, hh) = two_product(first, b);
    if hh != 0.0 {
        h.push(hh);
    }
    for &term in rest {
        let (product1, product0) = two_product(term, b);
        let (s, hh) = two_sum(q, product0);
        if hh != 0.0 {
            h.push(hh);
        }
        let (q_new, hh) = fast_two_sum(product1, s);
        q = q_new;
        if hh != 0.0 {
            h.push(hh);
        }
    }
    if q != 0.0 || h.len == 0 {
        h.push(q);
    }
    h
}

/// `e × f`, exactly: the sum over `f`'s terms of `e` scaled by each. `C ≥ 2AB`, `S ≥ 2A`.
pub(super) fn product<const A: usize, const B: usize, const S: usize, const C: usize>(
    e: &Expansion<A>,
    f: &Expansion<B>,
) -> Expansion<C> {
    const { assert!(S >= 2 * A && C >= 2 * A * B, "product: S ≥ 2A and C ≥ 2AB") };
    let mut acc = Expansion::<C>::EMPTY;
    acc.push(0.0);
    for &term in f.terms() {
        let partial: Expansion<S> = scale(e, term);
        acc = sum(&acc, &partial);
    }
    acc
}

/// `a − b` as an exact expansion.
#[inline]
pub(super) fn diff(a: f64, b: f64) -> Expansion<2> {
    Expansion::pair(two_diff(a, b))
}

/// `u·x + v·y` for two-term expansions, exactly (16 terms at most).
pub(super) fn dot2(
    ux: &Expansion<2>,
    uy: &Expansion<2>,
    vx: &Expansion<2>,
    vy: &Expansion<2>,
) -> Expansion<16> {
    let xx: Expansion<8> = product::<2, 2, 4, 8>(ux, vx);
    let yy: Expansion<8> = product::<2, 2, 4, 8>(uy, vy);
    sum(&xx, &yy)
}

/// The cross product `(ux, uy) × (vx, vy) = ux·vy − uy·vx`, exactly.
pub(super) fn cross2(
    ux: &Expansion<2>,
    uy: &Expansion<2>,
    vx: &Expansion<2>,
    vy: &Expansion<2>,
) -> Expansion<16> {
    let a: Expansion<8> = product::<2, 2, 4, 8>(ux, vy);
    let b: Expansion<8> = product::<2, 2, 4, 8>(uy, vx);
    sum(&a, &b.negated())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_are_exact() {
        const TWO_M30: f64 = 1.0 / 1_073_741_824.0;
        // (1 + 2^-60) − 1 = 2^-60, which plain doubles lose.
        let tiny = f64::EPSILON / 256.0; // 2^-60
        let e = diff(1.0 + f64::EPSILON, 1.0);
        assert_eq!(e.terms(), &[f64::EPSILON]);
        let big = Expansion::<2>::pair(two_sum(1.0, tiny));
        let back: Expansion<4> = sum(&big, &Expansion::<1>::pair((-1.0, 0.0)));
        assert_eq!(back.terms(), &[tiny]);
        let (x, y) = two_product(1.0 + TWO_M30, 1.0 + TWO_M30);
        assert_eq!((x, y), (1.0 + 2.0 * TWO_M30, TWO_M30 * TWO_M30));
    }
}
