// One way to print a benchmark's or a drill's results: a Markdown table padded to its widest cells.
'use strict';

/** Prints `header` and `rows` (arrays of strings) as one Markdown table. */
function printTable(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (values) => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

module.exports = { printTable };
