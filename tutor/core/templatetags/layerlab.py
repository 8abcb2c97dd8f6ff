from django import template

from tutor.core.sections import SECTIONS, Section

register = template.Library()


@register.simple_tag
def site_sections() -> tuple[Section, ...]:
    """The sections for the menu; needs no request, so error pages can use it too."""
    return SECTIONS
