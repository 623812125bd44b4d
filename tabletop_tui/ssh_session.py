"""One ssh player's process: the Textual app on a pseudo-terminal, playing on
the server's tables through the table service.

The server starts it (``python -m tabletop_tui.ssh_session``, its
``ServeConfig.session_module``) on the slave side of a pty, with the
service's socket and a one-time token in the environment. A crash here ends
this player's session only: the server and the other players go on. It lives
outside ``net/`` (the ssh layer, which knows no UI): it is the app's side.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from typing import Callable

#: what to do just before a hang-up ends the process (a profile to write)
BEFORE_EXIT: list[Callable[[], None]] = []


def exit_on_hangup(fd: int = 0) -> threading.Thread:
    """End this process at once when its terminal hangs up (the server
    closed the pty, or went away): nobody can see it any more, and an app
    reading a terminal that only says end-of-file would spin forever."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)

    def watch() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # hang-up and errors are always reported
        while True:
            try:
                events = poller.poll()
            except InterruptedError:
                continue
            if any(ev & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, ev in events):
                for last in BEFORE_EXIT:
                    try:
                        last()
                    except Exception:
                        pass
                os._exit(129)

    thread = threading.Thread(target=watch, name="hangup", daemon=True)
    thread.start()
    return thread


def tolerate_bad_bytes() -> None:
    """Bytes that are not UTF-8 from a client become U+FFFD, never an
    exception: Textual's input thread decodes strictly, and one stray byte
    ended the app with a traceback on the player's screen."""
    import codecs
    import functools

    from textual.drivers import linux_driver

    linux_driver.getincrementaldecoder = (  # type: ignore[attr-defined]
        lambda encoding: functools.partial(codecs.getincrementaldecoder(encoding), errors="replace"))


def main() -> int:
    try:  # the pty becomes this session's controlling terminal (for SIGWINCH)
        import fcntl
        import termios

        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass
    exit_on_hangup()
    socket_path = os.environ.pop("TABLETOP_SERVICE", "")
    token = os.environ.pop("TABLETOP_TOKEN", "")
    if not socket_path or not token:
        print("This program is started by `tabletop serve` for each ssh player.", file=sys.stderr)
        return 2
    from tabletop_tui.engine.crash import for_remote_players
    from tabletop_tui.net.client import RemoteService, ServiceGone

    for_remote_players()

    try:
        service = RemoteService(socket_path, token)
    except (OSError, ServiceGone) as err:
        print(f"Cannot reach the tables: {getattr(err, 'reason', None) or err}", file=sys.stderr)
        return 1
    from tabletop_tui.ui.app import TabletopApp

    tolerate_bad_bytes()
    app = TabletopApp(remote=service)
    profile_to = os.environ.pop("TABLETOP_PROFILE", "")
    if profile_to:  # benchmarks/ssh.py --profile: this session's app thread, written as it ends
        # (SIGUSR1 drops what was counted so far: the benchmark sends it as its loop begins)
        import cProfile

        profile = cProfile.Profile()
        BEFORE_EXIT.append(lambda: profile.dump_stats(os.path.join(profile_to, f"session-{os.getpid()}.prof")))

        def dump_and_end(signum: int, _frame: object) -> None:
            for last in BEFORE_EXIT:
                last()
            os._exit(128 + signum)

        def start_afresh(_signum: int, _frame: object) -> None:  # the benchmark's loop begins
            profile.disable()
            profile.clear()
            profile.enable()

        for signum in (signal.SIGHUP, signal.SIGTERM):
            signal.signal(signum, dump_and_end)
        signal.signal(signal.SIGUSR1, start_afresh)
        profile.enable()
    try:
        app.run()
    except Exception as err:  # never a traceback on a player's screen
        from tabletop_tui.engine.crash import report_crash

        print(report_crash(err), file=sys.stderr)
        return 1
    finally:
        service.close()
    if app.return_code:
        return app.return_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
