"""The card library: the importer (Scryfall, MTGJSON), the bundled snapshot, the
hand-checked cards' precedence, name lookup and the builder's search."""

from __future__ import annotations

import bz2
import doctest
import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import card_import, cards
from rules_engine.card_import import (
    ImportReport,
    current_wording,
    from_mtgjson,
    from_scryfall,
    import_file,
    read_library,
    split_type_line,
    write_library,
)
from rules_engine.cards import (
    build_library,
    card_from_record,
    library_card,
    load_card_library,
    mana_value,
    normalize_name,
    search_library,
)
from rules_engine.cli import main
from rules_engine.vocabulary import CARD_TYPES, SUPERTYPES

DATA = Path(cards.__file__).parent / "data"

# --- Fixtures in the ecosystem's shapes (a subset of each format's fields) ---------

FIRE = "Fire deals 2 damage divided as you choose among one or two targets."

SCRYFALL = [
    {
        "object": "card",
        "name": "Mulldrifter",
        "layout": "normal",
        "mana_cost": "{4}{U}",
        "type_line": "Creature — Elemental",
        "oracle_text": "Flying\nWhen Mulldrifter enters the battlefield, draw two cards.",
        "colors": ["U"],
        "power": "2",
        "toughness": "2",
    },
    {
        "object": "card",
        "name": "Fire // Ice",
        "layout": "split",
        "mana_cost": "{1}{R} // {1}{U}",
        "type_line": "Instant // Instant",
        "colors": ["U", "R"],
        "card_faces": [
            {
                "object": "card_face",
                "name": "Fire",
                "mana_cost": "{1}{R}",
                "type_line": "Instant",
                "oracle_text": FIRE,
            },
            {
                "object": "card_face",
                "name": "Ice",
                "mana_cost": "{1}{U}",
                "type_line": "Instant",
                "oracle_text": "Tap target permanent.\nDraw a card.",
            },
        ],
    },
    {
        "object": "card",
        "name": "Delver of Secrets // Insectile Aberration",
        "layout": "transform",
        "mana_cost": "",
        "type_line": "Creature — Human Wizard // Creature — Human Insect",
        "card_faces": [
            {
                "object": "card_face",
                "name": "Delver of Secrets",
                "mana_cost": "{U}",
                "type_line": "Creature — Human Wizard",
                "oracle_text": "At the beginning of your upkeep, look at the top card of your "
                "library. You may reveal that card. If an instant or sorcery card is revealed "
                "this way, transform this creature.",
                "colors": ["U"],
                "power": "1",
                "toughness": "1",
            },
            {
                "object": "card_face",
                "name": "Insectile Aberration",
                "mana_cost": "",
                "type_line": "Creature — Human Insect",
                "oracle_text": "Flying",
                "colors": ["U"],
                "color_indicator": ["U"],
                "power": "3",
                "toughness": "2",
            },
        ],
    },
    {
        "object": "card",
        "name": "Liliana of the Veil",
        "layout": "normal",
        "mana_cost": "{1}{B}{B}",
        "type_line": "Legendary Planeswalker — Liliana",
        "oracle_text": "[+1]: Each player discards a card.\n[-2]: Target player sacrifices a "
        "creature.\n[-6]: Separate all permanents target player controls into two piles.",
        "colors": ["B"],
        "loyalty": "3",
    },
    {
        "object": "card",
        "name": "Bitterblossom",
        "layout": "normal",
        "mana_cost": "{1}{B}",
        "type_line": "Tribal Enchantment — Faerie",
        "oracle_text": "At the beginning of your upkeep, you lose 1 life and create a 1/1 "
        "black Faerie Rogue creature token with flying.",
        "colors": ["B"],
    },
    {
        "object": "card",
        "name": "Goblin",
        "layout": "token",
        "type_line": "Token Creature — Goblin",
        "colors": ["R"],
    },
    {
        "object": "card",
        "name": "Sol'Kanar the Swamp King Avatar",
        "layout": "vanguard",
        "type_line": "Vanguard",
        "oracle_text": "Whenever a player casts a black spell, you gain 1 life.",
    },
    {
        "object": "card",
        "name": "Akroma's Vengeance",
        "layout": "art_series",
        "type_line": "Card // Card",
    },
]

