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
#: At most this many elements drawn on one page or card: every element counts one, a repeat
#: also one per copy, a hex grid one per cell, a ruler one per mm, a track one per box, and a
#: symbol's use everything the symbol draws, its own uses expanded (the largest shipped page
#: draws a few hundred, symbols expanded a few thousand).
MAX_PAGE_WORK = 50_000
#: ... and in one document (10,000 score sheets, the most --count makes, draw about 3.4 million).
MAX_DOCUMENT_WORK = 8_000_000
#: At most this many symbols in a chain of symbols using one another (a symbol that uses a
#: symbol that uses a symbol ...); shipped layouts nest 2 deep.
MAX_SYMBOL_DEPTH = 20
#: At most this many styles in one ``extends`` chain; shipped layouts chain 3.
MAX_EXTENDS = 50
#: The longest length (and the farthest coordinate, either way) a layout may give, in mm: 10 m.
#: The largest real one, a poster's drawing, is under 1 m; PDF numbers stop at about 1e20 pt.
MAX_LENGTH = 10_000.0
#: The largest scale a layout's frame or symbol use may give (either way; 0 is refused).
MAX_SCALE = 1000.0
#: The largest rotation a layout may give, in degrees either way (a hundred turns).
MAX_ANGLE = 36_000.0
#: The longest error line printed, in characters (past it, its middle is left out): a message
#: quoting a 100 KB argument back stays one line a person reads. Real messages have under 300.
MAX_SHOWN = 1000
#: A filled PDF without form fields: its first page's text is read (to say whether printkit made
#: it, flattened or printed to PDF since) only when its content is at most this many bytes (a
#: printkit sheet's is ~60 KB).
MAX_PAGE_TEXT = 2_000_000
