//! Benchmarks of the default scenario: `cargo bench -p gpu-tco-core --bench evaluate`.
//! Budget (DESIGN.md §6): `evaluate` ≤ 50 µs natively.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use gpu_tco_core::{
    Scenario, evaluate, heat_map, heat_map_grid, hybrid_sweep, share_curve, tornado,
};

fn bench(c: &mut Criterion) {
    let scenario = Scenario::default();
    c.bench_function("evaluate(default)", |b| {
        b.iter(|| evaluate(black_box(&scenario)))
    });
    c.bench_function("share_curve(default, 20 points)", |b| {
        b.iter(|| share_curve(black_box(&scenario), 20))
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
    let json = serde_json::to_value(&scenario).unwrap_or_default();
    c.bench_function("Scenario::from_value(default)", |b| {
        b.iter(|| Scenario::from_value(black_box(json.clone())))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
