//! Sizing: how many GPUs of each GPU model a model and a load need, and what a token costs
//! against a model API (the method of `SIZING.md` §7).
//!
//! - **Catalogues**: [`models`] (architecture from the models' `config.json`, measured vLLM
//!   footprints where there are any) and [`gpus`] (driver-visible memory, bandwidth, NVLink
//!   domain, MLPerf Inference throughput anchors), each entry with its source and as-of date;
//!   [`api_offers`]: model-API prices per 1M input and output tokens, dated.
//! - **Inputs**: [`Inputs`] (serde, every field defaulted as `SIZING.md` says): the model
//!   (catalogue id or a typed [`ModelSpec`]), weight and KV-cache precision, context length,
//!   tokens per request, the load ([`Load`]: users, requests per second or concurrent
//!   sequences), the latency class and the GPU memory utilisation.
//! - **Sizing**: [`size`] for one GPU model: the tensor-parallel sizes its heads and NVLink
//!   domain allow, the memory each leaves for the KV cache, replicas for memory and for
//!   throughput, the GPU count and which of the two binds, and the [`Warning`]s of §7.3.
//! - **Cost per token**: [`cost_per_million`] from an option's monthly cost and the tokens it
//!   serves, [`api_monthly_cost`] for the same tokens through an API, and [`beats_api_from`]:
//!   the monthly tokens from which the option is the cheaper of the two. The caller passes each
//!   option's monthly cost, so this part knows nothing of the report.
//!
//! GB are 10^9 bytes, GiB 2^30 bytes; memory figures here are GiB as the driver reports them.
//!
//! ```
//! use gpu_tco_core::sizing::{Binding, GpuChoice, Inputs, KvPrecision, Load, Residency, size};
//! use rust_decimal_macros::dec;
//!
//! // SIZING.md §7.4 A: Llama 3.3 70B in FP8 (67.72 GiB measured in vLLM), 8k context,
//! // 100 concurrent sequences each holding the full 8,192 tokens.
//! let mut inputs = Inputs {
//!     context_tokens: 8192,
//!     load: Load::Concurrent { sequences: 100 },
//!     resident: Residency::Full,
//!     ..Inputs::default()
//! };
//! let h200 = GpuChoice::Catalogue("h200-sxm".into());
//! let bf16 = size(&inputs, &h200).unwrap();
//! let choice = bf16.choice.unwrap();
//! assert_eq!((choice.gpus, choice.tp, choice.binding), (4, 2, Binding::Memory));
//!
//! inputs.kv_precision = KvPrecision::Fp8;
//! assert_eq!(size(&inputs, &h200).unwrap().choice.unwrap().gpus, 2);
//! ```

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::error::{Error, ReadProblem, Result};
use crate::money::Currency;

pub mod plan;

/// Bytes in a GiB.
pub const GIB: Decimal = dec!(1073741824);
/// The tensor-parallel group sizes considered (`SIZING.md` §1.3).
pub const TP_SIZES: [u32; 4] = [1, 2, 4, 8];
/// Default share of a GPU's memory the serving engine may use (vLLM's
/// `gpu_memory_utilization`: 0.9 in older releases, 0.92 in current main; 0.90 is the
/// conservative choice of `SIZING.md` §0.2).
pub const DEFAULT_GPU_MEMORY_UTILIZATION: Decimal = dec!(0.90);
/// Default share of a GPU's measured throughput the load may use (ρ, an estimate: queues grow
/// superlinearly near 1).
pub const DEFAULT_TARGET_BUSY: Decimal = dec!(0.7);
/// Peak activation per GPU for a dense model (llm-d capacity planner, 2026-04-01), GiB.
pub const ACTIVATION_DENSE_GIB: Decimal = dec!(5.5);
/// Peak activation per GPU for a mixture-of-experts model (llm-d capacity planner), GiB.
pub const ACTIVATION_MOE_GIB: Decimal = dec!(8.0);
/// Non-torch memory per GPU without tensor parallelism (llm-d planner), GiB.
pub const NON_TORCH_TP1_GIB: Decimal = dec!(0.15);
/// Non-torch memory per GPU at tensor parallelism 2 or more (NCCL buffers; llm-d planner), GiB.
pub const NON_TORCH_TP_GIB: Decimal = dec!(0.6);
/// The longest context accepted, in tokens.
pub const MAX_CONTEXT_TOKENS: u32 = 10_000_000;

// ---------------------------------------------------------------------------------------------
// Precision and architecture
// ---------------------------------------------------------------------------------------------

/// How the weights are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    /// 4 bytes per parameter.
    Fp32,
    /// 2 bytes per parameter (BF16 or FP16).
    Bf16,
    /// 1 byte per parameter.
    #[default]
    Fp8,
    /// 1 byte per parameter.
    Int8,
    /// 0.5 bytes per parameter.
    Int4,
    /// 0.5 bytes per parameter (NVFP4, MXFP4); FP4 tensor cores are Blackwell-only.
    Fp4,
}

impl Precision {
    /// Bytes per parameter.
    pub const fn bytes(self) -> Decimal {
        match self {
            Precision::Fp32 => dec!(4),
            Precision::Bf16 => dec!(2),
            Precision::Fp8 | Precision::Int8 => dec!(1),
            Precision::Int4 | Precision::Fp4 => dec!(0.5),
        }
    }
}

/// How the KV cache is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KvPrecision {
    /// 2 bytes per value (vLLM's default: the model's dtype).
    #[default]
    Bf16,
    /// 1 byte per value: half the KV memory (quality may change).
    Fp8,
}

impl KvPrecision {
    /// Bytes per value.
    pub const fn bytes(self) -> Decimal {
        match self {
            KvPrecision::Bf16 => dec!(2),
            KvPrecision::Fp8 => dec!(1),
        }
    }
}

/// How a model's attention stores keys and values: what makes KV bytes per token
/// context-dependent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Attention {
    /// Every layer holds keys and values for every token (MHA, GQA, MQA):
    /// 2 × layers × KV heads × head dim × bytes per token.
    Full,
    /// `full_layers` layers hold every token; the others hold at most `window` tokens per
    /// sequence (gpt-oss, Gemma 3/4).
    Sliding {
        /// Layers with full attention.
        full_layers: u32,
        /// Tokens a sliding layer keeps.
        window: u32,
    },
    /// Multi-head latent attention (DeepSeek-V2/V3): layers × (kv_lora_rank + rope dim) × bytes
    /// per token, the same latent on every tensor-parallel rank.
    Mla {
        /// `kv_lora_rank`.
        kv_lora_rank: u32,
        /// `qk_rope_head_dim`.
        rope_dim: u32,
    },
    /// `full_layers` layers with full attention, the others linear attention with a fixed-size
    /// state per sequence, which is not counted (Qwen3.5, Qwen3-Next).
    LinearHybrid {
        /// Layers with full attention.
        full_layers: u32,
    },
}

/// A model's architecture: what sizing needs of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    /// Parameters in total, in billions (what memory holds).
    pub params_total_b: Decimal,
    /// Parameters active per token, in billions (what compute reads; below the total for a
    /// mixture of experts).
    pub params_active_b: Decimal,
    /// Transformer layers.
    pub layers: u32,
    /// Attention (query) heads; a tensor-parallel size must divide them.
    pub heads: u32,
    /// Key-value heads.
    pub kv_heads: u32,
    /// Dimension of a head.
    pub head_dim: u32,
    /// The attention kind.
    pub attention: Attention,
    /// The longest context the model takes (`max_position_embeddings`), tokens.
    pub max_context: u32,
}

impl ModelSpec {
    /// Whether this is a mixture of experts (fewer parameters active than held).
    pub fn is_moe(&self) -> bool {
        self.params_active_b < self.params_total_b
    }

    /// Checks every field, naming it under `path` (`sizing.model.typed`).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for the first field outside its range.
    pub fn check(&self, path: &str) -> Result<()> {
        let field = |f: &str| format!("{path}.{f}");
        within(
            &field("params_total_b"),
            self.params_total_b,
            dec!(0.001),
            dec!(100000),
        )?;
        within(
            &field("params_active_b"),
            self.params_active_b,
            dec!(0.001),
            self.params_total_b,
        )?;
        count(&field("layers"), self.layers, 1, 1000)?;
        count(&field("heads"), self.heads, 1, 1024)?;
        count(&field("kv_heads"), self.kv_heads, 1, self.heads)?;
        count(&field("head_dim"), self.head_dim, 1, 4096)?;
        count(
            &field("max_context"),
            self.max_context,
            1,
            MAX_CONTEXT_TOKENS,
        )?;
        match self.attention {
            Attention::Full => {}
            Attention::Sliding {
                full_layers,
                window,
            } => {
                count(
                    &field("attention.sliding.full_layers"),
                    full_layers,
                    0,
                    self.layers,
                )?;
                count(
                    &field("attention.sliding.window"),
                    window,
                    1,
                    MAX_CONTEXT_TOKENS,
                )?;
            }
            Attention::Mla {
                kv_lora_rank,
                rope_dim,
            } => {
                count(&field("attention.mla.kv_lora_rank"), kv_lora_rank, 1, 65536)?;
                count(&field("attention.mla.rope_dim"), rope_dim, 0, 65536)?;
            }
            Attention::LinearHybrid { full_layers } => {
                count(
                    &field("attention.linear_hybrid.full_layers"),
                    full_layers,
                    0,
                    self.layers,
                )?;
            }
        }
        Ok(())
    }
}

/// A mixture of experts' routing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Experts {
    /// Experts per layer.
    pub total: u32,
    /// Experts active per token.
    pub active: u32,
}

/// A model of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Model {
    /// Stable id (links, tests).
    pub id: &'static str,
    /// Display name (the same in English and German).
    pub name: &'static str,
    /// The architecture.
    pub spec: ModelSpec,
    /// Experts, for a mixture of experts.
    pub experts: Option<Experts>,
    /// Weight footprints measured in vLLM (GiB), per precision (llm-d-benchmark
    /// `empirical-vllm-memory-results.md`, 2026-01-26).
    pub measured_weights: &'static [(Precision, Decimal)],
    /// Peak activation measured in vLLM on an H100 at a 16k context (GiB per GPU), same source.
    pub measured_activation_gib: Option<Decimal>,
    /// Where the architecture comes from.
    pub source: &'static str,
    /// As-of date, `YYYY-MM`.
    pub as_of: &'static str,
    /// Remark in English (empty if none).
    pub note_en: &'static str,
    /// Remark in German (empty if none).
    pub note_de: &'static str,
}

impl Model {
    /// The measured weight footprint at `precision`, GiB, if the catalogue has one.
    pub fn measured_weight_gib(&self, precision: Precision) -> Option<Decimal> {
        self.measured_weights
            .iter()
            .find(|(p, _)| *p == precision)
            .map(|(_, gib)| *gib)
    }
}

/// KV-cache bytes per token that grow with the context: for sliding and linear hybrids only
/// the full-attention layers (SIZING.md §7.2.1).
///
/// # Errors
/// [`Error::Overflow`] past the decimal range (not for a checked [`ModelSpec`]).
pub fn kv_bytes_per_token(spec: &ModelSpec, kv: KvPrecision) -> Result<Decimal> {
    const PATH: &str = "sizing.kv_bytes_per_token";
    let per_layer = per_layer_bytes(spec, kv, PATH)?;
    match spec.attention {
        Attention::Full => mul(per_layer, spec.layers.into(), PATH),
        Attention::Sliding { full_layers, .. } | Attention::LinearHybrid { full_layers } => {
            mul(per_layer, full_layers.into(), PATH)
        }
        Attention::Mla {
            kv_lora_rank,
            rope_dim,
        } => {
            let width = Decimal::from(kv_lora_rank) + Decimal::from(rope_dim);
            mul(mul(spec.layers.into(), width, PATH)?, kv.bytes(), PATH)
        }
    }
}

