// Every CSV this project writes is opened in spreadsheets, and its fields are model output and test data:
// untrusted text. A field beginning with =, +, -, @, a tab or a carriage return (or their full-width forms)
// would be read as a live formula, so it gets a leading ' inside a quoted field, as OWASP's CSV injection
// guidance says (csv-stringify's escape_formulas; numbers such as -3 stay numbers). JSONL stays verbatim.

import { stringify, type Stringifier } from 'csv-stringify';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A CSV stream with a header row of `columns` whose text fields cannot become formulas. */
export function spreadsheetCsv(columns: string[]): Stringifier {
  return stringify({
    header: true,
    columns,
    escape_formulas: true,
    cast: { string: (value) => (FORMULA_START.test(value) ? { value, quoted: true } : value) },
  });
}
