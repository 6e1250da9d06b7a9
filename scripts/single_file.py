#!/usr/bin/env python3
"""Writes the calculator as one self-contained HTML file that works opened from disk, offline.

    python3 scripts/single_file.py [dist] [dist-single/gpu-tco-calculator.html]

From the release build in dist/ (make dist): the style sheets go into <style>s, the
wasm-bindgen module into a <script type="module"> that hands it the WebAssembly as bytes decoded
from base64, and the Content-Security-Policy allows exactly those inline blocks and the page's
guard script by their SHA-256 hashes (no 'unsafe-inline'), WebAssembly compilation, and data:
images; nothing may be
loaded from anywhere, not even from the file's own folder. Links that only make sense on a web
server (the web manifest, preloads) are left out; the page registers its service worker only
over http(s), so there is none from disk.
"""
import base64
import hashlib
import os
import re
import sys
from typing import NoReturn

CSP = (
    "default-src 'none'; script-src 'wasm-unsafe-eval' {script}; style-src {style}; "
    "img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'"
)


def fail(message: str) -> NoReturn:
    raise SystemExit(f"single_file: {message}")


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def read(dist: str, url: str, mode: str = "r"):
    name = url.lstrip("/").split("?")[0]
    path = os.path.join(dist, *name.split("/"))
    if not os.path.isfile(path):
        fail(f"{path} (named by index.html) is missing: run make dist first")
    if mode == "rb":
        with open(path, "rb") as f:
            return f.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def one(pattern: str, text: str, what: str) -> re.Match:
    found = list(re.finditer(pattern, text, flags=re.S | re.M))
    if len(found) != 1:
        fail(f"expected one {what}, found {len(found)}")
    return found[0]


