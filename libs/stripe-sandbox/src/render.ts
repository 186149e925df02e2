import type { SandboxState } from './state.js';
import { findById } from './state.js';

/**
 * Fields Stripe returns only when asked for with `expand[]` (includable fields): an invoice's
 * confirmation secret is one, so billing must expand `latest_invoice.confirmation_secret`.
 */
const INCLUDABLE: Record<string, readonly string[]> = {
  invoice: ['confirmation_secret', 'payments'],
  charge: ['refunds'],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Groups ['a.b', 'a.c', 'd'] as { a: [['b'], ['c']], d: [[]] }. */
function byHead(paths: string[][]): Map<string, string[][]> {
  const grouped = new Map<string, string[][]>();
  for (const [head, ...rest] of paths) {
    if (head === undefined) continue;
    const list = grouped.get(head) ?? [];
    list.push(rest);
    grouped.set(head, list);
  }
  return grouped;
}

function renderValue(state: SandboxState, value: unknown, paths: string[][]): Json {
  if (Array.isArray(value)) return value.map((item) => renderValue(state, item, paths));
  if (!isRecord(value)) return value as Json;
  return renderObject(state, value, paths);
}

function renderObject(state: SandboxState, obj: Record<string, unknown>, paths: string[][]): Json {
  const grouped = byHead(paths.filter((path) => path.length > 0));
  const hidden = typeof obj.object === 'string' ? (INCLUDABLE[obj.object] ?? []) : [];
  const out: Record<string, Json> = {};
  for (const [key, raw] of Object.entries(obj)) {
    if (raw === undefined) continue;
    if (hidden.includes(key) && !grouped.has(key)) continue;
    let value: unknown = raw;
    const nested = grouped.get(key) ?? [];
    if (grouped.has(key) && typeof value === 'string') value = findById(state, value) ?? value;
    out[key] = renderValue(state, value, nested);
  }
  return out;
}

/**
 * A stored object as the API answers it: a deep copy, includable fields dropped unless expanded,
 * and ids on the `expand` paths (`latest_invoice.confirmation_secret`, `data.customer`) replaced
 * by the objects they name.
 */
export function render(state: SandboxState, obj: object, expand: readonly string[] = []): Json {
  return renderObject(
    state,
    obj as Record<string, unknown>,
    expand.map((path) => path.split('.')),
  );
}