MTGJSON = {
    "meta": {"version": "5.2.2"},
    "data": {
        "Mulldrifter": [
            {
                "name": "Mulldrifter",
                "manaCost": "{4}{U}",
                "colors": ["U"],
                "type": "Creature — Elemental",
                "types": ["Creature"],
                "supertypes": [],
                "subtypes": ["Elemental"],
                "text": "Flying\nWhen this creature enters, draw two cards.\nEvoke {2}{U}",
                "power": "2",
                "toughness": "2",
                "layout": "normal",
            }
        ],
        "Fire // Ice": [
            {
                "name": "Fire // Ice",
                "faceName": "Ice",
                "side": "b",
                "manaCost": "{1}{U}",
                "colors": ["U"],
                "type": "Instant",
                "text": "Tap target permanent.\nDraw a card.",
                "layout": "split",
            },
            {
                "name": "Fire // Ice",
                "faceName": "Fire",
                "side": "a",
                "manaCost": "{1}{R}",
                "colors": ["R"],
                "type": "Instant",
                "text": FIRE,
                "layout": "split",
            },
        ],
        "Delver of Secrets // Insectile Aberration": [
            {
                "name": "Delver of Secrets // Insectile Aberration",
                "faceName": "Delver of Secrets",
                "side": "a",
                "manaCost": "{U}",
                "colors": ["U"],
                "type": "Creature — Human Wizard",
                "text": "At the beginning of your upkeep, look at the top card of your library.",
                "power": "1",
                "toughness": "1",
                "layout": "transform",
            },
            {
                "name": "Delver of Secrets // Insectile Aberration",
                "faceName": "Insectile Aberration",
                "side": "b",
                "colors": ["U"],
                "colorIndicator": ["U"],
                "type": "Creature — Human Insect",
                "text": "Flying",
                "power": "3",
                "toughness": "2",
                "layout": "transform",
            },
        ],
        "Ajani Goldmane": [
            {
                "name": "Ajani Goldmane",
                "manaCost": "{2}{W}{W}",
                "colors": ["W"],
                "type": "Legendary Planeswalker — Ajani",
                "text": "+1: You gain 2 life.\n\u22121: Put a +1/+1 counter on each creature "
                "you control.",
                "loyalty": "4",
                "layout": "normal",
            }
        ],
        "Academy at Tolaria West": [
            {
                "name": "Academy at Tolaria West",
                "type": "Plane — Dominaria",
                "text": "At the beginning of your end step, if you have no cards in hand, "
                "draw seven cards.",
                "layout": "planar",
            }
        ],
    },
}


def by_name(records: list[dict]) -> dict[str, dict]:
    return {r["name"]: r for r in records}


# --- The importer ------------------------------------------------------------------


def test_scryfall_cards_become_library_records_with_todays_wording() -> None:
    report = ImportReport()
    records = by_name(from_scryfall(SCRYFALL, report))
    assert records["Mulldrifter"] == {
        "name": "Mulldrifter",
        "mana_cost": "{4}{U}",
        "colors": ["U"],
        "supertypes": [],
        "types": ["Creature"],
        "subtypes": ["Elemental"],
        "oracle_text": "Flying\nWhen Mulldrifter enters, draw two cards.",
        "power": "2",
        "toughness": "2",
    }
    liliana = records["Liliana of the Veil"]
    assert liliana["supertypes"] == ["Legendary"] and liliana["types"] == ["Planeswalker"]
    assert liliana["loyalty"] == "3"
    assert liliana["oracle_text"].splitlines() == [
        "+1: Each player discards a card.",
        "\u22122: Target player sacrifices a creature.",
        "\u22126: Separate all permanents target player controls into two piles.",
    ]
    # CR 205.2a (2024): Tribal is now Kindred.
    assert records["Bitterblossom"]["types"] == ["Kindred", "Enchantment"]
    assert report.read == len(SCRYFALL)
    assert report.layouts == {"normal": 3, "split": 1, "transform": 1}
    assert report.skipped == {"token": 1, "vanguard": 1, "art_series": 1}
    assert report.reworded == 2  # Mulldrifter's "enters", Liliana's loyalty costs


