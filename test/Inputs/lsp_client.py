#!/usr/bin/env python3
"""A minimal LSP client: opens one file in a language server over stdio and
prints the diagnostics the server publishes for it, one per line as
`LINE:COL: MESSAGE` (0-based positions, as LSP reports them)."""
import json
import pathlib
import subprocess
import sys


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("server closed the connection")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(proc.stdout.read(length))


def main():
    server, path = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    proc = subprocess.Popen([server], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    uri = path.as_uri()
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None,
                           "capabilities": {}}})
    while receive(proc).get("id") != 1:
        pass
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                            "version": 1,
                                            "text": path.read_text()}}})
    while True:
        message = receive(proc)
        if message.get("method") == "textDocument/publishDiagnostics":
            for diag in message["params"]["diagnostics"]:
                start = diag["range"]["start"]
                print(f'{start["line"]}:{start["character"]}: '
                      f'{diag["message"]}')
            print(f'{len(message["params"]["diagnostics"])} diagnostics')
            break
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=10)


if __name__ == "__main__":
    main()
