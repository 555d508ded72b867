"""The shared poker hand evaluator (issue #3): standard, DJ Wild and Pai Gow rankings, scalar and batch.

Modules: :mod:`~engine.evaluator.categories` (category enums, packed values), :mod:`~engine.evaluator.standard`,
:mod:`~engine.evaluator.deuces_wild` (58 Pa. Code 687a), :mod:`~engine.evaluator.pai_gow` (645a, 688a),
:mod:`~engine.evaluator.tables` (lookup tables, cache, digest), :mod:`~engine.evaluator.kernels` (numba loops).

Importing this package builds nothing: tables are built or loaded on the first evaluation, and numba compiles
(or loads from its cache) each kernel on its first call.
"""

from pacomply.engine.evaluator._cards import InvalidHandError
from pacomply.engine.evaluator.categories import (
    HandCategory,
    PaiGowCategory,
    SevenCardBonusCategory,
    WildHandCategory,
    category_of,
)
from pacomply.engine.evaluator.deuces_wild import (
    DeucesWildEnumeration,
    DeucesWildHand,
    WildPayout,
    WildPaytable,
    best_payout,
    deuces_wild_payouts,
    deuces_wild_value,
    deuces_wild_values,
    enumerate_deuces_wild,
    evaluate_deuces_wild,
    single_column_paytable,
)
from pacomply.engine.evaluator.pai_gow import (
    HAND_SPLITS,
    JokerRule,
    Outcome,
    PaiGowSetting,
    all_settings,
    bonus_payout_vector,
    enumerate_seven_card_bonus,
    low_hand_value,
    pai_gow_category,
    pai_gow_high_card,
    pai_gow_value,
    pai_gow_values,
    set_hand,
    settle,
    seven_card_bonus_categories,
    seven_card_bonus_category,
    split_values,
    valid_settings,
)
from pacomply.engine.evaluator.standard import (
    StandardHand,
    count_five_card_categories,
    evaluate_standard,
    standard_strength,
    standard_value,
    standard_values,
)

__all__ = [
    "HAND_SPLITS",
    "DeucesWildEnumeration",
    "DeucesWildHand",
    "HandCategory",
    "InvalidHandError",
    "JokerRule",
    "Outcome",
    "PaiGowCategory",
    "PaiGowSetting",
    "SevenCardBonusCategory",
    "StandardHand",
    "WildHandCategory",
    "WildPayout",
    "WildPaytable",
    "all_settings",
    "best_payout",
    "bonus_payout_vector",
    "category_of",
    "count_five_card_categories",
    "deuces_wild_payouts",
    "deuces_wild_value",
    "deuces_wild_values",
    "enumerate_deuces_wild",
    "enumerate_seven_card_bonus",
    "evaluate_deuces_wild",
    "evaluate_standard",
    "low_hand_value",
    "pai_gow_category",
    "pai_gow_high_card",
    "pai_gow_value",
    "pai_gow_values",
    "set_hand",
    "settle",
    "seven_card_bonus_categories",
    "seven_card_bonus_category",
    "single_column_paytable",
    "split_values",
    "standard_strength",
    "standard_value",
    "standard_values",
    "valid_settings",
]
