"""Errors that reach the user as one clear message (exit code 2), never a traceback."""


class PrintkitError(Exception):
    """An error the user can act on: bad input, bad option, bad layout file."""


class InputError(PrintkitError):
    """A file a person wrote that cannot be used: a layout, a game record, a game's data.

    The message reads ``FILE:LINE: key.path: what was expected`` (the line and the key path
    where known); the parts stay available as ``file``, ``line``, ``where`` and ``detail``.
    """

    def __init__(self, file: str, where: str, message: str, line: int | None = None):
        self.file, self.where, self.detail, self.line = file, where, message, line
        place = file + (f":{line}" if line else "")
        super().__init__(f"{place}: {where}: {message}" if where else f"{place}: {message}")
