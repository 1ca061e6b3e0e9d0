/**
 * A text field of a CSV export: quoted when it holds a comma, a quote or a line break (quotes doubled, RFC 4180); a
 * text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a
 * quote.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole export: a byte-order mark (spreadsheets then read UTF-8), the header, one line per row, CRLF. */
export function csvDocument(header: readonly string[], lines: readonly string[][]): string {
  return `\uFEFF${[header.join(','), ...lines.map((line) => line.join(','))].join('\r\n')}\r\n`;
}
