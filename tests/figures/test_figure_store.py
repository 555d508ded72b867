"""The figure store (engine/figure_store.py, docs/figure-store.md): exact values, keys that change with the law and
the method, a user cache that two processes can write at once, shipped figures equal to their recomputation and
covering every configuration the rulebooks permit."""

from __future__ import annotations

import multiprocessing
import os
from fractions import Fraction
from pathlib import Path

import pytest
from pacomply.checker import figures
from pacomply.checker.wager_math import AnalysisUnavailable, PricedReading, WagerMath, analyse
from pacomply.engine import figure_store
from pacomply.engine.evaluator import JokerRule


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user cache of its own and no shipped figures, and nothing remembered from earlier lookups."""
    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("PACOMPLY_SHIPPED_FIGURES", "off")
    figure_store.forget_memory()
    yield tmp_path
    figure_store.forget_memory()


class _Counting:
    """A figure function that counts how often it is really computed."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *, chapter: str, amount: Fraction) -> tuple[Fraction, float]:
        self.calls += 1
        return amount / 3, float(amount) / 3


def test_values_come_back_exactly_with_their_types() -> None:
    priced = PricedReading(
        reading="r", choice="c", relied_on=True, house_edge=0.1 + 0.2, return_=1 - (0.1 + 0.2), method="exact",
        exact_return=Fraction(10**30 + 1, 3**40), basis=None, ci95=(1e-17, 2.5), candidate="k",
    )  # fmt: skip
    math = WagerMath(
        chapter="686a", wager="w", paytable=None, decks=6, house_edge=1 / 3, element_of_risk=2 / 7,
        return_=0.9, method="exact", rounds=None, ci95=None, hit_frequency=None, std_dev=float("inf"),
        citation="§ 686a.7", reading=None, strategy=(("a", "b"),), priced_readings=(priced,),
    )  # fmt: skip
    from pacomply.engine.analysis.blackjack import BlackjackRules

    value = {"rows": (math,), JokerRule.SEMI_WILD: [1, 2], 3: frozenset({5, 4}), "rules": BlackjackRules(decks=6)}
    back = figure_store.decode(figure_store.encode(value))
    assert back == value
    assert isinstance(back["rows"], tuple) and isinstance(back[JokerRule.SEMI_WILD], list)
    assert back["rows"][0].priced_readings[0].exact_return == Fraction(10**30 + 1, 3**40)
    assert back["rows"][0].house_edge == 1 / 3  # the same float, bit for bit
    assert type(back["rules"].double_on) is type(BlackjackRules(decks=6).double_on)  # a StrEnum, not its text


def test_a_figure_is_computed_once_then_read_from_the_user_cache(empty_cache: Path) -> None:
    counting = _Counting()
    registered = figure_store.figure("test-once", method=1, chapter=lambda inputs: inputs["chapter"])(counting)
    first = registered(chapter="686a", amount=Fraction(1))
    figure_store.forget_memory()  # a new process: only the disk remembers
    second = registered(chapter="686a", amount=Fraction(1))
    assert first == second == (Fraction(1, 3), 1 / 3)
    assert counting.calls == 1
    entries = dict(figure_store.user_entries())
    assert len(entries) == 1
    entry = next(iter(entries.values()))
    assert entry["inputs"] == figure_store.encode({"chapter": "686a", "amount": Fraction(1)})
    assert entry["rulebook"].startswith("686a")
    assert entry["pacomply"]


