"""The command line and its tools: subcommands, the bench and its probes, offscreen shots. Subcommands
that open no window never load pygame (tests/cli)."""
