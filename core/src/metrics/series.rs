//! One series of an import, reduced to quarter-hour aggregates while it is read.

use serde::Serialize;

use super::{Metric, MetricLabel};

/// Milliseconds in a quarter hour: the aggregation grain, so that any UTC offset in 15-minute
/// steps maps whole aggregates onto local clock hours.
pub(crate) const QUARTER_MS: i64 = 900_000;
/// Earliest timestamp read: 1970-01-01T00:00:00Z.
pub(crate) const MIN_MS: i64 = 0;
/// Latest timestamp read: 2200-01-01T00:00:00Z.
pub(crate) const MAX_MS: i64 = 7_258_118_400_000;

/// Distinct intervals remembered per series to find its step.
const INTERVAL_BINS: usize = 16;

/// The samples of one quarter hour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bucket {
    /// Quarter hours since 1970-01-01T00:00 (of the import's clock).
    pub(crate) q: u32,
    /// Samples.
    pub(crate) count: u32,
    /// Largest value.
    pub(crate) max: f32,
    /// Sum of the values.
    pub(crate) sum: f32,
}

/// One series of an export: a metric and its labels, with what was seen of it.
///
/// The samples themselves are not kept: each quarter hour keeps its count, largest value and
/// sum, which is all the analysis needs (busy hours need the largest value; SM activity the
/// mean).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricSeries {
    /// The metric.
    pub metric: Metric,
    /// The labels without `__name__`, sorted by name.
    pub labels: Vec<super::MetricLabel>,
    /// Samples read (finite values; duplicates not counted).
    pub samples: u64,
    /// Earliest timestamp, unix ms (of the import's clock); 0 without samples.
    pub first_ms: i64,
    /// Latest timestamp, unix ms; 0 without samples.
    pub last_ms: i64,
    /// The most common interval between samples, whole seconds; `None` with fewer than two
    /// samples.
    pub step_seconds: Option<u32>,
    /// Further intervals that make up at least a tenth of all (a series exported with several
    /// steps), whole seconds.
    pub other_steps_seconds: Vec<u32>,
    /// Samples missing between the first and the last one at the step (gaps, missed scrapes).
    pub missing: u64,
    /// Samples with the same timestamp as the one before, dropped.
    pub duplicates: u64,
    /// Samples earlier than the one before them (read all the same).
    pub out_of_order: u64,
    /// Negative values, read as 0.
    pub negatives: u64,
    /// NaN or infinite values, dropped.
    pub non_finite: u64,
    #[serde(skip)]
    pub(crate) buckets: Vec<Bucket>,
    #[serde(skip)]
    scan: Scan,
}

/// State kept while samples arrive.
#[derive(Debug, Clone, PartialEq, Default)]
struct Scan {
    prev: Option<i64>,
    sorted: bool,
    /// (interval in whole seconds, count), at most `INTERVAL_BINS` of them.
    intervals: Vec<(u32, u64)>,
    /// Intervals that found no bin.
    other: u64,
}

impl MetricSeries {
    pub(crate) fn new(metric: Metric, labels: Vec<MetricLabel>) -> MetricSeries {
        MetricSeries {
            metric,
            labels,
            samples: 0,
            first_ms: 0,
            last_ms: 0,
            step_seconds: None,
            other_steps_seconds: Vec::new(),
            missing: 0,
            duplicates: 0,
            out_of_order: 0,
            negatives: 0,
            non_finite: 0,
            buckets: Vec::new(),
            scan: Scan {
                sorted: true,
                ..Scan::default()
            },
        }
    }

    /// The labels as a selector without the name: `{instance="gpu1:8000",model_name="m"}`.
    pub fn id(&self) -> String {
        super::labels::render(&self.labels)
    }

    /// Adds one sample; `ms` must lie within [`MIN_MS`]..=[`MAX_MS`]. Returns whether a new
    /// aggregate was started.
    pub(crate) fn push(&mut self, ms: i64, value: f64) -> bool {
        if !value.is_finite() {
            self.non_finite += 1;
            return false;
        }
        if let Some(prev) = self.scan.prev {
            if prev == ms {
                self.duplicates += 1;
                return false;
            }
            if ms < prev {
                self.out_of_order += 1;
            }
            self.interval(ms.abs_diff(prev));
        }
        self.scan.prev = Some(ms);
        let value = if value < 0.0 {
            self.negatives += 1;
            0.0
        } else {
            value
        };
        if self.samples == 0 {
            self.first_ms = ms;
            self.last_ms = ms;
        } else {
            self.first_ms = self.first_ms.min(ms);
            self.last_ms = self.last_ms.max(ms);
        }
        self.samples += 1;
        // In range by the caller's check, so the quarter fits a u32 (8.1 million at 2200).
        let q = u32::try_from(ms.clamp(MIN_MS, MAX_MS) / QUARTER_MS).unwrap_or(u32::MAX);
        // Values beyond f32 (absurd for these gauges) saturate rather than become infinite.
        let v = value.min(f64::from(f32::MAX)) as f32;
        if let Some(last) = self.buckets.last_mut() {
            if last.q == q {
                last.count = last.count.saturating_add(1);
                last.max = last.max.max(v);
                last.sum += v;
                return false;
            }
            if q < last.q {
                self.scan.sorted = false;
            }
        }
        self.buckets.push(Bucket {
            q,
            count: 1,
            max: v,
            sum: v,
        });
        true
    }

