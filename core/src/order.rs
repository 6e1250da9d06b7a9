//! Sorting with little code, for the lists the page sorts on every evaluation.
//!
//! The standard library's sorts are fast and large: each call site with its own element type
//! or key closure compiles its own copy of the whole algorithm (driftsort or ipnsort, some 3 to
//! 5 KB of WebAssembly each). The page's first load had eighteen of them, about 60 KB of its
//! code (twelfth session's measurement, README "Budgets"), for lists of a few to a thousand
//! entries (options, windows, a link's keys, a spread's samples). [`sort_by`] is a stable merge
//! sort of a few hundred bytes per copy, `n·log n` comparisons like the standard one.
//!
//! ```
//! use gpu_tco_core::order::{sort_by, sort_by_key};
//!
//! let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (0, 'd')];
//! sort_by_key(&mut v, |p| p.0);
//! assert_eq!(v, [(0, 'd'), (1, 'b'), (2, 'a'), (2, 'c')]); // equal keys keep their order
//! sort_by(&mut v, |a, b| a.1 > b.1);
//! assert_eq!(v, [(0, 'd'), (2, 'c'), (1, 'b'), (2, 'a')]);
//! ```

/// Sorts `v` stably, `less(a, b)` saying whether `a` goes before `b`. Entries neither of which
/// goes before the other keep their order.
pub fn sort_by<T>(v: &mut Vec<T>, mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() > 1 {
        let items = core::mem::take(v);
        *v = merge_sort(items, &mut less);
    }
}

/// Sorts `v` stably by `key`, smallest first.
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

/// Sorts `v` smallest first (stably, which for a total order is the same as not).
pub fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, |a, b| a < b);
}

/// The sort itself, one copy per entry type (`less` behind `dyn`: a copy per comparison would
/// cost the page's module some kilobytes).
fn merge_sort<T>(mut left: Vec<T>, less: &mut dyn FnMut(&T, &T) -> bool) -> Vec<T> {
    if left.len() < 2 {
        return left;
    }
    let right = left.split_off(left.len() / 2);
    let left = merge_sort(left, less);
    let right = merge_sort(right, less);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut left = left.into_iter().peekable();
    let mut right = right.into_iter().peekable();
    loop {
        // An entry of the right half goes first only when it is strictly before: stability.
        let take_right = match (left.peek(), right.peek()) {
            (Some(a), Some(b)) => less(b, a),
            (None, Some(_)) => true,
            (_, None) => false,
        };
        let next = if take_right {
            right.next()
        } else {
            left.next()
        };
        match next {
            Some(x) => out.push(x),
            None => return out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The same order as the standard library's stable sort, for any list and key.
        #[test]
        fn sorts_as_the_standard_stable_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..300)) {
            let mut ours = v.clone();
            let mut std = v;
            sort_by_key(&mut ours, |p| p.0);
            std.sort_by_key(|p| p.0);
            prop_assert_eq!(ours, std);
        }
    }

    #[test]
    fn a_thousand_samples_in_order() {
        let mut v: Vec<u32> = (0..1000).map(|i| (i * 7919) % 1000).collect();
        sort(&mut v);
        assert_eq!(v, (0..1000).collect::<Vec<_>>());
    }
}
