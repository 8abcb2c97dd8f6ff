from itertools import count

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules_engine import printed_line
from tutor.boards.presenters import Change, LayerGraph
from tutor.boards.rules import link_rules, rule_anchor, summary
from tutor.boards.svg import graph_svg as draw

register = template.Library()


@register.filter
def graph_svg(graph: LayerGraph) -> SafeString:
    return draw(graph)


@register.filter
def change_for(changes: list[Change], key: str) -> Change | None:
    """The change to one characteristic in a stepper frame, if any."""
    return next((change for change in changes if change.field == key), None)


@register.filter
def words(name: str) -> str:
    """An identifier in words: "counters_removed" -> "counters removed"."""
    return str(name).replace("_", " ")


_tips = count(1)


@register.simple_tag
def rule(number: str) -> SafeString:
    """ "CR 613.6" linking to its own entry on the rules page, with the project's one-line
    summary shown on hover and on keyboard focus (and read as the link's description)."""
    tip = f"rule-tip-{next(_tips)}"
    gist = summary(str(number))
    if not gist:
        return format_html("CR {}", number)
    return format_html(
        '<a class="rule-link" href="{}#{}" aria-describedby="{}">CR {}</a>'
        '<span class="rule-tip" role="tooltip" id="{}">{}</span>',
        reverse("rules"),
        rule_anchor(str(number)),
        tip,
        number,
        tip,
        gist,
    )


@register.filter
def rule_links(text: object) -> SafeString:
    """Text with each rule number in it ("CR 613.4c", "616.1a") linking to its entry on the
    rules page (``/rules/#cr-613-4c``); everything else escaped."""
    return link_rules(text)


MANA_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@register.filter
def mana_words(cost: str) -> str:
    """ "{3}{R}{R}" as a screen reader should say it: "3 generic, 2 red" (the symbols
    themselves are read out letter by letter)."""
    said: dict[str, int] = {}
    generic = ""
    for symbol in cost.replace("}", "").split("{")[1:]:
        if symbol.isdigit():
            generic = f"{symbol} generic"
            continue
        parts = symbol.split("/")
        named = [
            MANA_COLORS.get(p, "Phyrexian" if p == "P" else "colorless" if p == "C" else p)
            for p in parts
        ]
        word = " or ".join(n for n in named if n != "Phyrexian")
        if "P" in parts:
            word = f"Phyrexian {word}"
        said[word] = said.get(word, 0) + 1
    words = ([generic] if generic else []) + [f"{n} {word}" for word, n in said.items()]
    return ", ".join(words) or "none"


@register.filter
def as_printed(text: str) -> str:
    """An ability's text as the card prints it ("Level 3+: ...", not the reader's marker)."""
    return printed_line(str(text))
