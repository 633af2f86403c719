"""What anyone who can reach `ilgi serve`'s port can open never keeps the owner out: a thousand
idle connections, a hundred bodies sent slowly with no token, and headers sent a byte a second.

Run by `ServeTests.aFloodOfConnectionsNeverKeepsTheOwnerOut` (Tests/IlgiCLITests):

    python3 flood.py PORT PID TOKEN

PORT and PID are a running `ilgi serve`'s, TOKEN its token. Prints one JSON object of figures;
the Swift test judges them. Every wait is bounded; the run ends within a minute.
"""

import json
import socket
import subprocess
import sys
import time

PORT, PID, TOKEN = int(sys.argv[1]), sys.argv[2], sys.argv[3]


def status(field):
    """A figure of the server's /proc status (`Threads`, `VmRSS` in kB)."""
    for line in open(f"/proc/{PID}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def connect():
    return socket.create_connection(("127.0.0.1", PORT), timeout=5)


def closed(connection):
    """Whether the server closed `connection` (anything it sent, such as a 408, counts)."""
    connection.setblocking(False)
    try:
        return connection.recv(65536) is not None
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        connection.setblocking(True)


def owner():
    """The owner's request with the token: its status and how long it took, in seconds."""
    start = time.monotonic()
    reply = subprocess.run(
        ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10",
         "-H", "Authorization: Bearer " + TOKEN, f"http://127.0.0.1:{PORT}/"],
        capture_output=True, text=True, timeout=20)
    return int(reply.stdout or 0), time.monotonic() - start


figures = {"threads_before": status("Threads")}
idle = [connect() for _ in range(1000)]
slow = []
for _ in range(100):
    connection = connect()
    connection.sendall(b"POST /api/entries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 1048576\r\n\r\n" + b"x" * 4096)
    slow.append(connection)
dribble = connect()
dribble.sendall(b"G")
figures["threads_held"] = status("Threads")
figures["memory_held_kb"] = status("VmRSS")
replies = [owner() for _ in range(3)]
figures["owner_statuses"] = [code for code, _ in replies]
figures["owner_slowest_seconds"] = max(seconds for _, seconds in replies)
figures["idle_closed"] = sum(closed(c) for c in idle)

# Headers a byte a second: closed once the connection has waited its time.
start = time.monotonic()
for byte in b"ET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"y" * 40:
    if closed(dribble) or time.monotonic() - start > 30:
        break
    try:
        dribble.sendall(bytes([byte]))
    except OSError:
        break
    time.sleep(1)
figures["dribble_closed_after_seconds"] = time.monotonic() - start
figures["slow_closed"] = sum(closed(c) for c in slow)
figures["threads_after_deadlines"] = status("Threads")
for connection in idle + slow + [dribble]:
    connection.close()
time.sleep(2)
figures["threads_after"] = status("Threads")
figures["owner_after"] = owner()[0]
print(json.dumps(figures))