/// KV-cache bytes per token if every layer held the full context (what the architecture
/// gallery lists; above [`kv_bytes_per_token`] for sliding and linear hybrids).
///
/// # Errors
/// [`Error::Overflow`] past the decimal range.
pub fn kv_bytes_per_token_nominal(spec: &ModelSpec, kv: KvPrecision) -> Result<Decimal> {
    const PATH: &str = "sizing.kv_bytes_per_token";
    match spec.attention {
        Attention::Mla { .. } => kv_bytes_per_token(spec, kv),
        _ => mul(per_layer_bytes(spec, kv, PATH)?, spec.layers.into(), PATH),
    }
}

/// KV-cache bytes one sequence of `tokens` holds: the growing part for every token, plus the
/// sliding layers' windows (at most `window` tokens each).
///
/// # Errors
/// [`Error::Overflow`] past the decimal range.
pub fn kv_bytes_per_sequence(spec: &ModelSpec, kv: KvPrecision, tokens: u32) -> Result<Decimal> {
    const PATH: &str = "sizing.kv_bytes_per_sequence";
    let growing = mul(kv_bytes_per_token(spec, kv)?, tokens.into(), PATH)?;
    match spec.attention {
        Attention::Sliding {
            full_layers,
            window,
        } => {
            let sliding = spec.layers.saturating_sub(full_layers);
            let held = window.min(tokens);
            let windows = mul(
                mul(per_layer_bytes(spec, kv, PATH)?, sliding.into(), PATH)?,
                held.into(),
                PATH,
            )?;
            add(growing, windows, PATH)
        }
        _ => Ok(growing),
    }
}

/// Keys and values of one layer for one token: 2 × KV heads × head dim × bytes.
fn per_layer_bytes(spec: &ModelSpec, kv: KvPrecision, path: &str) -> Result<Decimal> {
    let values = mul(
        dec!(2),
        mul(spec.kv_heads.into(), spec.head_dim.into(), path)?,
        path,
    )?;
    mul(values, kv.bytes(), path)
}

// ---------------------------------------------------------------------------------------------
// GPUs and throughput anchors
// ---------------------------------------------------------------------------------------------

/// How the GPUs of a server talk to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interconnect {
    /// SXM modules on an NVSwitch baseboard: all-to-all NVLink among 8.
    NvSwitch,
    /// PCIe cards joined by NVLink bridges of 2 or 4.
    NvlinkBridge,
    /// PCIe only, no NVLink.
    Pcie,
}

/// A GPU's figures that sizing uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuSpec {
    /// Memory the driver reports, GiB (below the "141 GB" of a spec sheet).
    pub visible_gib: Decimal,
    /// Memory bandwidth, GB/s.
    pub bandwidth_gb_s: Decimal,
    /// Dense FP8 tensor throughput, TFLOPS (half the sparse figure NVIDIA prints).
    pub fp8_dense_tflops: Decimal,
    /// Dense BF16 tensor throughput, TFLOPS.
    pub bf16_dense_tflops: Decimal,
    /// FP4 tensor cores (Blackwell).
    pub fp4: bool,
    /// GPUs one NVLink domain joins (1: PCIe only).
    pub nvlink_domain: u32,
    /// GPUs in one server: the largest tensor-parallel group (beyond the NVLink domain it runs
    /// over PCIe).
    pub max_per_server: u32,
}

impl GpuSpec {
    /// Checks every field, naming it under `path` (`sizing.gpu.typed`).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for the first field outside its range.
    pub fn check(&self, path: &str) -> Result<()> {
        let field = |f: &str| format!("{path}.{f}");
        within(
            &field("visible_gib"),
            self.visible_gib,
            dec!(1),
            dec!(100000),
        )?;
        within(
            &field("bandwidth_gb_s"),
            self.bandwidth_gb_s,
            dec!(1),
            dec!(1000000),
        )?;
        within(
            &field("fp8_dense_tflops"),
            self.fp8_dense_tflops,
            Decimal::ZERO,
            dec!(1000000),
        )?;
        within(
            &field("bf16_dense_tflops"),
            self.bf16_dense_tflops,
            Decimal::ZERO,
            dec!(1000000),
        )?;
        count(&field("max_per_server"), self.max_per_server, 1, 8)?;
        count(
            &field("nvlink_domain"),
            self.nvlink_domain,
            1,
            self.max_per_server,
        )?;
        Ok(())
    }
}

/// An MLPerf Inference LLM benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Benchmark {
    /// llama2-70b (dense, 70B).
    Llama2_70b,
    /// llama3.1-8b (dense, 8B).
    Llama31_8b,
    /// llama3.1-405b (dense, 405B; long contexts).
    Llama31_405b,
    /// mixtral-8x7b (MoE, 12.9B active).
    Mixtral8x7b,
    /// deepseek-r1 (MoE, 37B active).
    DeepseekR1,
}

impl Benchmark {
    /// Parameters active per token, billions.
    pub const fn params_active_b(self) -> Decimal {
        match self {
            Benchmark::Llama2_70b => dec!(70),
            Benchmark::Llama31_8b => dec!(8),
            Benchmark::Llama31_405b => dec!(405),
            Benchmark::Mixtral8x7b => dec!(12.9),
            Benchmark::DeepseekR1 => dec!(37),
        }
    }
}

/// An MLPerf scenario: how tight the latency bound is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MlperfScenario {
    /// No latency bound.
    Offline,
    /// TPOT ≤ 200 ms for llama2-70b (100 ms for llama3.1-8b).
    Server,
    /// TPOT ≤ 40 ms for llama2-70b (30 ms for llama3.1-8b): chat grade.
    Interactive,
}

/// A measured throughput: output tokens per second per GPU (system ÷ accelerators).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Anchor {
    /// The benchmark.
    pub benchmark: Benchmark,
    /// The scenario.
    pub scenario: MlperfScenario,
    /// Weight precision of the run.
    pub weights: Precision,
    /// Generated tokens per second per GPU (prefill time is inside the run).
    pub tokens_per_second: Decimal,
    /// Submitter and serving stack.
    pub stack: &'static str,
    /// Where the figure comes from.
    pub source: &'static str,
    /// As-of date, `YYYY-MM`.
    pub as_of: &'static str,
}

/// A GPU of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gpu {
    /// Stable id (links, tests).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Memory as the spec sheet prints it, GB.
    pub memory_gb: Decimal,
    /// Board power, W (up to).
    pub power_w: u32,
    /// The interconnect.
    pub interconnect: Interconnect,
    /// The figures sizing uses.
    pub spec: GpuSpec,
    /// MLPerf Inference v5.1 anchors, per GPU.
    pub anchors: &'static [Anchor],
    /// Where the figures come from.
    pub source: &'static str,
    /// The same in German (names of pages and files as they are).
    pub source_de: &'static str,
    /// As-of date, `YYYY-MM`.
    pub as_of: &'static str,
    /// Remark in English (empty if none).
    pub note_en: &'static str,
    /// Remark in German (empty if none).
    pub note_de: &'static str,
}

impl Gpu {
    /// Where the figures come from, in German or English.
    pub fn source_in(&self, german: bool) -> &'static str {
        if german { self.source_de } else { self.source }
    }

    /// The anchor for `benchmark` in `scenario`, if measured on this GPU.
    pub fn anchor(
        &self,
        benchmark: Benchmark,
        scenario: MlperfScenario,
    ) -> Option<&'static Anchor> {
        self.anchors
            .iter()
            .find(|a| a.benchmark == benchmark && a.scenario == scenario)
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/// The model to size: from the catalogue or typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelChoice {
    /// A catalogue id ([`models`]).
    Catalogue(String),
    /// A typed architecture.
    Typed(ModelSpec),
}

/// The GPU model to size for: from the catalogue or typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GpuChoice {
    /// A catalogue id ([`gpus`]).
    Catalogue(String),
    /// Typed figures (throughput then scales the H200 SXM's anchors by bandwidth).
    Typed(GpuSpec),
}

/// The load, in one of three ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Load {
    /// Active users and their requests: λ = users × requests per user-hour / 3600 × peak factor.
    Users {
        /// Users active at the busiest time.
        users: u32,
        /// Requests each sends per hour (no stored source: 5–30 is an estimate for an
        /// interactive assistant).
        requests_per_user_hour: Decimal,
        /// How much the busiest moment exceeds the hour's average (1 = none).
        peak_factor: Decimal,
    },
    /// Requests per second at the busiest time.
    RequestsPerSecond {
        /// Requests per second.
        rate: Decimal,
    },
    /// Concurrent sequences directly (the serving engine's running requests).
    Concurrent {
        /// Sequences in flight.
        sequences: u32,
    },
}

/// The latency a user gets: the time per output token the sizing must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LatencyClass {
    /// Chat: 40 ms per output token (MLPerf llama2-70b Interactive), 0.5 s to the first token.
    #[default]
    Interactive,
    /// Relaxed: 200 ms per output token (MLPerf Server), 2 s to the first token.
    Relaxed,
}

impl LatencyClass {
    /// Seconds per output token.
    pub const fn tpot_seconds(self) -> Decimal {
        match self {
            LatencyClass::Interactive => dec!(0.040),
            LatencyClass::Relaxed => dec!(0.200),
        }
    }

    /// Seconds to the first token.
    pub const fn ttft_seconds(self) -> Decimal {
        match self {
            LatencyClass::Interactive => dec!(0.5),
            LatencyClass::Relaxed => dec!(2),
        }
    }

    /// The MLPerf scenario whose anchors match.
    pub const fn scenario(self) -> MlperfScenario {
        match self {
            LatencyClass::Interactive => MlperfScenario::Interactive,
            LatencyClass::Relaxed => MlperfScenario::Server,
        }
    }
}

/// How much context a sequence in flight holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Residency {
    /// The full context length: the worst case.
    #[default]
    Full,
    /// Its input plus output tokens (paged KV holds what a sequence uses).
    Average,
}

/// Everything sizing asks (serde; missing fields take the defaults of `SIZING.md` §7.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Inputs {
    /// The model (default: Llama 3.3 70B).
    pub model: ModelChoice,
    /// Weight precision (default FP8).
    pub weight_precision: Precision,
    /// A weight footprint typed in GiB; without one, the catalogue's measured footprint at
    /// `weight_precision`, else parameters × bytes.
    pub weight_gib: Option<Decimal>,
    /// KV-cache precision (default BF16).
    pub kv_precision: KvPrecision,
    /// Context length per request (`max_model_len`), tokens (default 8,192).
    pub context_tokens: u32,
    /// Input tokens per request (default 1,155: Azure LLM inference trace 2023, conversation).
    pub input_tokens: u32,
    /// Output tokens per request (default 211, same trace).
    pub output_tokens: u32,
    /// The load (default 1,000 users × 10 requests an hour).
    pub load: Load,
    /// The latency class (default interactive).
    pub latency: LatencyClass,
    /// Context a sequence holds (default the full context: the worst case).
    pub resident: Residency,
    /// Share of a GPU's memory the engine may use (default 0.90).
    pub gpu_memory_utilization: Decimal,
    /// Peak activation per GPU typed in GiB; without one 5.5 (dense) or 8.0 (MoE).
    pub activation_gib: Option<Decimal>,
    /// Share of the measured throughput the load may use (default 0.7).
    pub target_busy: Decimal,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs {
            model: ModelChoice::Catalogue("llama-3.3-70b".to_owned()),
            weight_precision: Precision::Fp8,
            weight_gib: None,
            kv_precision: KvPrecision::Bf16,
            context_tokens: 8192,
            input_tokens: 1155,
            output_tokens: 211,
            load: Load::Users {
                users: 1000,
                requests_per_user_hour: dec!(10),
                peak_factor: Decimal::ONE,
            },
            latency: LatencyClass::Interactive,
            resident: Residency::Full,
            gpu_memory_utilization: DEFAULT_GPU_MEMORY_UTILIZATION,
            activation_gib: None,
            target_busy: DEFAULT_TARGET_BUSY,
        }
    }
}

