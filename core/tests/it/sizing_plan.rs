//! The sizing carried through the comparison (`gpu_tco_core::sizing::plan`): one sizing per
//! option, the counts written into the scenario, and the cost per 1M tokens against an API.

use gpu_tco_core::sizing::plan::{AgainstApi, Api, Side, average_rate, plan, token_table};
use gpu_tco_core::sizing::{
    ApiPrice, GpuChoice, GpuSpec, Inputs, Load, api_monthly_cost, api_offer, size,
};
use gpu_tco_core::{Currency, Error, Scenario, round};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::util::config;

fn catalogue(id: &str) -> Option<GpuChoice> {
    Some(GpuChoice::Catalogue(id.to_owned()))
}

fn gpus_of(inputs: &Inputs, id: &str) -> u32 {
    let s = size(inputs, &GpuChoice::Catalogue(id.to_owned())).unwrap();
    u32::try_from(s.choice.unwrap().gpus).unwrap()
}

#[test]
fn the_load_takes_owns_count_and_other_gpu_models_get_a_ratio() {
    let inputs = Inputs::default();
    let p = plan(
        &inputs,
        &[
            (Side::Own, catalogue("h200-sxm")),
            (Side::Rent(0), catalogue("h200-sxm")),
            (Side::Rent(1), catalogue("l40s")),
            (Side::Rent(2), None),
        ],
    )
    .unwrap();
    let h200 = gpus_of(&inputs, "h200-sxm");
    let l40s = gpus_of(&inputs, "l40s");
    assert!(
        l40s > h200,
        "an L40S (48 GB) needs more GPUs than an H200: {l40s} vs {h200}"
    );
    assert_eq!(p.reference, Some(Side::Own));
    assert_eq!(p.service_gpus(), Some(h200));
    // The same GPU model needs no ratio; another one carries its count over the load's.
    assert_eq!(p.ratio(Side::Rent(0)), None);
    let r = p.ratio(Side::Rent(1)).unwrap();
    assert_eq!((r.gpus, r.per), (l40s, h200));
    // An option without a GPU model keeps what it has.
    assert!(p.keeps(Side::Rent(2)));
    assert!(!p.keeps(Side::Rent(1)));
    assert_eq!(p.rows.len(), 4);
    assert!(p.rows[3].sizing.is_none());
}

#[test]
fn without_a_sized_own_the_first_sized_rent_option_is_the_reference() {
    let inputs = Inputs::default();
    let p = plan(
        &inputs,
        &[
            (Side::Own, None),
            (Side::Rent(0), catalogue("l40s")),
            (Side::Rent(1), catalogue("h200-sxm")),
        ],
    )
    .unwrap();
    assert_eq!(p.reference, Some(Side::Rent(0)));
    assert_eq!(p.service_gpus(), Some(gpus_of(&inputs, "l40s")));
    assert_eq!(p.ratio(Side::Rent(0)), None);
    let r = p.ratio(Side::Rent(1)).unwrap();
    assert_eq!(
        (r.gpus, r.per),
        (gpus_of(&inputs, "h200-sxm"), gpus_of(&inputs, "l40s"))
    );
}

#[test]
fn no_gpu_model_anywhere_changes_nothing() {
    let p = plan(
        &Inputs::default(),
        &[(Side::Own, None), (Side::Rent(0), None)],
    )
    .unwrap();
    assert_eq!(p.reference, None);
    assert_eq!(p.service_gpus(), None);
    assert!(p.keeps(Side::Own) && p.keeps(Side::Rent(0)));
}

#[test]
fn a_model_that_does_not_fit_one_gpu_model_keeps_that_option_as_it_is() {
    // Llama 3.1 405B in BF16 (≈ 756 GiB) fits no group of eight L40S (8 × 48 GB).
    let inputs = Inputs {
        model: gpu_tco_core::sizing::ModelChoice::Catalogue("llama-3.1-405b".into()),
        weight_precision: gpu_tco_core::sizing::Precision::Bf16,
        ..Inputs::default()
    };
    let p = plan(
        &inputs,
        &[
            (Side::Own, catalogue("b200")),
            (Side::Rent(0), catalogue("l40s")),
        ],
    )
    .unwrap();
    assert!(p.rows[1].sizing.as_ref().unwrap().choice.is_none());
    assert_eq!(p.rows[1].gpus, None);
    assert!(p.keeps(Side::Rent(0)));
    assert_eq!(p.ratio(Side::Rent(0)), None);
    assert!(p.service_gpus().is_some());
}

