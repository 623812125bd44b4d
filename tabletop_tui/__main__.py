from tabletop_tui.cli import run

run()
