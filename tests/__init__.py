"""The test suite: a package, so a test folder such as tests/regulations is tests.regulations, never a top-level name
that shadows a layer of the checkout (tests/import_identity.py)."""
