"""A PDF filing made ready for text extraction (qpdf, through pikepdf): form-field values drawn as text, a damaged
cross-reference table rebuilt as qpdf rebuilds it, pages turned so that their text reads upright.

- **Form fields.** A checklist filled through its AcroForm fields keeps the answers in the fields (``/V``), not in
  the page's text; a viewer shows them through each widget's appearance stream, which a filler may not even write
  (``/NeedAppearances``). pdfplumber reads page text only. So each widget's value (a text field's text, a choice,
  a ticked check box or radio button as ``X``) is drawn as text inside the widget's rectangle, in the page's own
  content (the reader drops the blank's underscores that the value covers). The value comes from ``/V``
  (inherited from the field's parents), never from the appearance: the value is what the form holds.
- **A damaged cross-reference table.** An incremental update appends a revision; if the offset of its
  cross-reference section is off, or its entries point a few bytes off their objects, pdfminer's own recovery can
  land on an earlier revision and read answers the filer has since changed. qpdf notices bad entries only when it
  reads their objects, so every object is read before its warnings are asked. qpdf rebuilds the table from the
  objects in file order, the last definition of each object winning (the latest revision, as poppler reads it
  too); the rebuilt file is what the reader reads.
- **Turned pages.** A page whose text runs sideways or upside down (``/Rotate``, or content drawn turned) is given
  the ``/Rotate`` that shows its text upright, as text-extraction tools read it along its own direction.

Nothing here inflates a stream: the file is written back with its streams as they are
(``StreamDecodeLevel.none``), and the bounded decoding of :mod:`.pdf_streams` still applies when pdfplumber reads
the result. A file qpdf cannot open is left as it is, for the reader's own errors to describe.
"""

from __future__ import annotations

import io
from typing import Any

MAX_WIDGETS_PER_PAGE = 2_000
MAX_VALUE_CHARACTERS = 500
_FONT_RESOURCE = "/PacomplyFieldValue"
_PUSH_BUTTON = 1 << 16
_MAX_PARENT_DEPTH = 32
# What qpdf says when the cross-reference table had to be rebuilt from the objects themselves.
_DAMAGE_WORDS = ("file is damaged", "reconstruct", "xref not found")


def prepare(data: bytes, max_pages: int) -> bytes:
    """``data`` with form values drawn and a damaged cross-reference table rebuilt; ``data`` itself when nothing
    needed doing or qpdf cannot open the file (an encrypted one included: the reader refuses it, saying so)."""
    import pikepdf

    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except Exception:  # qpdf refuses what pdfminer may still describe better: left to the reader
        return data
    with pdf:
        try:
            if pdf.is_encrypted or len(pdf.pages) > max_pages:
                return data
            # qpdf finds an entry of the cross-reference table that points a few bytes off its object only when
            # it reads that object; read every object first, so that such a table is rebuilt too (an incremental
            # update whose entries are off would otherwise be read by pdfminer at the earlier revision's object).
            for _object in pdf.objects:
                pass
            damaged = any(word in warning.lower() for warning in pdf.get_warnings() for word in _DAMAGE_WORDS)
            drawn = _draw_field_values(pdf)
            if not damaged and not drawn:
                return data
            return _saved(pdf)
        except Exception:  # a form or page tree qpdf cannot walk: read the file as it is
            return data


