//! The random numbers of the generator, the game's shuffles and sampled worlds, and a
//! tournament's draw: one small generator, below all of them.

/// SplitMix64: small, fast and the same everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `0..n` (n > 0) as the high half of a product: no division (Lemire's
    /// multiply-shift; the bias is below n / 2^64). The generator's draws of cards; other
    /// numbers than [`Rng::below`] of the same state, which seeded draws elsewhere keep
    /// (a tournament's seating).
    #[inline(always)]
    pub fn pick(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// Shuffles `v` in place.
    // Not inlined: on its own the generator's state stays in a register through the loop.
    #[inline(never)]
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        let mut r = self.clone();
        for i in (1..v.len()).rev() {
            v.swap(i, r.below(i + 1));
        }
        *self = r;
    }

    /// Shuffles `v` in place with [`Rng::pick`]: the generator's deck.
    #[inline(never)]
    pub fn shuffle_picked<T>(&mut self, v: &mut [T]) {
        let mut r = self.clone();
        for i in (1..v.len()).rev() {
            v.swap(i, r.pick(i + 1));
        }
        *self = r;
    }
}
