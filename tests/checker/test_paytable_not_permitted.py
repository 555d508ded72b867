"""A checklist answer selecting a paytable the chapter does not have: the finding's fix names the paytables the
chapter has (§ 687a.12(d)-(e), § 645a.13(b)), not the rule's general fix about offering the wager."""

from __future__ import annotations

import pytest
from pacomply.checker.review import review_filing
from pacomply.regulations.chapter_645a import RULEBOOK as RULEBOOK_645A
from pacomply.regulations.chapter_687a import RULEBOOK as RULEBOOK_687A
from pacomply.submissions.model import Filing

from examples.build_examples import answers
from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.chapter_687a import COMPLIANT_687A


def _answering(filing: Filing, chapter: str, **overrides: object) -> Filing:
    base = {key: answer.value for key, answer in filing.chapters[chapter].answers.items()}
    base.update(overrides)
    return filing.model_copy(update={"chapters": {chapter: answers(chapter, **base)}})


@pytest.mark.parametrize(
    ("filing", "chapter", "key", "wager", "rulebook"),
    [
        (COMPLIANT_687A, "687a", "bad_beat_paytable", "bad_beat", RULEBOOK_687A),
        (COMPLIANT_687A, "687a", "trips_paytable", "trips", RULEBOOK_687A),
        (COMPLIANT_645A, "645a", "fortune_paytable", "fortune", RULEBOOK_645A),
    ],
)
def test_687a_12_and_645a_13_a_paytable_the_chapter_lacks_is_fixed_by_choosing_one_it_has(
    filing: Filing, chapter: str, key: str, wager: str, rulebook: object
) -> None:
    review = review_filing(_answering(filing, chapter, **{key: "Z-99"}))
    found = [finding for finding in review.findings if "'Z-99'" in finding.message and "permits" in finding.message]
    assert len(found) == 1, [finding.message for finding in review.findings]
    permitted = [paytable.id for paytable in rulebook.paytables_for(wager)]  # type: ignore[attr-defined]
    fix = found[0].fix
    assert all(paytable in fix for paytable in permitted), fix
    assert rulebook.wager(wager).name in fix  # type: ignore[attr-defined]
    assert "Answer Yes" not in fix
