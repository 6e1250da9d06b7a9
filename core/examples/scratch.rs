use gpu_tco_core::*;
fn main() {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    preset("own-h200-nvl-4")
        .unwrap()
        .apply(&mut v["own"])
        .unwrap();
    let mut s = Scenario::from_value(v).unwrap();
    s.calendar.service = Window {
        start_hour: 9,
        end_hour: 18,
        gpus: 4,
        days: Days::WorkingDays,
    };
    s.calendar.batch.clear();
    s.switching.start_date = Some("2026-12-01".into());
    let r = evaluate(&s).unwrap();
    println!("own {} {}", r.own.costs.label, r.own.costs.total);
    for x in &r.rent {
        println!(
            "{} total {} stop {} {:?} gpus {} ({}) sav {}",
            x.costs.label,
            x.costs.total,
            x.costs.stop.total,
            x.capacity,
            x.billed_gpus,
            x.needed_gpus,
            x.savings_with_own
        );
    }
    println!(
        "{:?}",
        r.answers.holds_capacity.as_ref().map(|a| (
            &a.label,
            a.total,
            a.savings_with_own,
            a.break_even_month,
            a.alternative
        ))
    );
    println!(
        "{:?}",
        r.answers.accepts_risk.as_ref().map(|a| (
            &a.label,
            a.total,
            a.savings_with_own,
            a.break_even_month,
            a.alternative
        ))
    );
    let mut s2 = Scenario::default();
    s2.switching.from_rent = Some(0);
    s2.switching.start_date = Some("2027-01-11".into());
    let r2 = evaluate(&s2).unwrap();
    println!("own switch {}", r2.own.costs.total);
}
