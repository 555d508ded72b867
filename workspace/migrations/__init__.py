"""Alembic migrations of the workspace store; ``pacomply serve`` and ``pacomply store`` upgrade to the head."""