def test_a_split_card_has_both_halves_combined_and_each_half_as_a_face() -> None:
    fire_ice = by_name(from_scryfall(SCRYFALL))["Fire // Ice"]
    assert fire_ice["layout"] == "split"
    assert [f["name"] for f in fire_ice["faces"]] == ["Fire", "Ice"]
    fire, ice = fire_ice["faces"]
    assert (fire["mana_cost"], fire["colors"], fire["types"]) == ("{1}{R}", ["R"], ["Instant"])
    assert (ice["mana_cost"], ice["colors"]) == ("{1}{U}", ["U"])
    # CR 709.4: both halves' characteristics together (mana value 4, blue and red).
    assert fire_ice["mana_cost"] == "{1}{R} // {1}{U}"
    assert fire_ice["colors"] == ["U", "R"]
    card = card_from_record(fire_ice)
    assert card.name == "Fire // Ice"
    assert mana_value(card.mana_cost) == 4
    assert card.is_spell_card
    assert len(card.rules_text) == 3


def test_a_transforming_card_is_its_front_face_and_keeps_its_back_face() -> None:
    delver = by_name(from_scryfall(SCRYFALL))["Delver of Secrets // Insectile Aberration"]
    assert delver["layout"] == "transform"
    front, back = delver["faces"]
    assert front["name"] == "Delver of Secrets" and front["mana_cost"] == "{U}"
    assert back == {
        "name": "Insectile Aberration",
        "colors": ["U"],
        "color_indicator": ["U"],
        "supertypes": [],
        "types": ["Creature"],
        "subtypes": ["Human", "Insect"],
        "oracle_text": "Flying",
        "power": "3",
        "toughness": "2",
    }
    # CR 712.8a: on the battlefield it has its front face's characteristics.
    card = card_from_record(delver)
    assert (card.name, card.power, card.toughness) == ("Delver of Secrets", "1", "1")
    assert card_from_record(back).name == "Insectile Aberration"


def test_mtgjson_atomic_cards_become_the_same_records_as_scryfall() -> None:
    report = ImportReport()
    records = by_name(from_mtgjson(MTGJSON, report))
    assert set(records) == {
        "Mulldrifter",
        "Fire // Ice",
        "Delver of Secrets // Insectile Aberration",
        "Ajani Goldmane",
    }
    assert report.skipped == {"planar": 1}
    assert records["Mulldrifter"]["oracle_text"].startswith("Flying\nWhen this creature enters")
    scryfall = by_name(from_scryfall(SCRYFALL))
    # Faces come in side order whatever order the file lists them in.
    assert records["Fire // Ice"] == scryfall["Fire // Ice"]
    delver = records["Delver of Secrets // Insectile Aberration"]
    assert [f["name"] for f in delver["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver["faces"][1]["color_indicator"] == ["U"]
    assert records["Ajani Goldmane"]["loyalty"] == "4"


@pytest.mark.parametrize("compress", [None, gzip.compress, bz2.compress])
def test_import_reads_plain_and_compressed_files(tmp_path, compress) -> None:
    raw = json.dumps(MTGJSON).encode()
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(compress(raw) if compress else raw)
    assert by_name(import_file(path)) == by_name(from_mtgjson(MTGJSON))


def test_a_file_that_is_no_card_file_is_refused_saying_what_was_expected(tmp_path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"cards": []}')
    with pytest.raises(card_import.CardImportError, match="Scryfall's Oracle Cards"):
        import_file(path)


def test_split_type_line() -> None:
    line = split_type_line("Legendary Snow Artifact Creature — Golem Construct")
    assert line.supertypes == ("Legendary", "Snow")
    assert line.types == ("Artifact", "Creature")
    assert line.subtypes == ("Golem", "Construct")
    assert split_type_line("Token Creature — Goblin").other == ("Token",)
    assert split_type_line("Land").subtypes == ()


# --- Wording -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("When Mulldrifter enters the battlefield, draw two cards.", "When Mulldrifter enters, "),
        ("Creatures your opponents control enter the battlefield tapped.", "enter tapped."),
        ("~ enters the battlefield with four +1/+1 counters on it.", "~ enters with four"),
        ("if it entered the battlefield this turn", "if it entered this turn"),
        (
            "Whenever a land enters the battlefield under your control, you gain 1 life.",
            "Whenever a land you control enters, ",
        ),
        (
            "Whenever a creature with power 4 or greater enters the battlefield under your "
            "control, draw a card.",
            "Whenever a creature you control with power 4 or greater enters, draw a card.",
        ),
        ("each creature with converted mana cost 3 or less", "each creature with mana value 3"),
        ("the total converted mana costs of", "the total mana values of"),
        ("{1}: Foo. Activate this ability only once each turn.", "Activate only once each turn."),
        ("Activate this ability only any time you could cast a sorcery.", "only as a sorcery."),
        ("Target player puts the top two cards of their library into their graveyard.", "mills"),
        ("[-3]: Destroy target creature.", "\u22123: Destroy target creature."),
        ("-X: Destroy target creature.", "\u2212X: Destroy target creature."),
        ("[+1]: Draw a card.\n[0]: Scry 1.", "+1: Draw a card.\n0: Scry 1."),
    ],
)
def test_the_oracle_wording_updates_since_2019(old: str, new: str) -> None:
    assert new in current_wording(old)


