"""Modals: what Discord checks in the modal a bot opens, and the submit a user sends back.

A modal holds one to five top-level components: labels (type 18) each wrapping one input
(a text input, a string select, a radio group, a checkbox group or a checkbox), text displays,
or the older action row holding one text input. `vet_modal` refuses what Discord refuses with
its "Invalid Form Body" tree; `number_components` gives every component without an `id` the
next free one, as Discord does before it shows the modal. `submit_data` fills the modal as a
user would (what the bot pre-filled stays unless the user changes it) and builds the
MODAL_SUBMIT data Discord sends: one entry per top-level component, a label carrying its
input's `values` (selects, checkbox groups), `value` (text inputs, radio groups: a string or
null; checkboxes: a boolean), the inputs' `id` and `custom_id`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .commands import CommandUsageError
from .limits import ErrorTree, Limits, add_error, check_custom_id, max_len
from .model import ACTION_ROW, STRING_SELECT, TEXT_DISPLAY, TEXT_INPUT

JSON = dict[str, Any]
Path = list[str | int]

LABEL, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 18, 19, 21, 22, 23
ENTITY_SELECTS = (5, 6, 7, 8)  # user, role, mentionable and channel selects
IN_LABEL = (
    TEXT_INPUT,
    STRING_SELECT,
    *ENTITY_SELECTS,
    FILE_UPLOAD,
    RADIO_GROUP,
    CHECKBOX_GROUP,
    CHECKBOX,
)
TOP_LEVEL = (LABEL, TEXT_DISPLAY, ACTION_ROW)
TITLE, LABEL_TEXT, LABEL_DESCRIPTION, OPTION_TEXT = 45, 45, 100, 100
TEXT_INPUT_MAX = 4000
MODAL_COMPONENTS = 5


def _required(tree: ErrorTree, path: Path) -> None:
    add_error(tree, path, "BASE_TYPE_REQUIRED", "This field is required")


def _bad_length(tree: ErrorTree, path: Path, low: int, high: int) -> None:
    add_error(tree, path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _bad_value(tree: ErrorTree, path: Path, message: str) -> None:
    add_error(tree, path, "BASE_TYPE_BAD_VALUE", message)


def _check_options(
    tree: ErrorTree, path: Path, item: JSON, low: int, high: int, *, one_default: bool
) -> list[JSON]:
    options = item.get("options")
    if not isinstance(options, list) or not low <= len(options) <= high:
        _bad_length(tree, [*path, "options"], low, high)
        return []
    seen: set[Any] = set()
    for k, opt in enumerate(options):
        at: Path = [*path, "options", k]
        if not isinstance(opt, dict):
            _required(tree, at)
            continue
        for key in ("label", "value", "description"):
            max_len(tree, [*at, key], opt.get(key), OPTION_TEXT)
        if not opt.get("label") or opt.get("value") in (None, ""):
            add_error(tree, at, "BASE_TYPE_REQUIRED", "label and value are required")
        if opt.get("value") in seen:
            add_error(
                tree,
                [*at, "value"],
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Option values must be unique",
            )
        seen.add(opt.get("value"))
    if one_default and sum(1 for o in options if isinstance(o, dict) and o.get("default")) > 1:
        _bad_value(tree, [*path, "options"], "Only one option can be the default")
    return options


def _check_text_input(tree: ErrorTree, path: Path, item: JSON, *, labelled: bool) -> None:
    if item.get("style") not in (1, 2):
        _bad_value(tree, [*path, "style"], "Value must be one of (1, 2).")
    if not labelled:  # the old layout: the text input carries its own label
        if not item.get("label"):
            _required(tree, [*path, "label"])
        max_len(tree, [*path, "label"], item.get("label"), LABEL_TEXT)
    low, high = item.get("min_length", 0), item.get("max_length", TEXT_INPUT_MAX)
    if not isinstance(low, int) or not 0 <= low <= TEXT_INPUT_MAX:
        _bad_value(tree, [*path, "min_length"], f"Must be between 0 and {TEXT_INPUT_MAX}.")
    if not isinstance(high, int) or not 1 <= high <= TEXT_INPUT_MAX:
        _bad_value(tree, [*path, "max_length"], f"Must be between 1 and {TEXT_INPUT_MAX}.")
    elif isinstance(low, int) and low > high:
        _bad_value(tree, [*path, "min_length"], "min_length cannot exceed max_length")
    max_len(tree, [*path, "placeholder"], item.get("placeholder"), 100)
    value = item.get("value")
    if isinstance(value, str) and isinstance(high, int):
        max_len(tree, [*path, "value"], value, high)


def _check_string_select(tree: ErrorTree, path: Path, item: JSON) -> None:
    options = _check_options(tree, path, item, 1, 25, one_default=False)
    max_len(tree, [*path, "placeholder"], item.get("placeholder"), 150)
    low, high = item.get("min_values", 1), item.get("max_values", 1)
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high or high > max(len(options), 1):
        _bad_value(tree, [*path, "max_values"], "Invalid min_values/max_values")
    if low == 0 and item.get("required", True):
        _bad_value(tree, [*path, "required"], "A select with min_values 0 cannot be required")


def _check_checkbox_group(tree: ErrorTree, path: Path, item: JSON) -> None:
    options = _check_options(tree, path, item, 1, 10, one_default=False)
    low = item.get("min_values", 1)
    high = item.get("max_values", len(options) or 1)
    if not isinstance(low, int) or not 0 <= low <= 10:
        _bad_value(tree, [*path, "min_values"], "Must be between 0 and 10.")
    elif not isinstance(high, int) or not 1 <= high <= 10 or low > high or high > len(options):
        _bad_value(tree, [*path, "max_values"], "Invalid min_values/max_values")
    if low == 0 and item.get("required", True):
        _bad_value(tree, [*path, "required"], "A group with min_values 0 cannot be required")
    defaults = sum(1 for o in options if isinstance(o, dict) and o.get("default"))
    if isinstance(high, int) and defaults > high:
        _bad_value(tree, [*path, "options"], "More defaults than max_values")


def _no_disabled(tree: ErrorTree, path: Path, item: JSON) -> None:
    """Discord: "Using `disabled` in a modal will result in an error", even `false`."""
    if "disabled" in item:
        _bad_value(tree, [*path, "disabled"], "Modals can not have disabled components")


def _check_input(tree: ErrorTree, path: Path, item: Any, ids: set[str], lim: Limits) -> None:
    if not isinstance(item, dict):
        _required(tree, path)
        return
    kind = item.get("type")
    if kind not in IN_LABEL:
        add_error(
            tree,
            [*path, "type"],
            "UNION_TYPE_CHOICES",
            f'Value of field "type" must be one of {IN_LABEL}.',
        )
        return
    if not item.get("custom_id"):
        _required(tree, [*path, "custom_id"])
    check_custom_id(tree, path, item, lim, ids)
    _no_disabled(tree, path, item)
    if kind == TEXT_INPUT:
        _check_text_input(tree, path, item, labelled=True)
    elif kind == STRING_SELECT:
        _check_string_select(tree, path, item)
    elif kind == RADIO_GROUP:
        _check_options(tree, path, item, 2, 10, one_default=True)
    elif kind == CHECKBOX_GROUP:
        _check_checkbox_group(tree, path, item)
    elif kind == CHECKBOX and not isinstance(item.get("default", False), bool):
        _bad_value(tree, [*path, "default"], "Must be a boolean.")


def _check_label(tree: ErrorTree, path: Path, comp: JSON, ids: set[str], lim: Limits) -> None:
    text = comp.get("label")
    if not isinstance(text, str) or not text:
        _required(tree, [*path, "label"])
    else:
        max_len(tree, [*path, "label"], text, LABEL_TEXT)
    max_len(tree, [*path, "description"], comp.get("description"), LABEL_DESCRIPTION)
    _check_input(tree, [*path, "component"], comp.get("component"), ids, lim)


def vet_modal(data: JSON, lim: Limits) -> ErrorTree | None:
    """Discord's checks of a modal response (type 9); None when it would be shown."""
    tree: ErrorTree = {}
    max_len(tree, ["custom_id"], data.get("custom_id"), lim.custom_id)
    if not data.get("custom_id"):
        _required(tree, ["custom_id"])
    title = data.get("title")
    if not isinstance(title, str) or not title:
        _required(tree, ["title"])
    else:
        max_len(tree, ["title"], title, TITLE)
    components = data.get("components")
    if not isinstance(components, list) or not 1 <= len(components) <= MODAL_COMPONENTS:
        _bad_length(tree, ["components"], 1, MODAL_COMPONENTS)
        return tree
    ids: set[str] = set()
    for c, comp in enumerate(components):
        at: Path = ["components", c]
        kind = comp.get("type") if isinstance(comp, dict) else None
        if kind not in TOP_LEVEL:
            add_error(
                tree,
                [*at, "type"],
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of {TOP_LEVEL}.',
            )
        elif kind == LABEL:
            _check_label(tree, at, comp, ids, lim)
        elif kind == TEXT_DISPLAY:
            if not isinstance(comp.get("content"), str) or not comp["content"]:
                _required(tree, [*at, "content"])
        else:  # an action row: one text input, the layout before labels
            inner = comp.get("components")
            if not isinstance(inner, list) or len(inner) != 1:
                _bad_length(tree, [*at, "components"], 1, 1)
            elif not isinstance(inner[0], dict) or inner[0].get("type") != TEXT_INPUT:
                add_error(
                    tree,
                    [*at, "components", 0, "type"],
                    "UNION_TYPE_CHOICES",
                    "An action row in a modal holds one text input",
                )
            else:
                check_custom_id(tree, [*at, "components", 0], inner[0], lim, ids)
                _no_disabled(tree, [*at, "components", 0], inner[0])
                _check_text_input(tree, [*at, "components", 0], inner[0], labelled=False)
    return tree or None


