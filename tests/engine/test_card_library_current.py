"""The card library built from a current download: every card by name, both faces of a
card with several, a face the card data lacks named (never guessed), back faces checked
by hand, and digital-only sentences named in ``not_modelled``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rules_engine import cards
from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.card_import import (
    ImportReport,
    face_colors,
    import_file,
    read_json,
    read_library,
    with_snapshot_colors,
)
from rules_engine.cards import (
    card_from_json,
    library_card,
    library_record,
    load_card_library,
    missing_face_of,
    with_back_faces,
)
from rules_engine.cli import main
from rules_engine.errors import BoardError
from rules_engine.gaps import Status, card_report
from rules_engine.oracle.digital import DIGITAL_ONLY, SEEK_WHY

DATA = Path(cards.__file__).parent / "data"
# A few cards of a current download, in its shape (Scryfall's "Oracle Cards" fields, and
# "faces_incomplete" where the download has only a card's front face).
SAMPLE = Path(__file__).parent / "data" / "oracle-cards-sample.json"


def by_name(records: list[dict]) -> dict[str, dict]:
    return {r["name"]: r for r in records}


# --- Importing a download ------------------------------------------------------------


def test_a_card_whose_download_lacks_its_back_face_keeps_its_front_and_names_the_rest():
    report = ImportReport()
    giant = by_name(import_file(SAMPLE, report))["Bonecrusher Giant // Stomp"]
    assert giant["layout"] == "adventure"
    assert [f["name"] for f in giant["faces"]] == ["Bonecrusher Giant"]
    assert giant["missing_faces"] == ["Stomp"]
    # CR 715.3a: on the battlefield an adventurer card is its creature half.
    assert (giant["types"], giant["power"], giant["toughness"]) == (["Creature"], "4", "3")
    assert report.incomplete == 2  # the giant and the Room


def test_faces_without_a_mana_cost_take_the_2019_snapshots_colors():
    # The download has no color indicators: its back face got the front's white.
    report = ImportReport()
    snapshot = face_colors(read_json(DATA / "oracle-cards-2019.json.gz"))
    records = with_snapshot_colors(import_file(SAMPLE), snapshot, report)
    library = by_name(records)
    purifier = library["Archangel Avacyn // Avacyn, the Purifier"]["faces"][1]
    assert (purifier["colors"], purifier["color_indicator"]) == (["R"], ["R"])  # CR 204
    arbor = library["Dryad Arbor"]
    assert (arbor["colors"], arbor["color_indicator"]) == (["G"], ["G"])
    assert library["Sheoldred, the Apocalypse"]["colors"] == ["B"]  # from its mana cost
    assert report.recolored == 2


def test_cards_import_writes_the_library_from_a_download(tmp_path):
    target = tmp_path / "library.json.gz"
    out = io.StringIO()
    assert main(["cards", "import", str(SAMPLE), "--out", str(target)], out=out) == 0
    line = out.getvalue()
    assert line.startswith("cards import: read 5 cards, imported 5 (")
    assert "without their other faces 2, colors from the 2019 snapshot 2" in line
    records = by_name(read_library(target))
    assert records["Bottomless Pool // Locker Room"]["missing_faces"] == ["Locker Room"]


def test_a_checked_back_face_completes_the_card_and_a_split_card_is_whole_again():
    records = import_file(SAMPLE)
    stomp = {
        "name": "Stomp",
        "mana_cost": "{1}{R}",
        "colors": ["R"],
        "supertypes": [],
        "types": ["Instant"],
        "subtypes": ["Adventure"],
        "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target.",
    }
    locker = {**stomp, "name": "Locker Room", "mana_cost": "{4}{U}", "colors": ["U"]}
    locker.update(types=["Enchantment"], subtypes=["Room"], oracle_text="Locker text.")
    checked = [
        {"card": "Bonecrusher Giant // Stomp", "face": stomp, "source": "test"},
        {"card": "Bottomless Pool // Locker Room", "face": locker, "source": "test"},
    ]
    library = by_name(with_back_faces(records, checked))
    giant = library["Bonecrusher Giant // Stomp"]
    assert [f["name"] for f in giant["faces"]] == ["Bonecrusher Giant", "Stomp"]
    assert "missing_faces" not in giant
    assert giant["power"] == "4"  # still the front face as a whole (CR 715.3a)
    room = library["Bottomless Pool // Locker Room"]
    assert room["mana_cost"] == "{U} // {4}{U}"  # CR 709.4: both halves combined
    assert "missing_faces" not in room


# --- The project's library -----------------------------------------------------------


def test_the_library_is_every_card_of_the_current_download():
    library = load_card_library()
    assert len(library) >= 32670
    for name in ("Sheoldred, the Apocalypse", "Ragavan, Nimble Pilferer", "Gray Ogre"):
        assert library_card(name) is not None, name


@pytest.mark.parametrize(
    ("name", "power", "toughness"),
    [("Sheoldred, the Apocalypse", 4, 5), ("Ragavan, Nimble Pilferer", 2, 1)],
)
def test_cards_printed_after_2019_go_on_a_board_by_name(name, power, toughness):
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [{"enter": name, "as": "it", "controller": "Alice"}],
        "ask": {"characteristics": "it"},
    }
    answer = answer_json(evaluate_board(board))
    it = answer["objects"]["it"]
    assert (it["name"], it["power"], it["toughness"]) == (name, power, toughness)
    assert answer["not_modelled"] == []


def test_both_faces_of_a_card_with_several_are_in_the_library():
    delver = library_record("Delver of Secrets // Insectile Aberration")
    assert [f["name"] for f in delver["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    # A back face the download lacks, checked by hand (data/cards/back-faces.json).
    stomp = library_card("Stomp")
    assert stomp is not None and stomp.types == ("Instant",)
    assert library_card("Bonecrusher Giant // Stomp").name == "Bonecrusher Giant"
    stanza = library_card("Heroic Stanza")  # read in the card's Card-Forge/forge script
    assert (stanza.mana_cost, stanza.types) == ("{1}{W/B}", ("Sorcery",))
    # A prepare spell that is a reprint is the library's own card of that name.
    emeritus = library_record("Emeritus of Conflict // Lightning Bolt")
    assert emeritus["faces"][1] == {
        k: v for k, v in library_record("Lightning Bolt").items() if k != "layout"
    }


def test_a_face_the_card_data_lacks_is_named_and_its_card_placed_by_its_front_face():
    whole = "Brightcap Badger // Fungus Frolic"
    assert library_record(whole)["missing_faces"] == ["Fungus Frolic"]
    assert missing_face_of("Fungus Frolic") == whole
    assert library_card("Fungus Frolic") is None
    with pytest.raises(BoardError, match='"Fungus Frolic" is a face of Brightcap Badger'):
        card_from_json("Fungus Frolic", "steps[0].enter")
    assert card_from_json(whole, "steps[0].enter").name == "Brightcap Badger"
    assert card_from_json("Brightcap Badger", "steps[0].enter").types == ("Creature",)
    out = io.StringIO()
    assert main(["cards", "show", whole], out=out) == 0
    assert '[not in the library] its face "Fungus Frolic"' in out.getvalue()


def test_a_split_card_missing_a_half_is_placed_by_the_half_the_library_has():
    with pytest.raises(BoardError, match="lacks Furious of Fast // Furious"):
        card_from_json("Fast // Furious", "steps[0].enter")
    assert card_from_json("Fast", "steps[0].enter").name == "Fast"


def test_a_room_whose_other_half_was_checked_is_whole():
    # CR 709.4: both halves' characteristics combined (Locker Room from back-faces.json).
    room = card_from_json("Bottomless Pool // Locker Room", "steps[0].enter")
    assert (room.mana_cost, room.subtypes) == ("{U} // {4}{U}", ("Room",))
    assert library_card("Locker Room").mana_cost == "{4}{U}"
    vents = card_from_json("Cramped Vents // Access Maze", "steps[0].enter")
    assert vents.mana_cost == "{3}{B} // {5}{B}{B}"


def test_every_checked_back_face_names_its_source_and_fills_a_missing_face():
    checked = json.loads((DATA / "cards" / "back-faces.json").read_text(encoding="utf-8"))
    downloaded = by_name(read_library(DATA / "cards" / "library.json.gz"))
    for entry in checked:
        assert entry["source"], entry["card"]
        assert entry["face"]["name"] in downloaded[entry["card"]]["missing_faces"]
        assert library_card(entry["face"]["name"]) is not None


def test_corrections_win_over_the_downloaded_text():
    library = load_card_library()
    for record in json.loads((DATA / "cards" / "corrections.json").read_text(encoding="utf-8")):
        assert library[record["name"]] == record, record["name"]


# --- Digital-only mechanics -----------------------------------------------------------


def test_specialize_is_an_activated_ability_inert_until_activated():
    # Specialize is an activated ability of MTG Arena's Alchemy cards (CR 602: nothing
    # happens until it is activated); resolving it, which no board can say, is refused.
    reports = card_report(library_card("Alora, Rogue Companion"))
    assert (reports[0].text, reports[0].status) == ("Specialize {2}", Status.INERT)
    assert "specialize is an activated ability" in reports[0].why
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [{"enter": "Alora, Rogue Companion", "as": "alora", "controller": "Alice"}],
        "ask": {"characteristics": "alora"},
    }
    assert evaluate_board(board).game.not_modelled == ()
    board["steps"].append({"activate": "alora", "ability": 0, "as": "special"})
    with pytest.raises(BoardError, match="specialize"):
        evaluate_board(board)


def test_a_digital_only_action_is_not_modelled_and_the_card_goes_on_a_board():
    # Heist (MTG Arena: look at three random nonland cards of an opponent's library and
    # exile one, which you may cast) is named as digital-only.
    reports = card_report(library_card("Weave the Nightmare"))
    (heist,) = [r for r in reports if r.text.startswith("Heist")]
    assert (heist.status, heist.why) == (Status.NOT_MODELLED, DIGITAL_ONLY)


def test_starting_intensity_is_the_number_intensity_amounts_read():
    # "Starting intensity 0" and "X is ~'s intensity" (MTG Arena's Alchemy): the board's
    # choices.intensity, else the starting number.
    reports = card_report(library_card("Minthara of the Absolute"))
    assert [r.status for r in reports[:2]] == [Status.APPLIED, Status.APPLIED]


def test_a_resolving_spells_digital_only_sentence_is_named_not_refused():
    # Anguished Recollection: "Discard a card. If you do, seek two cards that don't share a
    # card type with the discarded card." (seek exists only on MTG Arena).
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [{"cast": "Anguished Recollection", "as": "spell", "controller": "Alice"}],
    }
    gaps = evaluate_board(board).game.not_modelled
    assert any(g.why == SEEK_WHY and "seek two cards" in g.ability for g in gaps)
