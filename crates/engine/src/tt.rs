//! The transposition table: what the search learnt of a position (score, depth, bound, the
//! best move's index among the legal moves), found again by the position's key whatever the
//! move order that led there. One entry per slot, replaced when the new one is deeper or the
//! old one is from an earlier search.

/// What a stored score says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score (no move reached alpha).
    Upper,
}

/// One stored position: 16 bytes, four to a cache line.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The key's high half (its low bits chose the slot).
    pub check: u32,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    /// Index of the best move in the position's generated move list, or `u8::MAX`.
    pub best: u8,
    generation: u8,
}

const EMPTY: Entry = Entry {
    check: 0,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    best: u8::MAX,
    generation: 0,
};

/// A fixed-size table, a power of two of entries.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
    /// wasm: the slots asked for by [`Table::prefetch`] and not read yet (see there).
    #[cfg(target_arch = "wasm32")]
    pending: Pending,
}

/// wasm has no prefetch instruction. A plain read of a slot waits for memory before the
/// program goes on, so reads made one at a time, each after its key is worked out, overlap
/// little. The slots are kept instead and read all at once, back to back, at the next probe
/// (the first child's): their cache misses then overlap.
#[cfg(target_arch = "wasm32")]
struct Pending {
    slots: [std::cell::Cell<u32>; PENDING],
    len: std::cell::Cell<usize>,
}

#[cfg(target_arch = "wasm32")]
const PENDING: usize = 64;

impl Table {
    /// A table of at least `entries` entries (rounded up to a power of two, at least 1,024).
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1024).next_power_of_two();
        let mut v: Vec<Entry> = Vec::with_capacity(n);
        huge_pages(&v);
        v.resize(n, EMPTY);
        Table {
            entries: v,
            mask: n - 1,
            generation: 0,
            #[cfg(target_arch = "wasm32")]
            pending: Pending {
                slots: std::array::from_fn(|_| std::cell::Cell::new(0)),
                len: std::cell::Cell::new(0),
            },
        }
    }

    /// A new search: older entries give way first.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        #[cfg(target_arch = "wasm32")]
        self.read_pending();
        let e = self.entries[key as usize & self.mask];
        (e.check == check(key) && e.depth >= 0).then_some(e)
    }

    /// [`Table::prefetch`] does something here (x86-64, and wasm: see [`Pending`]): elsewhere
    /// a search need not work out the keys to hand it.
    pub const PREFETCHES: bool = cfg!(any(target_arch = "x86_64", target_arch = "wasm32"));

    /// Asks the processor to bring `key`'s slot into the cache (x86-64; in wasm the slot is
    /// read with the others asked for at the next probe, see [`Pending`]; elsewhere nothing),
    /// so that a probe soon after does not wait for memory, or waits once for several.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Entry = &raw const self.entries[key as usize & self.mask];
            // SAFETY: a prefetch reads nothing and changes nothing; the address is the slot's.
            #[allow(unsafe_code)]
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot.cast::<i8>(), std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let n = self.pending.len.get();
            if n == PENDING {
                self.read_pending();
            }
            let n = self.pending.len.get();
            #[allow(clippy::cast_possible_truncation)]
            self.pending.slots[n].set((key as usize & self.mask) as u32);
            self.pending.len.set(n + 1);
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "wasm32")))]
        let _ = key;
    }

    /// wasm: reads the slots [`Table::prefetch`] kept, back to back (see [`Pending`]).
    #[cfg(target_arch = "wasm32")]
    #[inline]
    fn read_pending(&self) {
        let n = self.pending.len.get();
        if n == 0 {
            return;
        }
        let mut seen = 0;
        for s in &self.pending.slots[..n] {
            let slot: *const u32 = &raw const self.entries[s.get() as usize].check;
            // SAFETY: the slot is the table's; reading it changes nothing.
            #[allow(unsafe_code)]
            let check = unsafe { slot.read_volatile() };
            seen ^= check;
        }
        std::hint::black_box(seen);
        self.pending.len.set(0);
    }

    /// Stores what the search found for `key`.
    pub fn store(&mut self, key: u64, score: i32, depth: i16, bound: Bound, best: u8) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.check == check(key) || slot.generation != self.generation || depth >= slot.depth {
            *slot = Entry {
                check: check(key),
                score,
                depth,
                bound,
                best,
                generation: self.generation,
            };
        }
    }
}

/// The part of a key an entry keeps to tell its position from others of the same slot.
#[allow(clippy::cast_possible_truncation)]
const fn check(key: u64) -> u32 {
    (key >> 32) as u32
}

/// Asks Linux to back the table with 2 MiB pages before it is first written: a probe is a
/// random read of a table of many megabytes, and with 4 KiB pages nearly every one also misses
/// the TLB.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn huge_pages(v: &Vec<Entry>) {
    const PAGE: usize = 4096;
    let start = v.as_ptr() as usize;
    let end = start + v.capacity() * std::mem::size_of::<Entry>();
    let aligned = start.next_multiple_of(PAGE);
    if end > aligned {
        // SAFETY: the range lies in the vector's own allocation, untouched yet; madvise only
        // advises the kernel how to back it and changes no byte of it.
        unsafe {
            libc::madvise(
                aligned as *mut libc::c_void,
                end - aligned,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &Vec<Entry>) {}