impl Inputs {
    /// The inputs a scenario keeps ([`crate::Scenario::sizing`]).
    ///
    /// # Errors
    /// [`Error::Malformed`] at `sizing` for a value that is not the inputs' shape (a field it
    /// does not know, a wrong type); values out of range are [`Inputs::check`]'s.
    pub fn from_kept(value: &serde_json::Value) -> Result<Inputs> {
        serde_json::from_value(value.clone()).map_err(|_| Error::Malformed {
            path: "sizing".into(),
            problem: ReadProblem::NotSizing,
        })
    }

    /// The model's architecture and, for a catalogue model, its entry.
    ///
    /// # Errors
    /// [`Error::Malformed`] at `sizing.model` for an id not in the catalogue;
    /// [`Error::OutOfRange`] for a typed field outside its range.
    pub fn model_spec(&self) -> Result<(ModelSpec, Option<&'static Model>)> {
        match &self.model {
            ModelChoice::Catalogue(id) => {
                model(id)
                    .map(|m| (m.spec, Some(m)))
                    .ok_or_else(|| Error::Malformed {
                        path: "sizing.model".into(),
                        problem: ReadProblem::NoSuchModel { id: short(id) },
                    })
            }
            ModelChoice::Typed(spec) => {
                spec.check("sizing.model.typed")?;
                Ok((*spec, None))
            }
        }
    }

    /// Checks every field against `spec` (the model's architecture).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for the first field outside its range.
    pub fn check(&self, spec: &ModelSpec) -> Result<()> {
        count(
            "sizing.context_tokens",
            self.context_tokens,
            1,
            spec.max_context,
        )?;
        count(
            "sizing.input_tokens",
            self.input_tokens,
            0,
            self.context_tokens.saturating_sub(1),
        )?;
        count(
            "sizing.output_tokens",
            self.output_tokens,
            1,
            self.context_tokens.saturating_sub(self.input_tokens),
        )?;
        if let Some(w) = self.weight_gib {
            within("sizing.weight_gib", w, dec!(0.001), dec!(1000000))?;
        }
        if let Some(a) = self.activation_gib {
            within("sizing.activation_gib", a, Decimal::ZERO, dec!(10000))?;
        }
        within(
            "sizing.gpu_memory_utilization",
            self.gpu_memory_utilization,
            dec!(0.05),
            Decimal::ONE,
        )?;
        within(
            "sizing.target_busy",
            self.target_busy,
            dec!(0.05),
            Decimal::ONE,
        )?;
        match self.load {
            Load::Users {
                users,
                requests_per_user_hour,
                peak_factor,
            } => {
                count("sizing.load.users.users", users, 0, 10_000_000)?;
                within(
                    "sizing.load.users.requests_per_user_hour",
                    requests_per_user_hour,
                    Decimal::ZERO,
                    dec!(3600),
                )?;
                within(
                    "sizing.load.users.peak_factor",
                    peak_factor,
                    Decimal::ONE,
                    dec!(100),
                )?;
            }
            Load::RequestsPerSecond { rate } => {
                within(
                    "sizing.load.requests_per_second.rate",
                    rate,
                    Decimal::ZERO,
                    dec!(1000000),
                )?;
            }
            Load::Concurrent { sequences } => {
                count("sizing.load.concurrent.sequences", sequences, 0, 10_000_000)?;
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/// The load in the units sizing needs (Little's law, `SIZING.md` §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Demand {
    /// Requests per second at the busiest time (λ).
    pub requests_per_second: Decimal,
    /// Seconds a request spends in the system: TTFT + output tokens × TPOT (W).
    pub seconds_per_request: Decimal,
    /// Sequences in flight, C = λ · W rounded up (or as given).
    pub concurrent_sequences: u64,
    /// Context each sequence holds, tokens.
    pub resident_tokens: u32,
    /// Output tokens per second the load asks for (λ × output tokens).
    pub output_tokens_per_second: Decimal,
}

/// Where a weight footprint comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightBasis {
    /// Typed by the user.
    Typed,
    /// Measured in vLLM (the catalogue).
    Measured,
    /// Parameters × bytes per parameter.
    Parameters,
}

/// How a GPU's throughput for the model was found (all are estimates past the measured row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ThroughputBasis {
    /// The GPU's own MLPerf row at the latency class.
    Measured,
    /// The GPU's own Server row, scaled by the H200 SXM's ratio of the latency class to Server.
    ClassScaled,
    /// The H200 SXM's row at the latency class, scaled by the ratio of memory bandwidths.
    BandwidthScaled,
}

/// A GPU's decode throughput for the model at the latency class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Throughput {
    /// Output tokens per second per GPU used for sizing.
    pub tokens_per_second_per_gpu: Decimal,
    /// The benchmark it starts from (the nearest in active parameters).
    pub benchmark: Benchmark,
    /// The benchmark's figure on this GPU, before scaling to the model.
    pub anchor_tokens_per_second: Decimal,
    /// How the figure was found.
    pub basis: ThroughputBasis,
    /// The benchmark's active parameters ÷ the model's (decode reads ∝ active parameters).
    pub model_scale: Decimal,
    /// The benchmark's weight precision (the figure is taken as measured whatever the model's
    /// precision, as `SIZING.md` §4 does: BF16 weights decode slower than an FP8 result).
    pub anchor_weights: Precision,
}

/// Whether a tensor-parallel group holds the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fit {
    /// The weights and at least one full-length request fit.
    Fits,
    /// The weights do not fit in the group's budget.
    WeightsDoNotFit,
    /// The weights fit, one request of the full context length does not (vLLM refuses to
    /// start: "No available memory for the cache blocks").
    FullRequestDoesNotFit,
}

/// One tensor-parallel size for the GPU model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// GPUs per replica (tensor-parallel size).
    pub tp: u32,
    /// The group is larger than the NVLink domain: tensor parallelism runs over PCIe.
    pub over_pcie: bool,
    /// How many times the KV cache is held: 1, or TP ÷ KV heads when the group has more GPUs
    /// than KV heads (the whole latent on every rank for MLA).
    pub kv_duplication: Decimal,
    /// Per GPU: memory × utilisation − activation − non-torch memory, GiB.
    pub budget_gib_per_gpu: Decimal,
    /// Per replica: TP × budget − weights, GiB (negative: the weights do not fit).
    pub kv_gib_per_replica: Decimal,
    /// Whether the group holds the model.
    pub fit: Fit,
    /// Sequences of the resident context a replica holds (`None`: no limit, or does not fit).
    pub sequences_per_replica: Option<u64>,
    /// Replicas the KV cache needs (`None`: does not fit).
    pub memory_replicas: Option<u64>,
    /// The same before whole replicas: sequences ÷ sequences per replica (`None`: does not
    /// fit).
    pub memory_replicas_exact: Option<Decimal>,
    /// Replicas the throughput needs.
    pub throughput_replicas: u64,
    /// The same before whole replicas: throughput GPUs ÷ TP.
    pub throughput_replicas_exact: Decimal,
    /// GPUs: the larger replica count × TP (`None`: does not fit).
    pub gpus: Option<u64>,
}

/// Which need sets the GPU count: the one that needs more of the chosen group's replicas
/// before rounding up (so with one replica enough for both, the one nearer its limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Binding {
    /// Memory for weights and KV cache.
    Memory,
    /// Throughput.
    Throughput,
    /// Both need exactly the same.
    Both,
}

/// The sizing's answer: the candidate with the fewest GPUs (ties: the smaller group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// Tensor-parallel size.
    pub tp: u32,
    /// Replicas.
    pub replicas: u64,
    /// GPUs = replicas × TP.
    pub gpus: u64,
    /// GPUs memory alone needs at this TP.
    pub memory_gpus: u64,
    /// GPUs throughput alone needs at this TP (whole replicas).
    pub throughput_gpus: u64,
    /// GPUs throughput needs before whole replicas: λ · output tokens ÷ (tokens/s per GPU · ρ).
    pub throughput_gpus_exact: Decimal,
    /// Which need binds.
    pub binding: Binding,
}

/// What the sizing must say beside its numbers (`SIZING.md` §7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// The weights fit in no allowed tensor-parallel group of this GPU.
    DoesNotFit {
        /// The weights, GiB.
        weight_gib: Decimal,
        /// The largest group tried.
        largest_tp: u32,
    },
    /// The weights fit, one full-length request fits in no group: vLLM refuses to start.
    FullRequestDoesNotFit {
        /// The context length, tokens.
        context_tokens: u32,
    },
    /// Every sequence is sized at the full context length: the worst case (paged KV holds
    /// less on average, but vLLM needs one full-length request to fit).
    FullContextForEverySequence,
    /// The chosen group runs tensor parallelism over PCIe: it costs throughput.
    TpOverPcie {
        /// The group size.
        tp: u32,
        /// The NVLink domain.
        nvlink_domain: u32,
    },
    /// The chosen group has more GPUs than the model has KV heads: the KV cache is held
    /// `factor` times.
    KvDuplicated {
        /// The group size.
        tp: u32,
        /// The KV heads (0 for MLA's shared latent).
        kv_heads: u32,
        /// How many times the KV cache is held.
        factor: Decimal,
    },
    /// A mixture of experts: memory holds every expert (total parameters), compute reads the
    /// active ones; activation overhead is higher.
    MoeMemoryByTotal {
        /// Parameters held, billions.
        total_b: Decimal,
        /// Parameters active per token, billions.
        active_b: Decimal,
    },
    /// Sliding-window or linear-attention layers make KV bytes per token depend on the context.
    ContextDependentKv,
    /// The throughput comes from an MLPerf result: tuned TensorRT-LLM mostly, its own data set
    /// and FP8/FP4; a best case.
    BenchmarkBestCase {
        /// The benchmark.
        benchmark: Benchmark,
        /// How the figure was carried to this GPU and model.
        basis: ThroughputBasis,
    },
    /// FP4 weights on a GPU without FP4 tensor cores (FP4 is Blackwell-only).
    Fp4WithoutFp4Cores,
    /// The model's weights take more bytes than the benchmark's that gives the throughput: decode
    /// reads every active weight per token, so the figure is optimistic.
    HeavierWeightsThanBenchmark {
        /// The benchmark's weight precision.
        benchmark_weights: Precision,
    },
    /// The relaxed latency class would need more GPUs than serving at chat speed (requests that
    /// take longer are more in flight at once, holding more KV memory): sized at chat speed.
    SizedAtChatSpeed,
}

/// One GPU model's sizing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sizing {
    /// The load.
    pub demand: Demand,
    /// The weights, GiB.
    pub weight_gib: Decimal,
    /// Where the weight figure comes from.
    pub weight_basis: WeightBasis,
    /// Peak activation per GPU used, GiB.
    pub activation_gib: Decimal,
    /// KV bytes per token that grow with the context ([`kv_bytes_per_token`]).
    pub kv_bytes_per_token: Decimal,
    /// KV bytes of one sequence of the resident context.
    pub kv_bytes_per_sequence: Decimal,
    /// KV bytes of one request of the full context length.
    pub kv_bytes_full_request: Decimal,
    /// The GPU's throughput for the model.
    pub throughput: Throughput,
    /// Every tensor-parallel size the heads and the server allow, ascending.
    pub candidates: Vec<Candidate>,
    /// The answer (`None`: the model does not fit this GPU model).
    pub choice: Option<Choice>,
    /// What to say beside it.
    pub warnings: Vec<Warning>,
}

