#!/usr/bin/env python3
"""Trunk post-build hook: everything that must see the finished build, in order.

Trunk starts all hooks of a stage at the same time, so this one hook runs the steps one after
the other on trunk's staging folder ($TRUNK_STAGING_DIR, or the folder given as the argument),
after checking that no wasm module keeps data in the first 1,024 bytes of memory, which the
build's `wasm-opt --low-memory-unused` (index.html) lets the optimiser assume unused (it folds
small constant offsets into loads and stores: about 3 KB less gzip per module). Rust's linker
puts the 1 MiB stack first, growing down from 1 MiB, and the data above it, so only a stack
within 1 KB of overflowing reaches that memory:

0. the on-demand module's and the embed's files get hashed names; index.html's loader is given
   the former's, and embed.html is written: index.html with the embed's module (and the same
   on-demand loader);
1. csp_hash.py: the inline module loader's hash into index.html's Content-Security-Policy;
   then prerender.py draws the embed's default answer with that embed.html in headless
   Chromium, and embed.html gets it (English and German) and embed_loader.template.js, which
   loads the module when the reader touches the embed (or at once for a host's scenario), in
   place of trunk's loader; its hashes into its policy;
2. api.js: the stable JavaScript interface, importing the JS API's own module (`gpu-tco-api`,
   given hashed names here too) by its hashed name;
3. sw.js: the service worker, precaching every file of the build in a cache named after a hash
   of all file names, sizes and contents (written after index.html and api.js are final);
4. precompressed copies beside each text and wasm file: `.gz` and `.br` (brotli quality 11,
   Node.js's zlib, which the build already needs for wasm-opt), for a server that sends them as
   they are. The release build's `.gz` is written by Zopfli (npm's `@gfx/zopfli`, which
   `scripts/setup.sh` installs; 5 iterations): a gzip stream any client reads, about 4.5 %
   smaller than gzip -9 for the wasm modules, at about 4 s per module. A debug build (`trunk
   serve`) writes gzip -9 (Python's zlib), in no time. The service worker never fetches them.
"""
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

import csp_hash
import prerender

HERE = os.path.dirname(os.path.abspath(__file__))


def staging_dir() -> str:
    return os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")


def glue_names(staging: str) -> tuple[str, str]:
    """The wasm-bindgen module and the wasm file, as trunk's loader in index.html names them."""
    with open(os.path.join(staging, "index.html"), encoding="utf-8") as f:
        html = f.read()
    glue = re.search(r"import init, \* as bindings from '([^']+\.js)'", html)
    wasm = re.search(r"module_or_path: '([^']+\.wasm)'", html)
    if not glue or not wasm:
        raise SystemExit("post_build: trunk's module loader not found in index.html")
    names = (os.path.basename(glue.group(1)), os.path.basename(wasm.group(1)))
    for name in names:
        if not os.path.isfile(os.path.join(staging, name)):
            raise SystemExit(f"post_build: {name} (named by index.html) is not in {staging}")
    return names


def template(name: str, values: dict[str, str]) -> str:
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        text = f.read()
    for key, value in values.items():
        text = text.replace(key, value)
    return text


def write(staging: str, name: str, text: str) -> None:
    with open(os.path.join(staging, name), "w", encoding="utf-8") as f:
        f.write(text)


def build_files(staging: str, skip: str) -> list[str]:
    """Every file under the staging folder, as a '/'-separated relative path, sorted."""
    out = []
    for root, _dirs, files in os.walk(staging):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), staging).replace(os.sep, "/")
            if rel != skip:
                out.append(rel)
    return sorted(out)


