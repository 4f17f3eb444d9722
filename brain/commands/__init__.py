"""One module per group of `brain` subcommands."""
