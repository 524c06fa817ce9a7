"""Serves dist/ as a static host should: each file with its type, and the precompressed .br or
.gz written beside it by web/build.sh when the browser accepts that encoding (brotli first),
with Content-Encoding set and Vary: Accept-Encoding. The service worker is never cached by
HTTP, so a new build is found at the next visit. Run by web/serve.sh."""

import http.server
import os
import sys

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}
# Encodings in order of preference, and the file suffix each is stored under.
ENCODINGS = [("br", ".br"), ("gzip", ".gz")]


def accepted(header):
    """The encodings an Accept-Encoding header allows (any with q=0 is refused)."""
    allowed = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q=") and float(q[2:] or 0) == 0:
            continue
        allowed.add(name.strip().lower())
    return allowed


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        """Quiet: a line a file would bury the browser test's output."""

    def copyfile(self, source, outputfile):
        # A browser may drop a download it no longer needs (a page closed mid-load): not an error.
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        base, ext = os.path.splitext(path)
        if not os.path.isfile(path) or ext not in TYPES:
            return super().send_head()
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        chosen, served = None, path
        for encoding, suffix in ENCODINGS:
            if encoding in allowed and os.path.isfile(path + suffix):
                chosen, served = encoding, path + suffix
                break
        f = open(served, "rb")
        size = os.fstat(f.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", TYPES[ext])
        self.send_header("Content-Length", str(size))
        self.send_header("Vary", "Accept-Encoding")
        if chosen:
            self.send_header("Content-Encoding", chosen)
        if os.path.basename(path) == "sw.js":
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return f


if __name__ == "__main__":
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = lambda *args, **kwargs: Handler(*args, directory=directory, **kwargs)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        # Port 0 takes a free one: the line says which (the browser test reads it).
        port = server.server_address[1]
        print(f"serving {directory} at http://127.0.0.1:{port}/", flush=True)
        server.serve_forever()
