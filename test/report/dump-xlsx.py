"""Dumps an XLSX as JSON with openpyxl (an independent reader): for every sheet, in tab order,
its frozen pane, autofilter, and each cell's value and openpyxl data type (s, n, d, b, f, e)."""
import datetime
import json
import sys

import openpyxl


def cell_json(cell):
    value = cell.value
    if isinstance(value, (datetime.datetime, datetime.date)):
        value = value.isoformat()
    fill = cell.fill.fgColor.rgb if cell.fill is not None and cell.fill.fill_type == "solid" else None
    return {"v": value, "t": cell.data_type, "fmt": cell.number_format, "fill": fill}


def main(path):
    book = openpyxl.load_workbook(path, read_only=False, data_only=False)
    out = {"sheets": []}
    for ws in book.worksheets:
        rows = []
        for row in ws.iter_rows():
            rows.append([cell_json(c) for c in row])
        out["sheets"].append(
            {
                "name": ws.title,
                "freeze": ws.freeze_panes,
                "autofilter": ws.auto_filter.ref,
                "rows": rows,
            }
        )
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
