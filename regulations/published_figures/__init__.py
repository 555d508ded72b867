"""The Board's published figures, one module per chapter (``chapter_NNNa.FIGURES``; ``regulations.published``)."""
