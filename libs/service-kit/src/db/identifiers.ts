// Schema names end up inside SQL text and channel names, so only plain identifiers are accepted.
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!IDENTIFIER.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and _`);
  }
  return schema;
}

/** `"schema".table`, for kit tables that must not depend on the connection's search_path. */
export const qualified = (schema: string, table: string): string =>
  `"${assertSchemaName(schema)}".${table}`;
