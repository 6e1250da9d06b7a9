// The calculator's JavaScript interface, written by scripts/post_build.py for one build (the
// wasm-bindgen module's file name carries a content hash; this file's name stays the same).
//
//   import { evaluate } from "https://calculator.example/api.js";
//   const { report, error } = await evaluate({ calendar: { working_days: "20" } });
//
// evaluate(scenario) takes a full scenario or a part of one (merged onto the default; decimals
// as strings, the names of the scenario JSON) and resolves to {report} or {error}; bad input is
// an {error: {kind, path, …}}, never an exception. Its module (the cost model and its readers,
// without the calculator page) loads on the first call.
//
// The module reads the object within its input limits and answers every bad one with an error.
// Should it still fail (a bug, or memory running out: the WebAssembly "traps"), its state can no
// longer be trusted: that call resolves to {error: {kind: "internal"}}, and the next call loads
// a fresh instance. A fresh instance needs a fresh copy of the wasm-bindgen module (its state
// lives there), so it is imported again under its own query.

let ready;
let instances = 0;

function load() {
  if (ready === undefined) {
    const n = instances++;
    const attempt = (async () => {
      const glue = await import(n === 0 ? "./__GLUE__" : "./__GLUE__?instance=" + n);
      await glue.default({ module_or_path: new URL("./__WASM__", import.meta.url) });
      return glue;
    })();
    ready = attempt;
    // A failed load (offline, say) may be retried by the next call.
    attempt.catch(() => {
      if (ready === attempt) ready = undefined;
    });
  }
  return ready;
}

export async function evaluate(scenario) {
  const current = load();
  const glue = await current;
  try {
    return glue.evaluate(scenario);
  } catch (e) {
    if (ready === current) ready = undefined;
    console.warn("gpu-tco: the calculator's module failed; the next call loads a fresh one", e);
    return {
      error: {
        kind: "internal",
        path: "",
        message: String((e && e.message) || e),
      },
    };
  }
}
