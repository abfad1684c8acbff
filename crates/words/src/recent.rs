//! A bounded map of what was worked out lately: the bids fields a decoder read, the
//! decisions a profile took on them. Archives repeat a few hundred of each at most, so a
//! map of a few hundred entries finds nearly all of them; once full it starts afresh, so
//! that memory does not grow with the number of deals. And a bounded [`Pool`] of emptied
//! lists, which a deal's results and facts hand on to the next deal's.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// How many entries a map keeps before it starts afresh.
pub const RECENT: usize = 512;

/// A map of at most [`RECENT`] entries.
#[derive(Debug, Clone)]
pub struct Recent<K, V> {
    map: HashMap<K, V, BuildHasherDefault<Quick>>,
}

impl<K, V> Default for Recent<K, V> {
    fn default() -> Self {
        Recent {
            map: HashMap::default(),
        }
    }
}

impl<K: Hash + Eq, V> Recent<K, V> {
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(key)
    }

    /// Keeps `value` for `key`; a full map is emptied first.
    pub fn keep(&mut self, key: K, value: V) {
        if self.map.len() >= RECENT {
            self.map.clear();
        }
        self.map.insert(key, value);
    }

    pub fn clear(&mut self) {
        self.map.clear();
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

/// Emptied lists no longer needed, for lists to come (an archive's deals are made without
/// allocating their lists afresh): at most [`Pool::MOST`] are kept.
#[derive(Debug, Clone)]
pub struct Pool<T> {
    lists: Vec<Vec<T>>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool { lists: Vec::new() }
    }
}

impl<T> Pool<T> {
    /// At most this many lists are kept.
    pub const MOST: usize = 16;

    /// Takes `list` (emptied, where it lies), where it holds memory and there is room.
    pub fn keep(&mut self, list: &mut Vec<T>) {
        if list.capacity() > 0 && self.lists.len() < Self::MOST {
            let mut list = std::mem::take(list);
            list.clear();
            self.lists.push(list);
        }
    }

    /// An empty list: a kept one where there is one.
    pub fn take(&mut self) -> Vec<T> {
        self.lists.pop().unwrap_or_default()
    }

    /// A copy of `from`, in a kept list where there is one.
    pub fn copy(&mut self, from: &[T]) -> Vec<T>
    where
        T: Clone,
    {
        let mut list = self.take();
        list.extend_from_slice(from);
        list
    }
}

/// A quick hash of a few words at a time (the keys are short text and numbers of the
/// program's own input; at most [`RECENT`] entries, so collisions cost little).
#[derive(Debug, Clone, Copy)]
pub struct Quick(u64);

impl Default for Quick {
    fn default() -> Self {
        Quick(0x243f_6a88_85a3_08d3)
    }
}

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Quick {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        self.add(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_hands_back_kept_lists_empty_and_keeps_a_bounded_number() {
        let mut pool = Pool::default();
        let mut list = vec![1, 2, 3];
        let address = list.as_ptr();
        pool.keep(&mut list);
        assert!(
            list.is_empty() && list.capacity() == 0,
            "taken where it lay"
        );
        let again = pool.take();
        assert!(again.is_empty());
        assert_eq!(again.as_ptr(), address, "the same memory");
        assert_eq!(pool.copy(&[7, 8]), vec![7, 8]);
        // A list without memory is not kept; past MOST none is.
        pool.keep(&mut Vec::new());
        assert_eq!(pool.lists.len(), 0);
        for _ in 0..Pool::<i32>::MOST + 5 {
            pool.keep(&mut vec![0]);
        }
        assert_eq!(pool.lists.len(), Pool::<i32>::MOST);
        assert!(pool.take().is_empty());
        assert_eq!(pool.lists.len(), Pool::<i32>::MOST - 1);
    }

    #[test]
    fn keeps_and_starts_afresh_when_full() {
        let mut r: Recent<String, usize> = Recent::default();
        for i in 0..RECENT {
            r.keep(format!("field {i}"), i);
        }
        assert_eq!(r.len(), RECENT);
        assert_eq!(r.get("field 7"), Some(&7));
        assert_eq!(r.get("field 7 "), None);
        r.keep("one more".to_string(), 0);
        assert_eq!(r.len(), 1);
        assert_eq!(r.get("field 7"), None);
        assert_eq!(r.get("one more"), Some(&0));
    }

    #[test]
    fn text_of_other_lengths_hashes_apart() {
        let hash = |s: &str| {
            let mut h = Quick::default();
            s.hash(&mut h);
            h.finish()
        };
        assert_ne!(hash("Anna healthy"), hash("Anna healthy\0"));
        assert_ne!(hash(""), hash("\0"));
        assert_ne!(
            hash("Anna healthy;Ben healthy"),
            hash("Ben healthy;Anna healthy")
        );
    }
}