def turned(data: bytes, turns: dict[int, int]) -> bytes:
    """``data`` with page ``index`` (0-based) turned clockwise by ``turns[index]`` degrees (a multiple of 90)."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        for index, degrees in turns.items():
            pdf.pages[index].rotate(degrees, relative=True)
        return _saved(pdf)


def _saved(pdf: Any) -> bytes:
    import pikepdf

    output = io.BytesIO()
    # Streams are copied as they are, never decoded: a decompression bomb stays compressed until the bounded
    # decoders meet it.
    pdf.save(output, stream_decode_level=pikepdf.StreamDecodeLevel.none, deterministic_id=True)
    return output.getvalue()


def _inherited(widget: Any, key: str) -> Any:
    """A field attribute, from the widget or the nearest parent field that has it (a field's value is inherited)."""
    import pikepdf

    node, depth = widget, 0
    while isinstance(node, pikepdf.Dictionary) and depth < _MAX_PARENT_DEPTH:
        if key in node:
            return node[key]
        node, depth = node.get("/Parent"), depth + 1
    return None


def _on_states(widget: Any) -> set[str]:
    """The names of a check box's or radio button's 'on' appearance states (its /AP /N keys other than /Off)."""
    import pikepdf

    appearance = widget.get("/AP")
    normal = appearance.get("/N") if isinstance(appearance, pikepdf.Dictionary) else None
    if not isinstance(normal, pikepdf.Dictionary):
        return set()
    return {str(key) for key in normal if str(key) != "/Off"}


def widget_text(widget: Any) -> str | None:
    """What the field behind a widget holds, as text to draw: ``X`` for a ticked box, the text of a text or choice
    field; None when it holds nothing (or is a push button)."""
    import pikepdf

    kind = _inherited(widget, "/FT")
    value = _inherited(widget, "/V")
    if kind == pikepdf.Name.Btn:
        flags = _inherited(widget, "/Ff")
        if isinstance(flags, int) and int(flags) & _PUSH_BUTTON:
            return None
        states = _on_states(widget)
        state = widget.get("/AS")
        if isinstance(value, pikepdf.Name):
            # A radio group's value names the chosen button's on-state; a check box's names its own.
            ticked = str(value) != "/Off" and (not states or str(value) in states)
        else:
            ticked = isinstance(state, pikepdf.Name) and str(state) != "/Off"
        return "X" if ticked else None
    if isinstance(value, pikepdf.String):
        text = str(value)
    elif isinstance(value, pikepdf.Array):  # a list box with several choices
        text = ", ".join(str(item) for item in value if isinstance(item, pikepdf.String))
    else:
        return None
    text = " ".join(text.split())[:MAX_VALUE_CHARACTERS]
    return text or None


def _draw_field_values(pdf: Any) -> bool:
    """Draw every widget's value into its page; True when any was drawn."""
    import pikepdf

    font = None
    drawn_any = False
    for page in pdf.pages:
        annotations = page.obj.get("/Annots")
        if not isinstance(annotations, pikepdf.Array):
            continue
        pieces: list[bytes] = []
        for widget in list(annotations)[:MAX_WIDGETS_PER_PAGE]:
            if not isinstance(widget, pikepdf.Dictionary) or widget.get("/Subtype") != pikepdf.Name.Widget:
                continue
            text = widget_text(widget)
            rectangle = widget.get("/Rect")
            if text is None or not isinstance(rectangle, pikepdf.Array) or len(rectangle) != 4:
                continue
            try:
                x0, y0, x1, y1 = (float(number) for number in rectangle)
            except (TypeError, ValueError):
                continue
            pieces.append(_text_operators(text, min(x0, x1), min(y0, y1), abs(y1 - y0)))
        if not pieces:
            continue
        if font is None:
            font = pdf.make_indirect(
                pikepdf.Dictionary(
                    Type=pikepdf.Name.Font,
                    Subtype=pikepdf.Name.Type1,
                    BaseFont=pikepdf.Name.Helvetica,
                    Encoding=pikepdf.Name.WinAnsiEncoding,
                )
            )
        page.add_resource(font, pikepdf.Name.Font, pikepdf.Name(_FONT_RESOURCE))
        # The page's own drawing is closed in q/Q, so the values are drawn in the default user space, where the
        # widgets' rectangles are.
        page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
        page.contents_add(pikepdf.Stream(pdf, b"\nQ\n" + b"\n".join(pieces) + b"\n"))
        drawn_any = True
    return drawn_any


def _text_operators(text: str, x: float, y: float, height: float) -> bytes:
    """Draw ``text`` on one line inside a widget's rectangle, at its left, centred in its height."""
    size = max(4.0, min(9.0, height * 0.75))
    baseline = y + max(0.5, (height - size) / 2 + 0.2 * size)
    # Helvetica's WinAnsi encoding covers the Latin text of a filing; a character beyond it is shown as '?', and
    # so visibly not what the filer typed.
    encoded = text.encode("cp1252", errors="replace").hex().upper()
    return f"BT {_FONT_RESOURCE} {size:.2f} Tf 1 0 0 1 {x + 1:.2f} {baseline:.2f} Tm <{encoded}> Tj ET".encode("ascii")
