# Connects to a server on this machine (port 8000) and asks it for runs; under the sandbox
# the connection must fail.
import socket


def fn(a):
    conn = socket.create_connection(("127.0.0.1", 8000), timeout=2)
    conn.sendall(b"GET /api/runs HTTP/1.0\r\n\r\n")
    print(conn.recv(200))
    return a


def inputs():
    return (1,)
