from doomlings_desktop.commands.cli import main

raise SystemExit(main())
