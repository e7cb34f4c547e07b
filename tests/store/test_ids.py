from backend.store.ids import ALPHABET, ID_LENGTH, is_run_id, new_run_id


def test_ten_thousand_ids_are_unique_and_well_formed() -> None:
    ids = [new_run_id() for _ in range(10_000)]
    assert len(set(ids)) == len(ids)
    assert all(len(run_id) == ID_LENGTH == 12 for run_id in ids)
    assert set("".join(ids)) <= set(ALPHABET)
    assert all(is_run_id(run_id) for run_id in ids)


def test_alphabet_has_no_confusable_characters() -> None:
    assert not set("01ilo") & set(ALPHABET)
    assert ALPHABET.lower() == ALPHABET


def test_is_run_id_rejects_anything_else() -> None:
    good = new_run_id()
    for bad in [
        "",
        good[:-1],
        good + "a",
        good.upper(),
        "0" * 12,
        "l" * 12,
        "../../etc/pa",
        "abcdefghjkm ",
    ]:
        assert not is_run_id(bad), bad
