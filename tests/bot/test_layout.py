"""The shape of bot/ and db/: imports go one way (no circle, TYPE_CHECKING ones included);
no mixins: behaviour is composed (an object holding the objects it needs), not inherited
from several classes. The Store is one plain object per concern."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import Store
from db.engine import make_engine

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


def classes(package: Path) -> Iterator[tuple[Path, ast.ClassDef]]:
    for path in package.rglob("*.py"):
        if "migrations" not in path.parts:
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ClassDef):
                    yield path, node


def is_builtin_exception(name: str) -> bool:
    found = getattr(builtins, name, None)
    return isinstance(found, type) and issubclass(found, BaseException)


def mixins(package: Path) -> list[str]:
    """Classes named as mixins, or built from several bases (an exception may also name
    the built-in exceptions it is a kind of: `MoveGap(StoreError, ValueError)`)."""
    found = []
    for path, node in classes(package):
        bases = [ast.unparse(base) for base in node.bases]
        if "Mixin" in node.name or not all(is_builtin_exception(b) for b in bases[1:]):
            found.append(f"{path.relative_to(package.parent)}: {node.name}({', '.join(bases)})")
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_mixin_classes(package: Path) -> None:
    assert mixins(package) == []


def test_the_mixin_rule_sees_a_mixin(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "class A(Exception, LookupError): ...\n"
        "class B(Base, Other): ...\n"
        "class CMixin: ...\n"
        "class D(Base): ...\n"
    )
    found = [line.split(": ")[1] for line in mixins(tmp_path)]
    assert found == ["B(Base, Other)", "CMixin()"]


async def test_the_store_is_one_plain_object_per_concern(tmp_path: Path) -> None:
    store = Store(make_engine(f"sqlite+aiosqlite:///{tmp_path}/tapis.db"))
    try:
        parts = [
            value for value in vars(store).values() if type(value).__module__.startswith("db.")
        ]
        assert Store.__bases__ == (object,)
        assert {"tables", "moves", "results", "seasons"} <= set(vars(store))
        assert len({type(part) for part in parts}) == len(parts) > 8
        assert all(type(part).__bases__ == (object,) for part in parts), parts
    finally:
        await store.close()