def version(staging: str, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        with open(os.path.join(staging, rel), "rb") as f:
            data = f.read()
        h.update(f"{rel}\0{len(data)}\0".encode())
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


# Content-hashed names as trunk writes them: `gpu-tco-web-<16 hex>_bg.wasm`, `style-<16 hex>.css`.
HASHED = re.compile(r"-[0-9a-f]{16}(_bg)?\.[a-z]+$")
COMPRESSED = (".html", ".js", ".mjs", ".wasm", ".css", ".svg", ".webmanifest", ".json", ".txt")

BROTLI_JS = """
const fs = require("fs");
const zlib = require("zlib");
for (const file of process.argv.slice(1)) {
  const data = fs.readFileSync(file);
  const out = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(file + ".br", out);
}
"""


ZOPFLI_JS = """
const fs = require("fs");
const zlib = require("zlib");
const { gzipAsync } = require("@gfx/zopfli");
(async () => {
  for (const file of process.argv.slice(1)) {
    const data = fs.readFileSync(file);
    const out = Buffer.from(await gzipAsync(data, { numiterations: 5 }));
    // What a browser will unpack: it must be the file, byte for byte.
    if (!zlib.gunzipSync(out).equals(data)) {
      throw new Error(file + ": the Zopfli copy does not unpack to the file");
    }
    fs.writeFileSync(file + ".gz", out);
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
"""


def precompress(staging: str, files: list[str]) -> None:
    """Writes `name.gz` and `name.br` beside each compressible file (same modification time)."""
    paths = [os.path.join(staging, f) for f in files if f.endswith(COMPRESSED)]
    node = shutil.which("node")
    if node is None:
        raise SystemExit("post_build: node (Node.js) is needed for the precompressed copies")
    if os.environ.get("TRUNK_PROFILE") == "release":
        modules = os.path.join(os.path.dirname(HERE), ".tools", "node_modules")
        if not os.path.isdir(os.path.join(modules, "@gfx", "zopfli")):
            raise SystemExit("post_build: @gfx/zopfli is missing; run `make setup`")
        env = dict(os.environ, NODE_PATH=modules)
        subprocess.run([node, "-e", ZOPFLI_JS, *paths], check=True, env=env)
    else:
        for path in paths:
            with open(path, "rb") as f:
                data = f.read()
            with open(path + ".gz", "wb") as f:
                f.write(gzip.compress(data, compresslevel=9, mtime=0))
    subprocess.run([node, "-e", BROTLI_JS, *paths], check=True)
    for path in paths:
        for ext in (".gz", ".br"):
            shutil.copystat(path, path + ext)


def hashed(staging: str, bin_name: str) -> tuple[str, str]:
    """Gives a module trunk wrote under its bin's name (the worker pipeline: `name.js`,
    `name_bg.wasm`) names with a hash of its content, as trunk does for the page's own, and
    returns them (glue, wasm)."""
    js, wasm = f"{bin_name}.js", f"{bin_name}_bg.wasm"
    for name in (js, wasm):
        if not os.path.isfile(os.path.join(staging, name)):
            raise SystemExit(f"post_build: {name} (module {bin_name}) is not in {staging}")
    h = hashlib.sha256()
    for name in (js, wasm):
        with open(os.path.join(staging, name), "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    tag = h.hexdigest()[:16]
    named = (f"{bin_name}-{tag}.js", f"{bin_name}-{tag}_bg.wasm")
    for old, new in zip((js, wasm), named):
        os.replace(os.path.join(staging, old), os.path.join(staging, new))
    return named


def sri(staging: str, name: str) -> str:
    """The subresource-integrity value of a file, as trunk writes it (sha384)."""
    with open(os.path.join(staging, name), "rb") as f:
        return "sha384-" + base64.b64encode(hashlib.sha384(f.read()).digest()).decode()


def features(staging: str) -> None:
    """The on-demand module's hashed names into index.html's loader (before the loader's hash
    goes into the policy)."""
    js, wasm = hashed(staging, "gpu-tco-features")
    path = os.path.join(staging, "index.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()
    if "__FEATURES_JS__" not in html or "__FEATURES_WASM__" not in html:
        raise SystemExit("post_build: index.html has no loader for the on-demand module")
    html = html.replace("__FEATURES_JS__", js).replace("__FEATURES_WASM__", wasm)
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


def embed(staging: str, glue: str, wasm: str) -> tuple[str, str]:
    """embed.html: index.html with the embed's module in place of the page's (the loader, the
    preloads and their integrity), and without the web manifest and the page's own styles. It keeps the on-demand loader:
    for a scenario with ranges, the compact view asks that module how sure the answer is (and
    loads nothing else of it). Its policy gets its own script hashes afterwards."""
    e_js, e_wasm = hashed(staging, "gpu-tco-embed")
    with open(os.path.join(staging, "index.html"), encoding="utf-8") as f:
        html = f.read()
    for old, new in ((glue, e_js), (wasm, e_wasm)):
        if html.count(old) < 2:
            raise SystemExit(f"post_build: index.html names {old} fewer than twice (loader, preload)")
        html = re.sub(
            r'(href="/' + re.escape(old) + r'"[^>]*integrity=")[^"]*(")',
            lambda m, n=new: m.group(1) + sri(staging, n) + m.group(2),
            html,
        )
        html = html.replace(old, new)
    # Framed in an article, the embed is not an app to install: no manifest (nor its icon).
    html, n = re.subn(r'[ \t]*<link rel="manifest"[^>]*>\n?', "", html)
    if n != 1:
        raise SystemExit("post_build: index.html has no manifest link to leave out of embed.html")
    # Nor the full page's own styles (public/page.css: its sections, table and printout).
    html, n = re.subn(r'[ \t]*<link rel="stylesheet" href="/page-[0-9a-f]+\.css"[^>]*>\n?', "", html)
    if n != 1:
        raise SystemExit("post_build: index.html has no page.css link to leave out of embed.html")
    with open(os.path.join(staging, "embed.html"), "w", encoding="utf-8") as f:
        f.write(html)
    return e_js, e_wasm


def prerender_embed(staging: str, e_js: str, e_wasm: str) -> None:
    """embed.html with the default's answer in it (prerender.py draws it with the embed's module,
    in English and German) and the module loaded when the reader touches the embed
    (embed_loader.template.js) instead of at once: trunk's loader and the module's preloads
    go."""
    pages = prerender.capture(staging)
    path = os.path.join(staging, "embed.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()
    loader = re.compile(
        r"<script type=\"module\">\s*import init, \* as bindings from '/"
        + re.escape(e_js)
        + r"';.*?</script>\n?",
        flags=re.S,
    )
    html, n = loader.subn("", html)
    if n != 1:
        raise SystemExit("post_build: embed.html has no trunk loader of the embed's module")
    for name in (e_js, e_wasm):
        html, n = re.subn(r'<link rel="(?:modulepreload|preload)" href="/' + re.escape(name) + r'"[^>]*>', "", html)
        if n != 1:
            raise SystemExit(f"post_build: embed.html has no preload of {name}")
    # The views first, then the charts' phone frames: each language's like the
    # other's within gzip's 32 KB window (1.4 KB less than each language's view and chart
    # together).
    parts = []
    for lang, page in pages.items():
        main = page["main"].replace('<main class="embed"', '<main class="embed" data-prerendered', 1)
        title = page["title"].replace("&", "&amp;").replace('"', "&quot;")
        parts.append(f'<template id="pre-{lang}" data-title="{title}">{main}</template>')
    for lang, page in pages.items():
        parts.append(f'<template id="pre-{lang}-narrow">{page["narrow"]}</template>')
    script = template(
        "embed_loader.template.js",
        {"__GLUE__": e_js, "__WASM__": e_wasm, "__WASM_SRI__": sri(staging, e_wasm)},
    )
    parts.append(f"<script>\n{script}</script>")
    if html.count("</body>") != 1:
        raise SystemExit("post_build: embed.html has no single </body>")
    html = html.replace("</body>", "\n".join(parts) + "\n</body>")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


def leb128(data: bytes, i: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `i` and the index after it."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def lowest_data_offset(wasm: bytes) -> int | None:
    """The lowest address an active data segment of memory 0 is placed at (constant offsets)."""
    i, lowest = 8, None
    while i < len(wasm):
        section = wasm[i]
        size, i = leb128(wasm, i + 1)
        end = i + size
        if section == 11:
            count, j = leb128(wasm, i)
            for _ in range(count):
                flags, j = leb128(wasm, j)
                if flags == 1:  # passive: copied at run time by memory.init, not placed
                    length, j = leb128(wasm, j)
                    j += length
                    continue
                if flags == 2:
                    _, j = leb128(wasm, j)
                if wasm[j] != 0x41:  # i32.const
                    raise ValueError("a data segment's offset is not a constant")
                offset, j = leb128(wasm, j + 1)  # non-negative offsets below 2^31 read as unsigned
                j += 1  # end
                length, j = leb128(wasm, j)
                j += length
                lowest = offset if lowest is None else min(lowest, offset)
        i = end
    return lowest


def check_low_memory(staging: str) -> bool:
    """No module places data in the memory `--low-memory-unused` assumes unused."""
    ok = True
    for name in sorted(os.listdir(staging)):
        if name.endswith(".wasm"):
            with open(os.path.join(staging, name), "rb") as f:
                lowest = lowest_data_offset(f.read())
            if lowest is not None and lowest < 1024:
                print(f"post_build: {name} places data at {lowest}, below 1024", file=sys.stderr)
                ok = False
    return ok


def main() -> int:
    staging = staging_dir()
    if not check_low_memory(staging):
        return 1
    features(staging)
    glue, wasm = glue_names(staging)
    e_js, e_wasm = embed(staging, glue, wasm)
    if csp_hash.main() != 0 or csp_hash.main("embed.html") != 0:
        return 1
    prerender_embed(staging, e_js, e_wasm)
    if csp_hash.main("embed.html") != 0:
        return 1
    api_glue, api_wasm = hashed(staging, "gpu-tco-api")
    write(staging, "api.js", template("api.template.js", {"__GLUE__": api_glue, "__WASM__": api_wasm}))
    files = build_files(staging, skip="sw.js")
    write(
        staging,
        "sw.js",
        template(
            "sw.template.js",
            {
                "__VERSION__": version(staging, files),
                "__FILES__": json.dumps(files),
                "__HASHED__": json.dumps([f for f in files if HASHED.search(f)]),
            },
        ),
    )
    precompress(staging, files + ["sw.js"])
    print(
        f"post_build: api.js imports {api_glue}; sw.js precaches {len(files)} files; .gz and .br beside them",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
