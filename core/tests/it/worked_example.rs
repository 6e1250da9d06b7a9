use gpu_tco_core::{Scenario, evaluate};
use rust_decimal_macros::dec;

#[test]
fn placeholder() {
    let r = evaluate(&Scenario::default()).unwrap();
    assert_eq!(r.load.productive_hours, dec!(336));
}
