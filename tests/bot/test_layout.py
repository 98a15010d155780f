"""The shape of bot/: imports go one way (no circle, TYPE_CHECKING ones included), no mixins."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The bot modules `path` imports, wherever in the file (TYPE_CHECKING blocks too)."""
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
            candidates = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found.update(c for c in candidates if c.split(".")[0] == "bot")
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in BOT.rglob("*.py")}
    return {
        name: {t for t in imports_of(p) if t in modules} - {name} for name, p in modules.items()
    }


def test_bot_modules_import_each_other_without_a_circle() -> None:
    edges = graph()
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


def test_no_mixin_classes_in_bot() -> None:
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                assert "Mixin" not in node.name, f"{path.name}: {node.name}"
