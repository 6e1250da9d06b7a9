// Times the core's exports in WebAssembly (V8, Node.js): each computation's median and fastest
// time per call over 21 rounds, after a warm-up. With two modules (a build before a change and
// one after), the rounds alternate between them, so that the machine's changing speed (a shared
// machine's varies by half within minutes) falls on both alike.
// Usage: node run.mjs module.wasm [other.wasm]
import { readFileSync } from "node:fs";

const paths = process.argv.slice(2);
const modules = await Promise.all(
  paths.map(async (p) => (await WebAssembly.instantiate(readFileSync(p), {})).instance.exports),
);
const benches = [
  ["evaluate(default)", "bench_evaluate", 200],
  ["share_curve(default, 20 points)", "bench_share_curve", 50],
  ["tornado(default, start/stop)", "bench_tornado", 50],
  ["heat_map(default, 10 × 8 grid)", "bench_heat_map", 50],
  ["hybrid_sweep(default, start/stop)", "bench_hybrid_sweep", 200],
];
const ROUNDS = 21;
const at = (x) => x.toFixed(1).padStart(10);
const head = paths.length > 1 ? paths.map((_, i) => `   median ${i + 1}  fastest ${i + 1}`).join("") : "   median µs  fastest µs";
console.log(`computation (µs a call)             ${head}`);
for (const [name, fn, n] of benches) {
  const times = modules.map(() => []);
  for (const m of modules) {
    if (m[fn](n) !== n) throw new Error(`${name}: not every call succeeded`);
  }
  for (let r = 0; r < ROUNDS; r++) {
    modules.forEach((m, i) => {
      const t = performance.now();
      m[fn](n);
      times[i].push(((performance.now() - t) * 1000) / n);
    });
  }
  const cells = times.map((t) => {
    t.sort((a, b) => a - b);
    return `${at(t[(ROUNDS - 1) / 2])}  ${at(t[0])}`;
  });
  console.log(`${name.padEnd(36)}${cells.join("  ")}`);
}
if (paths.length > 1) console.log(paths.map((p, i) => `${i + 1}: ${p}`).join("\n"));
