//! Plausibility hints and slider spans (`gpu_tco_core::inputs`).

use gpu_tco_core::inputs::{Hint, PriceUnit, field_range, hint, price_hint, slider_span};
use gpu_tco_core::presets::{Side, presets};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::Value;

use crate::util::config;

/// A rent option's price of 0 is named (the verdict would call the option the cheapest way to
/// rent); other fields at 0 are the model's to check, and an own server's price has no hint.
#[test]
fn a_free_server_is_named() {
    assert_eq!(
        price_hint(
            "own.price_per_server",
            None,
            Decimal::ZERO,
            Some(dec!(319000)),
            8
        ),
        Some(Hint::FreeServer)
    );
    assert_eq!(
        price_hint(
            "own.setup_one_time",
            None,
            Decimal::ZERO,
            Some(dec!(5000)),
            8
        ),
        None
    );
    assert_ne!(
        price_hint(
            "own.price_per_server",
            None,
            dec!(319000),
            Some(dec!(319000)),
            8
        ),
        Some(Hint::FreeServer)
    );
}

#[test]
fn a_free_rent_option_is_named() {
    for unit in [
        PriceUnit::InstanceHour,
        PriceUnit::GpuHour,
        PriceUnit::InstanceMonth,
    ] {
        assert_eq!(
            price_hint(
                "rent.3.price",
                Some(unit),
                Decimal::ZERO,
                Some(dec!(3.5)),
                8
            ),
            Some(Hint::Free)
        );
    }
    assert_eq!(
        price_hint(
            "rent.0.spot_price",
            Some(PriceUnit::InstanceHour),
            Decimal::ZERO,
            None,
            8
        ),
        None
    );
}

#[test]
fn a_price_per_gpu_hour_in_an_instances_box() {
    let at = |v: Decimal, gpus: u32| {
        price_hint(
            "rent.0.price",
            Some(PriceUnit::InstanceHour),
            v,
            Some(dec!(63.296)),
            gpus,
        )
    };
    // The sources' "7.912 per GPU-hour" typed into the 8-GPU instance's box (63.296 an hour).
    assert_eq!(
        at(dec!(7.912), 8),
        Some(Hint::PerGpu {
            gpus: 8,
            likely: dec!(63.296)
        })
    );
    // Another offer's per-GPU price, 40 % dearer: still a GPU's price, not an instance's.
    assert_eq!(
        at(dec!(11), 8),
        Some(Hint::PerGpu {
            gpus: 8,
            likely: dec!(88)
        })
    );
    // The instance's own figure and a discount on it: no hint; far below, the general hint.
    assert_eq!(at(dec!(63.296), 8), None);
    assert_eq!(at(dec!(50), 8), None);
    assert_eq!(
        at(dec!(3), 8),
        hint(
            "rent.0.price",
            Some(PriceUnit::InstanceHour),
            dec!(3),
            Some(dec!(63.296))
        )
    );
    // A one-GPU instance, a price already per GPU-hour, no preset, another field: as `hint`.
    assert_eq!(
        at(dec!(7.912), 1),
        Some(Hint::FarFromPreset {
            preset: dec!(63.296),
            below: true
        })
    );
    assert_eq!(
        price_hint(
            "rent.0.price",
            Some(PriceUnit::GpuHour),
            dec!(0.99),
            Some(dec!(7.912)),
            8
        ),
        hint(
            "rent.0.price",
            Some(PriceUnit::GpuHour),
            dec!(0.99),
            Some(dec!(7.912))
        )
    );
    assert_eq!(
        price_hint(
            "rent.0.price",
            Some(PriceUnit::InstanceHour),
            dec!(7.912),
            None,
            8
        ),
        None
    );
    assert_eq!(
        price_hint(
            "own.price_per_server",
            None,
            dec!(39875),
            Some(dec!(319000)),
            8
        ),
        hint(
            "own.price_per_server",
            None,
            dec!(39875),
            Some(dec!(319000))
        )
    );
}

#[test]
fn a_thousand_times_off_the_preset() {
    // "319.000" on the English page is 319 for a server the preset prices at 319,000.
    assert_eq!(
        hint("own.price_per_server", None, dec!(319), Some(dec!(319000))),
        Some(Hint::Scale {
            likely: dec!(319000),
            preset: true
        })
    );
    // "63.296" on the German page is 63,296 per instance-hour for a rate of 63.296.
    assert_eq!(
        hint(
            "rent.0.price",
            Some(PriceUnit::InstanceHour),
            dec!(63296),
            Some(dec!(63.296))
        ),
        Some(Hint::Scale {
            likely: dec!(63.296),
            preset: true
        })
    );
    // The preset's figure itself, a figure twice as high and one a third: no hint.
    for v in [dec!(319000), dec!(638000), dec!(106000)] {
        assert_eq!(
            hint("own.price_per_server", None, v, Some(dec!(319000))),
            None
        );
    }
}

