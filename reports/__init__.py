"""Renderers of a Review: text, JSON, SARIF, JUnit, Excel and PDF (``reports.interface``), and batch review."""
