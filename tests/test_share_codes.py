"""Share codes: any board round-trips, and every mistyped character is refused in words."""

import re

import numpy as np
import pytest

from core import turf
from core.moleturf.turf import CODE_ALPHABET, _payload_length


@pytest.mark.parametrize("n", range(4, 17))
def test_every_size_round_trips_and_the_payload_is_as_short_as_it_can_be(n):
    for seed in range(3):
        regions = turf.generate(n, seed=seed) if n <= 16 else None
        code = turf.encode(regions)
        assert np.array_equal(turf.decode(code), regions)
        assert np.array_equal(turf.decode(code.lower()), regions)  # case does not matter
        assert np.array_equal(turf.decode(f" {code[:5]}-{code[5:]} "), regions)
    d = _payload_length(n)
    assert 32**d >= n ** (n * n) > 32 ** (d - 1)


def test_every_single_character_change_and_neighbour_swap_is_refused():
    code = turf.encode(turf.generate(7, seed=4))
    for i in range(len(code)):
        for ch in CODE_ALPHABET:
            if ch == code[i]:
                continue
            bad = code[:i] + ch + code[i + 1 :]
            with pytest.raises(ValueError, match="share code|typo"):
                turf.decode(bad)
    for i in range(2, len(code) - 1):
        if code[i] != code[i + 1]:
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            with pytest.raises(ValueError, match="typo|board"):
                turf.decode(swapped)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "not a Mole Turf share code"),
        ("hello", "not a Mole Turf share code"),
        ("T2900", "format"),
        ("T19I00", "'I'"),
        (None, "text"),
        ("T19" + "0" * 10, "typo|too short"),
    ],
)
def test_bad_codes_get_a_plain_message(code, words):
    with pytest.raises(ValueError, match=words):
        turf.decode(code)


def test_a_truncated_code_is_refused_even_with_a_matching_check():
    from core.moleturf.turf import _luhn

    code = turf.encode(turf.generate(9, seed=1))
    body = code[:-6]
    with pytest.raises(ValueError, match="too short"):
        turf.decode(body + _luhn(body))


def test_a_board_with_split_turfs_round_trips_too():
    regions = np.array(
        [[0, 1, 0, 1], [2, 2, 3, 3], [0, 1, 0, 1], [2, 2, 3, 3]], dtype=np.int32
    )  # turfs in several pieces: not a valid puzzle, still a board that can be shared
    assert np.array_equal(turf.decode(turf.encode(regions)), regions)


def test_a_refused_code_is_said_in_the_players_language() -> None:
    """「このコードは読み取れません：the share code has a typo…」: core refuses a code by a
    reason id, and the game says that reason in the player's language, never in English."""
    from core.problems import Problem
    from game import hints, i18n

    code = turf.encode(turf.generate(9, seed=1))
    typo = code[:-1] + ("A" if code[-1] != "A" else "B")
    bad_codes = ["hello", "T19I00", "T2900", typo, "T1" + CODE_ALPHABET[20] + "00"]
    try:
        for language in ("ja", "hu"):
            i18n.set_language(language)
            for bad in bad_codes:
                with pytest.raises(Problem, match="share code") as refused:
                    turf.decode(bad)
                text = hints.problem(refused.value)
                english = re.findall(r"\b(the|share|code|board|this|is|not|has|holds)\b", text)
                assert text and not english, (language, bad, text)
                if language == "hu":
                    assert "a(z)" not in text and text[0].islower(), text  # after a colon
    finally:
        i18n.set_language("en")
    assert "typo" in str(Problem("code_typo"))  # the English, for the command line and logs