#[test]
fn an_order_of_magnitude_off_the_preset() {
    // A digit missing (31,900), a price of another server class (40,000) or five times the
    // preset's 319,000: worth a second look, with no likely value.
    for (v, below) in [
        (dec!(31900), true),
        (dec!(40000), true),
        (dec!(63800), true),
        (dec!(1595000), false),
    ] {
        assert_eq!(
            hint("own.price_per_server", None, v, Some(dec!(319000))),
            Some(Hint::FarFromPreset {
                preset: dec!(319000),
                below
            }),
            "{v}"
        );
    }
    // A digit too many lands far outside what the sources give, which says more.
    assert_eq!(
        hint(
            "own.price_per_server",
            None,
            dec!(3190000),
            Some(dec!(319000))
        ),
        Some(Hint::Outside {
            low: dec!(3000),
            high: dec!(600000)
        })
    );
    // 1000 times off stays the hint with the likely value.
    assert!(matches!(
        hint("own.price_per_server", None, dec!(319), Some(dec!(319000))),
        Some(Hint::Scale { .. })
    ));
    // Just inside the factor of five: quiet.
    assert_eq!(
        hint(
            "own.price_per_server",
            None,
            dec!(63801),
            Some(dec!(319000))
        ),
        None
    );
}

#[test]
fn a_thousand_times_off_the_sources_without_a_preset() {
    // No preset: 14.6 per server-month, whose ×1000 is the bare-metal figure, is read as meant
    // 14,600; 14,600 per GPU-hour as meant 14.6.
    assert_eq!(
        hint(
            "rent.5.price",
            Some(PriceUnit::InstanceMonth),
            dec!(14.6),
            None
        ),
        Some(Hint::Scale {
            likely: dec!(14600),
            preset: false
        })
    );
    assert_eq!(
        hint("rent.2.price", Some(PriceUnit::GpuHour), dec!(14600), None),
        Some(Hint::Scale {
            likely: dec!(14.6),
            preset: false
        })
    );
    // Far outside and no ×1000 fits: the range is named.
    assert_eq!(
        hint("own.energy.price_per_kwh", None, dec!(7), None),
        Some(Hint::Outside {
            low: dec!(0.03),
            high: dec!(0.60)
        })
    );
    // Unusual but not far off (a third of the low end up to three times the high end): quiet.
    assert_eq!(
        hint("own.energy.price_per_kwh", None, dec!(0.9), None),
        None
    );
    // Zero is a valid choice (no colocation bill), and counts never get a hint.
    assert_eq!(
        hint("own.colocation_per_kw_month", None, dec!(0), None),
        None
    );
    assert_eq!(hint("calendar.service.gpus", None, dec!(4000), None), None);
    assert_eq!(hint("own.label", None, dec!(1), None), None);
}

/// Every figure of every preset, at the field it sets, is plausible: a hint on a preset's own
/// value would be a wrong range.
#[test]
fn no_preset_figure_gets_a_hint() {
    for p in presets() {
        let unit = p
            .entry("price_unit")
            .and_then(|e| e.value.to_json().ok())
            .and_then(|v| serde_json::from_value::<PriceUnit>(v).ok());
        let prefix = match p.side {
            Side::Own => "own",
            Side::Rent => "rent.0",
        };
        for e in p.all_entries() {
            let Ok(v) = e.value.to_json() else { continue };
            let mut numbers = Vec::new();
            collect(&v, e.key, &mut numbers);
            for (key, n) in numbers {
                let path = format!("{prefix}.{key}");
                assert_eq!(
                    hint(&path, unit, n, Some(n)),
                    None,
                    "preset {} at {path} = {n}",
                    p.id
                );
                if let Some(span) = slider_span(&path, unit, Some(n), Some(n)) {
                    assert!(span.min <= n && n <= span.max, "{} {path}: {span:?}", p.id);
                }
            }
        }
    }
}