// ---------------------------------------------------------------------------------------------
// Sizing
// ---------------------------------------------------------------------------------------------

/// Sizes `inputs` for one GPU model (`SIZING.md` §7.2): for every tensor-parallel size t in
/// {1, 2, 4, 8} that divides the model's heads and fits a server, the per-GPU budget
/// `memory × utilisation − activation − non-torch(t)`, the replica's KV room `t × budget −
/// weights`, sequences per replica (KV held `t ÷ KV heads` times when t exceeds them), replicas
/// for memory (`⌈C ÷ sequences⌉`) and for throughput (`⌈λ·OSL ÷ (tokens/s per GPU · ρ) ÷ t⌉`);
/// the answer is the candidate with the fewest GPUs, ties to the smaller group.
///
/// # Errors
/// [`Error::Malformed`] for an id not in a catalogue, [`Error::OutOfRange`] for a field
/// outside its range (paths under `sizing.`), [`Error::Overflow`] past the decimal range.
/// Never panics.
pub fn size(inputs: &Inputs, gpu: &GpuChoice) -> Result<Sizing> {
    let at = size_at(inputs, gpu)?;
    if inputs.latency == LatencyClass::Interactive {
        return Ok(at);
    }
    // A looser target never needs more hardware: the load may run at chat speed, where each
    // request leaves sooner and fewer are in flight (less KV memory), when that needs fewer GPUs.
    let fast = size_at(
        &Inputs {
            latency: LatencyClass::Interactive,
            ..inputs.clone()
        },
        gpu,
    )?;
    let gpus = |s: &Sizing| s.choice.map_or(u64::MAX, |c| c.gpus);
    if gpus(&fast) < gpus(&at) {
        let mut fast = fast;
        fast.warnings.push(Warning::SizedAtChatSpeed);
        return Ok(fast);
    }
    Ok(at)
}

/// [`size`] at the latency class as given.
fn size_at(inputs: &Inputs, gpu: &GpuChoice) -> Result<Sizing> {
    let (spec, entry) = inputs.model_spec()?;
    let (gpu_spec, anchors): (GpuSpec, &'static [Anchor]) = match gpu {
        GpuChoice::Catalogue(id) => {
            let g = self::gpu(id).ok_or_else(|| Error::Malformed {
                path: "sizing.gpu".into(),
                problem: ReadProblem::NoSuchGpu { id: short(id) },
            })?;
            (g.spec, g.anchors)
        }
        GpuChoice::Typed(s) => {
            s.check("sizing.gpu.typed")?;
            (*s, &[])
        }
    };
    inputs.check(&spec)?;

    let demand = demand(inputs)?;
    let measured = entry.and_then(|m| m.measured_weight_gib(inputs.weight_precision));
    let (weight_gib, weight_basis) = match (inputs.weight_gib, measured) {
        (Some(w), _) => (w, WeightBasis::Typed),
        (None, Some(w)) => (w, WeightBasis::Measured),
        (None, None) => {
            let bytes = mul(
                mul(spec.params_total_b, dec!(1000000000), "sizing.weight_gib")?,
                inputs.weight_precision.bytes(),
                "sizing.weight_gib",
            )?;
            (
                div(bytes, GIB, "sizing.weight_gib")?,
                WeightBasis::Parameters,
            )
        }
    };
    let activation_gib = inputs.activation_gib.unwrap_or(if spec.is_moe() {
        ACTIVATION_MOE_GIB
    } else {
        ACTIVATION_DENSE_GIB
    });
    let kv = inputs.kv_precision;
    let kv_token = kv_bytes_per_token(&spec, kv)?;
    let kv_seq = kv_bytes_per_sequence(&spec, kv, demand.resident_tokens)?;
    let kv_full = kv_bytes_per_sequence(&spec, kv, inputs.context_tokens)?;
    let throughput = throughput(&spec, &gpu_spec, anchors, inputs.latency)?;

    const THR: &str = "sizing.throughput";
    let capacity = mul(
        throughput.tokens_per_second_per_gpu,
        inputs.target_busy,
        THR,
    )?;
    let throughput_gpus_exact = if demand.output_tokens_per_second.is_zero() {
        Decimal::ZERO
    } else if capacity.is_zero() {
        return Err(Error::Overflow { path: THR.into() });
    } else {
        div(demand.output_tokens_per_second, capacity, THR)?
    };

    let mut candidates = Vec::new();
    for tp in TP_SIZES {
        if spec.heads % tp != 0 || tp > gpu_spec.max_per_server {
            continue;
        }
        candidates.push(candidate(
            tp,
            &spec,
            &gpu_spec,
            inputs,
            weight_gib,
            activation_gib,
            kv_seq,
            kv_full,
            demand.concurrent_sequences,
            throughput_gpus_exact,
        )?);
    }

    let mut best: Option<&Candidate> = None;
    for c in &candidates {
        if let Some(g) = c.gpus
            && best.and_then(|b| b.gpus).is_none_or(|b| g < b)
        {
            best = Some(c);
        }
    }
    let choice = match best {
        Some(c) => {
            let memory_replicas = c.memory_replicas.unwrap_or(1);
            let replicas = memory_replicas.max(c.throughput_replicas);
            let t = u64::from(c.tp);
            Some(Choice {
                tp: c.tp,
                replicas,
                gpus: c.gpus.unwrap_or(0),
                memory_gpus: memory_replicas.saturating_mul(t),
                throughput_gpus: c.throughput_replicas.saturating_mul(t),
                throughput_gpus_exact,
                binding: match c
                    .memory_replicas_exact
                    .unwrap_or_default()
                    .cmp(&c.throughput_replicas_exact)
                {
                    core::cmp::Ordering::Greater => Binding::Memory,
                    core::cmp::Ordering::Less => Binding::Throughput,
                    core::cmp::Ordering::Equal => Binding::Both,
                },
            })
        }
        None => None,
    };

    let mut warnings = Vec::new();
    if choice.is_none() {
        if candidates
            .iter()
            .any(|c| c.fit == Fit::FullRequestDoesNotFit)
        {
            warnings.push(Warning::FullRequestDoesNotFit {
                context_tokens: inputs.context_tokens,
            });
        } else {
            warnings.push(Warning::DoesNotFit {
                weight_gib,
                largest_tp: candidates.last().map_or(1, |c| c.tp),
            });
        }
    }
    if inputs.resident == Residency::Full {
        warnings.push(Warning::FullContextForEverySequence);
    }
    if let Some(c) = best {
        if c.over_pcie {
            warnings.push(Warning::TpOverPcie {
                tp: c.tp,
                nvlink_domain: gpu_spec.nvlink_domain,
            });
        }
        if c.kv_duplication > Decimal::ONE {
            warnings.push(Warning::KvDuplicated {
                tp: c.tp,
                kv_heads: match spec.attention {
                    Attention::Mla { .. } => 0,
                    _ => spec.kv_heads,
                },
                factor: c.kv_duplication,
            });
        }
    }
    if spec.is_moe() {
        warnings.push(Warning::MoeMemoryByTotal {
            total_b: spec.params_total_b,
            active_b: spec.params_active_b,
        });
    }
    if matches!(
        spec.attention,
        Attention::Sliding { .. } | Attention::LinearHybrid { .. }
    ) {
        warnings.push(Warning::ContextDependentKv);
    }
    if inputs.weight_precision == Precision::Fp4 && !gpu_spec.fp4 {
        warnings.push(Warning::Fp4WithoutFp4Cores);
    }
    warnings.push(Warning::BenchmarkBestCase {
        benchmark: throughput.benchmark,
        basis: throughput.basis,
    });
    if inputs.weight_precision.bytes() > throughput.anchor_weights.bytes() {
        warnings.push(Warning::HeavierWeightsThanBenchmark {
            benchmark_weights: throughput.anchor_weights,
        });
    }

    Ok(Sizing {
        demand,
        weight_gib,
        weight_basis,
        activation_gib,
        kv_bytes_per_token: kv_token,
        kv_bytes_per_sequence: kv_seq,
        kv_bytes_full_request: kv_full,
        throughput,
        candidates,
        choice,
        warnings,
    })
}

/// The load as λ, W and C.
fn demand(inputs: &Inputs) -> Result<Demand> {
    const PATH: &str = "sizing.load";
    let latency = inputs.latency;
    let seconds_per_request = add(
        latency.ttft_seconds(),
        mul(inputs.output_tokens.into(), latency.tpot_seconds(), PATH)?,
        PATH,
    )?;
    let in_flight = |rate: Decimal| -> Result<u64> {
        whole(mul(rate, seconds_per_request, PATH)?.ceil(), PATH)
    };
    let (requests_per_second, concurrent_sequences) = match inputs.load {
        Load::Users {
            users,
            requests_per_user_hour,
            peak_factor,
        } => {
            let per_hour = mul(users.into(), requests_per_user_hour, PATH)?;
            let rate = mul(div(per_hour, dec!(3600), PATH)?, peak_factor, PATH)?;
            (rate, in_flight(rate)?)
        }
        Load::RequestsPerSecond { rate } => (rate, in_flight(rate)?),
        Load::Concurrent { sequences } => (
            div(sequences.into(), seconds_per_request, PATH)?,
            u64::from(sequences),
        ),
    };
    let resident_tokens = match inputs.resident {
        Residency::Full => inputs.context_tokens,
        Residency::Average => inputs.input_tokens.saturating_add(inputs.output_tokens),
    };
    Ok(Demand {
        requests_per_second,
        seconds_per_request,
        concurrent_sequences,
        resident_tokens,
        output_tokens_per_second: mul(requests_per_second, inputs.output_tokens.into(), PATH)?,
    })
}

/// One tensor-parallel size.
#[allow(clippy::too_many_arguments)]
fn candidate(
    tp: u32,
    spec: &ModelSpec,
    gpu: &GpuSpec,
    inputs: &Inputs,
    weight_gib: Decimal,
    activation_gib: Decimal,
    kv_seq: Decimal,
    kv_full: Decimal,
    sequences: u64,
    throughput_gpus: Decimal,
) -> Result<Candidate> {
    const PATH: &str = "sizing.memory";
    let t = Decimal::from(tp);
    let non_torch = if tp == 1 {
        NON_TORCH_TP1_GIB
    } else {
        NON_TORCH_TP_GIB
    };
    let budget = sub(
        mul(gpu.visible_gib, inputs.gpu_memory_utilization, PATH)?,
        add(activation_gib, non_torch, PATH)?,
        PATH,
    )?;
    let room_gib = sub(mul(t, budget, PATH)?, weight_gib, PATH)?;
    // Each rank holds ⌈KV heads ÷ t⌉ heads, t of them in all; MLA's latent is whole on each.
    let kv_duplication = match spec.attention {
        Attention::Mla { .. } => t,
        _ => {
            let per_rank = spec.kv_heads.div_ceil(tp);
            div(
                mul(t, per_rank.into(), PATH)?,
                spec.kv_heads.max(1).into(),
                PATH,
            )?
        }
    };
    let per_seq = mul(kv_seq, kv_duplication, PATH)?;
    let full = mul(kv_full, kv_duplication, PATH)?;
    let (fit, sequences_per_replica, memory_replicas_exact) = if room_gib <= Decimal::ZERO {
        (Fit::WeightsDoNotFit, None, None)
    } else {
        let room = mul(room_gib, GIB, PATH)?;
        if room < full {
            (Fit::FullRequestDoesNotFit, None, None)
        } else if per_seq.is_zero() {
            (Fit::Fits, None, Some(Decimal::ZERO))
        } else {
            let per_replica = whole(div(room, per_seq, PATH)?.floor(), PATH)?;
            // At least one full-length request fits, so per_replica ≥ 1.
            let exact = div(sequences.into(), per_replica.max(1).into(), PATH)?;
            (Fit::Fits, Some(per_replica), Some(exact))
        }
    };
    let memory_replicas = match memory_replicas_exact {
        Some(x) => Some(whole(x.ceil(), PATH)?.max(1)),
        None => None,
    };
    let throughput_replicas_exact = div(throughput_gpus, t, PATH)?;
    let throughput_replicas = whole(throughput_replicas_exact.ceil(), PATH)?.max(1);
    let gpus = match memory_replicas {
        Some(m) => Some(
            m.max(throughput_replicas)
                .checked_mul(u64::from(tp))
                .ok_or_else(|| Error::Overflow { path: PATH.into() })?,
        ),
        None => None,
    };
    Ok(Candidate {
        tp,
        over_pcie: tp > gpu.nvlink_domain,
        kv_duplication,
        budget_gib_per_gpu: budget,
        kv_gib_per_replica: room_gib,
        fit,
        sequences_per_replica,
        memory_replicas,
        memory_replicas_exact,
        throughput_replicas,
        throughput_replicas_exact,
        gpus,
    })
}

