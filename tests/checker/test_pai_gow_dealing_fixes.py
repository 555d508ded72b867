"""The Pai Gow chapters' dealing rule (645A-101; 688a shares it) reports three different problems; each finding's fix
answers its own problem (§ 645a.9(a)(1), § 645a.10(a)), naming the checklist's questions in the Board's words, never
the rule's one general fix or a key of ours."""

from __future__ import annotations

import pytest
from pacomply.checker.review import review_filing
from pacomply.submissions import read_filing

from tests.conftest import EXAMPLES


@pytest.mark.parametrize("chapter", ["645a"])
def test_645a_9_and_10_each_dealing_finding_is_fixed_by_what_it_is_about(chapter: str) -> None:
    from pacomply import regulations

    book = regulations.rulebook(chapter)
    review = review_filing(read_filing(EXAMPLES / f"{chapter}-violations.xlsx"))
    code = f"{chapter.upper()}-101"
    found = [finding for finding in review.findings if finding.rule_id == code]
    assert found, f"the {chapter} violations example no longer breaks {code}"
    assert len({finding.fix for finding in found}) == 3  # the example has one of each of the three problems
    for finding in found:
        assert "_" not in finding.fix, finding.fix  # no checklist key of ours
        if "deals from the dealer's hand with" in finding.message:
            assert finding.fix.startswith("Use an automated shuffler"), finding.fix
        elif "the checklist deals from the dealer's hand" in finding.message:
            assert book.question("automated_shuffler").question in finding.fix
            assert book.question("dealt_from_hand").question in finding.fix
        else:
            dealt = next(key for key in ("manual_shoe", "dealt_from_hand", "automated_shoe") if key in finding.message
                         or book.question(key).question in finding.message)  # fmt: skip
            assert book.question(dealt).question in finding.fix, finding.fix