@pytest.mark.parametrize(
    "kept",
    [
        "When this creature leaves the battlefield, draw a card.",  # "leaves" is not shortened
        "Return target creature card from your graveyard to the battlefield.",
        "Each creature gets -1/-1 until end of turn.",  # only loyalty costs take the minus sign
        "Each opponent can cast spells only any time they could cast a sorcery.",
    ],
)
def test_the_wording_update_leaves_everything_else_alone(kept: str) -> None:
    assert current_wording(kept) == kept


def test_the_wording_update_is_idempotent_on_the_whole_library() -> None:
    for record in load_card_library().values():
        for face in [record, *record.get("faces", ())]:
            text = face.get("oracle_text", "")
            assert current_wording(text) == text, face["name"]


# --- The bundled snapshot and the library -------------------------------------------


def test_the_bundled_snapshot_is_the_documented_file() -> None:
    snapshot = DATA / "oracle-cards-2019.json.gz"
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert hashlib.sha256(snapshot.read_bytes()).hexdigest() in readme


def test_the_snapshot_imports_every_card_a_player_can_put_on_a_board() -> None:
    report = ImportReport()
    records = import_file(DATA / "oracle-cards-2019.json.gz", report)
    assert report.read == 18294
    assert len(records) == report.imported == 18011
    assert report.skipped == {
        "vanguard": 105,
        "plane": 78,
        "scheme": 70,
        "conspiracy": 22,
        "phenomenon": 8,
    }


def test_every_library_card_and_face_is_a_card_definition() -> None:
    library = load_card_library()
    assert len(library) > 18000
    for name, record in library.items():
        for face in [record, *record.get("faces", ())]:
            card = card_from_record(face)
            assert card.name, name
            assert set(card.types) <= set(CARD_TYPES), name
            assert card.types, name
            assert set(card.supertypes) <= set(SUPERTYPES), name
            mana_value(card.mana_cost)
        assert library_card(name) is not None


def test_the_library_is_loaded_once() -> None:
    assert load_card_library() is load_card_library()


def test_build_library_overrides_by_name_in_any_letter_case() -> None:
    base = [{"name": "Gray Ogre", "oracle_text": "old"}, {"name": "Hill Giant"}]
    checked = [("a.json", [{"name": "gray ogre", "oracle_text": "new"}])]
    library = build_library(base, checked)
    assert library == {"Hill Giant": {"name": "Hill Giant"}, "gray ogre": checked[0][1][0]}


def test_a_card_defined_twice_in_the_hand_checked_files_is_an_error_naming_the_file() -> None:
    checked = [("a.json", [{"name": "Gray Ogre"}]), ("b.json", [{"name": "Gray Ogre"}])]
    with pytest.raises(ValueError, match="^b.json: card 'Gray Ogre' is defined twice"):
        build_library([], checked)


@pytest.fixture
def fresh_library():
    """Library caches emptied before and after (the next use loads the real library)."""

    def clear() -> None:
        for fn in (load_card_library, cards._by_name, cards._search_index, library_card):
            fn.cache_clear()

    clear()
    yield
    clear()


def test_the_library_is_what_cards_import_wrote_under_the_corrections(
    tmp_path, monkeypatch, fresh_library
) -> None:
    imported = tmp_path / "library.json.gz"
    write_library(from_scryfall(SCRYFALL), imported)
    monkeypatch.setattr(cards, "imported_library_path", lambda: imported)
    library = load_card_library()
    assert "Mulldrifter" in library and "Fire // Ice" in library
    assert "Gray Ogre" not in library  # only in the real library
    assert "Maul of the Skyclaves" in library  # corrected by hand (data/cards/corrections.json)
    assert library_card("fire").name == "Fire"


