"""The kernels' stubs (core/*/_*.pyi) say what the compiled modules hold: the same names, the
same parameters, and no ``Any`` where the type checker would then check nothing.

A kernel that is missing or failed to build fails here (an ImportError), never skips.
"""

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STUBS = sorted((ROOT / "core").rglob("_*.pyi"))
KERNELS = {".".join(p.relative_to(ROOT).with_suffix("").parts): p for p in STUBS}


def stub_names(body: list[ast.stmt]) -> dict[str, ast.AST]:
    """The names a stub's module (or class) body defines, with what defines each."""
    names: dict[str, ast.AST] = {}
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
    return names


def compiled_names(space: object) -> set[str]:
    """The public names of a compiled module or class, without what it imported."""
    return {
        name
        for name, value in vars(space).items()
        if not name.startswith("__") and not inspect.ismodule(value)
    }


def parameters(node: ast.FunctionDef) -> list[str]:
    args = node.args
    return [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]


def test_every_kernel_has_a_stub():
    kernels = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / "core").rglob("*.pyx")
    }
    assert kernels == set(KERNELS)


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_a_stub_names_what_the_compiled_kernel_holds(name):
    module = importlib.import_module(name)  # a missing kernel fails here
    assert module.__file__.endswith((".so", ".pyd")), f"{name} is not compiled"
    tree = ast.parse(KERNELS[name].read_text())
    names = stub_names(tree.body)
    assert set(names) == compiled_names(module)
    for attr, node in names.items():
        value = getattr(module, attr)
        if isinstance(node, ast.FunctionDef):
            assert parameters(node) == list(inspect.signature(value).parameters), attr
        elif isinstance(node, ast.ClassDef):
            members = stub_names(node.body)
            assert set(members) - {"__init__"} == compiled_names(value), attr
            for method, sub in members.items():
                if isinstance(sub, ast.FunctionDef) and method != "__init__":
                    if not any(
                        isinstance(d, ast.Name) and d.id == "property" for d in sub.decorator_list
                    ):
                        signature = inspect.signature(getattr(value, method))
                        assert parameters(sub) == list(signature.parameters), f"{attr}.{method}"


@pytest.mark.parametrize("path", STUBS, ids=lambda p: p.name)
def test_a_stub_types_every_name(path):
    tree = ast.parse(path.read_text())
    typed_any = [
        node.lineno for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "Any"
    ]
    assert not typed_any, f"{path.name} types lines {typed_any} as Any"
    assert not [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"]
