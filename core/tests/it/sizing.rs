//! Sizing from the model and the load, and cost per 1M tokens (`gpu_tco_core::sizing`): the
//! worked checks of SIZING.md §7.4, KV bytes per token by hand, a case per warning, laws.

use gpu_tco_core::presets::presets;
use gpu_tco_core::sizing::{
    ApiPrice, Attention, Benchmark, Binding, Fit, GpuChoice, GpuSpec, Inputs, KvPrecision,
    LatencyClass, Load, ModelChoice, ModelSpec, Precision, Residency, Sizing, ThroughputBasis,
    Tokens, Warning, WeightBasis, api_monthly_cost, api_offer, api_offers, beats_api_from,
    cost_per_million, gpu, gpu_for_preset, gpus, kv_bytes_per_sequence, kv_bytes_per_token,
    kv_bytes_per_token_nominal, model, models, size, tokens_per_month,
};
use gpu_tco_core::{Error, HOURS_PER_MONTH};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::util::config;

fn catalogue(id: &str) -> GpuChoice {
    GpuChoice::Catalogue(id.to_owned())
}

/// Inputs for `model` with `sequences` concurrent sequences, each holding the full
/// `context` tokens (the assumption of §7.4).
fn concurrent(model: &str, context: u32, sequences: u32) -> Inputs {
    Inputs {
        model: ModelChoice::Catalogue(model.to_owned()),
        context_tokens: context,
        load: Load::Concurrent { sequences },
        resident: Residency::Full,
        ..Inputs::default()
    }
}

fn sized(inputs: &Inputs, gpu: &str) -> Sizing {
    size(inputs, &catalogue(gpu)).unwrap()
}

/// Per tensor-parallel size 1, 2, 4, 8: (sequences per replica, GPUs), `None` where the size is
/// not allowed or the model does not fit.
fn table(s: &Sizing) -> Vec<(u32, Option<u64>, Option<u64>)> {
    s.candidates
        .iter()
        .map(|c| (c.tp, c.sequences_per_replica, c.gpus))
        .collect()
}

fn answer(s: &Sizing) -> (u64, u32) {
    let c = s.choice.unwrap();
    (c.gpus, c.tp)
}

fn has(s: &Sizing, f: impl Fn(&Warning) -> bool) -> bool {
    s.warnings.iter().any(f)
}

// ----- §7.4 A: Llama 3.3 70B FP8, 8k context, 100 sequences at full length -------------------

#[test]
fn check_a_h200_sxm() {
    let inputs = concurrent("llama-3.3-70b", 8192, 100);
    let s = sized(&inputs, "h200-sxm");
    // 67.72 GiB measured; 100 × 8,192 × 327,680 B = 250 GiB of KV.
    assert_eq!(s.weight_gib, dec!(67.72));
    assert_eq!(s.weight_basis, WeightBasis::Measured);
    assert_eq!(
        s.kv_bytes_full_request * dec!(100) / dec!(1073741824),
        dec!(250)
    );
    // 140.4 × 0.9 − 5.65 = 120.71 GiB per GPU at TP 1, 140.4 × 0.9 − 6.1 at TP ≥ 2.
    assert_eq!(s.candidates[0].budget_gib_per_gpu, dec!(120.710));
    assert_eq!(s.candidates[1].budget_gib_per_gpu, dec!(120.260));
    assert_eq!(
        table(&s),
        vec![
            (1, Some(21), Some(5)),
            (2, Some(69), Some(4)),
            (4, Some(165), Some(4)),
            (8, Some(357), Some(8)),
        ]
    );
    let c = s.choice.unwrap();
    assert_eq!((c.gpus, c.tp, c.replicas), (4, 2, 2));
    assert_eq!(c.binding, Binding::Memory);
    // Throughput: 100 sequences at 0.5 s + 211 × 40 ms = 8.94 s is 11.19 requests per second,
    // 2,360 output tokens per second, 1.17 H200 at 70 % of MLPerf Interactive's 2,885.
    assert_eq!(s.throughput.tokens_per_second_per_gpu, dec!(2885));
    assert_eq!(s.throughput.basis, ThroughputBasis::Measured);
    assert_eq!(c.throughput_gpus_exact.round_dp(2), dec!(1.17));
    assert_eq!(c.throughput_gpus, 2);
    assert!(has(&s, |w| matches!(
        w,
        Warning::FullContextForEverySequence
    )));
    assert!(!has(&s, |w| matches!(w, Warning::TpOverPcie { .. })));
}

#[test]
fn check_a_h200_sxm_with_fp8_kv() {
    let inputs = Inputs {
        kv_precision: KvPrecision::Fp8,
        ..concurrent("llama-3.3-70b", 8192, 100)
    };
    let s = sized(&inputs, "h200-sxm");
    assert_eq!(s.candidates[0].sequences_per_replica, Some(42));
    assert_eq!(s.candidates[0].gpus, Some(3));
    assert_eq!(s.candidates[1].sequences_per_replica, Some(138));
    assert_eq!(answer(&s), (2, 2));
    // 1.17 GPUs for throughput in one replica of 2: memory still binds.
    assert_eq!(s.choice.unwrap().binding, Binding::Memory);
}

#[test]
fn check_a_h200_nvl() {
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "h200-nvl");
    let gpus: Vec<_> = s.candidates.iter().map(|c| c.gpus).collect();
    assert_eq!(gpus, vec![Some(5), Some(4), Some(4), Some(8)]);
    // Beyond the 4-way bridge it is PCIe.
    let pcie: Vec<_> = s.candidates.iter().map(|c| c.over_pcie).collect();
    assert_eq!(pcie, vec![false, false, false, true]);
    assert_eq!(answer(&s), (4, 2));
    assert_eq!(s.throughput.tokens_per_second_per_gpu, dec!(2052));
}

