from __future__ import annotations

import types

import pytest

from benchmarks import sighted


def test_patched_sets_the_values_within_and_puts_the_old_ones_back_even_on_an_error():
    owner = types.SimpleNamespace(a=1, b=2)
    with pytest.raises(RuntimeError), sighted.patched((owner, "a", 10), (owner, "b", 20)):
        assert (owner.a, owner.b) == (10, 20)
        raise RuntimeError
    assert (owner.a, owner.b) == (1, 2)


def test_main_wants_a_known_sight_and_passes_the_rest_on(capsys):
    seen = []

    def fake(sight):
        seen.append(sight)
        return sighted.patched()

    assert sighted.main([], doc="title\n\nusage line", game="x", sights=("a",), sighted=fake) == 2
    assert "usage line" in capsys.readouterr().err
    assert sighted.main(["--sight", "b"], doc="t\n\nu", game="x", sights=("a",), sighted=fake) == 2
    assert "one of a" in capsys.readouterr().err
    assert seen == []
