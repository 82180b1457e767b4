"""Print the wire format's JSON Schema, built from the code that reads the documents.

Run: `python -m wizardrules.wire` prints it; `python -m wizardrules.wire --output PATH`
writes it to PATH. The package's own copy, `src/wizardrules/schemas/wire.schema.json`, is
written so (`python -m wizardrules.wire --output src/wizardrules/schemas/wire.schema.json`),
and a test checks that it equals what this prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wizardrules.wire import _schema_text


def main(argv: list[str] | None = None) -> int:
    """Print the schema, or write it to `--output`; the exit code is 0."""
    parser = argparse.ArgumentParser(prog="python -m wizardrules.wire", description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, help="write the schema to this file instead of printing it")
    args = parser.parse_args(argv)
    text = _schema_text()
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
