"""An import-linter contract type about names: ``forbidden_names``.

import-linter's own contracts speak of modules. The engine, though, is imported as one
package (``from spades_desktop.engine import ...``), so a rule such as "the UI never calls
``apply_action``; every change goes through the controller" is about the names a module
imports. This contract checks them; pyproject.toml registers it under
``[tool.importlinter] contract_types`` and uses it in its contracts.

Options of a ``forbidden_names`` contract:

- ``source_modules``: the modules whose imports are checked (each with its descendants).
- ``imported_modules``: the modules the names would come from (each with its descendants).
- ``forbidden_names``: names that a source module may not import from them.

``from <imported module> import <name>`` breaks the contract when ``<name>`` is forbidden.
Bringing in an imported module whole (``import spades_desktop.engine`` or
``from spades_desktop import engine``) breaks it too: every name would then be reachable
unseen. Imports inside functions count like the others.
"""

from __future__ import annotations

import ast
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import grimp
from importlinter import Contract, ContractCheck, fields, output
from importlinter.domain.imports import Module

WHOLE_MODULE = "*whole module*"


@dataclass(frozen=True)
class NameImport:
    """One forbidden import: ``importer`` line ``line`` imports ``name`` from ``imported``."""

    importer: str
    line: int
    imported: str
    name: str


class ForbiddenNamesContract(Contract):
    """Source modules may not import the forbidden names from the imported modules."""

    type_name = "forbidden_names"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    imported_modules = fields.ListField(subfield=fields.ModuleField())
    forbidden_names = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        sources = _with_descendants(graph, self.source_modules)  # type: ignore[arg-type]
        imported = _with_descendants(graph, self.imported_modules)  # type: ignore[arg-type]
        forbidden = set(self.forbidden_names)  # type: ignore[call-overload]
        found: list[NameImport] = []
        for importer in sorted(sources):
            for target in sorted(graph.find_modules_directly_imported_by(importer) & imported):
                lines = {d["line_number"] for d in
                         graph.get_import_details(importer=importer, imported=target)}
                for line in sorted(lines):
                    for name in _names_imported(importer, line, target):
                        if name == WHOLE_MODULE or name in forbidden:
                            found.append(NameImport(importer, line, target, name))
        return ContractCheck(kept=not found, warnings=None, metadata={"found": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["found"]:
            what = ("imports the module whole; import the names it uses"
                    if item.name == WHOLE_MODULE else f"imports {item.name}")
            output.print_error(f"{item.importer} (l.{item.line}) {what} from {item.imported}",
                               bold=False)
            output.new_line()


def _with_descendants(graph: grimp.ImportGraph, modules: list[Module]) -> set[str]:
    names: set[str] = set()
    for module in modules:
        if module.name not in graph.modules:
            raise ValueError(f"Module '{module.name}' does not exist.")
        names |= {module.name} | graph.find_descendants(module.name)
    return names


def _source_path(module: str) -> Path:
    """The file of ``module``, found without importing it (only its top package is looked up)."""
    top, *rest = module.split(".")
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"Package '{top}' not found.")
    base = Path(list(spec.submodule_search_locations)[0]).joinpath(*rest)
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


_TREES: dict[str, tuple[Path, ast.Module]] = {}


def _names_imported(importer: str, line: int, target: str) -> list[str]:
    """The names the import statement(s) at ``line`` of ``importer`` take from ``target``
    (:data:`WHOLE_MODULE` for the module itself)."""
    if importer not in _TREES:
        path = _source_path(importer)
        _TREES[importer] = (path, ast.parse(path.read_text(encoding="utf-8")))
    path, tree = _TREES[importer]
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) != line:
            continue
        if isinstance(node, ast.Import):
            names += [WHOLE_MODULE for alias in node.names if alias.name == target]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                if module == target:
                    names.append(alias.name)
                elif f"{module}.{alias.name}" == target:
                    names.append(WHOLE_MODULE)
    return names