/// The GPU's output tokens per second for the model at the latency class (`SIZING.md` §7.2.6):
/// the dense MLPerf benchmark nearest in active parameters (llama2-70b or llama3.1-8b), the
/// GPU's own row or one carried over, × the benchmark's active parameters ÷ the model's.
fn throughput(
    spec: &ModelSpec,
    gpu: &GpuSpec,
    anchors: &'static [Anchor],
    latency: LatencyClass,
) -> Result<Throughput> {
    const PATH: &str = "sizing.throughput";
    let active = spec.params_active_b;
    // The nearer of the two in ratio: above √(70 × 8) ≈ 23.7B the 70B benchmark.
    let benchmark = if mul(active, active, PATH)? >= dec!(560) {
        Benchmark::Llama2_70b
    } else {
        Benchmark::Llama31_8b
    };
    let scenario = latency.scenario();
    let find = |list: &'static [Anchor], s: MlperfScenario| {
        list.iter()
            .find(|a| a.benchmark == benchmark && a.scenario == s)
            .map(|a| (a.tokens_per_second, a.weights))
    };
    let reference = H200_SXM.anchors;
    let (anchor, anchor_weights, basis) = if let Some((x, w)) = find(anchors, scenario) {
        (x, w, ThroughputBasis::Measured)
    } else if let (Some((own, w)), Some((class, _)), Some((server, _))) = (
        find(anchors, MlperfScenario::Server),
        find(reference, scenario),
        find(reference, MlperfScenario::Server),
    ) {
        (
            div(mul(own, class, PATH)?, server, PATH)?,
            w,
            ThroughputBasis::ClassScaled,
        )
    } else {
        let (x, w) = find(reference, scenario).unwrap_or((Decimal::ZERO, Precision::Fp8));
        (
            div(
                mul(x, gpu.bandwidth_gb_s, PATH)?,
                H200_SXM.spec.bandwidth_gb_s,
                PATH,
            )?,
            w,
            ThroughputBasis::BandwidthScaled,
        )
    };
    let model_scale = div(benchmark.params_active_b(), active, PATH)?;
    Ok(Throughput {
        tokens_per_second_per_gpu: mul(anchor, model_scale, PATH)?,
        benchmark,
        anchor_tokens_per_second: anchor,
        basis,
        model_scale,
        anchor_weights,
    })
}

// ---------------------------------------------------------------------------------------------
// Cost per 1M tokens
// ---------------------------------------------------------------------------------------------

/// A model API's price (in the API's currency) per 1M tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApiPrice {
    /// Per 1M input tokens.
    pub input_per_million: Decimal,
    /// Per 1M output tokens.
    pub output_per_million: Decimal,
}

/// A model API's dated price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiOffer {
    /// Stable id.
    pub id: &'static str,
    /// Who sells it.
    pub provider: &'static str,
    /// The model as the provider names it.
    pub model_name: &'static str,
    /// The catalogue model it is, for an open model ([`models`]).
    pub model: Option<&'static str>,
    /// The price.
    pub price: ApiPrice,
    /// Per 1M cached input tokens, where the provider lists one.
    pub cached_input_per_million: Option<Decimal>,
    /// The price's currency.
    pub currency: Currency,
    /// Where the price comes from.
    pub source: &'static str,
    /// As-of date, `YYYY-MM` (for simonw/llm-prices the date the row was added there).
    pub as_of: &'static str,
    /// Remark in English (empty if none).
    pub note_en: &'static str,
    /// Remark in German (empty if none).
    pub note_de: &'static str,
}

/// Tokens (per month, or per request).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tokens {
    /// Input (prompt) tokens.
    pub input: Decimal,
    /// Output (generated) tokens.
    pub output: Decimal,
}

impl Tokens {
    /// Input plus output.
    ///
    /// # Errors
    /// [`Error::Overflow`] past the decimal range.
    pub fn total(&self) -> Result<Decimal> {
        add(self.input, self.output, "sizing.tokens")
    }
}

/// Cost per 1M tokens of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TokenCost {
    /// The whole monthly cost per 1M output tokens (`None`: no output tokens).
    pub per_million_output: Option<Decimal>,
    /// The whole monthly cost per 1M input + output tokens (`None`: no tokens).
    pub per_million_total: Option<Decimal>,
}

/// The tokens a month of `busy_hours` at `requests_per_second` serves, `input_tokens` and
/// `output_tokens` per request.
///
/// # Errors
/// [`Error::OutOfRange`] for a negative figure; [`Error::Overflow`] past the decimal range.
pub fn tokens_per_month(
    requests_per_second: Decimal,
    input_tokens: Decimal,
    output_tokens: Decimal,
    busy_hours: Decimal,
) -> Result<Tokens> {
    const PATH: &str = "sizing.tokens";
    non_negative("sizing.tokens.requests_per_second", requests_per_second)?;
    non_negative("sizing.tokens.input", input_tokens)?;
    non_negative("sizing.tokens.output", output_tokens)?;
    non_negative("sizing.tokens.busy_hours", busy_hours)?;
    let requests = mul(
        mul(requests_per_second, dec!(3600), PATH)?,
        busy_hours,
        PATH,
    )?;
    Ok(Tokens {
        input: mul(requests, input_tokens, PATH)?,
        output: mul(requests, output_tokens, PATH)?,
    })
}

/// An option's cost per 1M tokens: `monthly_cost` (the whole bill: it pays for GPU time, not
/// tokens) over the month's output tokens, and over its input + output tokens.
///
/// # Errors
/// [`Error::OutOfRange`] for a negative cost or token count; [`Error::Overflow`] past the
/// decimal range.
pub fn cost_per_million(monthly_cost: Decimal, tokens: &Tokens) -> Result<TokenCost> {
    const PATH: &str = "sizing.cost";
    non_negative("sizing.cost.monthly_cost", monthly_cost)?;
    check_tokens(tokens)?;
    let per = |n: Decimal| -> Result<Option<Decimal>> {
        if n.is_zero() {
            Ok(None)
        } else {
            Ok(Some(div(mul(monthly_cost, MILLION, PATH)?, n, PATH)?))
        }
    };
    Ok(TokenCost {
        per_million_output: per(tokens.output)?,
        per_million_total: per(tokens.total()?)?,
    })
}

/// What `tokens` cost through an API at `price`.
///
/// # Errors
/// [`Error::OutOfRange`] for a negative price or token count; [`Error::Overflow`] past the
/// decimal range.
pub fn api_monthly_cost(tokens: &Tokens, price: &ApiPrice) -> Result<Decimal> {
    const PATH: &str = "sizing.api";
    check_tokens(tokens)?;
    non_negative("sizing.api.input_per_million", price.input_per_million)?;
    non_negative("sizing.api.output_per_million", price.output_per_million)?;
    let input = mul(tokens.input, price.input_per_million, PATH)?;
    let output = mul(tokens.output, price.output_per_million, PATH)?;
    div(add(input, output, PATH)?, MILLION, PATH)
}

/// The monthly tokens, in the proportions of `mix` (one request's tokens, say), from which an
/// option with the fixed `monthly_cost` costs no more than the API at `price`: the API's cost
/// grows with the tokens, the option's does not (up to what its GPUs can serve, which the
/// caller checks). `None` when the API charges nothing for `mix` (then it always wins).
///
/// # Errors
/// [`Error::OutOfRange`] for a negative figure; [`Error::Overflow`] past the decimal range.
pub fn beats_api_from(
    monthly_cost: Decimal,
    mix: &Tokens,
    price: &ApiPrice,
) -> Result<Option<Tokens>> {
    const PATH: &str = "sizing.break_even";
    non_negative("sizing.cost.monthly_cost", monthly_cost)?;
    let api = api_monthly_cost(mix, price)?;
    if api.is_zero() {
        return Ok(None);
    }
    let k = div(monthly_cost, api, PATH)?;
    Ok(Some(Tokens {
        input: mul(mix.input, k, PATH)?,
        output: mul(mix.output, k, PATH)?,
    }))
}

const MILLION: Decimal = dec!(1000000);

fn check_tokens(tokens: &Tokens) -> Result<()> {
    non_negative("sizing.tokens.input", tokens.input)?;
    non_negative("sizing.tokens.output", tokens.output)
}

// ---------------------------------------------------------------------------------------------
// Catalogue lookups and the preset mapping
// ---------------------------------------------------------------------------------------------

/// The model catalogue (`SIZING.md` §2).
pub fn models() -> &'static [Model] {
    MODELS
}

/// The catalogue model with `id`.
pub fn model(id: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.id == id)
}

/// The GPU catalogue (`SIZING.md` §3, anchors §4.1).
pub fn gpus() -> &'static [Gpu] {
    GPUS
}

/// The catalogue GPU with `id`.
pub fn gpu(id: &str) -> Option<&'static Gpu> {
    GPUS.iter().find(|g| g.id == id)
}

/// The API price catalogue (`SIZING.md` §6).
pub fn api_offers() -> &'static [ApiOffer] {
    API_OFFERS
}

/// The API offer with `id`.
pub fn api_offer(id: &str) -> Option<&'static ApiOffer> {
    API_OFFERS.iter().find(|o| o.id == id)
}

/// The GPU model of an option preset ([`crate::presets`]), `None` for a preset that names none
/// (the bare-metal monthly offer).
pub fn gpu_for_preset(preset_id: &str) -> Option<&'static Gpu> {
    let id = PRESET_GPUS
        .iter()
        .find(|(p, _)| *p == preset_id)
        .map(|(_, g)| *g)?;
    gpu(id)
}