def _walk(components: list[JSON]) -> Iterator[JSON]:
    for comp in components:
        yield comp
        if isinstance(comp.get("component"), dict):
            yield comp["component"]
        yield from comp.get("components") or []


def number_components(data: JSON) -> JSON:
    """Every component without an `id` gets the next one not taken (Discord's numbering)."""
    taken = {c["id"] for c in _walk(data.get("components") or []) if isinstance(c.get("id"), int)}
    next_id = 1
    for comp in _walk(data.get("components") or []):
        if isinstance(comp.get("id"), int):
            continue
        while next_id in taken:
            next_id += 1
        comp["id"] = next_id
        taken.add(next_id)
    return data


def inputs(modal: JSON) -> Iterator[JSON]:
    """The inputs of a modal (text inputs, selects, groups, checkboxes), in display order."""
    for comp in modal.get("components") or []:
        if comp.get("type") == LABEL and isinstance(comp.get("component"), dict):
            yield comp["component"]
        elif comp.get("type") == ACTION_ROW:
            yield from comp.get("components") or []


def _prefilled(item: JSON) -> Any:
    """What the user sees already filled in, and sends back if they change nothing."""
    kind = item.get("type")
    if kind == TEXT_INPUT:
        return str(item.get("value") or "")
    if kind == CHECKBOX:
        return bool(item.get("default", False))
    defaults = [o["value"] for o in item.get("options") or [] if o.get("default")]
    if kind == RADIO_GROUP:
        return defaults[0] if defaults else None
    return defaults


