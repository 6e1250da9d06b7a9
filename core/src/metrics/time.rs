//! Timestamps: unix seconds or milliseconds, ISO 8601, civil dates.

use super::series::{MAX_MS, MIN_MS};

/// Milliseconds in an hour.
pub(crate) const HOUR_MS: i64 = 3_600_000;

/// A timestamp read from a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stamp {
    /// Milliseconds since 1970-01-01T00:00 (UTC, or wall clock when `zoned` is false).
    pub(crate) ms: i64,
    /// Whether the text named an instant (unix time, or ISO 8601 with `Z` or an offset).
    pub(crate) zoned: bool,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number (H. Hinnant's `civil_from_days`).
pub(crate) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Day of the week of a day number, Monday = 0 (1970-01-01 was a Thursday).
pub(crate) fn weekday(day: i64) -> usize {
    (day + 3).rem_euclid(7) as usize
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `YYYY-MM-DDTHH:MM:SS` (with `Z`, or an offset `±HH:MM`, or nothing for wall-clock times).
pub(crate) fn format(ms: i64, offset_minutes: Option<i32>) -> String {
    let local = ms + i64::from(offset_minutes.unwrap_or(0)) * 60_000;
    let day = local.div_euclid(86_400_000);
    let in_day = local.rem_euclid(86_400_000) / 1000;
    let (y, m, d) = civil_from_days(day);
    let (hh, mm, ss) = (in_day / 3600, in_day / 60 % 60, in_day % 60);
    let zone = match offset_minutes {
        None => String::new(),
        Some(0) => "Z".into(),
        Some(o) => format!(
            "{}{:02}:{:02}",
            if o < 0 { '-' } else { '+' },
            o.unsigned_abs() / 60,
            o.unsigned_abs() % 60
        ),
    };
    format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}{zone}")
}

/// Reads a time cell: unix seconds or milliseconds (a number from 10^11 on is milliseconds,
/// as 10^11 seconds lie in the year 5138), or ISO 8601. `None` if it is neither, or outside
/// 1970–2199.
pub(crate) fn parse(text: &str) -> Option<Stamp> {
    let text = text.trim();
    let first = *text.as_bytes().first()?;
    let ms = if text.len() > 4 && text.as_bytes().get(4) == Some(&b'-') {
        return parse_iso(text).filter(|s| (MIN_MS..=MAX_MS).contains(&s.ms));
    } else if first.is_ascii_digit() || first == b'-' || first == b'+' || first == b'.' {
        let n = unix_number(text)?;
        if n.abs() >= 1e11 { n } else { n * 1000.0 }
    } else {
        return None;
    };
    let ms = ms.round();
    if !(MIN_MS as f64..=MAX_MS as f64).contains(&ms) {
        return None;
    }
    Some(Stamp {
        ms: ms as i64,
        zoned: true,
    })
}

fn unix_number(text: &str) -> Option<f64> {
    if text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 15 {
        return text.parse::<u64>().ok().map(|n| n as f64);
    }
    text.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// Unix seconds as JSON writes them (`1780272000.123`) to milliseconds, exactly for up to three
/// decimals. `None` for text that is no finite number.
pub(crate) fn seconds_to_ms(text: &[u8]) -> Option<i64> {
    let mut int: i64 = 0;
    let mut i = 0;
    let mut digits = 0;
    while let Some(&b) = text.get(i) {
        if !b.is_ascii_digit() {
            break;
        }
        int = int.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
        i += 1;
        digits += 1;
    }
    let mut ms = int.checked_mul(1000)?;
    if text.get(i) == Some(&b'.') {
        i += 1;
        let mut scale = 100;
        let mut frac_digits = 0;
        while let Some(&b) = text.get(i) {
            if !b.is_ascii_digit() {
                break;
            }
            if scale > 0 {
                ms = ms.saturating_add(i64::from(b - b'0') * scale);
                scale /= 10;
            } else if frac_digits == 3 && b >= b'5' {
                ms = ms.saturating_add(1);
            }
            frac_digits += 1;
            i += 1;
        }
        digits += frac_digits;
    }
    if i == text.len() && digits > 0 {
        return Some(ms);
    }
    // Exponents, signs: the general route.
    let s = std::str::from_utf8(text).ok()?;
    let secs = s.parse::<f64>().ok().filter(|n| n.is_finite())?;
    let ms = (secs * 1000.0).round();
    (ms.abs() < 9.0e15).then_some(ms as i64)
}

/// ISO 8601: `YYYY-MM-DD`, then optionally `T` or a space and `HH:MM[:SS[.fff]]`, then
/// optionally `Z`, `±HH:MM`, `±HHMM` or `±HH`.
fn parse_iso(text: &str) -> Option<Stamp> {
    let b = text.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = b.get(from..from + len)?;
        let mut n = 0u32;
        for &c in part {
            if !c.is_ascii_digit() {
                return None;
            }
            n = n * 10 + u32::from(c - b'0');
        }
        Some(n)
    };
    let y = num(0, 4)?;
    let (m, d) = (num(5, 2)?, num(8, 2)?);
    if b.get(7) != Some(&b'-') || !(1..=12).contains(&m) {
        return None;
    }
    if d == 0 || d > days_in_month(i64::from(y), m) {
        return None;
    }
    let mut ms = days_from_civil(i64::from(y), m, d) * 86_400_000;
    let mut i = 10;
    if matches!(b.get(i), Some(b'T' | b't' | b' ')) {
        let (hh, mm) = (num(i + 1, 2)?, num(i + 4, 2)?);
        if b.get(i + 3) != Some(&b':') || hh > 23 || mm > 59 {
            return None;
        }
        ms += i64::from(hh) * HOUR_MS + i64::from(mm) * 60_000;
        i += 6;
        if b.get(i) == Some(&b':') {
            let ss = num(i + 1, 2)?.min(59);
            ms += i64::from(ss) * 1000;
            i += 3;
            if matches!(b.get(i), Some(b'.' | b',')) {
                i += 1;
                let mut scale = 100;
                while let Some(c) = b.get(i).filter(|c| c.is_ascii_digit()) {
                    ms += i64::from(c - b'0') * scale;
                    scale /= 10;
                    i += 1;
                }
            }
        }
    }
    let zone = b.get(i..)?;
    let (zoned, offset_ms) = match zone {
        [] => (false, 0),
        [b'Z' | b'z'] => (true, 0),
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let digits: Vec<u8> = rest.iter().copied().filter(|c| *c != b':').collect();
            if digits.iter().any(|c| !c.is_ascii_digit()) || !matches!(digits.len(), 2 | 4) {
                return None;
            }
            let n = |k: usize| {
                digits
                    .get(k..k + 2)
                    .map(|p| p.iter().fold(0i64, |a, c| a * 10 + i64::from(c - b'0')))
            };
            let minutes = n(0)? * 60 + if digits.len() == 4 { n(2)? } else { 0 };
            if minutes > 18 * 60 {
                return None;
            }
            let sign = if *sign == b'-' { -1 } else { 1 };
            (true, sign * minutes * 60_000)
        }
        _ => return None,
    };
    Some(Stamp {
        ms: ms - offset_ms,
        zoned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2026, 6, 1), 20_605);
        for z in [-1, 0, 59, 60, 20_605, 47_482, 84_000] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
        // 2026-06-01 was a Monday, 1970-01-01 a Thursday.
        assert_eq!(weekday(20_605), 0);
        assert_eq!(weekday(0), 3);
    }

    #[test]
    fn reads_the_time_formats() {
        let june = 1_780_272_000_000;
        for (text, zoned) in [
            ("1780272000", true),
            ("1780272000000", true),
            ("1780272000.000", true),
            ("2026-06-01T00:00:00Z", true),
            ("2026-06-01T02:00:00+02:00", true),
            ("2026-06-01T02:00:00.000+0200", true),
            ("2026-05-31T23:00:00-01", true),
            ("2026-06-01 00:00:00", false),
            ("2026-06-01T00:00", false),
            ("2026-06-01", false),
        ] {
            assert_eq!(parse(text), Some(Stamp { ms: june, zoned }), "{text}");
        }
        for bad in [
            "",
            "x",
            "2026-13-01",
            "2026-02-30 00:00",
            "2026-06-01T25:00",
            "1e400",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(
            parse("2026-06-01T00:00:00.250Z").map(|s| s.ms),
            Some(june + 250)
        );
        assert_eq!(format(june, Some(0)), "2026-06-01T00:00:00Z");
        assert_eq!(format(june, Some(120)), "2026-06-01T02:00:00+02:00");
        assert_eq!(format(june, None), "2026-06-01T00:00:00");
    }

    #[test]
    fn seconds_become_milliseconds_exactly() {
        assert_eq!(seconds_to_ms(b"1780272000"), Some(1_780_272_000_000));
        assert_eq!(seconds_to_ms(b"1780272000.5"), Some(1_780_272_000_500));
        assert_eq!(seconds_to_ms(b"1780272000.1236"), Some(1_780_272_000_124));
        assert_eq!(seconds_to_ms(b"1.78027200e9"), Some(1_780_272_000_000));
        assert_eq!(seconds_to_ms(b"-"), None);
        assert_eq!(seconds_to_ms(b""), None);
    }
}
