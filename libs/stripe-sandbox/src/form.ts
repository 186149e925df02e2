/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` with bracket notation for nesting
 * (`metadata[userId]=u1`, `items[0][price]=price_1`, `expand[]=latest_invoice`). The SDK sends
 * indexed arrays (`expand[0]=...`); Stripe.js and curl users also send `[]`.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormDecodeError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = 'FormDecodeError';
  }
}

// Keys that would reach Object.prototype if a decoded object were ever merged carelessly.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
// Maps keyed by the caller (metadata) keep numeric-looking keys as keys, never as array indexes.
const MAPS = new Set(['metadata']);
const MAX_DEPTH = 8;
const APPEND = Symbol('append');

type Segment = string | typeof APPEND;
type Node = Map<string, Node | string>;

/** Splits `a[b][0][]` into ['a', 'b', '0', APPEND]; a key with unbalanced brackets is literal. */
export function parseKey(key: string): Segment[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments: Segment[] = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (const match of rest.matchAll(pattern)) {
    if (match.index !== consumed) return [key];
    const inner = match[1] ?? '';
    segments.push(inner === '' ? APPEND : inner);
    consumed += match[0].length;
  }
  return consumed === rest.length ? segments : [key];
}

function keyName(segments: Segment[], upTo: number): string {
  const [head, ...tail] = segments.slice(0, upTo + 1);
  return `${String(head)}${tail.map((s) => (s === APPEND ? '[]' : `[${s}]`)).join('')}`;
}

function assign(root: Node, segments: Segment[], value: string): void {
  if (segments.length > MAX_DEPTH) {
    throw new FormDecodeError(
      `Parameter nested too deeply: ${keyName(segments, 0)}`,
      String(segments[0]),
    );
  }
  let node = root;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    // `[]` appends: its index is the count of entries the array already has.
    const key = segment === APPEND ? String(node.size) : segment;
    if (FORBIDDEN.has(key)) return;
    if (last) {
      if (node.get(key) instanceof Map) {
        throw new FormDecodeError(
          `Invalid value for ${keyName(segments, i)}`,
          keyName(segments, i),
        );
      }
      node.set(key, value);
      return;
    }
    const existing = node.get(key);
    if (typeof existing === 'string') {
      throw new FormDecodeError(`Invalid value for ${keyName(segments, i)}`, keyName(segments, i));
    }
    const child: Node = existing ?? new Map();
    node.set(key, child);
    node = child;
  }
}

const isIndex = (key: string) => /^(0|[1-9]\d{0,5})$/.test(key);

function finish(node: Node, isMap: boolean): FormValue {
  const keys = [...node.keys()];
  if (!isMap && keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => finishValue(node.get(String(index))!, false));
  }
  const out: FormObject = {};
  for (const key of keys) out[key] = finishValue(node.get(key)!, MAPS.has(key));
  return out;
}

function finishValue(value: Node | string, isMap: boolean): FormValue {
  return typeof value === 'string' ? value : finish(value, isMap);
}

/** Decodes a form body or query string into nested objects and arrays of strings. */
export function decodeForm(input: string | URLSearchParams): FormObject {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const root: Node = new Map();
  for (const [key, value] of params) {
    if (key === '') continue;
    assign(root, parseKey(key), value);
  }
  const out: FormObject = {};
  for (const [key, value] of root) out[key] = finishValue(value, MAPS.has(key));
  return out;
}

/** The inverse, for tests and for building requests the way the SDK does (indexed arrays). */
export function encodeForm(data: FormObject): string {
  const pairs: string[] = [];
  const walk = (prefix: string, value: FormValue) => {
    if (typeof value === 'string') {
      pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(value)}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(`${prefix}[${index}]`, item));
    } else {
      for (const [key, item] of Object.entries(value)) walk(`${prefix}[${key}]`, item);
    }
  };
  for (const [key, value] of Object.entries(data)) walk(key, value);
  return pairs.join('&');
}
