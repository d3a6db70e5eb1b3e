"""The top-level help's parts, generated from the typer app by
``python3 -m printkit.commands --help-table`` (printkit/cli_help.py prints them; do not edit).
"""

USAGE = '[OPTIONS] COMMAND [ARGS]...'
APP_HELP = 'Print-and-play kits for five board games, and score checkers for their games.\n\nStart with:  printkit make calibration   (print it at 100% and measure it)'
OPTIONS = [
    ('--version', 'Show the version and exit.'),
    ('-h, --help', 'Show this message and exit.'),
]
COMMANDS = [
    ('list', "List every game and component that can be made, with page counts and paper sizes\n(for the --bleed and --crop-marks given, as 'make' would make them)."),
    ('make', 'Make print-and-play files and print the paths written.'),
    ('score', 'Replay a game record against the rules: every violation, the totals and the ranking.'),
    ('schema', "Print the JSON Schema of a game's record file."),
    ('solve', 'Find a solution: for gimbap, a roll meeting the order the dice show.'),
    ('simulate', 'Play many games automatically: the score distribution (star rates, seed fairness ...).'),
    ('check', "Check layout files as 'make' does: exits 2 naming the file, line and key of the first problem."),
    ('rules', 'Explain the rule ids that score reports cite ([TD-7], [GEM-4], [PK-10] ...).'),
    ('serve', "Keep score at the table: a web app that follows each game move by move on everyone's phone."),
]
