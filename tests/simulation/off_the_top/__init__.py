"""Vectorised off-the-top simulators: the tests' fast, independent cross-checks of the exact enumerations.

Each deals distinct cards off the top of a full shoe (the model the exact analysis counts) and settles them with
array code of its own, so a test compares two code paths. The product never runs them: ``pacomply simulate`` deals
rounds from a real shoe through each game's ``ROUND_GAME`` (``engine/simulation/``) and settles them with the rules
of play, as ``replay`` does.
"""
