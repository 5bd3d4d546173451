"""The `doomlings` command and its subcommands (simulate, fuzz, scenario, cards, bench, arena,
selftest): the top layer, which may use every other; nothing imports it but `__main__` and the
packaging entry point."""
