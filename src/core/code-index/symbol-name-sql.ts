/**
 * Symbol names have one lookup index, case-folded (`symbols_name`, on
 * `name COLLATE NOCASE`): a case-insensitive definition lookup and an exact
 * one share it, where two indexes took 1.6 MB more of the 53K-file bench
 * corpus' index. SQLite uses it only for a comparison made with NOCASE, so an
 * exact match says both: the NOCASE one finds the rows through the index, the
 * plain one keeps only those of the same case.
 */
export function sameSymbolName(column: string, value: string): string {
  return `${column} = ${value} COLLATE NOCASE AND ${column} = ${value}`;
}

/** A case-insensitive match through the same index (ASCII letters only, as `lower()` folds them). */
export function symbolNameAnyCase(column: string, value: string): string {
  return `${column} = ${value} COLLATE NOCASE`;
}
