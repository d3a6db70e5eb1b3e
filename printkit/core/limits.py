"""The limits on what printkit reads, in one place (issue 26).

Every text a parser scans, every number written as text and every structure a file can ask to
be expanded has a bound here, so that no input makes a run hang or exhaust memory: what is over
a limit is refused with one line naming the limit. The limits are far above anything a real
record, layout or command line holds (each says what the largest real one is), and each is
checked before the text is scanned, so the work a run does grows linearly with its input.
"""

from __future__ import annotations

#: The longest text scanned as one value (a name, an hour, a template, a text box's words), in
#: characters. The longest real one, a card's rules text, has a few hundred.
MAX_TEXT = 10_000
#: The most digits a number written as text may have (a seed has 19).
MAX_DIGITS = 100
#: The largest width or precision a template's format spec may ask for (``{x:>1000}``).
MAX_WIDTH = 1000
