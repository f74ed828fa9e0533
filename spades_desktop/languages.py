"""The interface languages: their codes and names (docs/rules.md §7; docs/architecture.md,
Resources).

The one list of languages: the settings file (``persistence/settings.py``), the
translators (``ui/i18n.py``), the language menu and the Settings dialog, the rules
window's pages and ``tools/update_translations.py`` all take them from here. No Qt, no
imports from the rest of the package, so every layer may import it.

A language code names its files: the catalogue ``assets/translations/spades_<code>.ts``
(compiled to ``.qm``) and the rules page ``assets/help/rules_<code>.html``. Adding a
language means: a row in :data:`LANGUAGE_NAMES` and those two files.

>>> SUPPORTED
('en', 'zh_CN')
>>> LANGUAGE_SETTINGS
('system', 'en', 'zh_CN')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["LANGUAGE_NAMES", "LANGUAGE_SETTINGS", "SOURCE_LANGUAGE", "SUPPORTED", "SYSTEM"]

LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType({
    "en": "English",
    "zh_CN": "简体中文",
})
"""Language code → the language's name in that language, as a language menu lists it
(never translated); the source language first. Read-only."""

SUPPORTED: tuple[str, ...] = tuple(LANGUAGE_NAMES)
"""The languages the interface is translated into, as codes."""

SOURCE_LANGUAGE = "en"
"""The language of the source texts: the fallback when a text has no translation."""

SYSTEM = "system"
"""The ``Settings.language`` value that follows the operating system's language."""

LANGUAGE_SETTINGS: tuple[str, ...] = (SYSTEM, *SUPPORTED)
"""Every accepted ``Settings.language`` value: :data:`SYSTEM`, then :data:`SUPPORTED`."""