#[test]
fn check_a_h100() {
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "h100-sxm");
    assert_eq!(s.candidates[0].fit, Fit::WeightsDoNotFit);
    assert_eq!(
        table(&s),
        vec![
            (1, None, None),
            (2, Some(25), Some(8)),
            (4, Some(77), Some(8)),
            (8, Some(181), Some(8)),
        ]
    );
    assert_eq!(answer(&s), (8, 2));
    // No 70B row for the H100: the H200's, × 3.35 / 4.8 TB/s.
    assert_eq!(s.throughput.basis, ThroughputBasis::BandwidthScaled);
    assert_eq!(
        s.throughput.tokens_per_second_per_gpu.round_dp(1),
        dec!(2013.5)
    );
}

#[test]
fn check_a_rtx_pro_6000() {
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "rtx-pro-6000");
    assert_eq!(
        table(&s),
        vec![
            (1, Some(5), Some(20)),
            (2, Some(36), Some(6)),
            (4, Some(100), Some(4)),
            (8, Some(228), Some(8)),
        ]
    );
    assert_eq!(answer(&s), (4, 4));
    assert!(has(&s, |w| *w
        == Warning::TpOverPcie {
            tp: 4,
            nvlink_domain: 1
        }));
    // Its own Server row (3,251, FP4) × the H200's Interactive / Server ratio.
    assert_eq!(s.throughput.basis, ThroughputBasis::ClassScaled);
    assert_eq!(
        s.throughput.tokens_per_second_per_gpu.round_dp(0),
        (dec!(3251) * dec!(2885) / dec!(4274)).round_dp(0)
    );
}

#[test]
fn check_a_l40s() {
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "l40s");
    assert_eq!(s.candidates[0].fit, Fit::WeightsDoNotFit);
    // Two cards hold the weights and 1.08 GiB, less than one 2.5 GiB request.
    assert_eq!(s.candidates[1].fit, Fit::FullRequestDoesNotFit);
    assert_eq!(s.candidates[2].sequences_per_replica, Some(27));
    assert_eq!(answer(&s), (16, 4));
    assert!(has(&s, |w| matches!(w, Warning::TpOverPcie { tp: 4, .. })));
}

#[test]
fn check_a_calibration_against_llm_d() {
    // llm-d measured 32.0 GiB of KV per GPU for 70B FP8 at TP 2 on an H100; the default
    // overheads (6.1 GiB) give 31.3, conservative by 0.7. With llm-d's measured overheads at
    // TP 2 (activation 4.84, non-torch 0.55) the method gives the measured 32.0 (SIZING.md says
    // 32.4, which is the TP 1 non-torch figure of 0.13).
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "h100-sxm");
    let per_gpu = s.candidates[1].kv_gib_per_replica / dec!(2);
    assert_eq!(per_gpu.round_dp(1), dec!(31.3));
    let measured = Inputs {
        activation_gib: Some(dec!(4.84) + dec!(0.55) - dec!(0.6)),
        ..concurrent("llama-3.3-70b", 8192, 100)
    };
    let m = sized(&measured, "h100-sxm");
    assert_eq!(
        (m.candidates[1].kv_gib_per_replica / dec!(2)).round_dp(1),
        dec!(32.0)
    );
}

// ----- §7.4 B: Llama 3.1 8B BF16 on one L40S --------------------------------------------------

#[test]
fn check_b_llama_8b_on_l40s() {
    let inputs = Inputs {
        weight_precision: Precision::Bf16,
        ..concurrent("llama-3.1-8b", 4096, 32)
    };
    let s = sized(&inputs, "l40s");
    assert_eq!(s.weight_gib, dec!(14.99));
    // 19.86 GiB of KV room, 162k tokens, 39 sequences of 4k.
    assert_eq!(s.candidates[0].kv_gib_per_replica, dec!(19.860));
    let tokens = s.candidates[0].kv_gib_per_replica * dec!(1073741824) / s.kv_bytes_per_token;
    assert_eq!(tokens.floor(), dec!(162693));
    assert_eq!(s.candidates[0].sequences_per_replica, Some(39));
    assert_eq!(s.choice.unwrap().memory_gpus, 1);
    // At chat speed the L40S's Server row scaled to Interactive (1,006 tok/s) at 70 % busy
    // serves 704 of the 755 tokens per second asked: throughput binds at 2 cards.
    let c = s.choice.unwrap();
    assert_eq!((c.gpus, c.binding), (2, Binding::Throughput));
    // Fully busy, or at MLPerf Server's 200 ms per token, one card does it.
    let busy = Inputs {
        target_busy: dec!(1),
        ..inputs.clone()
    };
    assert_eq!(answer(&sized(&busy, "l40s")), (1, 1));
    let relaxed = Inputs {
        latency: LatencyClass::Relaxed,
        ..inputs
    };
    let r = sized(&relaxed, "l40s");
    assert_eq!(r.throughput.tokens_per_second_per_gpu, dec!(1207));
    assert_eq!(answer(&r), (1, 1));
    assert_eq!(r.choice.unwrap().binding, Binding::Memory);
}

// ----- §7.4 C: gpt-oss-120b, sliding windows -------------------------------------------------