def build(dist: str) -> str:
    # Trunk leaves a blank line per removed <link data-trunk>; tidy that before anything is
    # inlined (the inline blocks must stay byte for byte what their hashes say).
    html = re.sub(r"\n(?:[ \t]*\n)+", "\n", read(dist, "index.html"))

    # The style sheets (the shared one and the page's own), inline, in their order.
    links = list(re.finditer(r'<link rel="stylesheet" href="([^"]+\.css)"[^>]*>', html))
    if len(links) != 2:
        fail(f"expected two style sheet links (style.css, page.css), found {len(links)}")
    styles = []
    for link in links:
        css = read(dist, link.group(1))
        if "</style" in css.lower():
            fail("a style sheet contains </style")
        styles.append("\n" + css + "\n")
        html = html.replace(link.group(0), "<style>" + styles[-1] + "</style>")

    # The module loader becomes the module itself, with the wasm as bytes. (The page's other
    # inline script, the guard that reloads it after a failure of the module, stays as it is.)
    loader = one(r"<script type=\"module\">((?:(?!</script>).)*?import init\b.*?)</script>", html,
                 "inline module loader")
    glue_url = one(r"import init, \* as bindings from '([^']+\.js)'", loader.group(1), "glue import").group(1)
    wasm_url = one(r"module_or_path: '([^']+\.wasm)'", loader.group(1), "wasm path").group(1)
    glue = read(dist, glue_url)
    wasm = read(dist, wasm_url, "rb")
    if re.search(r"^\s*import\b", glue, flags=re.M) or "import(" in glue:
        fail("the wasm-bindgen module imports other files (snippets); inline them first")
    exports = one(r"^export \{([^}]*)\};?\s*$", glue, "export list of the wasm-bindgen module")
    default = re.search(r"(\w+) as default", exports.group(1))
    if not default:
        fail("the wasm-bindgen module has no default export (its init function)")
    init = default.group(1)
    # What trunk's loader offers as window.wasmBindings (the module's exports), by name.
    names = re.findall(r"^export (?:async )?(?:function\*? ?|class |const |let |var )(\w+)", glue, flags=re.M)
    listed = [n.strip().split(" as ") for n in exports.group(1).split(",") if n.strip()]
    bindings = ", ".join(
        [f"{name}: {name}" for name in dict.fromkeys(names)]
        + [f"{parts[-1]}: {parts[0]}" for parts in listed]
    )
    if "</script" in glue.lower():
        fail("the wasm-bindgen module contains </script")
    b64 = base64.b64encode(wasm).decode("ascii")
    script = (
        "\n"
        + glue[: exports.start()]
        + glue[exports.end():]
        + "\n// The WebAssembly module of this build, embedded (single-file edition). In a block, so\n"
        + "// its names cannot clash with the module's own.\n{\n"
        + f'const text = atob("{b64}");\n'
        + "const bytes = new Uint8Array(text.length);\n"
        + "for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);\n"
        + f"const exports = await {init}({{ module_or_path: bytes }});\n"
        + f"window.wasmBindings = {{ {bindings} }};\n"
        + 'dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm: exports}}));\n'
        + "}\n"
    )
    html = html[: loader.start()] + '<script type="module">' + script + "</script>" + html[loader.end():]

    # The sections opened on demand: their module inline too, in a module script of its own (its
    # names apart from the page's), decoded and started only when the page first asks for it,
    # in place of the guard's loader that imports it from the server.
    block = one(r"^[ \t]*// features-loader:.*?// features-loader: end\n", html, "on-demand loader")
    names = one(r'const FEATURES = \["(/gpu-tco-features-[0-9a-f]+\.js)", "(/gpu-tco-features-[0-9a-f]+_bg\.wasm)"\]',
                block.group(0), "on-demand module's names")
    f_glue_url, f_wasm_url = names.group(1), names.group(2)
    html = html[: block.start()] + html[block.end():]
    f_glue = read(dist, f_glue_url)
    f_wasm = read(dist, f_wasm_url, "rb")
    if re.search(r"^\s*import\b", f_glue, flags=re.M) or "import(" in f_glue or "</script" in f_glue.lower():
        fail("the on-demand module imports other files or contains </script")
    f_exports = one(r"^export \{([^}]*)\};?\s*$", f_glue, "export list of the on-demand module")
    f_init = re.search(r"(\w+) as default", f_exports.group(1))
    if not f_init:
        fail("the on-demand module has no default export (its init function)")
    # What the page calls (mount, update, spread …): every export but the two ways to start it.
    f_calls = re.findall(r"^export function (\w+)\(", f_glue, flags=re.M)
    if not {"mount", "update", "spread"} <= set(f_calls):
        fail(f"the on-demand module lacks an export the page calls: {f_calls}")
    f_script = (
        "\n"
        + f_glue[: f_exports.start()]
        + f_glue[f_exports.end():]
        + "\n// The sections opened on demand (single-file edition): this build's module, embedded,\n"
        + "// started the first time the page asks for it.\n{\n"
        + "let ready;\n"
        + "window.__gpuTcoFeatures = () => (ready ??= (async () => {\n"
        + f'  const text = atob("{base64.b64encode(f_wasm).decode("ascii")}");\n'
        + "  const bytes = new Uint8Array(text.length);\n"
        + "  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);\n"
        + f"  await {f_init.group(1)}({{ module_or_path: bytes }});\n"
        + "  return { " + ", ".join(f_calls) + " };\n"
        + "})());\n"
        + "}\n"
    )
    html = html.replace("</head>", '<script type="module">' + f_script + "</script>\n</head>", 1)

    # Nothing that would load another file.
    html = re.sub(r'<link rel="(?:modulepreload|preload|manifest)"[^>]*>', "", html)
    leftover = re.findall(r'<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)="(?!data:)[^"]*"', html)
    if leftover:
        fail(f"references to other files remain: {leftover}")

    # The policy: exactly the inline blocks (the loader made module, the guard, the styles).
    scripts = re.findall(r"<script type=\"module\">(.*?)</script>", html, flags=re.S)
    csp = CSP.format(
        script=" ".join(sha256(s) for s in scripts), style=" ".join(sha256(s) for s in styles)
    )
    html, n = re.subn(
        r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")',
        lambda m: m.group(1) + csp + m.group(2),
        html,
        count=1,
    )
    if n != 1:
        fail("no Content-Security-Policy meta in index.html")
    return html


def main() -> int:
    dist = sys.argv[1] if len(sys.argv) > 1 else "dist"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join("dist-single", "gpu-tco-calculator.html")
    html = build(dist)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(html)
    os.replace(tmp, out)
    print(f"single_file: wrote {out} ({len(html.encode('utf-8')):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