#[test]
fn invalid_inputs_are_the_plans_error_and_an_invalid_typed_gpu_the_rows_problem() {
    let bad = Inputs {
        context_tokens: 0,
        ..Inputs::default()
    };
    match plan(&bad, &[(Side::Own, catalogue("h200-sxm"))]) {
        Err(Error::OutOfRange { path, .. }) => assert_eq!(path, "sizing.context_tokens"),
        other => panic!("expected the context length out of range, got {other:?}"),
    }
    let typed = GpuSpec {
        visible_gib: dec!(0),
        bandwidth_gb_s: dec!(4800),
        fp8_dense_tflops: dec!(1979),
        bf16_dense_tflops: dec!(989),
        fp4: false,
        nvlink_domain: 8,
        max_per_server: 8,
    };
    let p = plan(
        &Inputs::default(),
        &[
            (Side::Own, Some(GpuChoice::Typed(typed))),
            (Side::Rent(0), catalogue("h200-sxm")),
        ],
    )
    .unwrap();
    match &p.rows[0].problem {
        Some(Error::OutOfRange { path, .. }) => assert_eq!(path, "sizing.gpu.typed.visible_gib"),
        other => panic!("expected the typed memory out of range, got {other:?}"),
    }
    assert_eq!(p.reference, Some(Side::Rent(0)));
}

#[test]
fn a_month_of_tokens_on_the_worked_example_against_an_api() {
    // 1,000 users × 10 requests an hour in each of the 252 hours of the worked example's service
    // window (12 h on 21 working days; the batch window runs other work), 1,155 + 211 tokens a
    // request.
    let scenario = Scenario::default();
    let checked = scenario.check().unwrap();
    let report = checked.evaluate().unwrap();
    let curve = checked.share_curve(20).unwrap();
    let inputs = Inputs::default();
    let p = plan(&inputs, &[(Side::Own, catalogue("h200-sxm"))]).unwrap();
    let offer = api_offer("together-llama-3.3-70b").unwrap();
    let api = Api {
        price: offer.price,
        currency: offer.currency,
    };
    let t = token_table(&checked, &report, &curve, &inputs, &p, &api).unwrap();
    assert_eq!(t.productive_hours, dec!(336));
    assert_eq!((t.token_hours, t.service_window), (dec!(252), true));
    assert_eq!(t.tokens.input, dec!(2910600000));
    assert_eq!(t.tokens.output, dec!(531720000));
    assert_eq!(t.requests_per_second, dec!(2.7778));
    // 3,442.32 M tokens × 0.88 USD ÷ 1.16 USD/EUR.
    assert_eq!(t.api_monthly, dec!(2611.4152));
    assert_eq!(t.api_price.input_per_million, dec!(0.7586));
    assert_eq!(t.api_per_million_total, Some(dec!(0.7586)));
    assert_eq!(t.rows.len(), 1 + scenario.rent.len());
    let own = &t.rows[0];
    assert_eq!(own.side, Side::Own);
    let months = Decimal::from(report.horizon_months);
    assert_eq!(own.monthly_cost, round(report.own.costs.total / months));
    // Per 1M output tokens: the month's cost over 531.72 M.
    let per_output = own.cost.per_million_output.unwrap();
    assert_eq!(
        per_output,
        round(report.own.costs.total / months / dec!(531.72))
    );
    // The server costs €11,602 a month; at this request rate even all 730 hours bring the API's
    // bill only to 2,611.42 × 730 / 336 ≈ €5,674: own never beats it, and neither does any
    // rent option (each costs more than that too).
    assert_eq!(own.against_api, AgainstApi::Never);
    assert!(t.rows.iter().all(|r| r.against_api == AgainstApi::Never));
    // The curve: cost per 1M tokens falls with the share for own.
    assert_eq!(t.curve.len(), 20);
    assert!(t.curve.first().unwrap().own > t.curve.last().unwrap().own);
    assert_eq!(t.curve[0].rent.len(), scenario.rent.len());
    // Own's 8 H200 serve at most: the sizing's throughput per GPU at 70 % busy, all month.
    let cap = own.capacity.unwrap();
    let per_gpu = p.rows[0]
        .sizing
        .as_ref()
        .unwrap()
        .throughput
        .tokens_per_second_per_gpu;
    assert_eq!(
        cap.output,
        (per_gpu * dec!(0.7) * dec!(8) * dec!(3600) * dec!(730)).round()
    );
    assert!(t.rows[1].capacity.is_none());
}