#[test]
fn check_c_gpt_oss_120b() {
    let inputs = Inputs {
        weight_precision: Precision::Fp4,
        activation_gib: Some(dec!(7.38)),
        ..concurrent("gpt-oss-120b", 8192, 100)
    };
    let h200 = sized(&inputs, "h200-sxm");
    assert_eq!(h200.weight_gib, dec!(64.38));
    // 18 full layers per token, the 18 sliding ones hold 128 tokens each.
    assert_eq!(h200.kv_bytes_per_token, dec!(36864));
    assert_eq!(
        h200.kv_bytes_per_sequence,
        dec!(36864) * dec!(8192) + dec!(18) * dec!(128) * dec!(2048)
    );
    assert_eq!(h200.candidates[0].sequences_per_replica, Some(190));
    assert_eq!(answer(&h200), (1, 1));
    assert!(has(&h200, |w| matches!(w, Warning::ContextDependentKv)));
    assert!(has(&h200, |w| matches!(
        w,
        Warning::MoeMemoryByTotal { .. }
    )));
    assert!(has(&h200, |w| matches!(w, Warning::Fp4WithoutFp4Cores)));

    let rtx = sized(&inputs, "rtx-pro-6000");
    assert_eq!(rtx.candidates[0].sequences_per_replica, Some(49));
    assert_eq!(rtx.candidates[0].gpus, Some(3));
    assert_eq!(rtx.candidates[1].gpus, Some(2));
    assert_eq!(answer(&rtx), (2, 2));
    assert!(!has(&rtx, |w| matches!(w, Warning::Fp4WithoutFp4Cores)));

    // Every layer at full context would double the KV per token and halve the capacity.
    let spec = model("gpt-oss-120b").unwrap().spec;
    assert_eq!(
        kv_bytes_per_token_nominal(&spec, KvPrecision::Bf16).unwrap(),
        dec!(73728)
    );
    let naive = Inputs {
        model: ModelChoice::Typed(ModelSpec {
            attention: Attention::Full,
            ..spec
        }),
        weight_gib: Some(dec!(64.38)),
        ..inputs
    };
    assert_eq!(
        sized(&naive, "h200-sxm").candidates[0].sequences_per_replica,
        Some(96)
    );
}

// ----- §7.4 D: Qwen3-235B-A22B, 4 KV heads ----------------------------------------------------

#[test]
fn check_d_qwen3_235b() {
    let inputs = concurrent("qwen3-235b-a22b", 32768, 50);
    let s = sized(&inputs, "h200-sxm");
    // 235 × 10^9 bytes in FP8 ≈ 219 GiB.
    assert_eq!(s.weight_basis, WeightBasis::Parameters);
    assert_eq!(s.weight_gib.round_dp(0), dec!(219));
    assert_eq!(s.activation_gib, dec!(8.0));
    let t4 = s.candidates[2];
    let t8 = s.candidates[3];
    assert_eq!(
        (t4.tp, t4.sequences_per_replica, t4.gpus),
        (4, Some(42), Some(8))
    );
    assert_eq!(t8.kv_duplication, dec!(2));
    assert_eq!(
        (t8.tp, t8.sequences_per_replica, t8.gpus),
        (8, Some(61), Some(8))
    );
    assert_eq!(answer(&s), (8, 4));

    let fp8 = Inputs {
        kv_precision: KvPrecision::Fp8,
        ..inputs.clone()
    };
    let f = sized(&fp8, "h200-sxm");
    assert_eq!(f.candidates[2].sequences_per_replica, Some(85));
    assert_eq!(answer(&f), (4, 4));

    // H200 NVL: the same 8, two NVL4 quads.
    let nvl = sized(&inputs, "h200-nvl");
    assert_eq!(answer(&nvl), (8, 4));
    assert_eq!(nvl.choice.unwrap().replicas, 2);
}

// ----- §7.4 E: cost per 1M output tokens on H200 ----------------------------------------------

/// Cost per 1M output tokens of one GPU at `rate` per GPU-hour serving 2,885 tok/s for the
/// `busy` share of the month.
fn per_million_output(rate: Decimal, busy: Decimal) -> Decimal {
    let monthly = rate * HOURS_PER_MONTH;
    let tokens = tokens_per_month(dec!(1), dec!(0), dec!(2885), HOURS_PER_MONTH * busy).unwrap();
    cost_per_million(monthly, &tokens)
        .unwrap()
        .per_million_output
        .unwrap()
}

#[test]
fn check_e_cost_per_million_output_tokens() {
    // By hand: rate / (2,885 × 3,600) × 10^6.
    assert_eq!(
        per_million_output(dec!(7.912), dec!(1)).round_dp(20),
        (dec!(7.912) / dec!(10386000) * dec!(1000000)).round_dp(20)
    );
    for (rate, full, half) in [
        (dec!(7.912), dec!(0.76), dec!(1.52)),
        (dec!(3.50), dec!(0.34), dec!(0.67)),
        (dec!(1.41), dec!(0.14), dec!(0.27)),
    ] {
        assert_eq!(
            per_million_output(rate, dec!(1)).round_dp(2),
            full,
            "{rate}"
        );
        assert_eq!(
            per_million_output(rate, dec!(0.5)).round_dp(2),
            half,
            "{rate}"
        );
    }
    // 8 GPUs of a p5en: the same per token.
    let monthly = dec!(63.296) * HOURS_PER_MONTH;
    let tokens = tokens_per_month(dec!(8), dec!(0), dec!(2885), HOURS_PER_MONTH).unwrap();
    let c = cost_per_million(monthly, &tokens).unwrap();
    assert_eq!(c.per_million_output.unwrap().round_dp(2), dec!(0.76));
}

