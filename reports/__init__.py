"""Renderers of a Review: text, JSON (and SARIF, Excel, PDF as they land)."""
