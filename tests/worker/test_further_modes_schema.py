"""A further compile mode in bundle.json is checked like the rest of a bundle the
snippet's process wrote: another mode than the run's and the others, a trace of its own,
and none in a failed bundle. A repeat used to pass the checks and fail the save."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from backend.worker.bundle_schema import Bundle
from tests.two_modes import MODE, two_mode_folder


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = two_mode_folder(tmp_path_factory.mktemp("two-modes"))
    loaded: dict[str, Any] = json.loads((folder / "bundle" / "bundle.json").read_text())
    return loaded


def test_the_two_mode_recording_passes(document: dict[str, Any]) -> None:
    assert [m.mode for m in Bundle.model_validate(document).further_modes] == [MODE]


def test_a_further_mode_repeating_another_is_refused(document: dict[str, Any]) -> None:
    repeated = copy.deepcopy(document)
    repeated["further_modes"].append(copy.deepcopy(repeated["further_modes"][0]))
    with pytest.raises(ValidationError, match="compile modes repeat"):
        Bundle.model_validate(repeated)
    same_as_first = copy.deepcopy(document)
    same_as_first["further_modes"][0]["mode"] = "default"
    with pytest.raises(ValidationError, match="compile modes repeat"):
        Bundle.model_validate(same_as_first)


def test_two_variants_naming_one_trace_are_refused(document: dict[str, Any]) -> None:
    shared = copy.deepcopy(document)
    shared["further_modes"][0]["compiled"]["trace"] = shared["compiled"]["trace"]
    with pytest.raises(ValidationError, match="same trace file"):
        Bundle.model_validate(shared)


def test_a_failed_bundle_has_no_further_modes(document: dict[str, Any]) -> None:
    failed = copy.deepcopy(document)
    failed["status"] = "failed"
    failed["error"] = {"kind": "exception", "message": "boom"}
    with pytest.raises(ValidationError, match="no further compile modes"):
        Bundle.model_validate(failed)


def test_the_folder_helper_names_its_files_by_mode(tmp_path: Path) -> None:
    folder = two_mode_folder(tmp_path)
    assert (folder / "bundle" / f"compiled_{MODE}_trace.json.gz").is_file()