#[test]
fn check_e_per_chat_request() {
    let request = Tokens {
        input: dec!(1155),
        output: dec!(211),
    };
    // The rented p5en at 100 % busy: 211 output tokens at $0.7618 per 1M.
    let p5en = dec!(211) * per_million_output(dec!(7.912), dec!(1)) / dec!(1000000);
    assert_eq!(p5en.round_dp(5), dec!(0.00016));
    let api = |id: &str| {
        api_monthly_cost(&request, &api_offer(id).unwrap().price)
            .unwrap()
            .round_sf(2)
            .unwrap()
    };
    assert_eq!(api("lambda-llama-3.3-70b"), dec!(0.00020));
    assert_eq!(api("together-llama-3.3-70b"), dec!(0.0012));
    assert_eq!(api("openai-gpt-4.1-mini"), dec!(0.00080));
    assert_eq!(api("openai-gpt-4o-mini"), dec!(0.00030));
    // By hand: 1,155 × 0.15 + 211 × 0.60 = 299.85 millionths.
    assert_eq!(
        api_monthly_cost(&request, &api_offer("openai-gpt-4o-mini").unwrap().price).unwrap(),
        dec!(0.00029985)
    );
}

#[test]
fn blended_cost_and_break_even_by_hand() {
    let tokens = Tokens {
        input: dec!(3000000),
        output: dec!(1000000),
    };
    let c = cost_per_million(dec!(1000), &tokens).unwrap();
    assert_eq!(c.per_million_output, Some(dec!(1000)));
    assert_eq!(c.per_million_total, Some(dec!(250)));
    // No tokens: no cost per token.
    let none = cost_per_million(dec!(1000), &Tokens::default()).unwrap();
    assert_eq!(
        (none.per_million_output, none.per_million_total),
        (None, None)
    );

    // A p5en held all month (46,206.08) against Together's 0.88 / 0.88: it beats the API from
    // 46,206.08 / 0.88 × 10^6 = 52.5 billion tokens a month, in the chat mix.
    let monthly = dec!(63.296) * HOURS_PER_MONTH;
    let mix = Tokens {
        input: dec!(1155),
        output: dec!(211),
    };
    let price = api_offer("together-llama-3.3-70b").unwrap().price;
    let from = beats_api_from(monthly, &mix, &price).unwrap().unwrap();
    assert_eq!(
        from.total().unwrap().round_dp(0),
        (monthly / dec!(0.88) * dec!(1000000)).round_dp(0)
    );
    assert_eq!(
        (from.input / from.output).round_dp(6),
        (dec!(1155) / dec!(211)).round_dp(6)
    );
    // There the API costs the same as the option.
    assert_eq!(
        api_monthly_cost(&from, &price).unwrap().round_dp(6),
        monthly.round_dp(6)
    );
    // A free API always wins; a free option wins from zero tokens.
    let free = ApiPrice {
        input_per_million: dec!(0),
        output_per_million: dec!(0),
    };
    assert_eq!(beats_api_from(monthly, &mix, &free).unwrap(), None);
    assert_eq!(
        beats_api_from(dec!(0), &mix, &price).unwrap(),
        Some(Tokens {
            input: dec!(0),
            output: dec!(0)
        })
    );
}

#[test]
fn cost_errors_are_typed() {
    let tokens = Tokens {
        input: dec!(1),
        output: dec!(1),
    };
    let e = cost_per_million(dec!(-1), &tokens).unwrap_err();
    assert_eq!(e.path(), "sizing.cost.monthly_cost");
    let bad = Tokens {
        input: dec!(-5),
        output: dec!(1),
    };
    assert_eq!(
        cost_per_million(dec!(1), &bad).unwrap_err().path(),
        "sizing.tokens.input"
    );
    let price = ApiPrice {
        input_per_million: dec!(1),
        output_per_million: dec!(-1),
    };
    assert_eq!(
        api_monthly_cost(&tokens, &price).unwrap_err().path(),
        "sizing.api.output_per_million"
    );
    let huge = Tokens {
        input: Decimal::MAX,
        output: Decimal::MAX,
    };
    assert!(matches!(
        api_monthly_cost(
            &huge,
            &ApiPrice {
                input_per_million: dec!(2),
                output_per_million: dec!(2)
            }
        ),
        Err(Error::Overflow { .. })
    ));
}

// ----- KV bytes per token of every catalogue model, by hand ----------------------------------

