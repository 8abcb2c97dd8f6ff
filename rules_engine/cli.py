"""``python -m rules_engine evaluate|event BOARD.json [--explain] [--misreading SLUG]``.

Prints the board format's JSON answer; a malformed board gets one line
naming the JSON path of the fault and exit status 2, never a traceback.

``python -m rules_engine cards import FILE [--out PATH]`` reads a Scryfall "Oracle
Cards" or MTGJSON AtomicCards file and writes the card library the engine loads
(``docs/card-library.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError
from rules_engine.explain import explain_table
from rules_engine.misreadings import (
    CORRECT_LAYERS,
    CORRECT_REPLACEMENT,
    MISCONCEPTION_BY_SLUG,
    MISCONCEPTIONS,
)


def _load(path: str) -> object:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return json.loads(text)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m rules_engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser("evaluate", help="characteristics through layers 1-7")
    evaluate.add_argument("board", help="a board file (mtg-board/1), or - for standard input")
    evaluate.add_argument("--explain", action="store_true", help="print the trace as a table")
    evaluate.add_argument("--no-dependency", action="store_true", help=argparse.SUPPRESS)
    layer_slugs = [m.slug for m in MISCONCEPTIONS if m.layers]
    evaluate.add_argument(
        "--misreading",
        choices=layer_slugs,
        help="answer as a learner making this named mistake would (a teaching aid)",
    )
    event = commands.add_parser("event", help="replacement and prevention choices (CR 614-616)")
    event.add_argument("board")
    event.add_argument(
        "--misreading",
        choices=[m.slug for m in MISCONCEPTIONS if m.replacement],
        help="walk the choices as a learner making this named mistake would",
    )
    cards = commands.add_parser("cards", help="the card library")
    card_commands = cards.add_subparsers(dest="cards_command", required=True)
    card_import = card_commands.add_parser(
        "import", help="read Scryfall Oracle Cards or MTGJSON AtomicCards into the library"
    )
    card_import.add_argument("file", help="a .json file, plain or compressed (gzip, bz2, xz)")
    card_import.add_argument(
        "--out",
        help="where to write the imported library (default: where the engine loads it from, "
        "rules_engine/data/cards/library.json.gz)",
    )
    card_show = card_commands.add_parser(
        "show", help="a card's text, ability by ability: applied, inert here or not modelled"
    )
    card_show.add_argument("name", help="the card's name (any letter case), or one face's name")
    args = parser.parse_args(argv)
    if args.command == "cards" and args.cards_command == "show":
        return _show_card(args.name, out)
    if args.command == "cards":
        return _import_cards(args.file, args.out, out)
    try:
        data = _load(args.board)
    except OSError as exc:
        print(f"error: cannot read {args.board}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(
            f"error: {args.board}: not valid JSON: {exc.msg} (line {exc.lineno})", file=sys.stderr
        )
        return 2
    except (RecursionError, ValueError) as exc:
        # Absurd nesting or numbers with thousands of digits: refuse, don't crash.
        print(
            f"error: {args.board}: not a usable board ({exc.__class__.__name__})", file=sys.stderr
        )
        return 2
    try:
        if args.command == "event":
            from rules_engine.ask.event import event_answer

            mistake = MISCONCEPTION_BY_SLUG[args.misreading] if args.misreading else None
            replacement = mistake.replacement if mistake else None
            text = json.dumps(event_answer(data, replacement or CORRECT_REPLACEMENT), indent=2)
        else:
            mistake = MISCONCEPTION_BY_SLUG[args.misreading] if args.misreading else None
            result = evaluate_board(
                data,
                dependency=not args.no_dependency,
                misreading=(mistake.layers if mistake else None) or CORRECT_LAYERS,
            )
            text = (
                explain_table(result) if args.explain else json.dumps(answer_json(result), indent=2)
            )
    except BoardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # Text that isn't valid Unicode (a lone surrogate in a name) is shown escaped, not a crash.
    print(text.encode("utf-8", "backslashreplace").decode("utf-8"), file=out)
    return 0


def _import_cards(file: str, out_path: str | None, out: TextIO) -> int:
    from rules_engine.card_import import (
        CardImportError,
        ImportReport,
        face_colors,
        import_file,
        read_json,
        with_snapshot_colors,
        write_library,
    )
    from rules_engine.cards import imported_library_path, snapshot_path

    report = ImportReport()
    try:
        records = import_file(Path(file), report)
        snapshot = face_colors(read_json(snapshot_path()))
        records = with_snapshot_colors(records, snapshot, report)
    except OSError as exc:
        print(f"error: cannot read {file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (ValueError, EOFError) as exc:  # CardImportError, bad JSON, a broken archive
        kind = "" if isinstance(exc, CardImportError) else "not valid JSON or archive: "
        print(f"error: {file}: {kind}{exc}", file=sys.stderr)
        return 2
    target = Path(out_path) if out_path else imported_library_path()
    try:
        write_library(records, target)
    except OSError as exc:
        print(f"error: cannot write {target}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"cards import: {report.summary()}; wrote {target}", file=out)
    return 0


def _show_card(name: str, out: TextIO | None) -> int:
    """Each ability of a library card with what the engine does with it (rules_engine.gaps)."""
    from rules_engine.cards import library_card, library_record, unknown_card_message
    from rules_engine.gaps import card_report

    card = library_card(name)
    record = library_record(name)
    if card is None or record is None:
        print(f"error: {unknown_card_message(name)}", file=sys.stderr)
        return 2
    print(card.name, file=out)
    for report in card_report(card):
        why = f" ({report.why})" if report.why else ""
        print(f"  [{report.status.value}] {report.text}{why}", file=out)
    for face in record.get("missing_faces", ()):
        print(f'  [not in the library] its face "{face}": the card data lacks it', file=out)
    return 0
