"""The layout keeps its promises: no import cycles in core/ or game/, core never imports
pygame, no scene imports the app, and a game's screens never import the other game's."""

import ast
import importlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    found = {}
    for package in ("core", "game"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """Every project module ``path`` imports, at the top or inside functions; not those under
    ``if TYPE_CHECKING:``, which only the type checker reads (they run no module)."""
    names = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return {n for n in names if n in known and known[n] != path}


def test_there_is_no_import_cycle_in_core_or_game():
    known = modules()
    graph = {name: imports(path, known) for name, path in known.items()}
    state: dict[str, int] = {}

    def visit(name, trail):
        state[name] = 1
        for nxt in sorted(graph[name]):
            if nxt.startswith(name + "."):
                continue  # a package's __init__ naming its own module is not a cycle
            if state.get(nxt) == 1:
                cycle = trail[trail.index(nxt) :] + [nxt] if nxt in trail else [name, nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, [*trail, nxt])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_core_is_pure_and_screens_keep_to_their_own_game():
    known = modules()
    for name, path in known.items():
        text = path.read_text(encoding="utf-8")
        deps = imports(path, known)
        if name.startswith("core"):
            assert "import pygame" not in text and not any(d.startswith("game") for d in deps)
        if name.startswith(("game.shell", "game.demineur", "game.moleturf")):
            assert "game.app" not in deps, f"{name} imports the app"
        if name.startswith("game.shell"):
            assert not any(d.startswith(("game.demineur", "game.moleturf")) for d in deps), name
        for mine, other in (("demineur", "moleturf"), ("moleturf", "demineur")):
            if name.startswith(f"game.{mine}"):
                assert not any(d.startswith(f"game.{other}") for d in deps), name


def test_drawing_changes_no_game_state(tmp_path):
    """``draw`` only draws: a frame leaves every session's document as it was."""
    import pygame

    from tests.screens import make_app, wait

    app = make_app(tmp_path)
    try:
        app.open_game("demineur")
        app.scenes.top.play(_level())
        demineur = app.scenes.top
        demineur.act("tap", 4, 4)
        wait(app, 0.1)
        app.open_game("moleturf")
        app.scenes.top.open_sector(1)
        moleturf = app.scenes.top
        moleturf.act("tap", (0, 0))
        wait(app, 0.1)
        for scene in (demineur, moleturf):
            before = json.dumps(scene.session.to_document())
            app.scenes.scenes.append(app.scenes.scenes.pop(app.scenes.scenes.index(scene)))
            for _ in range(3):
                app.draw(0)
            assert json.dumps(scene.session.to_document()) == before
    finally:
        pygame.display.quit()


def _level():
    from game.demineur.levels import Level

    return Level.preset("beginner")


def test_core_imports_pygame_in_no_form():
    """Core stays pure: ``from pygame import ...`` and ``import pygame.x`` count too."""
    for name, path in modules().items():
        if not name.startswith("core"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                found = [node.module or ""]
            else:
                continue
            assert not [f for f in found if f.split(".")[0] == "pygame"], f"{name}: {found}"


# ---- the kiosk uses the game screens through their public hooks only ------------------------
FRAMEWORK = ("game.shell.", "game.ui.")  # the bases every screen is made of


def _class_node(cls: type) -> ast.ClassDef:
    path = Path(importlib.import_module(cls.__module__).__file__ or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)


def _own_attributes(cls: type) -> set[str]:
    """What a class defines: its class body's names and every ``self.x`` it assigns."""
    names = set(vars(cls))
    for node in ast.walk(_class_node(cls)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            names.add(node.attr)
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _chain(node: ast.Attribute) -> list[str]:
    """``self.a.b`` as ["self", "a", "b"] (empty when it is not rooted at a name)."""
    links: list[str] = []
    value: ast.expr = node
    while isinstance(value, ast.Attribute):
        links.insert(0, value.attr)
        value = value.value
    return [value.id, *links] if isinstance(value, ast.Name) else []


def kiosk_seam_faults(package: str = "game.kiosk") -> list[str]:
    """Every place in ``package`` that reaches into another package's objects: a private
    attribute of anything but its own class, or an attribute of a screen from another
    package (its own state or the state of what it holds) set from outside."""
    faults = []
    for path in sorted((ROOT / package.replace(".", "/")).glob("*.py")):
        module = importlib.import_module(f"{package}.{path.stem}")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = f"{package}.{path.stem}"
        foreign_of: dict[ast.AST, tuple[set[str], set[str]]] = {}
        for cls_node in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
            cls = getattr(module, cls_node.name)
            game, frame = set(), set()
            for base in cls.__mro__[1:]:
                name = base.__module__
                if not name.startswith("game.") or name.startswith(package):
                    continue
                (frame if name.startswith(FRAMEWORK) else game).update(_own_attributes(base))
            for node in ast.walk(cls_node):
                foreign_of[node] = (game, frame)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            links = _chain(node)
            game, frame = foreign_of.get(node, (set(), set()))
            at = f"{where}:{node.lineno}"
            own = links[:1] == ["self"]
            if _private(node.attr) and (not own or len(links) > 2 or node.attr in game | frame):
                faults.append(f"{at}: {'.'.join(links) or node.attr} is another's private")
            elif isinstance(node.ctx, ast.Store) and own and len(links) >= 2:
                if links[1] in game or (len(links) > 2 and links[1] in frame | game):
                    faults.append(f"{at}: sets {'.'.join(links)} of another package's screen")
    return faults


def test_the_kiosk_touches_no_private_attribute_nor_another_screens_state():
    assert kiosk_seam_faults() == []
    for path in (ROOT / "game" / "kiosk").glob("*.py"):
        assert "type: ignore" not in path.read_text(encoding="utf-8"), path.name


def test_the_board_controls_are_kept_apart_from_layout_and_drawing():
    """Each play screen's input lives in its game's ``controls`` module: tables from intent
    kind to a method, no pygame, no drawing or layout; the screen's ``handle`` hands over."""
    for game in ("demineur", "moleturf"):
        path = ROOT / "game" / game / "controls.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "pygame" not in {n.split(".")[0] for n in imports_named(tree)}, path
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not {n for n in defined if n.startswith(("draw", "build", "lay_out"))}, path
        play = ast.parse((ROOT / "game" / game / "play.py").read_text(encoding="utf-8"))
        handle = next(
            n for n in ast.walk(play) if isinstance(n, ast.FunctionDef) and n.name == "handle"
        )
        assert len(handle.body) == 1 and "controls.handle" in ast.unparse(handle.body[0])


def imports_named(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names
