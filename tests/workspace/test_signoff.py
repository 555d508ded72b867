"""The review's own invariants, on SQLite and PostgreSQL: a sign-off freezes the dispositions it rests on, an
approval needs every error resolved (or names what it does not approve), an approved filing changes only through
a new submission, and two reviewers work on different findings of one filing without a conflict."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest

from tests.workspace.conftest import upload_example


def _keys(store: Any, submission_id: int) -> list[str]:
    from pacomply.workspace.store import finding_key

    document = store.review_document(store.reviews(submission_id)[0].id)
    return [finding_key(finding) for finding in document["findings"]]


def _version(store: Any, user: Any, submission_id: int) -> int:
    return int(store.submission(user, submission_id).version)


def _waive_all(store: Any, user: Any, submission_id: int, keys: list[str]) -> None:
    from pacomply.workspace.store import DispositionRequest

    requests = [DispositionRequest(key, "waived", board_reference=f"W-2026-{index}") for index, key in
                enumerate(keys, 1)]
    store.dispose_many(user, submission_id, _version(store, user, submission_id), requests)


def test_a_change_after_an_approving_sign_off_withdraws_it_and_the_countersignature_is_refused(
    store: Any, accounts: Any
) -> None:
    from pacomply.workspace.store import WorkspaceError

    rita, sam = accounts["reviewer"], accounts["supervisor"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    keys = _keys(store, submission.id)
    _waive_all(store, rita, submission.id, keys)
    store.sign_off(rita, submission.id, _version(store, rita, submission.id), "approve")
    # A waiver changed under the sign-off (the defect: then countersigned as approved).
    store.dispose(rita, submission.id, _version(store, rita, submission.id), keys[0], "agreed")
    actions = [event.action for event in store.events(submission.id)]
    assert actions[-2:] == ["sign-off withdrawn", "disposition"]
    with pytest.raises(WorkspaceError, match="no standing approving sign-off"):
        store.countersign(sam, submission.id, _version(store, sam, submission.id))
    assert store.submission(sam, submission.id).status == "in review"


def test_601a_4_a_waiver_needs_the_boards_reference_in_its_format(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import WorkspaceError

    rita = accounts["reviewer"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    key = _keys(store, submission.id)[0]
    for reference in ("ok", "any reference", "W-26-1", "w-2026-117", "W-2026-117; DROP", "2026-117"):
        with pytest.raises(WorkspaceError, match="not a Board reference"):
            store.dispose(rita, submission.id, _version(store, rita, submission.id), key, "waived",
                          board_reference=reference)
    for reference in ("W-2026-117", "BGO-2026-117", "PGCB waiver W-2026-117"):
        store.dispose(rita, submission.id, _version(store, rita, submission.id), key, "waived",
                      board_reference=reference)
    assert store.dispositions(submission.id)[key].board_reference == "PGCB waiver W-2026-117"


def test_agreed_errors_are_approved_only_in_part_naming_them(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import Forbidden, WorkspaceError

    rita, reuben, sam = accounts["reviewer"], accounts["reviewer2"], accounts["supervisor"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    keys = _keys(store, submission.id)
    _waive_all(store, rita, submission.id, keys[2:])
    store.dispose(rita, submission.id, _version(store, rita, submission.id), keys[0], "agreed")
    store.dispose(rita, submission.id, _version(store, rita, submission.id), keys[1], "disputed", "misread")
    with pytest.raises(Forbidden, match="only a supervisor"):
        store.dispose(reuben, submission.id, _version(store, reuben, submission.id), keys[1], "dispute upheld")
    with pytest.raises(WorkspaceError, match="only a disputed finding"):
        store.dispose(sam, submission.id, _version(store, sam, submission.id), keys[0], "dispute upheld")
    with pytest.raises(WorkspaceError, match=r"2 error\(s\) are not resolved"):
        store.sign_off(rita, submission.id, _version(store, rita, submission.id), "approve")
    store.dispose(sam, submission.id, _version(store, sam, submission.id), keys[1], "dispute upheld")
    named = r"1 error\(s\) are not resolved .*upheld\): " + re.escape(keys[0])
    with pytest.raises(WorkspaceError, match=named):
        store.sign_off(rita, submission.id, _version(store, rita, submission.id), "approve")
    store.sign_off(rita, submission.id, _version(store, rita, submission.id), "approve in part")
    store.countersign(sam, submission.id, _version(store, sam, submission.id))
    assert store.submission(sam, submission.id).status == "approved in part"
    sign_off = next(event for event in store.events(submission.id) if event.action == "sign-off")
    assert f'"not_approved": ["{keys[0]}"]' in sign_off.detail
    assert [letter.kind for letter in store.letters(submission.id)] == ["approval in part"]


def test_an_approved_filing_changes_only_through_a_new_submission(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import WorkspaceError

    rita, sam = accounts["reviewer"], accounts["supervisor"]
    submission = upload_example(store, "686a-compliant.json", rita)
    store.sign_off(rita, submission.id, _version(store, rita, submission.id), "approve")
    store.countersign(sam, submission.id, _version(store, sam, submission.id))
    assert store.submission(rita, submission.id).status == "approved"
    for user in (rita, sam, accounts["admin"]):
        with pytest.raises(WorkspaceError, match="countersigned review stays the latest"):
            store.request_rereview(user, submission.id, _version(store, user, submission.id))
    with pytest.raises(WorkspaceError, match="no longer changes"):
        store.sign_off(rita, submission.id, _version(store, rita, submission.id), "request changes")
    assert len(store.reviews(submission.id)) == 1
    # The licensee's amendment is a new submission, with its own review.
    again = upload_example(store, "686a-compliant.json", rita)
    assert again.id != submission.id and store.submission(rita, again.id).status == "received"


def test_no_second_review_while_one_is_pending(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import WorkspaceError

    rita = accounts["reviewer"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    store.request_rereview(rita, submission.id, _version(store, rita, submission.id))
    with pytest.raises(WorkspaceError, match="already under way"):
        store.request_rereview(rita, submission.id, _version(store, rita, submission.id))
    assert [event.action for event in store.events(submission.id)].count("re-review requested") == 1


def test_two_reviewers_on_different_findings_of_one_filing_both_save_and_on_one_finding_the_second_conflicts(
    store: Any, accounts: Any
) -> None:
    from pacomply.workspace.store import Conflict

    rita, reuben = accounts["reviewer"], accounts["reviewer2"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    keys = _keys(store, submission.id)
    seen = store.finding_versions(submission.id)  # both open the page: every finding at version 0
    store.dispose(rita, submission.id, None, keys[0], "agreed", finding_version=seen.get(keys[0], 0))
    store.dispose(reuben, submission.id, None, keys[1], "agreed", finding_version=seen.get(keys[1], 0))
    with pytest.raises(Conflict, match=r"a finding changed after you opened it \(agreed by rita"):
        store.dispose(reuben, submission.id, None, keys[0], "disputed", "no", finding_version=seen.get(keys[0], 0))
    standing = store.dispositions(submission.id)
    assert (standing[keys[0]].user.username, standing[keys[1]].user.username) == ("rita", "reuben")
    assert store.finding_versions(submission.id) == {keys[0]: 1, keys[1]: 1}

    # A race on one finding: both pass the version check; the unique (finding, version) lets one through.
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def act(user: Any) -> None:
        barrier.wait()
        try:
            store.dispose(user, submission.id, None, keys[2], "agreed", finding_version=0)
            outcomes.append("saved")
        except Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=act, args=(user,)) for user in (rita, reuben)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes) == ["conflict", "saved"]
    assert store.finding_versions(submission.id)[keys[2]] == 1