#[test]
fn a_dear_api_is_beaten_from_the_share_where_the_bills_meet() {
    // 10 USD per 1M tokens: the API bills €29,675 for the month, own costs €11,602.
    let scenario = Scenario::default();
    let checked = scenario.check().unwrap();
    let report = checked.evaluate().unwrap();
    let curve = checked.share_curve(20).unwrap();
    let inputs = Inputs::default();
    let p = plan(&inputs, &[]).unwrap();
    let api = Api {
        price: ApiPrice {
            input_per_million: dec!(10),
            output_per_million: dec!(10),
        },
        currency: Currency::Usd,
    };
    let t = token_table(&checked, &report, &curve, &inputs, &p, &api).unwrap();
    assert_eq!(t.api_monthly, round(dec!(3442.32) * dec!(10) / dec!(1.16)));
    let AgainstApi::From {
        share,
        tokens,
        today,
    } = t.rows[0].against_api
    else {
        panic!("own should beat a dear API: {:?}", t.rows[0].against_api);
    };
    assert!(today, "cheaper than the API today");
    assert!(
        share > Decimal::ZERO && share < report.load.productive_share,
        "{share}"
    );
    // At that share the API's bill for its tokens is own's cost a month (own's cost hardly
    // moves with the share: only its power does).
    let api_then = api_monthly_cost(&tokens, &api.price).unwrap() / dec!(1.16);
    let own_monthly = t.rows[0].monthly_cost;
    assert!(
        ((api_then - own_monthly) / own_monthly).abs() < dec!(0.02),
        "{api_then} vs {own_monthly}"
    );
    // The tokens keep the month's proportion of input to output.
    assert!((tokens.input / tokens.output - dec!(1155) / dec!(211)).abs() < dec!(0.0001));
    // An option billed by the hour meets it elsewhere, but every answer is one of the three.
    for r in &t.rows {
        match r.against_api {
            AgainstApi::From { share, .. } => {
                assert!(share > Decimal::ZERO && share <= Decimal::ONE)
            }
            AgainstApi::Never | AgainstApi::ApiFree => {}
        }
    }
}

#[test]
fn a_looser_latency_never_needs_more_gpus() {
    // 70B FP8 for 1,000 users: at the relaxed 200 ms per token each request stays 44 s and 123
    // are in flight, whose KV cache needs more memory than chat speed's 25: sized at chat speed.
    let relaxed = Inputs {
        latency: gpu_tco_core::sizing::LatencyClass::Relaxed,
        ..Inputs::default()
    };
    for gpu in ["h200-sxm", "l40s", "rtx-pro-6000"] {
        let chat = gpus_of(&Inputs::default(), gpu);
        let loose = gpus_of(&relaxed, gpu);
        assert!(loose <= chat, "{gpu}: relaxed {loose} > chat {chat}");
    }
    let s = size(&relaxed, &GpuChoice::Catalogue("h200-sxm".into())).unwrap();
    assert!(
        s.warnings
            .contains(&gpu_tco_core::sizing::Warning::SizedAtChatSpeed)
    );
    assert_eq!(s.choice.unwrap().gpus, 2);
}

#[test]
fn the_average_rate_leaves_the_peak_factor_out() {
    let inputs = Inputs {
        load: Load::Users {
            users: 360,
            requests_per_user_hour: dec!(10),
            peak_factor: dec!(2),
        },
        ..Inputs::default()
    };
    let p = plan(&inputs, &[]).unwrap();
    assert_eq!(p.demand.requests_per_second, dec!(2));
    assert_eq!(average_rate(&inputs, &p.demand).unwrap(), dec!(1));
}