def _answer(item: JSON, value: Any) -> None:
    """Refuse, as the Discord client would not let the user submit, a value the input does
    not allow."""
    cid, kind = item.get("custom_id"), item.get("type")
    required = item.get("required", True)
    offered = [o.get("value") for o in item.get("options") or []]
    if kind == TEXT_INPUT:
        if not isinstance(value, str):
            raise CommandUsageError(f"text input {cid!r} takes a string")
        low, high = item.get("min_length", 0), item.get("max_length", TEXT_INPUT_MAX)
        if value == "" and required:
            raise CommandUsageError(f"text input {cid!r} is required")
        if value and not low <= len(value) <= high:
            raise CommandUsageError(f"text input {cid!r} takes {low}..{high} characters")
    elif kind == CHECKBOX:
        if not isinstance(value, bool):
            raise CommandUsageError(f"checkbox {cid!r} takes a boolean")
    elif kind == RADIO_GROUP:
        if value is None and required:
            raise CommandUsageError(f"radio group {cid!r} is required")
        if value is not None and value not in offered:
            raise CommandUsageError(f"radio group {cid!r} has no option {value!r}; has {offered}")
    else:
        if not isinstance(value, list):
            raise CommandUsageError(f"{cid!r} takes a list of values")
        bad = [v for v in value if v not in offered]
        if kind in (STRING_SELECT, CHECKBOX_GROUP) and bad:
            raise CommandUsageError(f"{cid!r} has no option(s) {bad}; has {offered}")
        default_high = len(offered) if kind == CHECKBOX_GROUP else 1
        low, high = item.get("min_values", 1), item.get("max_values", default_high)
        if not value and not required:
            return
        if not low <= len(value) <= high:
            raise CommandUsageError(f"{cid!r} takes {low}..{high} values, got {len(value)}")


def _submitted(item: JSON, value: Any) -> JSON:
    out: JSON = {"type": item.get("type"), "id": item.get("id"), "custom_id": item.get("custom_id")}
    if item.get("type") in (TEXT_INPUT, RADIO_GROUP, CHECKBOX):
        out["value"] = value
    else:
        out["values"] = list(value)
    return out


def submit_data(modal: JSON, values: JSON, *, force: bool = False) -> JSON:
    """The MODAL_SUBMIT data for `modal` filled with `values` (by custom_id; the others
    stay as pre-filled). force=True sends the values unchecked (a modified client)."""
    known = {item.get("custom_id") for item in inputs(modal)}
    unknown = sorted(str(k) for k in values if k not in known)
    if unknown and not force:
        raise CommandUsageError(
            f"the modal has no input(s) {unknown}; has {sorted(map(str, known))}"
        )
    components: list[JSON] = []
    for comp in modal.get("components") or []:
        kind = comp.get("type")
        if kind == TEXT_DISPLAY:
            components.append({"type": TEXT_DISPLAY, "id": comp.get("id")})
            continue
        items = [comp["component"]] if kind == LABEL else list(comp.get("components") or [])
        filled = []
        for item in items:
            cid = item.get("custom_id")
            value = values[cid] if cid in values else _prefilled(item)
            if not force:
                _answer(item, value)
            filled.append(_submitted(item, value))
        if kind == LABEL:
            components.append({"type": LABEL, "id": comp.get("id"), "component": filled[0]})
        else:
            components.append({"type": ACTION_ROW, "id": comp.get("id"), "components": filled})
    return {"custom_id": modal.get("custom_id"), "components": components}
