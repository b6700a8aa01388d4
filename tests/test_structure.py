"""The layout keeps its promises: no import cycles in core/ or game/, core never imports
pygame, no scene imports the app, and a game's screens never import the other game's."""

import ast
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
