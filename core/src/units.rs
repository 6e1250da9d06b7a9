//! The units the model counts in, and its one limit on GPUs: a leaf every module may use
//! without reaching into the calendar.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;

/// Hours in an average month: 8,760 / 12.
pub const HOURS_PER_MONTH: Decimal = dec!(730);

/// Days in an average month: 730 / 24 = 30.41666….
pub fn days_per_month() -> Decimal {
    // 730 / 24 is a constant division that cannot fail.
    HOURS_PER_MONTH / dec!(24)
}

/// Most GPUs one window (or one hybrid's own side) may ask for.
pub const MAX_GPUS: u32 = 1024;
