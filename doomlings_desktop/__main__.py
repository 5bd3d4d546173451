from doomlings_desktop.cli import main

raise SystemExit(main())