#[test]
fn kv_bytes_per_token_of_every_catalogue_model() {
    // 2 × layers (full-attention ones) × KV heads × head dim × 2 bytes; MLA: layers × (512 + 64)
    // × 2. The figures of SIZING.md §2 in the comments.
    let by_hand: &[(&str, u64)] = &[
        ("llama-3.1-8b", 2 * 32 * 8 * 128 * 2),    // 131,072
        ("llama-3.3-70b", 2 * 80 * 8 * 128 * 2),   // 327,680
        ("llama-3.1-405b", 2 * 126 * 8 * 128 * 2), // 516,096
        ("qwen2.5-7b", 2 * 28 * 4 * 128 * 2),      // 57,344
        ("qwen2.5-32b", 2 * 64 * 8 * 128 * 2),     // 262,144
        ("qwen2.5-72b", 2 * 80 * 8 * 128 * 2),     // 327,680
        ("deepseek-r1-distill-llama-70b", 2 * 80 * 8 * 128 * 2), // 327,680
        ("qwen3-8b", 2 * 36 * 8 * 128 * 2),        // 147,456
        ("qwen3-32b", 2 * 64 * 8 * 128 * 2),       // 262,144
        ("qwen3-30b-a3b", 2 * 48 * 4 * 128 * 2),   // 98,304
        ("qwen3-235b-a22b", 2 * 94 * 4 * 128 * 2), // 192,512
        ("mixtral-8x7b", 2 * 32 * 8 * 128 * 2),    // 131,072
        ("mistral-small-3.1", 2 * 40 * 8 * 128 * 2), // 163,840
        ("gpt-oss-20b", 2 * 12 * 8 * 64 * 2),      // 24,576 (12 full layers)
        ("gpt-oss-120b", 2 * 18 * 8 * 64 * 2),     // 36,864 (18 full layers)
        ("deepseek-v3", 61 * (512 + 64) * 2),      // 70,272
        ("gemma-3-27b", 2 * 10 * 16 * 128 * 2),    // 81,920 (10 global layers)
        ("gemma-4-31b", 2 * 10 * 16 * 256 * 2),    // 163,840 (10 full layers)
        ("qwen3.5-27b", 2 * 16 * 4 * 256 * 2),     // 65,536 (16 full layers)
        ("qwen3.5-35b-a3b", 2 * 10 * 2 * 256 * 2), // 20,480 (10 full layers)
    ];
    let printed: &[u64] = &[
        131_072, 327_680, 516_096, 57_344, 262_144, 327_680, 327_680, 147_456, 262_144, 98_304,
        192_512, 131_072, 163_840, 24_576, 36_864, 70_272, 81_920, 163_840, 65_536, 20_480,
    ];
    assert_eq!(
        by_hand.len(),
        models().len(),
        "a model without a hand figure"
    );
    for ((id, bytes), printed) in by_hand.iter().zip(printed) {
        assert_eq!(bytes, printed, "{id}");
        let spec = model(id).unwrap().spec;
        assert_eq!(
            kv_bytes_per_token(&spec, KvPrecision::Bf16).unwrap(),
            Decimal::from(*bytes),
            "{id}"
        );
        // FP8 halves it.
        assert_eq!(
            kv_bytes_per_token(&spec, KvPrecision::Fp8).unwrap() * dec!(2),
            Decimal::from(*bytes),
            "{id}"
        );
    }
    // The gallery counts every layer at full context: Gemma 3 27B 496 KiB, gpt-oss-20b 48 KiB.
    let nominal =
        |id: &str| kv_bytes_per_token_nominal(&model(id).unwrap().spec, KvPrecision::Bf16).unwrap();
    assert_eq!(nominal("gemma-3-27b"), dec!(507904));
    assert_eq!(nominal("gpt-oss-20b"), dec!(49152));
    assert_eq!(nominal("deepseek-v3"), dec!(70272));
    // Llama 3.x 70B: one 8k sequence holds 2.5 GiB.
    let llama = model("llama-3.3-70b").unwrap().spec;
    assert_eq!(
        kv_bytes_per_sequence(&llama, KvPrecision::Bf16, 8192).unwrap(),
        dec!(2.5) * dec!(1073741824)
    );
    // A window longer than the sequence holds only the sequence.
    let gemma = model("gemma-3-27b").unwrap().spec;
    assert_eq!(
        kv_bytes_per_sequence(&gemma, KvPrecision::Bf16, 100).unwrap(),
        dec!(100) * dec!(81920) + dec!(52) * dec!(100) * dec!(2) * dec!(16) * dec!(128) * dec!(2)
    );
}

// ----- a case per warning ---------------------------------------------------------------------

#[test]
fn warning_does_not_fit() {
    // DeepSeek-V3 in FP8 (625 GiB) on L40S cards: not even 8 of them hold it.
    let s = sized(&concurrent("deepseek-v3", 8192, 10), "l40s");
    assert_eq!(s.choice, None);
    assert!(has(&s, |w| matches!(
        w,
        Warning::DoesNotFit { largest_tp: 8, .. }
    )));
    assert!(s.candidates.iter().all(|c| c.fit == Fit::WeightsDoNotFit));
}

#[test]
fn warning_full_request_does_not_fit() {
    // Llama 3.1 405B FP8 (377 GiB) on 8 H100 at 75 % of their memory (drivers hiding some):
    // the weights fit, one 128k request (63 GiB of KV) does not.
    let inputs = Inputs {
        gpu_memory_utilization: dec!(0.75),
        ..concurrent("llama-3.1-405b", 131072, 1)
    };
    let s = sized(&inputs, "h100-sxm");
    assert_eq!(s.choice, None);
    assert_eq!(s.candidates[3].fit, Fit::FullRequestDoesNotFit);
    assert!(has(&s, |w| *w
        == Warning::FullRequestDoesNotFit {
            context_tokens: 131072
        }));
    assert!(!has(&s, |w| matches!(w, Warning::DoesNotFit { .. })));
}

#[test]
fn warning_tp_over_pcie_and_none_on_nvswitch() {
    let s = sized(&concurrent("llama-3.3-70b", 8192, 100), "rtx-pro-6000");
    assert!(has(&s, |w| matches!(w, Warning::TpOverPcie { .. })));
    let h = sized(&concurrent("llama-3.3-70b", 8192, 100), "h200-sxm");
    assert!(!has(&h, |w| matches!(w, Warning::TpOverPcie { .. })));
}

#[test]
fn warning_kv_duplicated() {
    // Qwen3-235B on H100: TP 8 holds its 4 KV heads twice and still needs the fewest GPUs.
    let s = sized(&concurrent("qwen3-235b-a22b", 32768, 50), "h100-sxm");
    assert_eq!(answer(&s), (24, 8));
    assert!(has(&s, |w| *w
        == Warning::KvDuplicated {
            tp: 8,
            kv_heads: 4,
            factor: dec!(2)
        }));
    // MLA's latent is whole on every rank.
    let d = sized(&concurrent("deepseek-v3", 8192, 10), "h200-sxm");
    let c = d.candidates.last().unwrap();
    assert_eq!((c.tp, c.kv_duplication), (8, dec!(8)));
    assert!(has(&d, |w| matches!(
        w,
        Warning::KvDuplicated { kv_heads: 0, .. }
    )));
}