#[test]
fn an_api_that_charges_nothing_always_wins() {
    let scenario = Scenario::default();
    let checked = scenario.check().unwrap();
    let report = checked.evaluate().unwrap();
    let curve = checked.share_curve(10).unwrap();
    let inputs = Inputs::default();
    let p = plan(&inputs, &[]).unwrap();
    let api = Api {
        price: ApiPrice {
            input_per_million: Decimal::ZERO,
            output_per_million: Decimal::ZERO,
        },
        currency: Currency::Eur,
    };
    let t = token_table(&checked, &report, &curve, &inputs, &p, &api).unwrap();
    assert_eq!(t.api_monthly, Decimal::ZERO);
    assert!(t.rows.iter().all(|r| r.against_api == AgainstApi::ApiFree));
}

proptest! {
    #![proptest_config(config(64))]

    /// Any bounded load gives a plan or a typed error, never a panic; more users never need
    /// fewer GPUs on any option.
    #[test]
    fn more_users_never_need_fewer_gpus(users in 0u32..200_000, more in 0u32..50_000, rph in 0u32..60) {
        let at = |u: u32| Inputs {
            load: Load::Users { users: u, requests_per_user_hour: Decimal::from(rph), peak_factor: Decimal::ONE },
            ..Inputs::default()
        };
        let rows = [
            (Side::Own, catalogue("h200-sxm")),
            (Side::Rent(0), catalogue("l40s")),
            (Side::Rent(1), catalogue("rtx-pro-6000")),
        ];
        let (a, b) = (plan(&at(users), &rows), plan(&at(users + more), &rows));
        if let (Ok(a), Ok(b)) = (a, b) {
            for (x, y) in a.rows.iter().zip(&b.rows) {
                if let (Some(x), Some(y)) = (x.gpus, y.gpus) {
                    prop_assert!(y >= x);
                }
            }
        }
    }
}

#[test]
fn the_sizings_inputs_travel_in_the_file_and_the_link() {
    use gpu_tco_core::share::{from_fragment, to_fragment};
    let mut s = Scenario::default();
    assert!(!to_fragment(&s).contains("sizing"), "none by default");
    let inputs = Inputs {
        model: gpu_tco_core::sizing::ModelChoice::Catalogue("qwen3-32b".into()),
        load: Load::Users {
            users: 500,
            requests_per_user_hour: dec!(12),
            peak_factor: dec!(1.5),
        },
        ..Inputs::default()
    };
    s.sizing = Some(serde_json::to_value(&inputs).unwrap());
    // The file: the same inputs back.
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(Scenario::from_json(&json).unwrap(), s);
    // The link: one pair, after the rest, read back to the same scenario.
    let link = to_fragment(&s);
    assert!(link.starts_with("v=2&sizing=%7B"), "{link}");
    assert_eq!(from_fragment(&link).unwrap(), s);
    // The report does not change with them.
    assert_eq!(
        gpu_tco_core::evaluate(&s).unwrap(),
        gpu_tco_core::evaluate(&Scenario::default()).unwrap()
    );
    // Not JSON: refused at the key.
    match from_fragment("v=2&sizing=%7Bnope") {
        Err(Error::Malformed { path, .. }) => assert_eq!(path, "sizing"),
        other => panic!("expected a malformed sizing, got {other:?}"),
    }
    // A value out of range reads (it changes no figure) and the sizing says where it is.
    let back = from_fragment(&link).unwrap();
    assert_eq!(
        Inputs::from_kept(back.sizing.as_ref().unwrap()).unwrap(),
        inputs
    );
    let odd = from_fragment("v=2&sizing=%7B%22context_tokens%22%3A0%7D").unwrap();
    let odd = Inputs::from_kept(odd.sizing.as_ref().unwrap()).unwrap();
    match plan(&odd, &[]) {
        Err(Error::OutOfRange { path, .. }) => assert_eq!(path, "sizing.context_tokens"),
        other => panic!("expected the context out of range, got {other:?}"),
    }
    // A field the inputs do not know: the scenario reads, the sizing refuses it.
    let unknown = from_fragment("v=2&sizing=%7B%22nope%22%3A1%7D").unwrap();
    match Inputs::from_kept(unknown.sizing.as_ref().unwrap()) {
        Err(Error::Malformed { path, .. }) => assert_eq!(path, "sizing"),
        other => panic!("expected the sizing's shape refused, got {other:?}"),
    }
    // Not an object: refused with the scenario.
    assert!(from_fragment("v=2&sizing=3").is_err());
}
