"""An X server (Xvfb) for the benchmarks and tests that run the game in a real window: one place that starts it,
so that every one of them gets the same two flags that matter.

-displayfd: the server picks a free display number itself and writes it to a pipe; a number picked here could be
another X server's, and the run would then drive that one.

-noreset: by default the server resets itself each time its last client leaves, and a client that connects
meanwhile is turned away. Before the game's window is up, the caller's own xdotool calls are its only clients, so
the game now and then connected during a reset and, finding no screen, SDL ran it offscreen (a scratch experiment
at stop 40, pygame's display started beside an xdotool run again and again: 10 of 150 turned away with resets,
none of 150 with -noreset)."""

from __future__ import annotations

import os
import subprocess

SCREEN = "1366x768x24"


def start_xvfb(screen: str = SCREEN) -> tuple[subprocess.Popen[bytes], str] | None:
    """A running Xvfb and its display name (":N"), or None if it did not start. The caller terminates it."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    with os.fdopen(read_end) as announced:
        number = announced.readline().strip()  # written once the server takes clients
    if not number.isdigit():
        xvfb.kill()
        xvfb.wait()
        return None
    return xvfb, f":{number}"