#[test]
fn warning_moe_memory_by_total_parameters() {
    let s = sized(&concurrent("qwen3-30b-a3b", 8192, 10), "h200-sxm");
    assert!(has(&s, |w| *w
        == Warning::MoeMemoryByTotal {
            total_b: dec!(30),
            active_b: dec!(3)
        }));
    // Memory by 30B, MoE activation 8 GiB.
    assert_eq!(s.weight_gib, dec!(30000000000) / dec!(1073741824));
    assert_eq!(s.activation_gib, dec!(8.0));
    let dense = sized(&concurrent("qwen3-32b", 8192, 10), "h200-sxm");
    assert!(!has(&dense, |w| matches!(
        w,
        Warning::MoeMemoryByTotal { .. }
    )));
}

#[test]
fn warning_benchmark_is_a_best_case() {
    for g in gpus() {
        let s = sized(&concurrent("llama-3.1-8b", 8192, 10), g.id);
        assert!(
            has(&s, |w| matches!(
                w,
                Warning::BenchmarkBestCase {
                    benchmark: Benchmark::Llama31_8b,
                    ..
                }
            )),
            "{}",
            g.id
        );
    }
}

#[test]
fn warning_full_context_only_when_assumed() {
    let average = Inputs {
        resident: Residency::Average,
        ..concurrent("llama-3.3-70b", 8192, 100)
    };
    let s = sized(&average, "h200-sxm");
    assert!(!has(&s, |w| matches!(
        w,
        Warning::FullContextForEverySequence
    )));
    // 1,366 tokens a sequence instead of 8,192: one H200 holds 127 of them, and throughput
    // (1.17 GPUs) binds at 2 H200 without tensor parallelism.
    assert_eq!(s.demand.resident_tokens, 1366);
    assert_eq!(s.candidates[0].sequences_per_replica, Some(127));
    assert_eq!(answer(&s), (2, 1));
    assert_eq!(s.choice.unwrap().binding, Binding::Throughput);
}

// ----- load, inputs, catalogues ---------------------------------------------------------------

#[test]
fn users_to_concurrent_sequences() {
    // SIZING.md §5: 1,000 users × 10 an hour, W = 0.5 + 211 × 0.04 = 8.94 s: λ = 2.78 per
    // second, C ≈ 25.
    let s = sized(&Inputs::default(), "h200-sxm");
    assert_eq!(s.demand.requests_per_second.round_dp(2), dec!(2.78));
    assert_eq!(s.demand.seconds_per_request, dec!(8.94));
    assert_eq!(s.demand.concurrent_sequences, 25);
    let rps = Inputs {
        load: Load::RequestsPerSecond { rate: dec!(2.78) },
        ..Inputs::default()
    };
    assert_eq!(sized(&rps, "h200-sxm").demand.concurrent_sequences, 25);
}

#[test]
fn inputs_serde_defaults_and_unknown_fields() {
    let parsed: Inputs = serde_json::from_str("{}").unwrap();
    assert_eq!(parsed, Inputs::default());
    let json = serde_json::to_string(&Inputs::default()).unwrap();
    assert_eq!(
        serde_json::from_str::<Inputs>(&json).unwrap(),
        Inputs::default()
    );
    assert!(serde_json::from_str::<Inputs>(r#"{"users": 5}"#).is_err());
    let typed: Inputs = serde_json::from_str(
        r#"{"model": {"typed": {"params_total_b": "8", "params_active_b": "8", "layers": 32,
            "heads": 32, "kv_heads": 8, "head_dim": 128, "attention": "full",
            "max_context": 131072}},
            "load": {"concurrent": {"sequences": 32}}, "kv_precision": "fp8"}"#,
    )
    .unwrap();
    let s = size(&typed, &catalogue("h200-sxm")).unwrap();
    assert_eq!(s.kv_bytes_per_token, dec!(65536));
    assert_eq!(s.weight_basis, WeightBasis::Parameters);
}

#[test]
fn input_errors_name_their_field() {
    let unknown = Inputs {
        model: ModelChoice::Catalogue("gpt-9".into()),
        ..Inputs::default()
    };
    let e = size(&unknown, &catalogue("h200-sxm")).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }));
    assert_eq!(e.path(), "sizing.model");
    assert_eq!(
        size(&Inputs::default(), &catalogue("a100"))
            .unwrap_err()
            .path(),
        "sizing.gpu"
    );
    // Qwen3-8B takes at most 40,960 tokens.
    let long = concurrent("qwen3-8b", 65536, 1);
    assert_eq!(
        size(&long, &catalogue("h200-sxm")).unwrap_err(),
        Error::OutOfRange {
            path: "sizing.context_tokens".into(),
            value: dec!(65536),
            min: dec!(1),
            max: dec!(40960)
        }
    );
    let too_long_output = Inputs {
        output_tokens: 8000,
        ..Inputs::default()
    };
    assert_eq!(
        size(&too_long_output, &catalogue("h200-sxm"))
            .unwrap_err()
            .path(),
        "sizing.output_tokens"
    );
    let spec = ModelSpec {
        kv_heads: 64,
        heads: 32,
        ..model("llama-3.1-8b").unwrap().spec
    };
    let typed = Inputs {
        model: ModelChoice::Typed(spec),
        ..Inputs::default()
    };
    assert_eq!(
        size(&typed, &catalogue("h200-sxm")).unwrap_err().path(),
        "sizing.model.typed.kv_heads"
    );
    let gpu_spec = GpuSpec {
        nvlink_domain: 16,
        ..gpu("h200-sxm").unwrap().spec
    };
    assert_eq!(
        size(&Inputs::default(), &GpuChoice::Typed(gpu_spec))
            .unwrap_err()
            .path(),
        "sizing.gpu.typed.nvlink_domain"
    );
    let util = Inputs {
        gpu_memory_utilization: dec!(1.5),
        ..Inputs::default()
    };
    assert_eq!(
        size(&util, &catalogue("h200-sxm")).unwrap_err().path(),
        "sizing.gpu_memory_utilization"
    );
}