def test_a_changed_rulebook_version_never_reuses_an_old_figure(
    empty_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counting = _Counting()
    registered = figure_store.figure("test-rulebook", method=1, chapter=lambda inputs: inputs["chapter"])(counting)
    registered(chapter="686a", amount=Fraction(2))
    old_key = registered.key(chapter="686a", amount=Fraction(2))
    figure_store.forget_memory()
    monkeypatch.setattr(figure_store, "rulebook_version", lambda chapter: "686a/2099-01-01 data:amended")
    registered(chapter="686a", amount=Fraction(2))
    assert counting.calls == 2
    assert registered.key(chapter="686a", amount=Fraction(2)).digest != old_key.digest


def test_a_remembered_key_is_the_key_made_afresh_and_tells_equal_values_of_other_types_apart(
    empty_cache: Path,
) -> None:
    # A review asks for the same figure hundreds of times, so a key of plain inputs is made once per process; it must
    # be the key made from scratch, and 1, True and "1" (equal or alike, encoded differently) must keep their own.
    registered = figure_store.figure("test-remembered", method=1, chapter=lambda inputs: inputs["chapter"])(
        lambda **inputs: 0
    )
    made = {}
    for decks in (1, True, "1", None):
        first_key, first_digest = registered.key_and_digest({"chapter": "686a", "decks": decks})
        again_key, again_digest = registered.key_and_digest({"chapter": "686a", "decks": decks})
        afresh = registered.key(chapter="686a", decks=decks)
        assert first_key == again_key == afresh
        assert first_digest == again_digest == afresh.digest
        made[repr(decks)] = first_digest
    assert len(set(made.values())) == 4, made


def test_a_remembered_key_follows_the_rulebook_it_is_made_under(
    empty_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    registered = figure_store.figure("test-remembered-law", method=1, chapter="686a")(lambda **inputs: 0)
    before = registered.key_and_digest({"decks": 6})
    monkeypatch.setattr(figure_store, "rulebook_version", lambda chapter: "686a/2099-01-01 data:amended")
    after_key, after_digest = registered.key_and_digest({"decks": 6})
    assert after_key.rulebook == "686a/2099-01-01 data:amended"
    assert after_digest != before[1] and after_digest == registered.key(decks=6).digest


def test_a_changed_method_version_never_reuses_an_old_figure(empty_cache: Path) -> None:
    counting = _Counting()
    figure_store.figure("test-method", method=1, chapter="686a")(counting)(chapter="686a", amount=Fraction(5))
    figure_store.forget_memory()
    figure_store.figure("test-method", method=2, chapter="686a")(counting)(chapter="686a", amount=Fraction(5))
    assert counting.calls == 2


def test_an_edited_paytable_file_is_another_rulebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The law's digest covers the chapter's data module and the chapter modules it reads (688a reads 645a's).
    sources = [path.name for path in figure_store._law_sources("688a")]
    assert sources == ["chapter_645a.py", "chapter_688a.py"]
    assert figure_store.rulebook_version("686a") != figure_store.rulebook_version("681a")


def _write_figures(folder: str, rounds: int) -> list[str]:
    os.environ["PACOMPLY_CACHE_DIR"] = folder
    os.environ["PACOMPLY_SHIPPED_FIGURES"] = "off"
    from pacomply.checker.wager_math import analyse as analyse_in_child

    return [repr(analyse_in_child("686a")) for _ in range(rounds)]


def test_two_processes_writing_the_store_at_once_leave_it_consistent(empty_cache: Path) -> None:
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        results = pool.starmap(_write_figures, [(str(empty_cache), 3), (str(empty_cache), 3)])
    assert results[0] == results[1]
    leftovers = [path for path in (empty_cache / "figures").rglob("*") if path.is_file() and path.suffix != ".json"]
    assert leftovers == []  # no temporary file left behind
    entries = dict(figure_store.user_entries())
    assert entries  # every file is whole JSON (a torn one would not parse and be left out)
    assert len(entries) == len(list((empty_cache / "figures").rglob("*.json")))
    figure_store.forget_memory()
    assert repr(analyse("686a")) == results[0][0]  # read back from what the two wrote


def _shipped_sample(chapters: tuple[str, ...]) -> list[figures.Stored]:
    shipped = [item for item in figures.stored() if item.where == "shipped" and item.chapter in chapters]
    assert shipped, f"no shipped figures for {chapters}: run pacomply figures build"
    return shipped


def test_shipped_figures_equal_their_recomputation_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    # Over/Under and 21 Baccarat: exact enumerations of a few seconds; the rest run in the slow test below.
    sample = _shipped_sample(("686a", "681a"))
    assert figures.verify(sample) == []


@pytest.mark.slow
def test_every_shipped_figure_equals_its_recomputation() -> None:
    shipped = [item for item in figures.stored() if item.where == "shipped"]
    assert figures.verify(shipped) == []


def _refused(wanted: figures.Wanted) -> bool:
    """Whether the wager math refuses the configuration (a paytable at a deck count its chapter forbids), which it
    says before computing anything."""
    try:
        with figure_store.recomputing():
            wanted.look_up()
    except AnalysisUnavailable:
        return True
    return False


def test_the_shipped_figures_cover_every_permitted_configuration() -> None:
    missing = []
    refused = 0
    shelves: dict[str, dict] = {}  # each shelf file read once, not once per figure on it
    for wanted in figures.catalogue():
        if isinstance(wanted.figure, figure_store.Figure):
            key = wanted.key
            if key.shelf not in shelves:
                shelves[key.shelf] = figure_store.read_shelf(figure_store.SHIPPED_FOLDER, key.shelf)
            if shelves[key.shelf].get(key.digest) is None:
                if _refused(wanted):
                    refused += 1
                else:
                    missing.append(wanted.description)
    assert missing == [], f"{len(missing)} figures not shipped (run pacomply figures build): {missing[:5]}"
    assert refused < 20  # the catalogue asks for what the chapters permit, not a cross product of everything


class _Refuse(figure_store.Reporter):
    def computing(self, description: str) -> None:
        raise AssertionError(f"computed {description} though the shipped store should hold it")

    def computed(self, description: str, seconds: float) -> None:
        raise AssertionError(description)


def test_the_reconciliation_with_the_board_computes_nothing_from_a_fresh_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.checker.reconciliation import reconcile

    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(tmp_path))
    figure_store.forget_memory()
    previous = figure_store.current_reporter()
    figure_store.set_reporter(_Refuse())
    try:
        assert reconcile()
    finally:
        figure_store.set_reporter(previous)
        figure_store.forget_memory()
