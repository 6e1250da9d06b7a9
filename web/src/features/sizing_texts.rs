//! The strings of the sizing section (GPUs from the model and the users, cost per 1M tokens),
//! German and English, kept beside the section in the module loaded on demand. Declared with
//! `texts!` ([`crate::texts`]): one field per string, its two languages side by side, so a
//! string missing in one language is a compile error. `{x}` marks a value filled in.

crate::texts::texts! {
    /// The strings of the sizing section.
    #[allow(missing_docs)]
    pub struct Tx with txt;
    intro {
        en: "How many GPUs does your model need for your users? Choose the model and the load; the page sizes it on each option's GPU model (memory for the weights and the KV cache, throughput at the latency you want) and can write the counts into the comparison.",
        de: "Wie viele GPUs braucht Ihr Modell für Ihre Nutzer? Wählen Sie Modell und Last; die Seite bemisst sie auf dem GPU-Modell jeder Option (Speicher für Gewichte und KV-Cache, Durchsatz bei der gewünschten Latenz) und kann die Anzahlen in den Vergleich übernehmen.",
    }
    model_legend {
        en: "Model",
        de: "Modell",
    }
    model {
        en: "Model",
        de: "Modell",
    }
    typed_model {
        en: "Another model (enter its architecture)",
        de: "Anderes Modell (Architektur eingeben)",
    }
    params_total {
        en: "Parameters in total (billions)",
        de: "Parameter insgesamt (Milliarden)",
    }
    params_active {
        en: "Parameters active per token (billions)",
        de: "Aktive Parameter je Token (Milliarden)",
    }
    layers {
        en: "Layers",
        de: "Schichten",
    }
    heads {
        en: "Attention heads",
        de: "Attention-Heads",
    }
    kv_heads {
        en: "Key-value heads",
        de: "Key-Value-Heads",
    }
    head_dim {
        en: "Head dimension",
        de: "Head-Dimension",
    }
    max_context {
        en: "Longest context the model takes (tokens)",
        de: "Längster Kontext des Modells (Token)",
    }
    attention {
        en: "Attention",
        de: "Attention",
    }
    att_full {
        en: "Full (every layer holds every token)",
        de: "Voll (jede Schicht hält jedes Token)",
    }
    att_sliding {
        en: "Sliding window on some layers",
        de: "Gleitendes Fenster auf einem Teil der Schichten",
    }
    att_mla {
        en: "Multi-head latent attention (DeepSeek)",
        de: "Multi-Head Latent Attention (DeepSeek)",
    }
    att_linear {
        en: "Linear attention on some layers",
        de: "Lineare Attention auf einem Teil der Schichten",
    }
    full_layers {
        en: "Layers with full attention",
        de: "Schichten mit voller Attention",
    }
    window {
        en: "Tokens a sliding layer keeps",
        de: "Token, die eine Fensterschicht hält",
    }
    kv_lora {
        en: "KV latent rank (kv_lora_rank)",
        de: "Rang des KV-Latents (kv_lora_rank)",
    }
    rope_dim {
        en: "RoPE head dimension",
        de: "RoPE-Head-Dimension",
    }
    weight_precision {
        en: "Weight precision",
        de: "Genauigkeit der Gewichte",
    }
    kv_precision {
        en: "KV-cache precision",
        de: "Genauigkeit des KV-Cache",
    }
    context {
        en: "Context length per request (tokens)",
        de: "Kontextlänge je Anfrage (Token)",
    }
    input_tokens {
        en: "Input tokens per request",
        de: "Eingabe-Token je Anfrage",
    }
    output_tokens {
        en: "Output tokens per request",
        de: "Ausgabe-Token je Anfrage",
    }
    load_legend {
        en: "Load and latency",
        de: "Last und Latenz",
    }
    load_kind {
        en: "The load as",
        de: "Die Last als",
    }
    load_users {
        en: "Users and their requests",
        de: "Nutzer und ihre Anfragen",
    }
    load_rps {
        en: "Requests per second",
        de: "Anfragen je Sekunde",
    }
    load_concurrent {
        en: "Concurrent requests",
        de: "Gleichzeitige Anfragen",
    }
    users {
        en: "Users active at the busiest time",
        de: "Aktive Nutzer zur Spitzenzeit",
    }
    rph {
        en: "Requests per user and hour",
        de: "Anfragen je Nutzer und Stunde",
    }
    peak_factor {
        en: "Busiest moment over the hour's average (1 = none)",
        de: "Spitzenmoment über dem Stundenmittel (1 = keiner)",
    }
    rate {
        en: "Requests per second at the busiest time",
        de: "Anfragen je Sekunde zur Spitzenzeit",
    }
    sequences {
        en: "Requests in flight at once",
        de: "Gleichzeitig laufende Anfragen",
    }
    latency {
        en: "Latency",
        de: "Latenz",
    }
    lat_interactive {
        en: "Chat: 40 ms per output token, 0.5 s to the first",
        de: "Chat: 40 ms je Ausgabe-Token, 0,5 s bis zum ersten",
    }
    lat_relaxed {
        en: "Relaxed: 200 ms per output token, 2 s to the first",
        de: "Entspannt: 200 ms je Ausgabe-Token, 2 s bis zum ersten",
    }
    resident {
        en: "Context each request holds",
        de: "Kontext, den jede Anfrage hält",
    }
    res_full {
        en: "The full context length (worst case)",
        de: "Die volle Kontextlänge (ungünstigster Fall)",
    }
    res_average {
        en: "Its input and output tokens",
        de: "Ihre Eingabe- und Ausgabe-Token",
    }
    mem_util {
        en: "Share of GPU memory the serving engine may use",
        de: "Anteil des GPU-Speichers für die Serving-Engine",
    }
    target_busy {
        en: "Share of measured throughput the load may use",
        de: "Anteil des gemessenen Durchsatzes, den die Last nutzen darf",
    }
    demand {
        en: "The load: {rps} requests per second at the busiest time, each {w} s in the system (time to the first token + {out} output tokens), so {c} requests in flight holding {tokens} tokens each.",
        de: "Die Last: {rps} Anfragen je Sekunde zur Spitzenzeit, jede {w} s im System (Zeit bis zum ersten Token + {out} Ausgabe-Token), also {c} gleichzeitige Anfragen mit je {tokens} Token.",
    }
    table {
        en: "GPUs per option",
        de: "GPUs je Option",
    }
    col_option {
        en: "Option",
        de: "Option",
    }
    col_gpu {
        en: "GPU model",
        de: "GPU-Modell",
    }
    col_gpus {
        en: "GPUs needed",
        de: "GPUs nötig",
    }
    col_layout {
        en: "Replicas × tensor-parallel GPUs",
        de: "Replikate × GPUs je Tensor-Parallel-Gruppe",
    }
    col_memory {
        en: "For memory",
        de: "Für den Speicher",
    }
    col_throughput {
        en: "For throughput",
        de: "Für den Durchsatz",
    }
    col_binds {
        en: "Sets the count",
        de: "Bestimmt die Anzahl",
    }
    col_notes {
        en: "To know",
        de: "Zu wissen",
    }
    gpu_for {
        en: "GPU model of {option}",
        de: "GPU-Modell von {option}",
    }
    no_gpu {
        en: "Not sized",
        de: "Nicht bemessen",
    }
    layout {
        en: "{replicas} × {tp}",
        de: "{replicas} × {tp}",
    }
    binds_memory {
        en: "memory",
        de: "Speicher",
    }
    binds_throughput {
        en: "throughput",
        de: "Durchsatz",
    }
    binds_both {
        en: "both",
        de: "beides",
    }
    does_not_fit {
        en: "Does not fit",
        de: "Passt nicht",
    }
    too_many {
        en: "More than 1,024 GPUs",
        de: "Mehr als 1.024 GPUs",
    }
    reference {
        en: "The comparison's load would count {n} ({gpu}, as for “{option}”).",
        de: "Die Last des Vergleichs würde {n} zählen ({gpu}, wie für „{option}“).",
    }
    other_models {
        en: "Options on another GPU model get their own count for the same load: {list}.",
        de: "Optionen auf einem anderen GPU-Modell erhalten für dieselbe Last ihre eigene Anzahl: {list}.",
    }
    other_item {
        en: "“{option}” {n} × {gpu}",
        de: "„{option}“ {n} × {gpu}",
    }
    no_reference {
        en: "No option has a GPU count yet: choose a GPU model the model fits.",
        de: "Noch keine Option hat eine GPU-Anzahl: Wählen Sie ein GPU-Modell, auf das das Modell passt.",
    }
    apply {
        en: "Use these GPU counts",
        de: "Diese GPU-Anzahlen übernehmen",
    }
    applied {
        en: "The comparison now counts {n} for the load (the calendar keeps its hours){others}.",
        de: "Der Vergleich zählt jetzt {n} für die Last (der Kalender behält seine Stunden){others}.",
    }
    undo {
        en: "Undo",
        de: "Rückgängig",
    }
    undone {
        en: "The GPU counts are back as they were.",
        de: "Die GPU-Anzahlen sind wieder wie vorher.",
    }
    already {
        en: "The comparison already uses these GPU counts.",
        de: "Der Vergleich nutzt diese GPU-Anzahlen bereits.",
    }
    needs_valid {
        en: "Correct the comparison's inputs above first: the cost per token needs its results.",
        de: "Korrigieren Sie zuerst die Eingaben des Vergleichs oben: Die Kosten je Token brauchen seine Ergebnisse.",
    }
    w_does_not_fit {
        en: "The weights ({gib} GiB) fit in no group of up to {tp} of these GPUs.",
        de: "Die Gewichte ({gib} GiB) passen in keine Gruppe aus bis zu {tp} dieser GPUs.",
    }
    w_full_request {
        en: "One request of the full {tokens} tokens does not fit: the serving engine would refuse to start. Shorten the context.",
        de: "Eine Anfrage mit den vollen {tokens} Token passt nicht: Die Serving-Engine würde nicht starten. Kürzen Sie den Kontext.",
    }
    w_full_context {
        en: "Every request is counted at the full context length: the worst case.",
        de: "Jede Anfrage ist mit der vollen Kontextlänge gezählt: der ungünstigste Fall.",
    }
    w_tp_pcie {
        en: "Tensor parallel over {tp} GPUs runs over PCIe beyond the NVLink domain of {domain}: slower than the figure.",
        de: "Tensor-Parallel über {tp} GPUs läuft jenseits der NVLink-Domäne von {domain} über PCIe: langsamer als die Zahl.",
    }
    w_kv_dup {
        en: "{tp} GPUs per replica for {kv} key-value heads: the KV cache is held {factor} times.",
        de: "{tp} GPUs je Replika für {kv} Key-Value-Heads: Der KV-Cache liegt {factor}-mal vor.",
    }
    w_moe {
        en: "A mixture of experts: memory holds all {total} B parameters, each token reads {active} B.",
        de: "Ein Mixture-of-Experts-Modell: Der Speicher hält alle {total} Mrd. Parameter, jedes Token liest {active} Mrd.",
    }
    w_context_kv {
        en: "Sliding-window or linear-attention layers: the KV cache per token depends on the context.",
        de: "Schichten mit gleitendem Fenster oder linearer Attention: Der KV-Cache je Token hängt vom Kontext ab.",
    }
    w_best_case {
        en: "Throughput from MLPerf Inference ({bench}, {basis}): a tuned best case; measure your own.",
        de: "Durchsatz aus MLPerf Inference ({bench}, {basis}): ein optimierter Bestfall; messen Sie selbst.",
    }
    w_fp4 {
        en: "FP4 weights on a GPU without FP4 tensor cores.",
        de: "FP4-Gewichte auf einer GPU ohne FP4-Tensor-Cores.",
    }
    basis_measured {
        en: "measured on this GPU",
        de: "auf dieser GPU gemessen",
    }
    basis_class {
        en: "this GPU's Server result, scaled to the latency",
        de: "Server-Ergebnis dieser GPU, auf die Latenz umgerechnet",
    }
    basis_bandwidth {
        en: "the H200's result scaled by memory bandwidth",
        de: "Ergebnis der H200, nach Speicherbandbreite umgerechnet",
    }
    tokens_title {
        en: "Cost per 1M tokens against a model API",
        de: "Kosten je 1 Mio. Token gegenüber einer Modell-API",
    }
    api {
        en: "Model API",
        de: "Modell-API",
    }
    api_typed {
        en: "Another price (enter it)",
        de: "Anderer Preis (eingeben)",
    }
    api_option {
        en: "{api} ({in} / {out} {cur} per 1M input / output tokens)",
        de: "{api} ({in} / {out} {cur} je 1 Mio. Eingabe- / Ausgabe-Token)",
    }
    api_in {
        en: "Price per 1M input tokens",
        de: "Preis je 1 Mio. Eingabe-Token",
    }
    api_out {
        en: "Price per 1M output tokens",
        de: "Preis je 1 Mio. Ausgabe-Token",
    }
    api_currency {
        en: "Currency of the API price",
        de: "Währung des API-Preises",
    }
    tokens_line {
        en: "Tokens a month: {rps} requests per second (the busiest hour's rate) in each of the {hours} hours of the service window (the batch window runs other work), {in} input + {out} output tokens each: {total} M tokens ({min} M in, {mout} M out). A lower load at other hours means fewer tokens and a higher cost per token.",
        de: "Token im Monat: {rps} Anfragen je Sekunde (die Rate der Spitzenstunde) in jeder der {hours} Stunden des Servicefensters (das Batch-Fenster erledigt andere Arbeit), je {in} Eingabe- + {out} Ausgabe-Token: {total} Mio. Token ({min} Mio. Eingabe, {mout} Mio. Ausgabe). Weniger Last zu anderen Stunden heißt weniger Token und höhere Kosten je Token.",
    }
    api_line {
        en: "Through {api}: {monthly} a month for the same tokens ({per} per 1M tokens).",
        de: "Über {api}: {monthly} im Monat für dieselben Token ({per} je 1 Mio. Token).",
    }
    tok_table {
        en: "Cost per 1M tokens at this month's tokens",
        de: "Kosten je 1 Mio. Token bei den Token dieses Monats",
    }
    tok_col_monthly {
        en: "Cost a month",
        de: "Kosten im Monat",
    }
    tok_col_output {
        en: "Per 1M output tokens",
        de: "Je 1 Mio. Ausgabe-Token",
    }
    tok_col_total {
        en: "Per 1M input + output tokens",
        de: "Je 1 Mio. Eingabe- + Ausgabe-Token",
    }
    tok_col_beats {
        en: "Against the API",
        de: "Gegenüber der API",
    }
    cheaper {
        en: "cheaper than the API today, and from {m} M tokens a month on ({share} of the month at this request rate)",
        de: "heute günstiger als die API, und zwar ab {m} Mio. Token im Monat ({share} des Monats bei dieser Anfragerate)",
    }
    beats_from {
        en: "cheaper than the API from {m} M tokens a month ({share} of the month at this request rate)",
        de: "günstiger als die API ab {m} Mio. Token im Monat ({share} des Monats bei dieser Anfragerate)",
    }
    api_free {
        en: "the API charges nothing",
        de: "die API kostet nichts",
    }
    never {
        en: "dearer than the API even around the clock at this request rate",
        de: "teurer als die API, selbst rund um die Uhr bei dieser Anfragerate",
    }
    capacity {
        en: "{m} M",
        de: "{m} Mio.",
    }
    /// An option without a GPU model the sizing knows: what its GPUs serve is not known.
    capacity_unsized {
        en: "not known (no GPU model the sizing knows)",
        de: "unbekannt (kein GPU-Modell, das die Dimensionierung kennt)",
    }
    tok_col_capacity {
        en: "Its GPUs serve at most (M tokens a month, all hours)",
        de: "Ihre GPUs schaffen höchstens (Mio. Token im Monat, alle Stunden)",
    }
    chart_title {
        en: "Cost per 1M tokens by productive share",
        de: "Kosten je 1 Mio. Token nach produktivem Anteil",
    }
    chart_desc {
        en: "Line chart: cost per 1M input and output tokens of own and each rent option against the productive share, with the API's price as a line.",
        de: "Liniendiagramm: Kosten je 1 Mio. Eingabe- und Ausgabe-Token von eigen und jeder Mietoption über dem produktiven Anteil, mit dem Preis der API als Linie.",
    }
    chart_cut {
        en: "The chart shows up to three times the API's price (or twice the cheapest option's today); dearer lines run off its top, and the table above has every figure.",
        de: "Das Diagramm reicht bis zum Dreifachen des API-Preises (oder dem Doppelten der heute günstigsten Option); teurere Linien laufen oben hinaus, die Tabelle darüber hat alle Zahlen.",
    }
    axis_per_million {
        en: "per 1M tokens",
        de: "je 1 Mio. Token",
    }
    api_legend {
        en: "API: {api}",
        de: "API: {api}",
    }
    today_share {
        en: "today",
        de: "heute",
    }
    method {
        en: "An option pays for GPU time, not for tokens: its cost a month (its total over the horizon ÷ the months) over the tokens of the month. The API bills the tokens. Where the two meet: the same request rate on more or fewer hours of the month, each option billed as it is (its hours, starts and plan), the API by its tokens. The GPU counts: the weights (footprints measured in vLLM where known, else parameters × bytes) and the KV cache of the requests in flight must fit the GPUs' memory; the output tokens per second come from MLPerf Inference v5.1 results scaled to the model's active parameters; the requests in flight follow from the rate and the time each takes (Little's law).",
        de: "Eine Option zahlt für GPU-Zeit, nicht für Token: ihre Kosten im Monat (Summe über den Zeitraum ÷ Monate) geteilt durch die Token des Monats. Die API rechnet die Token ab. Wo sich beide treffen: dieselbe Anfragerate an mehr oder weniger Stunden des Monats, jede Option so abgerechnet, wie sie ist (Stunden, Starts, Plan), die API nach ihren Token. Die GPU-Anzahlen: Die Gewichte (in vLLM gemessene Größen, wo bekannt, sonst Parameter × Bytes) und der KV-Cache der gleichzeitigen Anfragen müssen in den Speicher der GPUs passen; die Ausgabe-Token je Sekunde stammen aus Ergebnissen von MLPerf Inference v5.1, umgerechnet auf die aktiven Parameter des Modells; die gleichzeitigen Anfragen folgen aus der Rate und der Dauer jeder Anfrage (Littles Gesetz).",
    }
    source {
        en: "Source",
        de: "Quelle",
    }
    gpu_sources {
        en: "GPU figures (memory, bandwidth, NVLink, MLPerf results):",
        de: "GPU-Zahlen (Speicher, Bandbreite, NVLink, MLPerf-Ergebnisse):",
    }
    stale {
        en: ", over a year old: check it",
        de: ", über ein Jahr alt: bitte prüfen",
    }
    as_of {
        en: "as of",
        de: "Stand",
    }
    offer_subject {
        en: "Offer request: {model}, {users}",
        de: "Angebotsanfrage: {model}, {users}",
    }
    offer_body {
        en: "Model: {model}\nLoad: {load}\nGPUs per option: {gpus}\nAnswer: {verdict}\n\nThe comparison: {link}",
        de: "Modell: {model}\nLast: {load}\nGPUs je Option: {gpus}\nAntwort: {verdict}\n\nDer Vergleich: {link}",
    }
    offer_load {
        en: "{rps} requests per second at the busiest time, {c} in flight",
        de: "{rps} Anfragen je Sekunde zur Spitzenzeit, {c} gleichzeitig",
    }
    field_problem {
        en: "Enter a number.",
        de: "Bitte eine Zahl eingeben.",
    }
    field_price {
        en: "Enter a price of 0 or more.",
        de: "Bitte einen Preis ab 0 eingeben.",
    }
    measured_peak {
        en: "The measured month (serving metrics) ran up to {n} requests at once.",
        de: "Der gemessene Monat (Serving-Metriken) hatte bis zu {n} Anfragen gleichzeitig.",
    }
    measured_use {
        en: "Size for that peak",
        de: "Für diese Spitze bemessen",
    }
    api_other_model {
        en: "{api} serves another model than {model}: the catalogue has no API price for it.",
        de: "{api} bedient ein anderes Modell als {model}: Der Katalog hat keinen API-Preis dafür.",
    }
    priced_as_compared {
        en: "The options are priced as the comparison counts them now: {counted} for the load, not the {sized} sized here. “Use these GPU counts” prices the sizing.",
        de: "Die Optionen sind so bepreist, wie der Vergleich sie jetzt zählt: {counted} für die Last, nicht die hier bemessenen {sized}. „Diese GPU-Anzahlen übernehmen“ bepreist die Bemessung.",
    }
    tokens_line_measured {
        en: "Tokens a month: {rps} requests per second in each of the {hours} productive hours of the measured month, {in} input + {out} output tokens each: {total} M tokens ({min} M in, {mout} M out).",
        de: "Token im Monat: {rps} Anfragen je Sekunde in jeder der {hours} produktiven Stunden des gemessenen Monats, je {in} Eingabe- + {out} Ausgabe-Token: {total} Mio. Token ({min} Mio. Eingabe, {mout} Mio. Ausgabe).",
    }
    api_typed_name {
        en: "the price entered",
        de: "den eingegebenen Preis",
    }
    not_preset_gpu {
        en: "This option's preset is priced for the {gpu}: its price is not for the GPU model chosen here.",
        de: "Die Vorlage dieser Option ist für die {gpu} bepreist: Ihr Preis gilt nicht für das hier gewählte GPU-Modell.",
    }
    w_heavier {
        en: "The throughput comes from a {bench} result; heavier weights decode slower, so the figure is optimistic.",
        de: "Der Durchsatz stammt aus einem {bench}-Ergebnis; schwerere Gewichte dekodieren langsamer, die Zahl ist also optimistisch.",
    }
    w_chat_speed {
        en: "Sized at chat speed: at the relaxed target each request stays longer, more are in flight at once and their KV cache would need more GPUs.",
        de: "Mit Chat-Geschwindigkeit bemessen: Beim entspannten Ziel bliebe jede Anfrage länger, mehr liefen gleichzeitig, und ihr KV-Cache bräuchte mehr GPUs.",
    }
    field_whole {
        en: "Enter a whole number, 0 or more.",
        de: "Bitte eine ganze Zahl ab 0 eingeben.",
    }
}