#[test]
fn heads_limit_tensor_parallel_sizes() {
    // Qwen2.5-7B has 28 heads: TP 8 does not divide them.
    let s = sized(&concurrent("qwen2.5-7b", 8192, 10), "h200-sxm");
    let tps: Vec<u32> = s.candidates.iter().map(|c| c.tp).collect();
    assert_eq!(tps, vec![1, 2, 4]);
}

#[test]
fn typed_gpu_scales_the_h200_by_bandwidth() {
    let half = GpuSpec {
        bandwidth_gb_s: dec!(2400),
        ..gpu("h200-sxm").unwrap().spec
    };
    let s = size(
        &concurrent("llama-3.3-70b", 8192, 100),
        &GpuChoice::Typed(half),
    )
    .unwrap();
    assert_eq!(s.throughput.basis, ThroughputBasis::BandwidthScaled);
    assert_eq!(s.throughput.tokens_per_second_per_gpu, dec!(1442.5));
    // Memory is the H200's: still 4.
    assert_eq!(answer(&s), (4, 2));
}

#[test]
fn catalogues_carry_sources_and_dates() {
    let dated = |d: &str| {
        d.len() == 7 && d.as_bytes()[4] == b'-' && d[..4].parse::<u32>().is_ok_and(|y| y >= 2025)
    };
    for m in models() {
        assert!(!m.source.is_empty() && dated(m.as_of), "{}", m.id);
        assert_eq!(m.note_en.is_empty(), m.note_de.is_empty(), "{}", m.id);
    }
    for g in gpus() {
        assert!(!g.source.is_empty() && dated(g.as_of), "{}", g.id);
        assert!(!g.note_en.is_empty() && !g.note_de.is_empty(), "{}", g.id);
        for a in g.anchors {
            assert!(dated(a.as_of) && a.tokens_per_second > Decimal::ZERO);
        }
    }
    for o in api_offers() {
        assert!(!o.source.is_empty() && dated(o.as_of), "{}", o.id);
        if let Some(id) = o.model {
            assert!(model(id).is_some(), "{}", o.id);
        }
    }
}

#[test]
fn every_preset_names_its_gpu() {
    for p in presets() {
        match gpu_for_preset(p.id) {
            Some(g) => {
                let name = p.name_en.to_lowercase();
                let key = match g.id {
                    "h200-sxm" | "h200-nvl" => "h200",
                    "h100-sxm" => "h100",
                    "rtx-pro-6000" => "rtx pro 6000",
                    "l40s" => "l40s",
                    other => other,
                };
                // A p5en names its GPU in the instance name.
                assert!(
                    name.contains(key) || name.contains("p5en") || name.contains("a3 ultra"),
                    "{} → {}",
                    p.id,
                    g.id
                );
            }
            None => assert_eq!(p.id, "bare-metal-monthly"),
        }
    }
    assert_eq!(gpu_for_preset("own-h200-nvl-4").unwrap().id, "h200-nvl");
    assert_eq!(gpu_for_preset("aws-p5-on-demand").unwrap().id, "h100-sxm");
}

// ----- laws -----------------------------------------------------------------------------------

fn decimal(lo: i64, hi: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (lo..=hi).prop_map(move |n| Decimal::new(n, scale))
}

fn any_spec() -> impl Strategy<Value = ModelSpec> {
    (
        (decimal(-10, 2_000_000, 2), decimal(-10, 2_000_000, 2)),
        (0u32..=1100, 0u32..=1100, 0u32..=1100, 0u32..=5000),
        0u32..=4,
        (0u32..=1100, 0u32..=70000, 0u32..=600),
        0u32..=12_000_000,
    )
        .prop_map(
            |(
                (total, active),
                (layers, heads, kv_heads, head_dim),
                kind,
                (a, b, c),
                max_context,
            )| {
                let attention = match kind {
                    0 | 1 => Attention::Full,
                    2 => Attention::Sliding {
                        full_layers: a,
                        window: b,
                    },
                    3 => Attention::Mla {
                        kv_lora_rank: b,
                        rope_dim: c,
                    },
                    _ => Attention::LinearHybrid { full_layers: a },
                };
                ModelSpec {
                    params_total_b: total,
                    params_active_b: active,
                    layers,
                    heads,
                    kv_heads,
                    head_dim,
                    attention,
                    max_context,
                }
            },
        )
}

fn any_model() -> impl Strategy<Value = ModelChoice> {
    prop_oneof![
        3 => (0..models().len()).prop_map(|i| ModelChoice::Catalogue(models()[i].id.to_owned())),
        1 => any_spec().prop_map(ModelChoice::Typed),
        1 => "[a-z0-9.-]{0,12}".prop_map(ModelChoice::Catalogue),
    ]
}

fn any_gpu() -> impl Strategy<Value = GpuChoice> {
    prop_oneof![
        3 => (0..gpus().len()).prop_map(|i| GpuChoice::Catalogue(gpus()[i].id.to_owned())),
        1 => (
            decimal(-100, 20_000_000, 2),
            decimal(-100, 200_000_000, 2),
            any::<bool>(),
            0u32..=10,
            0u32..=10,
        )
            .prop_map(|(mem, bw, fp4, domain, per_server)| GpuChoice::Typed(GpuSpec {
                visible_gib: mem,
                bandwidth_gb_s: bw,
                fp8_dense_tflops: dec!(1000),
                bf16_dense_tflops: dec!(500),
                fp4,
                nvlink_domain: domain,
                max_per_server: per_server,
            })),
    ]
}