/// The options the comparison counts one GPU-hour for one GPU-hour although their GPU models
/// differ, each with its model: of the options without a GPU count of their own (`load_gpus`,
/// which the sizing's "Use these GPU counts" writes) those whose preset (`presets`: `own` or
/// `rent.N` with the preset's id, as the page keeps them) names a GPU model, when they name two
/// models or more; none otherwise. Own first, then the rent options in order. An hour of an L40S
/// is not an hour of an H200: each serves another number of tokens, so an answer between them
/// holds only once each option's GPUs are counted for the same model and load.
///
/// ```
/// use gpu_tco_core::Scenario;
/// use gpu_tco_core::sizing::unlike_gpus;
///
/// let s = Scenario::default();
/// // The worked example's own server and its first rent option: H200 both.
/// assert!(unlike_gpus(&s, &[("own", "own-h200-sxm-8"), ("rent.0", "aws-p5en-on-demand")]).is_empty());
/// let mixed = unlike_gpus(&s, &[("own", "own-l40s-8"), ("rent.0", "aws-p5en-on-demand")]);
/// let names: Vec<_> = mixed.iter().map(|(o, g)| (*o, g.name)).collect();
/// assert_eq!(names, [("own", "NVIDIA L40S"), ("rent.0", "NVIDIA H200 SXM (HGX)")]);
/// ```
pub fn unlike_gpus<'p>(
    scenario: &crate::Scenario,
    presets: &[(&'p str, &str)],
) -> Vec<(&'p str, GpuModel)> {
    let rent: Vec<bool> = scenario
        .rent
        .iter()
        .map(|o| o.load_gpus.is_none())
        .collect();
    unlike_gpus_by(scenario.own.load_gpus.is_none(), &rent, presets)
}

/// [`unlike_gpus`] from which options count the load's GPUs as their own (no `load_gpus`): own,
/// and each rent option in order (an index past the list is no option). What a page keeps of a
/// scenario between its changes, so that a change elsewhere asks nothing again.
pub fn unlike_gpus_by<'p>(
    own: bool,
    rent: &[bool],
    presets: &[(&'p str, &str)],
) -> Vec<(&'p str, GpuModel)> {
    // The option's place, own 0 and rent option N at N + 1, while it counts the load's GPUs.
    let counted = |prefix: &str| {
        let i = match prefix {
            "own" => 0,
            _ => prefix
                .strip_prefix("rent.")?
                .parse::<usize>()
                .ok()?
                .checked_add(1)?,
        };
        let yes = if i == 0 {
            own
        } else {
            rent.get(i - 1).copied().unwrap_or(false)
        };
        yes.then_some(i)
    };
    let model = |preset_id: &str| {
        let id = PRESET_GPUS.iter().find(|(p, _)| *p == preset_id)?.1;
        let name = GPU_NAMES.iter().find(|(g, _)| *g == id)?.1;
        Some(GpuModel { id, name })
    };
    let mut found: Vec<(usize, &'p str, GpuModel)> = presets
        .iter()
        .filter_map(|(prefix, id)| Some((counted(prefix)?, *prefix, model(id)?)))
        .collect();
    crate::order::sort_by_key(&mut found, |f| f.0);
    found.dedup_by(|a, b| a.0 == b.0);
    let first = found.first().map(|f| f.2.id);
    if found.iter().all(|f| Some(f.2.id) == first) {
        return Vec::new();
    }
    found
        .into_iter()
        .map(|(_, prefix, g)| (prefix, g))
        .collect()
}

/// A GPU model of the catalogue by its id and name ([`unlike_gpus`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuModel {
    /// The catalogue's id ([`Gpu::id`]).
    pub id: &'static str,
    /// Its name ([`Gpu::name`]).
    pub name: &'static str,
}

/// Preset id → GPU id. Cloud H200 instances (p5en, ND H200 v5, A3 Ultra, BM.GPU.H200.8) are
/// HGX boards; the per-GPU clouds' H200 are taken as SXM too.
const PRESET_GPUS: &[(&str, &str)] = &[
    ("own-h200-sxm-8", "h200-sxm"),
    ("own-h200-nvl-8", "h200-nvl"),
    ("own-h200-nvl-4", "h200-nvl"),
    ("own-rtx-pro-6000-8", "rtx-pro-6000"),
    ("own-l40s-8", "l40s"),
    ("aws-p5en-on-demand", "h200-sxm"),
    ("aws-p5en-start-stop", "h200-sxm"),
    ("aws-p5en-savings-plan-3y", "h200-sxm"),
    ("aws-p5en-reserved-savings-plan-3y", "h200-sxm"),
    ("aws-p5en-savings-plan-3y-upfront", "h200-sxm"),
    ("aws-p5en-eu-north-1", "h200-sxm"),
    ("aws-p5en-capacity-blocks", "h200-sxm"),
    ("aws-p5en-cheapest-plan", "h200-sxm"),
    ("aws-p5-on-demand", "h100-sxm"),
    ("aws-p5-4xlarge", "h100-sxm"),
    ("azure-nd-h200-on-demand", "h200-sxm"),
    ("azure-nd-h200-reserved-3y", "h200-sxm"),
    ("google-a3-ultra-on-demand", "h200-sxm"),
    ("oracle-h200-3y", "h200-sxm"),
    ("nebius-h200", "h200-sxm"),
    ("runpod-h200", "h200-sxm"),
    ("coreweave-h200", "h200-sxm"),
    ("lambda-h100", "h100-sxm"),
];

// ---------------------------------------------------------------------------------------------
// Checked arithmetic
// ---------------------------------------------------------------------------------------------

fn overflow(path: &str) -> Error {
    Error::Overflow {
        path: path.to_owned(),
    }
}

fn mul(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_mul(b).ok_or_else(|| overflow(path))
}

fn div(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_div(b).ok_or_else(|| overflow(path))
}

fn add(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_add(b).ok_or_else(|| overflow(path))
}

fn sub(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_sub(b).ok_or_else(|| overflow(path))
}

fn whole(x: Decimal, path: &str) -> Result<u64> {
    x.to_u64().ok_or_else(|| overflow(path))
}

fn within(path: &str, value: Decimal, min: Decimal, max: Decimal) -> Result<()> {
    if value < min || value > max {
        Err(Error::OutOfRange {
            path: path.to_owned(),
            value,
            min,
            max,
        })
    } else {
        Ok(())
    }
}

fn count(path: &str, value: u32, min: u32, max: u32) -> Result<()> {
    within(path, value.into(), min.into(), max.into())
}

fn non_negative(path: &str, value: Decimal) -> Result<()> {
    within(path, value, Decimal::ZERO, Decimal::MAX)
}

/// An id cut to 40 characters for a message.
fn short(id: &str) -> String {
    id.chars().take(40).collect()
}

// ---------------------------------------------------------------------------------------------
// The catalogues (data)
// ---------------------------------------------------------------------------------------------

const AIC: &str = "ai-dynamo/aiconfigurator model_configs (config.json, 095f58a)";
const AIC_DATE: &str = "2026-08";
const GALLERY: &str = "Sebastian Raschka, LLM Architecture Gallery";
const GALLERY_DATE: &str = "2026-04";

const fn full(
    total: Decimal,
    active: Decimal,
    layers: u32,
    heads: u32,
    kv_heads: u32,
    head_dim: u32,
    max_context: u32,
) -> ModelSpec {
    ModelSpec {
        params_total_b: total,
        params_active_b: active,
        layers,
        heads,
        kv_heads,
        head_dim,
        attention: Attention::Full,
        max_context,
    }
}

const fn with(spec: ModelSpec, attention: Attention) -> ModelSpec {
    ModelSpec { attention, ..spec }
}

#[allow(clippy::too_many_arguments)]
const fn m(
    id: &'static str,
    name: &'static str,
    spec: ModelSpec,
    experts: Option<Experts>,
    measured_weights: &'static [(Precision, Decimal)],
    measured_activation_gib: Option<Decimal>,
    source: &'static str,
    as_of: &'static str,
    note_en: &'static str,
    note_de: &'static str,
) -> Model {
    Model {
        id,
        name,
        spec,
        experts,
        measured_weights,
        measured_activation_gib,
        source,
        as_of,
        note_en,
        note_de,
    }
}

const fn moe(total: u32, active: u32) -> Option<Experts> {
    Some(Experts { total, active })
}

const MODELS: &[Model] = &[
    m(
        "llama-3.1-8b",
        "Llama 3.1 8B Instruct",
        full(dec!(8), dec!(8), 32, 32, 8, 128, 131072),
        None,
        &[(Precision::Bf16, dec!(14.99))],
        Some(dec!(4.76)),
        AIC,
        AIC_DATE,
        "vLLM footprint from llm-d-benchmark (2026-01)",
        "vLLM-Speicherbedarf aus llm-d-benchmark (2026-01)",
    ),
    m(
        "llama-3.3-70b",
        "Llama 3.3 70B Instruct (= 3.1 70B)",
        full(dec!(70), dec!(70), 80, 64, 8, 128, 131072),
        None,
        &[(Precision::Fp8, dec!(67.72))],
        Some(dec!(4.84)),
        AIC,
        "2026-03",
        "3.1 and 3.3 configs identical; FP8 footprint and activation (TP2) measured by llm-d (2026-01)",
        "Konfiguration von 3.1 und 3.3 gleich; FP8-Bedarf und Aktivierung (TP2) von llm-d gemessen (2026-01)",
    ),
    m(
        "llama-3.1-405b",
        "Llama 3.1 405B Instruct",
        full(dec!(405), dec!(405), 126, 128, 8, 128, 131072),
        None,
        &[],
        None,
        AIC,
        AIC_DATE,
        "",
        "",
    ),
    m(
        "qwen2.5-7b",
        "Qwen2.5 7B Instruct",
        full(dec!(7), dec!(7), 28, 28, 4, 128, 32768),
        None,
        &[],
        None,
        "TransformerEngine benchmark quoting the Hugging Face config",
        AIC_DATE,
        "32k context; 128k with YaRN per the model card",
        "32k Kontext; 128k mit YaRN laut Modellkarte",
    ),
    m(
        "qwen2.5-32b",
        "Qwen2.5 32B / DeepSeek-R1-Distill-Qwen-32B",
        full(dec!(32.5), dec!(32.5), 64, 40, 8, 128, 131072),
        None,
        &[],
        None,
        "Qwen2.5-32B model card (ZHUI/paddlenlp_model_readme)",
        AIC_DATE,
        "the distill's architecture by lineage (estimate)",
        "Architektur des Distills nach Abstammung (Schätzung)",
    ),
    m(
        "qwen2.5-72b",
        "Qwen2.5 72B Instruct",
        full(dec!(72), dec!(72), 80, 64, 8, 128, 32768),
        None,
        &[],
        None,
        "mirrored config and TransformerEngine benchmark quoting the Hugging Face config",
        AIC_DATE,
        "",
        "",
    ),
    m(
        "deepseek-r1-distill-llama-70b",
        "DeepSeek-R1-Distill-Llama-70B",
        full(dec!(70), dec!(70), 80, 64, 8, 128, 131072),
        None,
        &[],
        None,
        "Llama 3.3 70B base",
        AIC_DATE,
        "architecture by lineage (estimate)",
        "Architektur nach Abstammung (Schätzung)",
    ),
    m(
        "qwen3-8b",
        "Qwen3 8B",
        full(dec!(8), dec!(8), 36, 32, 8, 128, 40960),
        None,
        &[],
        None,
        AIC,
        AIC_DATE,
        "GQA with QK-norm; 128k with YaRN",
        "GQA mit QK-Norm; 128k mit YaRN",
    ),
    m(
        "qwen3-32b",
        "Qwen3 32B",
        full(dec!(32), dec!(32), 64, 64, 8, 128, 40960),
        None,
        &[(Precision::Bf16, dec!(61.03))],
        Some(dec!(5.64)),
        AIC,
        AIC_DATE,
        "BF16 footprint measured by llm-d (2026-01)",
        "BF16-Bedarf von llm-d gemessen (2026-01)",
    ),
    m(
        "qwen3-30b-a3b",
        "Qwen3 30B-A3B (MoE)",
        full(dec!(30), dec!(3), 48, 32, 4, 128, 40960),
        moe(128, 8),
        &[],
        None,
        AIC,
        AIC_DATE,
        "128 experts, 8 active",
        "128 Experten, 8 aktiv",
    ),
    m(
        "qwen3-235b-a22b",
        "Qwen3 235B-A22B (MoE)",
        full(dec!(235), dec!(22), 94, 64, 4, 128, 40960),
        moe(128, 8),
        &[],
        None,
        AIC,
        AIC_DATE,
        "only 4 KV heads: TP 8 holds the KV cache twice",
        "nur 4 KV-Köpfe: TP 8 hält den KV-Cache doppelt",
    ),
    m(
        "mixtral-8x7b",
        "Mixtral 8x7B (MoE)",
        full(dec!(46.7), dec!(12.9), 32, 32, 8, 128, 32768),
        moe(8, 2),
        &[],
        None,
        AIC,
        AIC_DATE,
        "parameter counts from the model card, not verified elsewhere",
        "Parameterzahlen laut Modellkarte, nicht in einer gespeicherten Quelle geprüft",
    ),
    m(
        "mistral-small-3.1",
        "Mistral Small 3.1 (24B)",
        full(dec!(24), dec!(24), 40, 32, 8, 128, 131072),
        None,
        &[],
        None,
        GALLERY,
        GALLERY_DATE,
        "",
        "",
    ),
    m(
        "gpt-oss-20b",
        "gpt-oss-20b (MoE)",
        with(
            full(dec!(21), dec!(3.6), 24, 64, 8, 64, 131072),
            Attention::Sliding {
                full_layers: 12,
                window: 128,
            },
        ),
        moe(32, 4),
        &[(Precision::Fp4, dec!(13.47))],
        Some(dec!(7.38)),
        AIC,
        AIC_DATE,
        "alternating 128-token sliding and full layers; MXFP4 experts; footprint measured by llm-d (2026-01)",
        "abwechselnd Schiebefenster (128 Token) und volle Schichten; MXFP4-Experten; Bedarf von llm-d gemessen (2026-01)",
    ),
    m(
        "gpt-oss-120b",
        "gpt-oss-120b (MoE)",
        with(
            full(dec!(117), dec!(5.1), 36, 64, 8, 64, 131072),
            Attention::Sliding {
                full_layers: 18,
                window: 128,
            },
        ),
        moe(128, 4),
        &[(Precision::Fp4, dec!(64.38))],
        Some(dec!(7.38)),
        AIC,
        AIC_DATE,
        "alternating 128-token sliding and full layers; MXFP4 experts; footprint measured by llm-d (2026-01)",
        "abwechselnd Schiebefenster (128 Token) und volle Schichten; MXFP4-Experten; Bedarf von llm-d gemessen (2026-01)",
    ),
    m(
        "deepseek-v3",
        "DeepSeek-V3 / R1 (MoE, MLA)",
        with(
            full(dec!(671), dec!(37), 61, 128, 128, 128, 163840),
            Attention::Mla {
                kv_lora_rank: 512,
                rope_dim: 64,
            },
        ),
        moe(256, 8),
        &[],
        None,
        AIC,
        AIC_DATE,
        "native FP8 block weights (about 671 GB); the latent KV is whole on every tensor-parallel rank",
        "native FP8-Blockgewichte (rund 671 GB); der latente KV liegt auf jedem Tensor-Parallel-Rang ganz",
    ),
    m(
        "gemma-3-27b",
        "Gemma 3 27B",
        with(
            full(dec!(27), dec!(27), 62, 32, 16, 128, 131072),
            Attention::Sliding {
                full_layers: 10,
                window: 1024,
            },
        ),
        None,
        &[],
        None,
        "Gemma 3 config copies in repositories; LLM Architecture Gallery",
        GALLERY_DATE,
        "5:1 sliding (1,024 tokens) to global layers",
        "5:1 Schiebefenster (1.024 Token) zu globalen Schichten",
    ),
    m(
        "gemma-4-31b",
        "Gemma 4 31B",
        with(
            full(dec!(31), dec!(31), 60, 32, 16, 256, 262144),
            Attention::Sliding {
                full_layers: 10,
                window: 1024,
            },
        ),
        None,
        &[],
        None,
        AIC,
        AIC_DATE,
        "from top-level config fields; per-layer-type KV heads not verified (estimate)",
        "aus den obersten Konfigurationsfeldern; KV-Köpfe je Schichttyp nicht geprüft (Schätzung)",
    ),
    m(
        "qwen3.5-27b",
        "Qwen3.5 27B",
        with(
            full(dec!(27), dec!(27), 64, 24, 4, 256, 262144),
            Attention::LinearHybrid { full_layers: 16 },
        ),
        None,
        &[],
        None,
        AIC,
        AIC_DATE,
        "48 linear-attention layers with a fixed state (not counted) and 16 full layers",
        "48 Schichten mit linearer Attention und festem Zustand (nicht gezählt), 16 volle Schichten",
    ),
    m(
        "qwen3.5-35b-a3b",
        "Qwen3.5 35B-A3B (MoE)",
        with(
            full(dec!(35), dec!(3), 40, 16, 2, 256, 262144),
            Attention::LinearHybrid { full_layers: 10 },
        ),
        None,
        &[],
        None,
        AIC,
        AIC_DATE,
        "30 linear-attention layers with a fixed state (not counted) and 10 full layers",
        "30 Schichten mit linearer Attention und festem Zustand (nicht gezählt), 10 volle Schichten",
    ),
];

const MLPERF: &str = "MLPerf Inference v5.1 closed, summary_results.json (mlcommons/inference_results_v5.1, 965182b)";
const MLPERF_DATE: &str = "2025-09";

const fn a(
    benchmark: Benchmark,
    scenario: MlperfScenario,
    weights: Precision,
    tokens_per_second: Decimal,
    stack: &'static str,
) -> Anchor {
    Anchor {
        benchmark,
        scenario,
        weights,
        tokens_per_second,
        stack,
        source: MLPERF,
        as_of: MLPERF_DATE,
    }
}

use Benchmark::{DeepseekR1, Llama2_70b, Llama31_8b, Llama31_405b, Mixtral8x7b};
use MlperfScenario::{Interactive, Offline, Server};

/// The catalogue's GPU models by id with their names, kept apart from their figures and sources:
/// what the first screen names ([`unlike_gpus`]) without linking the catalogue.
const GPU_NAMES: &[(&str, &str)] = &[
    ("h200-sxm", NAME_H200_SXM),
    ("h200-nvl", NAME_H200_NVL),
    ("h100-sxm", NAME_H100_SXM),
    ("rtx-pro-6000", NAME_RTX_PRO_6000),
    ("l40s", NAME_L40S),
    ("b200", NAME_B200),
];
const NAME_H200_SXM: &str = "NVIDIA H200 SXM (HGX)";
const NAME_H200_NVL: &str = "NVIDIA H200 NVL";
const NAME_H100_SXM: &str = "NVIDIA H100 SXM (HGX)";
const NAME_RTX_PRO_6000: &str = "NVIDIA RTX PRO 6000 Blackwell Server Edition";
const NAME_L40S: &str = "NVIDIA L40S";
const NAME_B200: &str = "NVIDIA B200 (HGX)";

const TRT: &str = "TensorRT-LLM";

const H200_SXM: Gpu = Gpu {
    id: "h200-sxm",
    name: NAME_H200_SXM,
    memory_gb: dec!(141),
    power_w: 700,
    interconnect: Interconnect::NvSwitch,
    spec: GpuSpec {
        visible_gib: dec!(140.4),
        bandwidth_gb_s: dec!(4800),
        fp8_dense_tflops: dec!(1979),
        bf16_dense_tflops: dec!(989),
        fp4: false,
        nvlink_domain: 8,
        max_per_server: 8,
    },
    anchors: &[
        a(Llama2_70b, Offline, Precision::Fp8, dec!(4415), TRT),
        a(Llama2_70b, Server, Precision::Fp8, dec!(4274), TRT),
        a(Llama2_70b, Interactive, Precision::Fp8, dec!(2885), TRT),
        a(Llama31_8b, Offline, Precision::Fp8, dec!(8255), TRT),
        a(Llama31_8b, Server, Precision::Fp8, dec!(8114), TRT),
        a(Llama31_8b, Interactive, Precision::Fp8, dec!(6765), TRT),
        a(Llama31_405b, Offline, Precision::Fp8, dec!(69.1), TRT),
        a(Llama31_405b, Server, Precision::Fp8, dec!(36.9), TRT),
        a(Llama31_405b, Interactive, Precision::Fp8, dec!(25.3), TRT),
        a(Mixtral8x7b, Offline, Precision::Fp8, dec!(7764), TRT),
        a(Mixtral8x7b, Server, Precision::Fp8, dec!(7619), TRT),
    ],
    source: "NVIDIA H200 product page; nvidia-smi 143,771 MiB; AIConfigurator h200_sxm.yaml",
    source_de: "NVIDIA-Produktseite H200; nvidia-smi 143.771 MiB; AIConfigurator h200_sxm.yaml",
    as_of: "2026-08",
    note_en: "141 GB on the spec sheet, 140.4 GiB visible; 8 GPUs on NVSwitch, 900 GB/s NVLink4",
    note_de: "141 GB laut Datenblatt, 140,4 GiB sichtbar; 8 GPUs an NVSwitch, 900 GB/s NVLink4",
};

const GPUS: &[Gpu] = &[
    H200_SXM,
    Gpu {
        id: "h200-nvl",
        name: NAME_H200_NVL,
        memory_gb: dec!(141),
        power_w: 600,
        interconnect: Interconnect::NvlinkBridge,
        spec: GpuSpec {
            visible_gib: dec!(140.4),
            bandwidth_gb_s: dec!(4800),
            fp8_dense_tflops: dec!(1671),
            bf16_dense_tflops: dec!(835),
            fp4: false,
            nvlink_domain: 4,
            max_per_server: 8,
        },
        anchors: &[
            a(Llama2_70b, Offline, Precision::Fp8, dec!(3908), TRT),
            a(Llama2_70b, Server, Precision::Fp8, dec!(3634), TRT),
            a(Llama2_70b, Interactive, Precision::Fp8, dec!(2052), TRT),
            a(Llama31_8b, Offline, Precision::Fp8, dec!(6347), TRT),
            a(Llama31_8b, Server, Precision::Fp8, dec!(6438), TRT),
            a(Llama31_8b, Interactive, Precision::Fp8, dec!(5486), TRT),
        ],
        source: "NVIDIA H200 product page; NVIDIA AI Enterprise reference architecture",
        source_de: "NVIDIA-Produktseite H200; Referenzarchitektur NVIDIA AI Enterprise",
        as_of: "2026-08",
        note_en: "NVLink bridges of 2 or 4 (900 GB/s per GPU), PCIe Gen5 beyond; visible memory as the SXM (estimate)",
        note_de: "NVLink-Brücken für 2 oder 4 (900 GB/s je GPU), darüber PCIe Gen5; sichtbarer Speicher wie SXM (Schätzung)",
    },
    Gpu {
        id: "h100-sxm",
        name: NAME_H100_SXM,
        memory_gb: dec!(80),
        power_w: 700,
        interconnect: Interconnect::NvSwitch,
        spec: GpuSpec {
            visible_gib: dec!(79.18),
            bandwidth_gb_s: dec!(3350),
            fp8_dense_tflops: dec!(1979),
            bf16_dense_tflops: dec!(989),
            fp4: false,
            nvlink_domain: 8,
            max_per_server: 8,
        },
        anchors: &[
            a(
                Llama31_8b,
                Offline,
                Precision::Fp8,
                dec!(5777),
                "vLLM 0.10 (Red Hat)",
            ),
            a(
                Llama31_8b,
                Server,
                Precision::Fp8,
                dec!(5104),
                "vLLM 0.10 (Red Hat)",
            ),
        ],
        source: "NVIDIA H100 product page; llm-d empirical vLLM memory results",
        source_de: "NVIDIA-Produktseite H100; gemessener vLLM-Speicherbedarf (llm-d)",
        as_of: "2026-08",
        note_en: "80 GB on the spec sheet, 79.18 GiB visible to torch",
        note_de: "80 GB laut Datenblatt, 79,18 GiB für torch sichtbar",
    },
    Gpu {
        id: "rtx-pro-6000",
        name: NAME_RTX_PRO_6000,
        memory_gb: dec!(96),
        power_w: 600,
        interconnect: Interconnect::Pcie,
        spec: GpuSpec {
            visible_gib: dec!(95.6),
            bandwidth_gb_s: dec!(1597),
            fp8_dense_tflops: dec!(935.6),
            bf16_dense_tflops: dec!(467.8),
            fp4: true,
            nvlink_domain: 1,
            max_per_server: 8,
        },
        anchors: &[
            a(Llama2_70b, Offline, Precision::Fp4, dec!(3276), TRT),
            a(Llama2_70b, Server, Precision::Fp4, dec!(3251), TRT),
            a(Llama31_8b, Offline, Precision::Fp4, dec!(5855), TRT),
            a(Llama31_8b, Server, Precision::Fp4, dec!(5758), TRT),
            a(Llama31_8b, Interactive, Precision::Fp4, dec!(4507), TRT),
            a(Mixtral8x7b, Offline, Precision::Fp8, dec!(4092), TRT),
            a(Mixtral8x7b, Server, Precision::Fp8, dec!(3767), TRT),
        ],
        source: "NVIDIA RTX PRO 6000 Server Edition page; AIConfigurator rtx_pro_6000_server.yaml",
        source_de: "NVIDIA-Seite RTX PRO 6000 Server Edition; AIConfigurator rtx_pro_6000_server.yaml",
        as_of: "2026-09",
        note_en: "PCIe Gen5 x16, no NVLink; 1,597 GB/s (AIConfigurator's 1,792 is the Workstation figure); MLPerf 70B rows in FP4",
        note_de: "PCIe Gen5 x16, kein NVLink; 1.597 GB/s (die 1.792 von AIConfigurator gelten für die Workstation); MLPerf-70B-Werte in FP4",
    },
    Gpu {
        id: "l40s",
        name: NAME_L40S,
        memory_gb: dec!(48),
        power_w: 350,
        interconnect: Interconnect::Pcie,
        spec: GpuSpec {
            visible_gib: dec!(45.0),
            bandwidth_gb_s: dec!(864),
            fp8_dense_tflops: dec!(733),
            bf16_dense_tflops: dec!(362),
            fp4: false,
            nvlink_domain: 1,
            max_per_server: 8,
        },
        anchors: &[
            a(
                Llama31_8b,
                Offline,
                Precision::Fp8,
                dec!(1642),
                "vLLM 0.10 (Red Hat / IBM Cloud)",
            ),
            a(
                Llama31_8b,
                Server,
                Precision::Fp8,
                dec!(1207),
                "vLLM 0.10 (Red Hat / IBM Cloud)",
            ),
        ],
        source: "NVIDIA L40S datasheet; AIConfigurator l40s.yaml",
        source_de: "NVIDIA-Datenblatt L40S; AIConfigurator l40s.yaml",
        as_of: "2026-07",
        note_en: "PCIe Gen4 x16 (64 GB/s), no NVLink",
        note_de: "PCIe Gen4 x16 (64 GB/s), kein NVLink",
    },
    Gpu {
        id: "b200",
        name: NAME_B200,
        memory_gb: dec!(180),
        power_w: 1000,
        interconnect: Interconnect::NvSwitch,
        spec: GpuSpec {
            visible_gib: dec!(180),
            bandwidth_gb_s: dec!(7700),
            fp8_dense_tflops: dec!(4500),
            bf16_dense_tflops: dec!(2250),
            fp4: true,
            nvlink_domain: 8,
            max_per_server: 8,
        },
        anchors: &[
            a(Llama2_70b, Offline, Precision::Fp4, dec!(12864), TRT),
            a(Llama2_70b, Server, Precision::Fp4, dec!(12701), TRT),
            a(Llama2_70b, Interactive, Precision::Fp4, dec!(7856), TRT),
            a(Llama31_8b, Offline, Precision::Fp4, dec!(18370), TRT),
            a(Llama31_8b, Server, Precision::Fp4, dec!(16099), TRT),
            a(Llama31_8b, Interactive, Precision::Fp4, dec!(15284), TRT),
            a(DeepseekR1, Offline, Precision::Fp4, dec!(4172), TRT),
            a(DeepseekR1, Server, Precision::Fp4, dec!(2324), TRT),
        ],
        source: "NVIDIA HGX table; DGX B200 page (2026-08-31); AIConfigurator b200_sxm.yaml",
        source_de: "NVIDIA-HGX-Tabelle; Seite DGX B200 (31.08.2026); AIConfigurator b200_sxm.yaml",
        as_of: "2026-08",
        note_en: "180 GB per GPU (some tables still say 192); visible memory an estimate; NVLink5 1.8 TB/s",
        note_de: "180 GB je GPU (manche Tabellen nennen noch 192); sichtbarer Speicher geschätzt; NVLink5 1,8 TB/s",
    },
];

const PRICES_SIMONW: &str = "simonw/llm-prices";
const PRICES_BENBEN: &str = "benbencodes/llm-prices data.py";

#[allow(clippy::too_many_arguments)]
const fn api(
    id: &'static str,
    provider: &'static str,
    model_name: &'static str,
    model: Option<&'static str>,
    input: Decimal,
    output: Decimal,
    cached: Option<Decimal>,
    source: &'static str,
    as_of: &'static str,
) -> ApiOffer {
    ApiOffer {
        id,
        provider,
        model_name,
        model,
        price: ApiPrice {
            input_per_million: input,
            output_per_million: output,
        },
        cached_input_per_million: cached,
        currency: Currency::Usd,
        source,
        as_of,
        note_en: "",
        note_de: "",
    }
}

const API_OFFERS: &[ApiOffer] = &[
    api(
        "openai-gpt-4o-mini",
        "OpenAI",
        "gpt-4o-mini",
        None,
        dec!(0.15),
        dec!(0.60),
        Some(dec!(0.075)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "openai-gpt-4.1-mini",
        "OpenAI",
        "gpt-4.1-mini",
        None,
        dec!(0.40),
        dec!(1.60),
        Some(dec!(0.10)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "openai-gpt-4.1",
        "OpenAI",
        "gpt-4.1",
        None,
        dec!(2.00),
        dec!(8.00),
        Some(dec!(0.50)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "openai-gpt-5-mini",
        "OpenAI",
        "gpt-5-mini",
        None,
        dec!(0.25),
        dec!(2.00),
        Some(dec!(0.025)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "openai-gpt-5-nano",
        "OpenAI",
        "gpt-5-nano",
        None,
        dec!(0.05),
        dec!(0.40),
        Some(dec!(0.005)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "anthropic-claude-haiku-4.5",
        "Anthropic",
        "Claude Haiku 4.5",
        None,
        dec!(1.00),
        dec!(5.00),
        None,
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "anthropic-claude-sonnet-4.5",
        "Anthropic",
        "Claude Sonnet 4.5",
        None,
        dec!(3.00),
        dec!(15.00),
        None,
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "google-gemini-2.5-flash",
        "Google",
        "Gemini 2.5 Flash",
        None,
        dec!(0.30),
        dec!(2.50),
        Some(dec!(0.03)),
        PRICES_SIMONW,
        "2025-10",
    ),
    api(
        "deepseek-v4-flash",
        "DeepSeek",
        "DeepSeek V4 Flash",
        None,
        dec!(0.14),
        dec!(0.28),
        Some(dec!(0.028)),
        PRICES_SIMONW,
        "2026-04",
    ),
    api(
        "mistral-small",
        "Mistral",
        "Mistral Small (latest)",
        None,
        dec!(0.10),
        dec!(0.30),
        None,
        PRICES_SIMONW,
        "2026-08",
    ),
    api(
        "together-llama-3.3-70b",
        "Together",
        "Llama 3.3 70B Instruct Turbo",
        Some("llama-3.3-70b"),
        dec!(0.88),
        dec!(0.88),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "groq-llama-3.3-70b",
        "Groq",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.59),
        dec!(0.79),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "cerebras-llama-3.3-70b",
        "Cerebras",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.85),
        dec!(1.20),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "sambanova-llama-3.3-70b",
        "SambaNova",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.60),
        dec!(1.20),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "nebius-llama-3.3-70b",
        "Nebius",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.13),
        dec!(0.40),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "lambda-llama-3.3-70b",
        "Lambda",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.12),
        dec!(0.30),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "hyperbolic-llama-3.3-70b",
        "Hyperbolic",
        "Llama 3.3 70B",
        Some("llama-3.3-70b"),
        dec!(0.12),
        dec!(0.30),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "groq-llama-3.1-8b",
        "Groq",
        "Llama 3.1 8B",
        Some("llama-3.1-8b"),
        dec!(0.05),
        dec!(0.08),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "fireworks-llama-3.1-8b",
        "Fireworks",
        "Llama 3.1 8B",
        Some("llama-3.1-8b"),
        dec!(0.20),
        dec!(0.20),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "nebius-llama-3.1-8b",
        "Nebius",
        "Llama 3.1 8B",
        Some("llama-3.1-8b"),
        dec!(0.02),
        dec!(0.06),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "together-qwen3-235b-a22b",
        "Together",
        "Qwen3 235B-A22B",
        Some("qwen3-235b-a22b"),
        dec!(0.20),
        dec!(0.60),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "nebius-qwen3-235b-a22b",
        "Nebius",
        "Qwen3 235B-A22B",
        Some("qwen3-235b-a22b"),
        dec!(0.20),
        dec!(0.60),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "together-deepseek-v3.1",
        "Together",
        "DeepSeek-V3.1",
        Some("deepseek-v3"),
        dec!(0.60),
        dec!(1.70),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
    api(
        "fireworks-deepseek-v3.1",
        "Fireworks",
        "DeepSeek-V3.1",
        Some("deepseek-v3"),
        dec!(0.56),
        dec!(1.68),
        None,
        PRICES_BENBEN,
        "2026-05",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_entry_checks() {
        for m in models() {
            m.spec.check(m.id).unwrap();
        }
        for g in gpus() {
            g.spec.check(g.id).unwrap();
        }
    }

    #[test]
    fn ids_are_unique() {
        let mut ids: Vec<&str> = models().iter().map(|m| m.id).collect();
        ids.extend(gpus().iter().map(|g| g.id));
        ids.extend(api_offers().iter().map(|o| o.id));
        let n = ids.len();
        crate::order::sort(&mut ids);
        ids.dedup();
        assert_eq!(ids.len(), n);
    }

    #[test]
    fn preset_gpus_name_catalogue_gpus() {
        for (_, g) in PRESET_GPUS {
            assert!(gpu(g).is_some(), "{g}");
        }
        // The names kept apart are the catalogue's, one for each of its GPUs.
        assert_eq!(GPU_NAMES.len(), GPUS.len());
        for g in GPUS {
            assert_eq!(
                GPU_NAMES.iter().find(|(id, _)| *id == g.id).map(|n| n.1),
                Some(g.name)
            );
        }
    }
}