fn collect(v: &Value, key: &str, out: &mut Vec<(String, Decimal)>) {
    match v {
        Value::Number(n) => {
            if let Ok(d) = n.to_string().parse() {
                out.push((key.to_owned(), d));
            }
        }
        Value::String(s) => {
            if let Ok(d) = s.parse() {
                out.push((key.to_owned(), d));
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                collect(v, &format!("{key}.{k}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn a_slider_follows_the_unit_and_the_preset() {
    // The bare-metal monthly price: 14,600 on a monthly slider, in steps of 100 (120,000 / 2,000
    // = 60, rounded up to a round step).
    let month = slider_span(
        "rent.5.price",
        Some(PriceUnit::InstanceMonth),
        Some(dec!(14600)),
        Some(dec!(14600)),
    )
    .unwrap();
    assert_eq!(
        (month.min, month.max, month.step),
        (dec!(0), dec!(120000), dec!(100))
    );
    // Per instance-hour: tenths (160 / 2,000 = 0.08, rounded up to a round step).
    let hour = slider_span(
        "rent.0.price",
        Some(PriceUnit::InstanceHour),
        Some(dec!(63.296)),
        Some(dec!(63.296)),
    )
    .unwrap();
    assert_eq!(
        (hour.min, hour.max, hour.step),
        (dec!(0), dec!(160), dec!(0.1))
    );
    // A server far above the usual range widens the slider to hold it well inside.
    let big = slider_span("own.price_per_server", None, Some(dec!(900000)), None).unwrap();
    assert_eq!((big.max, big.step), (dec!(2000000), dec!(1000)));
    // The slider's end is at least twice the preset's figure.
    let preset = slider_span(
        "own.price_per_server",
        None,
        Some(dec!(1)),
        Some(dec!(400000)),
    )
    .unwrap();
    assert_eq!(preset.max, dec!(1000000));
    // GPUs: 0 to 64 in ones, unless a load asks for more.
    let gpus = slider_span("calendar.batch.3.gpus", None, Some(dec!(8)), None).unwrap();
    assert_eq!(
        (gpus.min, gpus.max, gpus.step),
        (dec!(0), dec!(64), dec!(1))
    );
    let many = slider_span("calendar.service.gpus", None, Some(dec!(100)), None).unwrap();
    assert_eq!(many.max, dec!(200));
    assert!(slider_span("rent.0.label", None, None, None).is_none());
    assert!(field_range("calendar.working_days", None).is_some_and(|r| !r.hints));
}

fn decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        (any::<i64>(), 0u32..=28).prop_map(|(n, s)| Decimal::new(n, s)),
        (0i64..=10_000_000, 0u32..=4).prop_map(|(n, s)| Decimal::new(n, s)),
        Just(Decimal::MAX),
        Just(Decimal::MIN),
    ]
}

const PATHS: &[&str] = &[
    "rent.0.price",
    "rent.7.billing.spot_price",
    "own.price_per_server",
    "own.energy.price_per_kwh",
    "calendar.service.gpus",
    "horizon_months",
    "finance.usd_per_eur",
];

proptest! {
    #![proptest_config(config(256))]

    /// No panic for any value; a slider holds its value, runs upwards and has a positive step
    /// that divides it into at most a few thousand positions.
    #[test]
    fn spans_hold_the_value(
        path in proptest::sample::select(PATHS),
        unit in proptest::sample::select(&[None, Some(PriceUnit::GpuHour), Some(PriceUnit::InstanceHour), Some(PriceUnit::InstanceMonth)][..]),
        value in decimal(),
        preset in proptest::option::of(decimal()),
    ) {
        let _ = hint(path, unit, value, preset);
        if let Some(s) = slider_span(path, unit, Some(value), preset) {
            prop_assert!(s.min < s.max && s.step > Decimal::ZERO, "{s:?}");
            if value.abs() < dec!(1e20) {
                prop_assert!(s.min <= value && value <= s.max, "{value} in {s:?}");
                let positions = (s.max - s.min) / s.step;
                prop_assert!(positions <= dec!(4000), "{positions} positions in {s:?}");
            }
        }
        // A likely value is 1000 times the value or a thousandth of it.
        if let Some(Hint::Scale { likely, .. }) = hint(path, unit, value, preset) {
            prop_assert!(likely == value * dec!(1000) || likely == (value / dec!(1000)).normalize());
        }
    }
}

/// An option's unit switched with its prices converted (`convert_price`) costs what it did:
/// every default option and a spot and a capacity-block one, to every unit, within the
/// rounding of a price to 4 decimal places; the unit switched alone costs about 8 times as much
/// for an 8-GPU instance quoted per instance-hour read per GPU-hour.
#[test]
fn a_unit_switched_with_its_prices_costs_the_same() {
    use gpu_tco_core::inputs::convert_price;
    use gpu_tco_core::{Billing, Scenario, ServiceBilling, evaluate};
    let mut base = Scenario::default();
    let mut spot = base.rent[0].clone();
    spot.billing = Billing::SpotBatch {
        spot_price: dec!(20.5),
        rework_percent: dec!(5),
        service: ServiceBilling::AlwaysOn,
    };
    let mut block = base.rent[0].clone();
    block.billing = Billing::CapacityBlock {
        block_days: 7,
        blocks_per_year: 52,
        block_price: dec!(41.612),
    };
    base.rent.truncate(4);
    base.rent.extend([spot, block]);
    let before = evaluate(&base).unwrap();
    for i in 0..base.rent.len() {
        for to in [
            PriceUnit::GpuHour,
            PriceUnit::InstanceHour,
            PriceUnit::InstanceMonth,
        ] {
            let mut s = base.clone();
            let o = &mut s.rent[i];
            let (from, gpus) = (o.price_unit, o.gpus_per_instance);
            let convert = |p: Decimal| convert_price(p, from, to, gpus).unwrap();
            o.price = convert(o.price);
            match &mut o.billing {
                Billing::SpotBatch { spot_price, .. } => *spot_price = convert(*spot_price),
                Billing::CapacityBlock { block_price, .. } => *block_price = convert(*block_price),
                _ => {}
            }
            o.price_unit = to;
            let (a, b) = (
                before.rent[i].costs.total,
                evaluate(&s).unwrap().rent[i].costs.total,
            );
            assert!(
                (a - b).abs() <= a * dec!(0.0001),
                "option {i} to {to:?}: {a} -> {b}"
            );
        }
    }
    // The unit alone: option 0 (63.296 an 8-GPU instance-hour) read per GPU-hour.
    let mut s = base.clone();
    s.rent[0].price_unit = PriceUnit::GpuHour;
    let alone = evaluate(&s).unwrap().rent[0].costs.total;
    // Its GPU-hours 8 times as dear; its extras (storage, data out) as they were.
    let was = before.rent[0].costs.total;
    assert!(
        alone > was * dec!(7.9) && alone < was * dec!(8),
        "{was} -> {alone}"
    );
    // No GPUs, no rate.
    assert_eq!(
        convert_price(dec!(1), PriceUnit::GpuHour, PriceUnit::InstanceHour, 0),
        None
    );
}

/// A residual value that fits another service life is named, with the market's figure for the
/// life: each life from 1 to 10 years against its own figure (no hint), the default's 12.5 %
/// against each (a hint below 4 and above 5 years), 0 (scrapped) never.
#[test]
fn a_residual_for_another_life_is_named() {
    use gpu_tco_core::inputs::residual_hint;
    use gpu_tco_core::market_residual_percent;
    let market: Vec<Decimal> = (1..=10)
        .map(|y| market_residual_percent(y).unwrap())
        .collect();
    assert_eq!(
        market[..5],
        [dec!(64), dec!(41), dec!(26.2), dec!(16.8), dec!(10.7)]
    );
    for (i, likely) in market.iter().enumerate() {
        let life = u32::try_from(i + 1).unwrap();
        assert_eq!(residual_hint(life, *likely), None, "{life} years");
        assert_eq!(
            residual_hint(life, Decimal::ZERO),
            None,
            "{life} years, scrapped"
        );
        let named = residual_hint(life, dec!(12.5));
        let want = (life <= 3 || life >= 6).then_some(Hint::ResidualForLife {
            life_years: life,
            likely: *likely,
        });
        assert_eq!(named, want, "12.5% over {life} years");
    }
    assert_eq!(residual_hint(0, dec!(12.5)), None);
    assert_eq!(residual_hint(11, dec!(12.5)), None);
}

/// "About 1000 times" means 333 to 3000 times: 7,912 an hour for an 8-GPU instance whose preset
/// says 63.296 is 125 times it (a GPU's 7.912 typed with a thousands mark), named as far outside
/// the sourced range, not as 1000 times the preset with 7.912 as the likely value; 7.912 itself is one GPU's
/// price, and 63,296 is 1000 times the preset.
#[test]
fn about_a_thousand_times_is_about_a_thousand() {
    let path = "rent.0.price";
    let unit = Some(PriceUnit::InstanceHour);
    let preset = Some(dec!(63.296));
    assert_eq!(
        price_hint(path, unit, dec!(7912), preset, 8),
        Some(Hint::Outside {
            low: dec!(0.30),
            high: dec!(160)
        })
    );
    assert_eq!(
        price_hint(path, unit, dec!(7.912), preset, 8),
        Some(Hint::PerGpu {
            gpus: 8,
            likely: dec!(63.296)
        })
    );
    assert_eq!(
        price_hint(path, unit, dec!(63296), preset, 8),
        Some(Hint::Scale {
            likely: dec!(63.296),
            preset: true
        })
    );
}