fn any_load() -> impl Strategy<Value = Load> {
    prop_oneof![
        (
            0u32..=20_000_000,
            decimal(-100, 400_000, 2),
            decimal(0, 20_000, 2)
        )
            .prop_map(|(users, r, p)| Load::Users {
                users,
                requests_per_user_hour: r,
                peak_factor: p,
            }),
        decimal(-100, 200_000_000, 2).prop_map(|rate| Load::RequestsPerSecond { rate }),
        (0u32..=20_000_000).prop_map(|sequences| Load::Concurrent { sequences }),
    ]
}

prop_compose! {
    fn any_inputs()(
        model in any_model(),
        precision in prop::sample::select(vec![Precision::Fp32, Precision::Bf16, Precision::Fp8,
            Precision::Int8, Precision::Int4, Precision::Fp4]),
        weight_gib in prop::option::of(decimal(-100, 200_000_000, 2)),
        fp8_kv in any::<bool>(),
        (context_tokens, input_tokens, output_tokens) in
            (0u32..=12_000_000, 0u32..=200_000, 0u32..=200_000),
        load in any_load(),
        relaxed in any::<bool>(),
        average in any::<bool>(),
        util in decimal(0, 150, 2),
        activation_gib in prop::option::of(decimal(-100, 2_000_000, 2)),
        busy in decimal(0, 150, 2),
    ) -> Inputs {
        Inputs {
            model,
            weight_precision: precision,
            weight_gib,
            kv_precision: if fp8_kv { KvPrecision::Fp8 } else { KvPrecision::Bf16 },
            context_tokens,
            input_tokens,
            output_tokens,
            load,
            latency: if relaxed { LatencyClass::Relaxed } else { LatencyClass::Interactive },
            resident: if average { Residency::Average } else { Residency::Full },
            gpu_memory_utilization: util,
            activation_gib,
            target_busy: busy,
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// No input panics; every refusal is a typed error at a `sizing.` path, and every answer is
    /// whole replicas of its group.
    #[test]
    fn never_panics(inputs in any_inputs(), gpu in any_gpu()) {
        match size(&inputs, &gpu) {
            Ok(s) => {
                if let Some(c) = s.choice {
                    prop_assert_eq!(c.gpus, c.replicas * u64::from(c.tp));
                    prop_assert!(c.gpus >= c.memory_gpus && c.gpus >= c.throughput_gpus);
                    prop_assert!(s.candidates.iter().filter_map(|k| k.gpus).all(|g| g >= c.gpus));
                } else {
                    let said = s.warnings.iter().any(|w| matches!(w,
                        Warning::DoesNotFit { .. } | Warning::FullRequestDoesNotFit { .. }));
                    prop_assert!(said);
                }
            }
            Err(e) => prop_assert!(e.path().starts_with("sizing."), "{:?}", e),
        }
    }

    /// More users never need fewer GPUs, on any catalogue GPU.
    #[test]
    fn more_users_never_fewer_gpus(
        m in 0..models().len(),
        g in 0..gpus().len(),
        context in prop::sample::select(vec![2048u32, 4096, 8192, 32768]),
        users in 0u32..=200_000,
        more in 0u32..=200_000,
        rate in decimal(1, 6000, 1),
        fp8_kv in any::<bool>(),
        average in any::<bool>(),
    ) {
        let base = Inputs {
            model: ModelChoice::Catalogue(models()[m].id.to_owned()),
            context_tokens: context.min(models()[m].spec.max_context),
            kv_precision: if fp8_kv { KvPrecision::Fp8 } else { KvPrecision::Bf16 },
            resident: if average { Residency::Average } else { Residency::Full },
            ..Inputs::default()
        };
        let with = |users: u32| Inputs {
            load: Load::Users { users, requests_per_user_hour: rate, peak_factor: dec!(1) },
            ..base.clone()
        };
        let gpu = catalogue(gpus()[g].id);
        let few = size(&with(users), &gpu).unwrap();
        let many = size(&with(users.saturating_add(more)), &gpu).unwrap();
        prop_assert_eq!(few.choice.is_some(), many.choice.is_some());
        if let (Some(a), Some(b)) = (few.choice, many.choice) {
            prop_assert!(a.gpus <= b.gpus, "{} users: {}, {} users: {}", users, a.gpus,
                users.saturating_add(more), b.gpus);
        }
    }

    /// Cost per token and the API's cost never panic, and the break-even point is where the
    /// two costs meet.
    #[test]
    fn cost_laws(
        monthly in decimal(0, 10_000_000_000, 2),
        input in decimal(0, 1_000_000_000_000, 0),
        output in decimal(0, 1_000_000_000_000, 0),
        p_in in decimal(0, 10_000, 2),
        p_out in decimal(0, 10_000, 2),
    ) {
        let tokens = Tokens { input, output };
        let price = ApiPrice { input_per_million: p_in, output_per_million: p_out };
        let c = cost_per_million(monthly, &tokens).unwrap();
        prop_assert_eq!(c.per_million_output.is_none(), output.is_zero());
        let api = api_monthly_cost(&tokens, &price).unwrap();
        match beats_api_from(monthly, &tokens, &price).unwrap() {
            None => prop_assert!(api.is_zero()),
            Some(from) => {
                let at = api_monthly_cost(&from, &price).unwrap();
                prop_assert!((at - monthly).abs() <= dec!(0.0001) * (monthly + dec!(1)));
            }
        }
    }
}
