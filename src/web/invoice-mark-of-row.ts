/** The join of a row `r` to the invoice mark (`m`) whose run of rows holds it: the nearest run starting at or before it, if it reaches the row. */
export const MARK_OF_ROW = `m.check_id = r.check_id
  AND m.first_row = (SELECT MAX(x.first_row) FROM invoice_marks x WHERE x.check_id = r.check_id AND x.first_row <= r.row_num)
  AND m.last_row >= r.row_num`;