    fn interval(&mut self, ms: u64) {
        let secs = u32::try_from(ms.saturating_add(500) / 1000).unwrap_or(u32::MAX);
        let bins = &mut self.scan.intervals;
        if let Some(bin) = bins.iter_mut().find(|(s, _)| *s == secs) {
            bin.1 += 1;
        } else if bins.len() < INTERVAL_BINS {
            bins.push((secs, 1));
        } else {
            self.scan.other += 1;
        }
    }

    /// Combines another series of the same metric and labels into this one.
    pub(crate) fn merge(&mut self, other: MetricSeries) {
        if other.samples == 0 {
            self.non_finite += other.non_finite;
            self.duplicates += other.duplicates;
            return;
        }
        if self.samples == 0 {
            self.first_ms = other.first_ms;
            self.last_ms = other.last_ms;
        } else {
            self.first_ms = self.first_ms.min(other.first_ms);
            self.last_ms = self.last_ms.max(other.last_ms);
        }
        self.samples += other.samples;
        self.duplicates += other.duplicates;
        self.out_of_order += other.out_of_order;
        self.negatives += other.negatives;
        self.non_finite += other.non_finite;
        for (secs, n) in other.scan.intervals {
            if let Some(bin) = self.scan.intervals.iter_mut().find(|(s, _)| *s == secs) {
                bin.1 += n;
            } else if self.scan.intervals.len() < INTERVAL_BINS {
                self.scan.intervals.push((secs, n));
            } else {
                self.scan.other += n;
            }
        }
        self.scan.other += other.scan.other;
        self.buckets.extend(other.buckets);
        self.scan.sorted = false;
        self.finish();
    }

    /// Puts the aggregates in time order (combining those of the same quarter hour) and works
    /// out the step.
    pub(crate) fn finish(&mut self) {
        if !self.scan.sorted {
            self.buckets.sort_by_key(|b| b.q);
            let mut merged: Vec<Bucket> = Vec::with_capacity(self.buckets.len());
            for b in self.buckets.drain(..) {
                match merged.last_mut() {
                    Some(last) if last.q == b.q => {
                        last.count = last.count.saturating_add(b.count);
                        last.max = last.max.max(b.max);
                        last.sum += b.sum;
                    }
                    _ => merged.push(b),
                }
            }
            self.buckets = merged;
            self.scan.sorted = true;
        }
        let total: u64 = self.scan.intervals.iter().map(|(_, n)| n).sum::<u64>() + self.scan.other;
        // The most common interval; on a tie the shorter one.
        let step = self
            .scan
            .intervals
            .iter()
            .filter(|(s, _)| *s > 0)
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
            .map(|(s, _)| *s);
        self.step_seconds = step;
        let mut others: Vec<u32> = self
            .scan
            .intervals
            .iter()
            .filter(|(s, n)| Some(*s) != step && *s > 0 && n.saturating_mul(10) >= total)
            .map(|(s, _)| *s)
            .collect();
        others.sort_unstable();
        self.other_steps_seconds = others;
        self.missing = match step {
            Some(step) if step > 0 => {
                let span = self.last_ms.saturating_sub(self.first_ms).max(0) as u64;
                let expected = span / (u64::from(step) * 1000) + 1;
                expected.saturating_sub(self.samples)
            }
            _ => 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series() -> MetricSeries {
        MetricSeries::new(Metric::Running, Vec::new())
    }

    #[test]
    fn aggregates_by_quarter_hour() {
        let mut s = series();
        for i in 0..120 {
            s.push(i * 15_000, (i % 3) as f64);
        }
        s.finish();
        assert_eq!(s.samples, 120);
        assert_eq!(s.buckets.len(), 2);
        assert_eq!(s.buckets[0].count, 60);
        assert_eq!(s.buckets[0].max, 2.0);
        assert_eq!(s.step_seconds, Some(15));
        assert_eq!(s.missing, 0);
    }

    #[test]
    fn counts_the_oddities() {
        let mut s = series();
        s.push(60_000, 1.0);
        s.push(60_000, 1.0);
        s.push(0, -1.0);
        s.push(30_000, f64::NAN);
        s.push(120_000, 2.0);
        s.finish();
        assert_eq!(
            (s.duplicates, s.out_of_order, s.negatives, s.non_finite),
            (1, 1, 1, 1)
        );
        assert_eq!(s.samples, 3);
        assert_eq!((s.first_ms, s.last_ms), (0, 120_000));
        assert_eq!(s.buckets.len(), 1);
        assert_eq!(s.buckets[0].max, 2.0);
    }

    #[test]
    fn unsorted_buckets_are_combined() {
        let mut s = series();
        for i in (0..8).rev() {
            s.push(i * 450_000, 1.0);
        }
        assert!(!s.scan.sorted);
        s.finish();
        assert_eq!(s.buckets.len(), 4);
        assert!(s.buckets.windows(2).all(|w| w[0].q < w[1].q));
        assert_eq!(s.buckets.iter().map(|b| b.count).sum::<u32>(), 8);
    }

    #[test]
    fn finds_mixed_steps_and_gaps() {
        let mut s = series();
        let mut t = 0;
        for _ in 0..100 {
            s.push(t, 0.0);
            t += 15_000;
        }
        for _ in 0..40 {
            s.push(t, 0.0);
            t += 60_000;
        }
        s.finish();
        assert_eq!(s.step_seconds, Some(15));
        assert_eq!(s.other_steps_seconds, vec![60]);
        assert!(s.missing > 100);
    }
}
