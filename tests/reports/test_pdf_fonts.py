"""The bundled font remembers, per document, how each text splits into its subsets' codes
(:class:`pacomply.reports.pdf.styles._RememberingFont`): every split equals reportlab's own for the same texts shown
in the same order, within a document and in a second one that numbers its characters afresh."""

from __future__ import annotations

import gc

from pacomply.reports.pdf.styles import _RememberingFont, font_files
from reportlab.pdfbase.ttfonts import TTFont

#: Texts as a review shows them: repeats, characters new to the document part-way (accents, a section sign, a
#: no-break space, the ellipsis of a shortened line), and enough distinct characters to fill a first subset of codes
#: and open a second.
TEXTS = [
    "Rules Submission Review",
    "58 Pa. Code § 633a.13(k)",
    "Rules Submission Review",
    "Café Ñandú — 2.74 %",
    "58 Pa. Code § 633a.13(k)",
    "Licensee\u00a0name…",
    "".join(chr(code) for code in range(0x100, 0x100 + 300) if chr(code).isprintable()),
    "Rules Submission Review",
    "Café Ñandú — 2.74 %",
    "".join(chr(code) for code in range(0x100, 0x100 + 300) if chr(code).isprintable()),
]


class _Document:
    """Stands for a reportlab document: the fonts key their codes by it (weakly)."""


def test_a_remembered_split_is_reportlabs_split_in_each_document() -> None:
    regular = str(font_files()[0])
    remembering = _RememberingFont("pacomply-test-remembering", regular)
    plain = TTFont("pacomply-test-plain", regular)
    # The second document shows the texts in the other order, so its characters get other codes; both are open.
    documents = []
    for texts in (TEXTS, TEXTS[::-1]):
        document = _Document()
        documents.append(document)
        splits = [remembering.splitString(text, document) for text in texts]
        assert splits == [plain.splitString(text, document) for text in texts]
        assert len({subset for split in splits for subset, _codes in split}) > 1  # a second subset was opened
        assert len(remembering._splits[document]) == len(set(texts))
        # A caller changing the list it was given changes nothing remembered.
        splits[0].clear()
        assert remembering.splitString(texts[0], document) == plain.splitString(texts[0], document)
    del document, documents
    gc.collect()
    assert len(remembering._splits) == 0  # freed with the documents
