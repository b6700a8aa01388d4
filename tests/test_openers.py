"""Screens open one another through typed openers (one function per screen, its parameters
spelled out), so the type checker checks every call. An opener reaches its screen by the
name it is registered under: these tests keep each opener's parameters the screen's own,
under the same names, types and defaults, and find no screen opened by name in the code."""

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from game.shell import registry

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["game.shell.openers", "game.demineur.openers", "game.moleturf.openers"]
MODULES.append("game.kiosk.openers")
# opened by name only: a game's first screen by its id (the launcher's cards, --game), the
# kiosk's stand-ins for those, its attract rotation, and the operator menu that replaces the
# PIN pad (in the same module)
BY_NAME = {"demineur", "moleturf", "kiosk.demineur", "kiosk.moleturf", "kiosk.operator"}
BY_NAME |= {"kiosk.attract.demineur", "kiosk.attract.moleturf", "kiosk.attract.scores"}


def openers() -> list[tuple[str, object]]:
    found = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if inspect.isfunction(value) and value.__module__ == module_name:
                found.append((f"{module_name}.{name}", value))
    return found


OPENERS = openers()


def what_it_opens(opener, monkeypatch) -> tuple[list[object], str, tuple, dict]:
    """Call ``opener`` with one distinct object per parameter; what it hands the registry."""
    handed = []
    monkeypatch.setattr(registry, "open_screen", lambda *a, **k: handed.append((a, k)))
    args = [object() for _ in inspect.signature(opener).parameters]
    opener(*args)
    [((app, name, *passed), named)] = handed
    assert app is args[0]
    return args, name, tuple(passed), named


@pytest.mark.parametrize("label, opener", OPENERS, ids=[label for label, _ in OPENERS])
def test_an_opener_hands_its_screen_each_argument_under_the_screens_own_parameter(
    label, opener, monkeypatch
):
    args, name, passed, named = what_it_opens(opener, monkeypatch)
    screen = inspect.signature(registry.scene_class(name))
    bound = screen.bind(args[0], *passed, **named)  # a TypeError if the screen takes no such
    for parameter, value in zip(inspect.signature(opener).parameters.values(), args, strict=True):
        assert bound.arguments[parameter.name] is value, (label, parameter.name)
        own = screen.parameters[parameter.name]
        assert (parameter.annotation, parameter.default) == (own.annotation, own.default), (
            label,
            parameter.name,
        )
    left = [p for p in screen.parameters.values() if p.name not in bound.arguments]
    assert all(p.default is not inspect.Parameter.empty for p in left), (label, left)


def test_every_screen_has_an_opener_or_is_one_that_must_be_named(monkeypatch):
    opened = {what_it_opens(opener, monkeypatch)[1] for _, opener in OPENERS}
    assert opened | BY_NAME == set(registry.SCENES)
    assert not opened & BY_NAME


def test_no_screen_is_opened_by_name_outside_the_openers_and_the_registry():
    """``app.open_scene`` (for the tests), ``registry.open_screen`` and the classes that
    ``registry.scene_class`` returns take any arguments: a screen opened through them with
    arguments is a call the type checker cannot check."""
    allowed = {
        "game/app.py",
        "game/shell/registry.py",
        *(m.replace(".", "/") + ".py" for m in MODULES),
    }
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "open_scene":
                    found.append(f"{where}:{node.lineno}")
                if node.func.attr == "open_screen" and len(node.args) > 2:
                    found.append(f"{where}:{node.lineno} (with arguments)")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Call):
                inner = node.func.func
                named = isinstance(inner, ast.Attribute) and inner.attr == "scene_class"
                if named and len(node.args) > 1:
                    found.append(f"{where}:{node.lineno} (a named class, with arguments)")
    assert not found
