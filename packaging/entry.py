"""The frozen program's entry point (PyInstaller runs this file as __main__).

`doomlings --selftest` is answered here directly, so a frozen build can always check itself
even if the command line grows other options; everything else is the normal `doomlings`
command (doomlings_desktop.commands.cli).
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    if "--selftest" in sys.argv[1:]:
        from doomlings_desktop.commands.selftest import main as selftest

        return selftest(sys.argv[1:])
    from doomlings_desktop.commands.cli import main as cli

    return cli()


if __name__ == "__main__":
    sys.exit(main())
