"""The review workspace: a store of filings with their reviews, dispositions, sign-offs and audit trail, and the
web application the Board's reviewers work in. It sits at the command line's level: it uses the same readers,
checker and renderers as ``pacomply validate``, and nothing below it knows it exists.

Heavy imports (SQLAlchemy, Flask) happen inside this package's modules, which the CLI imports only for the
``serve`` and ``store`` commands.
"""
