"""Django's widget templates written out in Python: the same HTML, without the template engine.

The builder's step form has about 54 fields; rendering each widget through Django's
templates (an include for the attributes, one more for every option) was two thirds of
the builder page's time (issue #25). ``WidgetRenderer`` (``FORM_RENDERER``) writes the
common widgets (inputs, checkboxes, selects and their options, radio and checkbox lists,
text areas) with the same escaping, the same whitespace and the same trailing newlines
as the templates in ``django/forms/templates/django/forms/widgets/``; any other template
(a form's layout, an error list, a multi-widget) is rendered by Django as before.
``tests/web/test_form_renderer.py`` renders every form of the site both ways and
compares, so a Django upgrade that changes a template fails there, not on a page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.http import HttpRequest
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]

WIDGETS = "django/forms/widgets/"

Widget = Mapping[str, Any]


def _text(value: Any) -> str:
    """``{{ value }}`` in an autoescaped template (``render_value_in_context``)."""
    value = localize(template_localtime(value))
    if not isinstance(value, str):
        value = str(value)
    return str(conditional_escape(value))


def _formatted(value: Any) -> str:
    """``{{ value|stringformat:'s' }}``: the filter keeps a safe string safe."""
    formatted = str(value)  # "%s" % value, a tuple written whole
    if isinstance(value, SafeData):
        return formatted
    return _text(formatted)


def _attrs(widget: Widget) -> str:
    """``attrs.html``: ``True`` writes the bare name, ``False`` leaves the attribute out."""
    parts = []
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        parts.append(
            f" {_text(name)}" if value is True else f' {_text(name)}="{_formatted(value)}"'
        )
    return "".join(parts)


def _input(widget: Widget) -> str:
    """``input.html`` (and every template that only includes it, with its newline)."""
    value = widget.get("value")
    shown = f' value="{_formatted(value)}"' if value is not None else ""
    return (
        f'<input type="{_text(widget.get("type", ""))}" name="{_text(widget["name"])}"'
        f"{shown}{_attrs(widget)}>\n"
    )


def _included_input(widget: Widget) -> str:
    """A template whose one line includes ``input.html``: the include, then its own newline."""
    return _input(widget) + "\n"


def _file_input(widget: Widget) -> str | None:
    """``clearable_file_input.html`` with no file yet (else Django's template writes it)."""
    if widget.get("is_initial"):
        return None
    return (
        f'\n<input type="{_text(widget.get("type", ""))}" name="{_text(widget["name"])}"'
        f"{_attrs(widget)}>\n"
    )


def _input_option(widget: Widget) -> str:
    """``input_option.html``: an input in its label, ``for`` the input's id."""
    if not widget.get("wrap_label"):
        return _input(widget) + "\n"
    target = widget["attrs"].get("id")
    label_for = f' for="{_text(target)}"' if target else ""
    return f"<label{label_for}>{_input(widget)} {_text(widget['label'])}</label>\n"


def _option_of_list(widget: Widget) -> str:
    """``checkbox_option.html`` and ``radio_option.html``: ``input_option.html``, a newline."""
    return _input_option(widget) + "\n"


def _option(widget: Widget) -> str:
    """``select_option.html``."""
    return (
        f'<option value="{_formatted(widget["value"])}"{_attrs(widget)}>'
        f"{_text(widget['label'])}</option>\n"
    )


def _select(widget: Widget, render: Callable[[Widget], str]) -> str:
    """``select.html``."""
    parts = [f'<select name="{_text(widget["name"])}"{_attrs(widget)}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_text(group_name)}">')
        parts.extend(f"\n  {render(option)}" for option in group_choices)
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return "".join(parts)


def _multiple_input(widget: Widget, render: Callable[[Widget], str]) -> str:
    """``multiple_input.html`` (radio and checkbox lists): one ``div`` for each option."""
    attrs = widget["attrs"]
    parts = ["<div"]
    if attrs.get("id"):
        parts.append(f' id="{_text(attrs["id"])}"')
    if attrs.get("class"):
        parts.append(f' class="{_text(attrs["class"])}"')
    parts.append(">")
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{_text(group)}</label>")
        parts.extend(f"<div>\n    {render(option)}</div>" for option in options)
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>\n")
    return "".join(parts)


def _included_multiple_input(widget: Widget, render: Callable[[Widget], str]) -> str:
    """``radio.html`` and ``checkbox_select.html``: the include, then their own newline."""
    return _multiple_input(widget, render) + "\n"


def _textarea(widget: Widget) -> str:
    """``textarea.html``: the value after a newline, as browsers drop the first one."""
    value = widget.get("value")
    return (
        f'<textarea name="{_text(widget["name"])}"{_attrs(widget)}>\n'
        f"{_text(value) if value else ''}</textarea>\n"
    )


INPUTS = (
    "checkbox",
    "color",
    "date",
    "datetime",
    "email",
    "file",
    "hidden",
    "number",
    "password",
    "search",
    "tel",
    "text",
    "time",
    "url",
)

# Each template written in Python: the widget's context in, the template's exact text out
# (``None``: this widget is one Django's template writes).
SIMPLE: dict[str, Callable[[Widget], str | None]] = {
    f"{WIDGETS}clearable_file_input.html": _file_input,
    f"{WIDGETS}input.html": _input,
    f"{WIDGETS}input_option.html": _input_option,
    f"{WIDGETS}checkbox_option.html": _option_of_list,
    f"{WIDGETS}radio_option.html": _option_of_list,
    f"{WIDGETS}select_option.html": _option,
    f"{WIDGETS}textarea.html": _textarea,
    **{f"{WIDGETS}{name}.html": _included_input for name in INPUTS},
}
# Templates that include each option's own template.
WITH_OPTIONS: dict[str, Callable[[Widget, Callable[[Widget], str]], str]] = {
    f"{WIDGETS}select.html": _select,
    f"{WIDGETS}multiple_input.html": _multiple_input,
    f"{WIDGETS}radio.html": _included_multiple_input,
    f"{WIDGETS}checkbox_select.html": _included_multiple_input,
}


class WidgetRenderer(DjangoTemplates):
    """Django's default form renderer, with the common widget templates written in Python."""

    def render(
        self, template_name: str, context: dict[str, Any], request: HttpRequest | None = None
    ) -> str:
        """As Django's renderer: the template's text, stripped (the widget marks it safe)."""
        widget = context.get("widget")
        if len(context) == 1 and isinstance(widget, Mapping) and self._written(template_name):
            return self._widget(template_name, widget).strip()
        return super().render(template_name, context, request=request)

    def _written(self, template_name: str) -> bool:
        return template_name in SIMPLE or template_name in WITH_OPTIONS

    def _widget(self, template_name: str, widget: Widget) -> str:
        """The template's text for ``widget`` (not stripped: as an include writes it)."""
        written = SIMPLE[template_name](widget) if template_name in SIMPLE else None
        if written is None and template_name in WITH_OPTIONS:
            written = WITH_OPTIONS[template_name](widget, self._option)
        if written is None:
            written = str(self.get_template(template_name).render({"widget": widget}))
        return written

    def _option(self, option: Widget) -> str:
        return self._widget(option["template_name"], option)
