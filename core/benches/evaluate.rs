//! Benchmarks of the default scenario: `cargo bench -p gpu-tco-core --bench evaluate`.
//! Budget (DESIGN.md §6): `evaluate` ≤ 50 µs natively.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use gpu_tco_core::analysis::{heat_map, heat_map_grid, hybrid_sweep, tornado};
use gpu_tco_core::ranges::{Range, RangeInput, Sampling, preset_ranges, ranges_of, spread};
use gpu_tco_core::share::default_link_presets;
use gpu_tco_core::{Scenario, evaluate, share_curve};

fn bench(c: &mut Criterion) {
    let scenario = Scenario::default();
    c.bench_function("evaluate(default)", |b| {
        b.iter(|| evaluate(black_box(&scenario)))
    });
    c.bench_function("share_curve(default, 20 points)", |b| {
        b.iter(|| share_curve(black_box(&scenario), 20))
    });
    // The page on every input: the report and the share curve, each checking the scenario, or
    // both on one check.
    c.bench_function("evaluate + share_curve(default), each checked", |b| {
        b.iter(|| evaluate(black_box(&scenario)).and_then(|r| Ok((r, share_curve(&scenario, 20)?))))
    });
    c.bench_function("evaluate + share_curve(default), checked once", |b| {
        b.iter(|| {
            let checked = black_box(&scenario).check()?;
            Ok::<_, gpu_tco_core::Error>((checked.evaluate()?, checked.share_curve(20)?))
        })
    });
    c.bench_function("Scenario::check(default)", |b| {
        b.iter(|| black_box(&scenario).check().map(|c| c.profile().days.len()))
    });
    // The page's analysis section (issue 7), on the cheapest rent option (start/stop).
    c.bench_function("hybrid_sweep(default, start/stop)", |b| {
        b.iter(|| hybrid_sweep(black_box(&scenario), 1))
    });
    c.bench_function("tornado(default, start/stop)", |b| {
        b.iter(|| tornado(black_box(&scenario), 1))
    });
    c.bench_function("heat_map(default, 10 × 8 grid)", |b| {
        b.iter(|| {
            heat_map_grid(black_box(&scenario), 1)
                .and_then(|(s, t)| heat_map(black_box(&scenario), 1, &s, &t))
        })
    });
    // Issue 17: the spread over the default's sourced ranges (server price, colocation,
    // hardware support, staff, residual value, the six options' price change) and the
    // productive hours 280–400, at the default 200 samples; off the page's input hot path.
    let mut ranged = scenario.clone();
    let value = serde_json::to_value(&scenario).unwrap_or_default();
    ranged.ranges = preset_ranges(&scenario, &default_link_presets(&value))
        .map(|r| ranges_of(&r))
        .unwrap_or_default();
    ranged.ranges.inputs.insert(
        RangeInput::ProductiveHours,
        Range {
            low: 280.into(),
            high: 400.into(),
        },
    );
    let mut group = c.benchmark_group("spread");
    group.sample_size(20);
    group.bench_function("spread(default, sourced ranges, 200 samples)", |b| {
        b.iter(|| spread(black_box(&ranged), Sampling::default()))
    });
    // The browser test's case: one wide range on the server price; the rent options, whose
    // inputs do not move, are priced once.
    let mut server = scenario.clone();
    server.ranges.inputs.insert(
        RangeInput::ServerPrice,
        Range {
            low: 150000.into(),
            high: 900000.into(),
        },
    );
    group.bench_function("spread(default, server price only, 200 samples)", |b| {
        b.iter(|| spread(black_box(&server), Sampling::default()))
    });
    group.finish();
    let json = serde_json::to_value(&scenario).unwrap_or_default();
    c.bench_function("Scenario::from_value(default)", |b| {
        b.iter(|| Scenario::from_value(black_box(json.clone())))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
