//! Where the load runs today and when the comparison starts: the one-time cost of moving the data
//! out of the rented option it runs on (own and the hybrid pay it at their start) and the EU Data
//! Act's rule on switching charges.
//!
//! The Data Act (Regulation (EU) 2023/2854, seed 000) counts a move to ICT infrastructure on the
//! customer's own premises as switching (Art. 2(34)) and data egress charges as switching charges
//! (Art. 2(36)). Until 12 January 2027 a provider may charge reduced switching charges limited to
//! its direct costs; from that date none (Art. 29). Parallel use of the provider (the hybrid
//! keeps renting the peaks from it) is not a switch, so its egress is still paid. Standard
//! service fees and early-termination penalties (a savings plan's months still owed) are not
//! switching charges. The calculator prices the charges "until" at the provider's transfer tiers
//! (the most a provider may ask) and none from the date on. Not legal advice.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{Error, ReadProblem, Result};

/// The day from which a full switch carries no switching charges (Data Act, Art. 29).
pub const DATA_ACT_FREE_FROM: Date = Date {
    year: 2027,
    month: 1,
    day: 12,
};

/// Where the load runs today and when the comparison starts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switching {
    /// The rent option (index into `rent`) the load runs on today; `null` = nowhere yet (a new
    /// workload, nothing to move).
    pub from_rent: Option<usize>,
    /// The day month 1 of the comparison starts, `YYYY-MM-DD` (the page fills in today's);
    /// `null` = not given, and switching charges are assumed to apply.
    pub start_date: Option<String>,
}

/// A calendar day (proleptic Gregorian), years 2000–2100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: u32,
    /// The month, 1–12.
    pub month: u32,
    /// The day of the month, 1–31 (within the month's length).
    pub day: u32,
}

impl Date {
    /// Reads `YYYY-MM-DD`; `None` for anything else or a day the month does not have.
    pub fn parse(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
            return None;
        }
        let num = |range: core::ops::Range<usize>| -> Option<u32> {
            let part = text.get(range)?;
            if !part.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            part.parse().ok()
        };
        let date = Date {
            year: num(0..4)?,
            month: num(5..7)?,
            day: num(8..10)?,
        };
        let valid = (2000..=2100).contains(&date.year)
            && (1..=12).contains(&date.month)
            && date.day >= 1
            && date.day <= days_in_month(date.year, date.month);
        valid.then_some(date)
    }

    /// The same day `months` months later (the last day of a shorter month).
    pub fn plus_months(self, months: u32) -> Date {
        let index = self.year * 12 + (self.month - 1) + months;
        let (year, month) = (index / 12, index % 12 + 1);
        Date {
            year,
            month,
            day: self.day.min(days_in_month(year, month)),
        }
    }
}

impl core::fmt::Display for Date {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

/// Whether a full switch on `date` may carry switching charges: before 12 January 2027, or when
/// the date is not known.
pub fn switching_charged(date: Option<Date>) -> bool {
    date.is_none_or(|d| d < DATA_ACT_FREE_FROM)
}

impl Switching {
    /// Checks the fields; `rent_options` is the number of rent options.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for an option index past the list, [`Error::Malformed`] for a date
    /// that is not `YYYY-MM-DD` between 2000 and 2100.
    pub fn validate(&self, rent_options: usize) -> Result<()> {
        if let Some(k) = self.from_rent
            && k >= rent_options
        {
            return Err(match rent_options.checked_sub(1) {
                Some(last) => Error::OutOfRange {
                    path: "switching.from_rent".into(),
                    value: Decimal::from(k),
                    min: Decimal::ZERO,
                    max: Decimal::from(last),
                },
                None => Error::Malformed {
                    path: "switching.from_rent".into(),
                    problem: ReadProblem::NoRentToSwitchFrom,
                },
            });
        }
        if let Some(text) = &self.start_date
            && Date::parse(text).is_none()
        {
            return Err(Error::Malformed {
                path: "switching.start_date".into(),
                problem: ReadProblem::NotDate,
            });
        }
        Ok(())
    }

    /// The start date, if given (and valid).
    pub fn start(&self) -> Option<Date> {
        self.start_date.as_deref().and_then(Date::parse)
    }

    /// The day the comparison ends after `months` months (the stop at the horizon).
    pub fn end(&self, months: u32) -> Option<Date> {
        self.start().map(|d| d.plus_months(months))
    }

    /// Whether `self.default()`: nothing to move and no date (left out of files then).
    pub fn is_empty(&self) -> bool {
        self.from_rent.is_none() && self.start_date.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_and_move_by_months() {
        let d = Date::parse("2026-12-01").unwrap();
        assert_eq!(d.plus_months(1).to_string(), "2027-01-01");
        assert_eq!(d.plus_months(60).to_string(), "2031-12-01");
        assert_eq!(
            Date::parse("2027-01-31")
                .unwrap()
                .plus_months(1)
                .to_string(),
            "2027-02-28"
        );
        assert_eq!(
            Date::parse("2028-01-31")
                .unwrap()
                .plus_months(1)
                .to_string(),
            "2028-02-29"
        );
        for bad in [
            "2026-13-01",
            "2026-02-30",
            "26-12-01",
            "2026-1-01",
            "1999-12-31",
            "2026-12-01x",
            "",
            "+026-12-01",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_data_act_date_splits_charged_and_free() {
        assert!(switching_charged(Date::parse("2027-01-11")));
        assert!(!switching_charged(Date::parse("2027-01-12")));
        assert!(switching_charged(None));
    }
}
