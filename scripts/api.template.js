// The calculator's JavaScript interface, written by scripts/post_build.py for one build (the
// wasm-bindgen module's file name carries a content hash; this file's name stays the same).
//
//   import { evaluate } from "https://calculator.example/api.js";
//   const { report, error } = await evaluate({ calendar: { working_days: "20" } });
//
// evaluate(scenario) takes a full scenario or a part of one (merged onto the default; decimals
// as strings, the names of the scenario JSON) and resolves to {report} or {error}; bad input is
// an {error: {kind, path, …}}, never an exception. The module loads on the first call, without
// mounting the calculator page.

let ready;

function load() {
  if (ready === undefined) {
    ready = (async () => {
      globalThis.__GPU_TCO_API_ONLY = true;
      const glue = await import("./__GLUE__");
      await glue.default({ module_or_path: new URL("./__WASM__", import.meta.url) });
      return glue;
    })();
    // A failed load (offline, say) may be retried by the next call.
    ready.catch(() => {
      ready = undefined;
    });
  }
  return ready;
}

export async function evaluate(scenario) {
  const glue = await load();
  return glue.evaluate(scenario);
}
