//! Benchmark of the default scenario: `cargo bench -p gpu-tco-core --bench evaluate`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use gpu_tco_core::{Scenario, evaluate};

fn bench(c: &mut Criterion) {
    let scenario = Scenario::default();
    c.bench_function("evaluate(default)", |b| {
        b.iter(|| evaluate(black_box(&scenario)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
