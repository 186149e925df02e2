import type { z } from 'zod';
import { isProductId, products, type ProductId } from './products.js';
import {
  destinationUrlSchema,
  toolDestinationSchema,
  type ToolDestination,
} from './tool-destination.js';

/** Where each tool opens, once configuration has been applied. */
export type ToolDestinations = Readonly<Record<ProductId, ToolDestination>>;

/** A configuration error, with every problem found, worded for whoever edits the setting. */
export class DestinationConfigError extends Error {
  override readonly name = 'DestinationConfigError';
}

// A bare URL keeps the kind of the catalogue's default (a custom GPT today).
const overrideSchema = (value: unknown) =>
  typeof value === 'string' ? destinationUrlSchema : toolDestinationSchema.strict();

const issueText = (id: string, issue: z.core.$ZodIssue): string =>
  [id, ...issue.path.map(String)].join('.') + `: ${issue.message}`;

/**
 * The catalogue's destinations with configuration applied. `overridesJson` is a JSON object
 * (the `GPT_URLS` setting) mapping product ids to a URL or to `{kind, url}`; products it does
 * not mention keep their default. Empty or absent means no overrides. Pure: the caller reads
 * the environment.
 *
 * @throws DestinationConfigError on malformed JSON, unknown product ids, unknown kinds or
 * URLs that are not absolute http(s).
 */
export function resolveDestinations(overridesJson?: string): ToolDestinations {
  const defaults = Object.fromEntries(products.map((p) => [p.id, p.destination])) as Record<
    ProductId,
    ToolDestination
  >;
  if (overridesJson === undefined || overridesJson.trim() === '') return defaults;

  let raw: unknown;
  try {
    raw = JSON.parse(overridesJson);
  } catch (error) {
    throw new DestinationConfigError(
      `Tool destinations must be a JSON object {"<productId>": "<url>"}: ${(error as Error).message}`,
    );
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DestinationConfigError(
      'Tool destinations must be a JSON object {"<productId>": "<url>" or {"kind", "url"}}',
    );
  }

  const problems: string[] = [];
  const resolved = { ...defaults };
  for (const [id, value] of Object.entries(raw)) {
    if (!isProductId(id)) {
      problems.push(`${id}: unknown product (known: ${Object.keys(defaults).join(', ')})`);
      continue;
    }
    const parsed = overrideSchema(value).safeParse(value);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => issueText(id, issue)));
      continue;
    }
    const override = parsed.data;
    resolved[id] =
      typeof override === 'string'
        ? { kind: defaults[id].kind, url: override }
        : { kind: override.kind, url: override.url };
  }
  if (problems.length > 0) {
    throw new DestinationConfigError(`Invalid tool destinations: ${problems.join('; ')}`);
  }
  return resolved;
}
