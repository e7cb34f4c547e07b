"""Who may see a run: the rule in one place, as a Python check and as a SQL clause.

A run belongs to its author (`runs.owner_id`, None for runs made without accounts). Its
visibility is `private` (the author only), `team` (every signed-in user) or `public`
(anyone holding the permalink, signed in or not). Admins, and everyone when the server runs
without accounts (a single user), see every run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import ColumnElement, or_
from sqlmodel import col

from backend.store.models import Run, Suite

Visibility = Literal["private", "team", "public"]
VISIBILITIES: tuple[Visibility, ...] = ("private", "team", "public")
DEFAULT_VISIBILITY: Visibility = "team"


@dataclass(frozen=True)
class Viewer:
    """Who is reading, as far as visibility cares."""

    user_id: int | None = None  # None: nobody signed in (a public permalink)
    sees_everything: bool = False  # an admin, or a server without accounts

    @property
    def signed_in(self) -> bool:
        return self.user_id is not None or self.sees_everything

    def may_read(self, owner_id: int | None, visibility: str) -> bool:
        if self.sees_everything or visibility == "public":
            return True
        if self.user_id is None:
            return False
        return visibility == "team" or owner_id == self.user_id

    def may_change(self, owner_id: int | None) -> bool:
        """Editing and deleting: the author, or an admin (runs made without accounts have
        no author, so only an admin can change them once accounts are on)."""
        return self.sees_everything or (self.user_id is not None and owner_id == self.user_id)

    def clause(self, table: type[Run] | type[Suite] = Run) -> ColumnElement[bool] | None:
        """The same rule as `may_read`, for a query on `runs` or `suites` (None: no
        restriction)."""
        if self.sees_everything:
            return None
        visibility: Any = col(table.visibility)
        if self.user_id is None:
            return visibility == "public"  # type: ignore[no-any-return]
        return or_(visibility.in_(("team", "public")), col(table.owner_id) == self.user_id)


EVERYONE = Viewer(sees_everything=True)
