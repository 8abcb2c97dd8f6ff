from django import template
from django.utils.safestring import SafeString

from tutor.boards.presenters import LayerGraph
from tutor.boards.svg import graph_svg as draw

register = template.Library()


@register.filter
def graph_svg(graph: LayerGraph) -> SafeString:
    return draw(graph)


@register.filter
def change_for(changes: list, key: str):  # type: ignore[no-untyped-def]
    """The change to one characteristic in a stepper frame, if any."""
    return next((change for change in changes if change.field == key), None)


@register.filter
def words(name: str) -> str:
    """An identifier in words: "counters_removed" -> "counters removed"."""
    return str(name).replace("_", " ")
