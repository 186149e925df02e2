/** `openid` only names the account, which the screen shows anyway: it is no separate permission. */
const SILENT_SCOPES = new Set(['openid']);

/**
 * The lines under "It will be able to:", one per requested scope, in the order asked: the
 * catalogue's sentence for a scope it knows, the scope itself for one it does not (a permission
 * is never left out of what the person approves).
 */
export function scopeLines(scopes: readonly string[], texts: Readonly<Record<string, string>>) {
  const lines: string[] = [];
  for (const scope of new Set(scopes)) {
    if (SILENT_SCOPES.has(scope)) continue;
    lines.push(Object.hasOwn(texts, scope) ? texts[scope]! : scope);
  }
  return lines;
}

/** A registered client may have sent no name: its id is what identifies it then. */
export const clientLabel = (client: { id: string; name: string }): string =>
  client.name.trim() || client.id;
