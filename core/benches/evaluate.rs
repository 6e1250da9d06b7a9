//! Benchmarks of the default scenario: `cargo bench -p gpu-tco-core --bench evaluate`.
//! Budget (DESIGN.md §6): `evaluate` ≤ 50 µs natively.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use gpu_tco_core::{Scenario, evaluate, share_curve};

fn bench(c: &mut Criterion) {
    let scenario = Scenario::default();
    c.bench_function("evaluate(default)", |b| {
        b.iter(|| evaluate(black_box(&scenario)))
    });
    c.bench_function("share_curve(default, 20 points)", |b| {
        b.iter(|| share_curve(black_box(&scenario), 20))
    });
    let json = serde_json::to_value(&scenario).unwrap_or_default();
    c.bench_function("Scenario::from_value(default)", |b| {
        b.iter(|| Scenario::from_value(black_box(json.clone())))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
