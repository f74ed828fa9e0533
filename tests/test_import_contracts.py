"""The layer rules hold: every import-linter contract in pyproject.toml is kept.

The contracts ([tool.importlinter]) say which layer may import which (DESIGN's layers),
that engine, bots, persistence and arena import no Qt, that the bots import no GameState,
and that the UI imports none of the engine's state-changing functions (tools/import_contracts.py
adds that name-level contract type). `lint-imports` runs the same check from the shell.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LINT = (
    "import sys\n"
    "from importlinter.cli import lint_imports\n"
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))\n"
)


def test_every_import_contract_is_kept() -> None:
    done = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout, done.stdout
