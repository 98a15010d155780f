"""The shape of bot/ and db/: imports go one way (no circle, TYPE_CHECKING ones included);
no mixins in bot/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
PACKAGES = [ROOT / "bot", ROOT / "db"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of its own package `path` imports, wherever in the file (TYPE_CHECKING
    blocks too). `from pkg import module` depends on `module` (and on `pkg` only if it
    imports a name `pkg` itself defines)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            submodules = [f"{target}.{a.name}" for a in node.names]
            whole = all(m in modules for m in submodules)
            candidates = submodules if whole else [target, *submodules]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found.update(c for c in candidates if c.split(".")[0] == name.split(".")[0])
    return found


def graph(package: Path = BOT) -> dict[str, set[str]]:
    modules = {module_name(p): p for p in package.rglob("*.py") if "migrations" not in p.parts}
    names = set(modules)
    return {
        name: {t for t in imports_of(p, names) if t in modules} - {name}
        for name, p in modules.items()
    }


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_modules_import_each_other_without_a_circle(package: Path) -> None:
    edges = graph(package)
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join([*path, node, nxt]))
            if nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [])


def test_the_import_graph_reads_real_imports() -> None:
    """The walk above would pass on an empty graph: make sure it reads real imports."""
    edges = graph()
    assert "bot.table.service" in edges["bot.table.controller"]
    assert "bot.table.runtime" in edges["bot.table.controller"]
    db = graph(ROOT / "db")
    assert "db.store.moves" in db["db.store"]


def test_no_mixin_classes_in_bot() -> None:
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                assert "Mixin" not in node.name, f"{path.name}: {node.name}"
