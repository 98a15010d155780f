"""The docs describe what is true now, for a maintainer, and their links lead somewhere.

- No work-log wording in the docs, the README, the changelog, the contributing guide or the
  comments, docstrings and test names of the Python code: no dated heading (a release's
  heading in the changelog aside), no work branch's name, no ticket number, no numbered
  work sitting.
- The two pages that used to grow without end stay short: docs/performance.md under 10 KB,
  docs/ai.md under 12 KB.
- Every relative link of README.md and the Markdown pages under docs/ (and the root's
  CHANGELOG.md and CONTRIBUTING.md) points to a file that exists, and an anchor to a heading
  of that file.
"""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
WORK_LOG = [
    (re.compile(r"\bissues? #?\d+", re.I), "a ticket number"),
    (re.compile(rf"\b(?:{ORDINALS}|\d+(?:st|nd|rd|th))[ -]session\b", re.I), "a work sitting"),
    (re.compile(r"\bsession (?:\d+|of \d{4})\b", re.I), "a work sitting"),
    (re.compile(r"\b(?:njspeed|bzspeed|bmfort\d*|engine3(?:-tuple)?)\b", re.I), "a branch"),
    (re.compile(r"\bbranch `[^`]+`", re.I), "a branch"),
]
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
# A release's heading in the changelog carries its date: "## 0.1.0 (2026-11-24)".
RELEASE_HEADING = re.compile(r"^#+\s*\[?(?:\d+\.\d+\.\d+|Unreleased)\b", re.I)
HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^\s*(```|~~~)")


def markdown_pages() -> list[Path]:
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "CONTRIBUTING.md"]
    pages += sorted((ROOT / "docs").rglob("*.md"))
    return [p for p in pages if p.exists()]


def python_files() -> list[Path]:
    """The project's Python files; folders that are not the project's are never entered."""
    skip = {".venv", ".git", "node_modules", "build", "dist", "data", "__pycache__"}
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if d not in skip and not d.startswith(".")]
        found += [Path(folder) / f for f in files if f.endswith(".py")]
    return sorted(found)


def work_log_in_text(text: str, *, changelog: bool = False) -> list[str]:
    """What reads like a work log in a Markdown page, as 'line N: why: the line'."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for pattern, why in WORK_LOG:
            if pattern.search(line):
                found.append(f"line {n}: {why}: {line.strip()}")
        dated = HEADING.match(line) and DATE.search(line)
        if dated and not (changelog and RELEASE_HEADING.match(line)):
            found.append(f"line {n}: a dated heading: {line.strip()}")
    return found


def comments_of(source: str) -> list[tuple[int, str]]:
    """The comments and docstrings of a Python module, with their first line number."""
    out: list[tuple[int, str]] = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(
            node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        ) and (doc := ast.get_docstring(node, clean=False)):
            first = node.body[0]
            out.append((first.lineno, doc))
    return out


def names_of_tests(source: str) -> list[tuple[int, str]]:
    """The names of the test functions of a module, read as words (underscores as spaces)."""
    return [
        (node.lineno, node.name.replace("_", " "))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    ]


def work_log_in_python(source: str) -> list[str]:
    # Reading comments token by token is slow: only a module whose text (a test name read
    # with spaces) has such wording somewhere is read closely.
    spaced = source.replace("_", " ")
    if not any(pattern.search(spaced) for pattern, _ in WORK_LOG):
        return []
    found = []
    for line, text in comments_of(source) + names_of_tests(source):
        for pattern, why in WORK_LOG:
            if pattern.search(text):
                found.append(f"line {line}: {why}: {text.strip()[:100]}")
    return found


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"`[^`]*`")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = INLINE_CODE.sub(lambda m: m.group(0).strip("`"), heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    in_fence = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and HEADING.match(line):
            base = slug(line.lstrip("#"))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def links_of(text: str) -> list[tuple[int, str]]:
    """The link targets of a Markdown text outside code, with their line numbers."""
    out = []
    in_fence = False
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for m in LINK.finditer(INLINE_CODE.sub("", line)):
            out.append((n, m.group(1)))
    return out


def broken_links(page: Path) -> list[str]:
    found = []
    for n, target in links_of(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:, ...
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            found.append(f"line {n}: {target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            found.append(f"line {n}: {target}: no such heading")
    return found


# --- the checks themselves can fail -------------------------------------------------------


def test_the_wording_check_catches_work_log_lines_and_spares_plain_ones() -> None:
    caught = [
        "### Fourth session of 2026-11-24: p99 under 50 ms",
        "## Engine speed (issue 17)",
        "Built on branch `bmfort4`, then reverted.",
        "The bzspeed pass took Bonanza to 1.66x.",
        "Session 1's bench ran everything in one process.",
        "## Results, 2026-11-24",
    ]
    spared = [
        "Measured on 2026-11-24, 2 cores, load under 1.",
        "A session-level advisory lock per shard, freed when the connection closes.",
        "## Engine speed",
        "The engine's branch of `face()` that draws it.",
    ]
    for line in caught:
        assert work_log_in_text(line), line
    for line in spared:
        assert not work_log_in_text(line), line
    assert not work_log_in_text("## 0.1.0 (2026-11-24)", changelog=True)
    assert work_log_in_text("## Cleanup of 2026-11-24", changelog=True)


def test_the_comment_check_reads_comments_docstrings_and_test_names_not_code() -> None:
    source = (
        '"""Pinned before the rewrite of issue 17."""\n'
        "LABEL = 'issue 17'  # the bench prints it\n"
        "def f() -> None:\n"
        '    """Fifth session: faster."""\n'
        "    x = 1  # from njspeed\n"
        "def test_the_fifth_session_fix() -> None:\n"
        "    pass\n"
    )
    found = work_log_in_python(source)
    assert len(found) == 4, found
    assert all("LABEL" not in f for f in found)


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Title\n\n## Running it for many servers\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](other.md) [ok](other.md#running-it-for-many-servers) [ok](#here)\n"
        "# Here\n"
        "[gone](missing.md) [gone](other.md#no-such-part) `[code](nowhere.md)`\n"
        "```\n[in a block](nowhere.md)\n```\n"
        "[web](https://example.org/x)\n"
    )
    found = broken_links(page)
    assert len(found) == 2, found
    assert "missing.md" in found[0] and "no-such-part" in found[1]


# --- the repository's docs ------------------------------------------------------------------


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_read_as_what_is_true_now(page: Path) -> None:
    found = work_log_in_text(
        page.read_text(encoding="utf-8"), changelog=page.name == "CHANGELOG.md"
    )
    assert not found, f"{page.relative_to(ROOT)}:\n" + "\n".join(found)


def test_code_comments_read_as_what_is_true_now() -> None:
    found = []
    for path in python_files():
        for item in work_log_in_python(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)} {item}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("name", "limit"), [("performance.md", 10_000), ("ai.md", 12_000)])
def test_the_measurement_pages_stay_short(name: str, limit: int) -> None:
    size = len((ROOT / "docs" / name).read_bytes())
    assert size < limit, f"docs/{name} is {size} bytes, over {limit}"


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_that_exist(page: Path) -> None:
    found = broken_links(page)
    assert not found, f"{page.relative_to(ROOT)}:\n" + "\n".join(found)
