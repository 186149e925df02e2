/**
 * Paths where two message catalogues differ in shape: a key missing on either side, or a value of
 * a different kind (text, list, group, function with another number of parameters). The type
 * system already catches this for `en.ts`; this check also covers catalogues built at run time.
 */
export function shapeDifferences(reference: unknown, other: unknown, path = ''): string[] {
  const kind = (value: unknown) =>
    Array.isArray(value)
      ? 'list'
      : typeof value === 'function'
        ? `function/${(value as (...args: unknown[]) => unknown).length}`
        : value === null
          ? 'null'
          : typeof value;

  const here = path || '(root)';
  if (kind(reference) !== kind(other)) return [`${here}: ${kind(reference)} vs ${kind(other)}`];

  if (Array.isArray(reference) && Array.isArray(other)) {
    const differences: string[] =
      reference.length === other.length
        ? []
        : [`${here}: ${reference.length} items vs ${other.length}`];
    const shared = Math.min(reference.length, other.length);
    for (let index = 0; index < shared; index += 1) {
      differences.push(...shapeDifferences(reference[index], other[index], `${path}[${index}]`));
    }
    return differences;
  }

  if (typeof reference === 'object' && reference !== null) {
    const a = reference as Record<string, unknown>;
    const b = other as Record<string, unknown>;
    const differences: string[] = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in b)) differences.push(`${child}: missing in the other locale`);
      else if (!(key in a)) differences.push(`${child}: missing in the reference locale`);
      else differences.push(...shapeDifferences(a[key], b[key], child));
    }
    return differences;
  }

  if (typeof reference === 'string' && (reference as string).trim() === '') {
    return [`${here}: empty text`];
  }
  if (typeof other === 'string' && (other as string).trim() === '') return [`${here}: empty text`];
  return [];
}

/** Every text leaf of a catalogue, with functions called with sample arguments. */
export function collectTexts(
  messages: unknown,
  sample: unknown[] = ['X', 1, 'Y', 'Z', 3],
): string[] {
  if (typeof messages === 'string') return [messages];
  if (typeof messages === 'function') {
    return collectTexts((messages as (...args: unknown[]) => unknown)(...sample), sample);
  }
  if (Array.isArray(messages)) return messages.flatMap((item) => collectTexts(item, sample));
  if (messages && typeof messages === 'object') {
    return Object.values(messages).flatMap((value) => collectTexts(value, sample));
  }
  return [];
}
