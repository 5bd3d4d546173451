"""A server's address as a player reads and types it (a leaf: no online library needed)."""

from __future__ import annotations


def ws_url(host: str, port: int) -> str:
    """The websocket address of a host and port, an IPv6 address in brackets: "ws://::1:7474"
    reads as a host "" and cannot be typed back into Join."""
    where = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"ws://{where}:{port}"