# --- The command line --------------------------------------------------------------


def test_cards_import_writes_the_library_and_prints_a_summary(tmp_path) -> None:
    source = tmp_path / "oracle-cards.json"
    source.write_text(json.dumps(SCRYFALL), encoding="utf-8")
    target = tmp_path / "out" / "cards.json.gz"
    out = io.StringIO()
    assert main(["cards", "import", str(source), "--out", str(target)], out=out) == 0
    assert out.getvalue() == (
        "cards import: read 8 cards, imported 5 (normal 3, split 1, transform 1), "
        f"skipped 3 (token 1, vanguard 1, art_series 1), reworded 2; wrote {target}\n"
    )
    assert read_library(target) == from_scryfall(SCRYFALL)


def test_cards_import_refuses_a_missing_or_wrong_file_in_one_line(tmp_path, capsys) -> None:
    assert main(["cards", "import", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read ")
    wrong = tmp_path / "wrong.json"
    wrong.write_text("{not json")
    assert main(["cards", "import", str(wrong)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


# --- Lookup and search -------------------------------------------------------------


def test_library_card_ignores_letter_case_and_finds_faces() -> None:
    assert library_card("gray ogre").name == "Gray Ogre"
    assert library_card("GRAY OGRE") == library_card("Gray Ogre")
    assert library_card("No Such Card") is None
    back = library_card("Insectile Aberration")
    assert (back.name, back.power, back.toughness) == ("Insectile Aberration", "3", "2")
    shore = library_card("Glasspool Shore")
    assert shore.types == ("Land",)
    assert library_card("Glasspool Mimic // Glasspool Shore").name == "Glasspool Mimic"


def test_newer_cards_are_in_the_library_with_current_oracle_text() -> None:
    oko = library_card("Oko, Thief of Crowns")
    assert oko.loyalty == "4"
    assert oko.rules_text[2].startswith("\u22125: Exchange control")
    ojer = load_card_library()["Ojer Taq, Deepest Foundation // Temple of Civilization"]
    assert ojer["layout"] == "transform"
    assert ojer["faces"][1]["types"] == ["Land"]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("opalesence", "Opalescence"),
        ("blood moon", "Blood Moon"),
        ("BLOOD MOON", "Blood Moon"),
        ("gray ogre", "Gray Ogre"),
        ("serra angle", "Serra Angel"),
        ("mountian", "Mountain"),
        ("tomb urborg", "Urborg, Tomb of Yawgmoth"),
        ("ajanis pridemate", "Ajani's Pridemate"),
        ("insectile", "Delver of Secrets // Insectile Aberration"),
        ("fire ice", "Fire // Ice"),
    ],
)
def test_search_finds_the_card(query: str, first: str) -> None:
    assert search_library(query)[0] == first


def test_searching_urborg_finds_the_tomb_and_the_other_urborgs() -> None:
    found = search_library("urborg")
    assert "Urborg, Tomb of Yawgmoth" in found
    assert len(found) > 5
    assert all("Urborg" in name for name in found)


def test_search_puts_prefixes_before_word_starts_before_inner_matches() -> None:
    def tier(name: str) -> int:
        key = normalize_name(name)
        if key.startswith("ogre"):
            return 0
        return 1 if re.search(r"\bogre", key) else 2

    found = search_library("ogre", limit=60)
    tiers = [tier(name) for name in found]
    assert tiers == sorted(tiers)
    assert set(tiers) == {0, 1, 2}


def test_search_returns_nothing_for_nothing_like_a_card_and_stays_within_its_limit() -> None:
    assert search_library("qwertyuiop") == []
    assert len(search_library("a", limit=7)) == 7
    assert search_library("gray", limit=0) == []
    first = search_library("", limit=400)
    assert len(first) == 400 and first == sorted(first, key=normalize_name)


def test_the_importer_and_library_examples_stay_true() -> None:
    for module in (card_import, cards):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_the_card_search_benchmark_prints_its_summary_line() -> None:
    bench = Path(__file__).resolve().parents[2] / "bench" / "card_search.py"
    result = subprocess.run(
        [sys.executable, str(bench), "--repeat", "1"], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"card_search: cards=\d+ p50_ms=\d+\.\d+ p95_ms=\d+\.\d+", last), last
