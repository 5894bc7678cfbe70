"""Formatting: numbers as the tables print them, and the tables."""


def fmt_ms(value):
    if value is None:
        return "n/a"
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def fmt_ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "n/a"


def fmt_value(value):
    """A figure of any unit: three significant digits or so, thousands grouped."""
    if value is None:
        return "n/a"
    magnitude = abs(value)
    if magnitude >= 1000:
        return f"{value:,.0f}"
    if magnitude >= 100:
        return f"{value:.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def table(headers, rows):
    """Columns padded to their widest cell: the first left-aligned, the others right-aligned."""
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h)) for i, h in enumerate(headers)]

    def line(cells):
        return "  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])
