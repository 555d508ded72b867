"""The rules: a registry of every check with its citation, and the review of a filing against them."""
