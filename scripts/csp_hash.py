#!/usr/bin/env python3
"""Trunk post-build hook: allow trunk's inline module loader by its SHA-256 hash.

The page's Content-Security-Policy allows scripts from 'self' only (plus 'wasm-unsafe-eval').
Trunk writes one small inline <script type="module"> that imports the wasm-bindgen glue; this
adds that exact script's hash to script-src, so no 'unsafe-inline' is ever needed.
"""
import base64
import hashlib
import os
import re
import sys

def main(page: str = "index.html") -> int:
    staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
    path = os.path.join(staging, page)
    with open(path, encoding="utf-8") as f:
        html = f.read()
    # Inline scripts: trunk's module loaders and embed.html's loader (a classic script).
    scripts = re.findall(r"<script(?: type=\"module\")?>(.*?)</script>", html, flags=re.S)
    if not scripts:
        print("csp_hash: no inline module script found", file=sys.stderr)
        return 1
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() + "'"
        for s in scripts
    )
    new, n = re.subn(r"script-src 'self' 'wasm-unsafe-eval'[^;\"]*",
                     "script-src 'self' 'wasm-unsafe-eval' " + hashes, html, count=1)
    if n != 1:
        print("csp_hash: no script-src in the Content-Security-Policy", file=sys.stderr)
        return 1
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    return 0

if __name__ == "__main__":
    sys.exit(main())
