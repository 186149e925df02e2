import { z } from 'zod';

/**
 * Where a tool opens. Today every tool is a custom GPT; another kind (a web app of our own, an
 * assistant elsewhere) is new data, not new code.
 */
export const destinationKinds = ['custom-gpt', 'web-app'] as const;
export type DestinationKind = (typeof destinationKinds)[number];
export const destinationKindSchema = z.enum(destinationKinds);

/** An absolute http(s) URL: the browser opens it in a new tab, so no other scheme is safe. */
export const destinationUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'must be an absolute http(s) URL',
});

export const toolDestinationSchema = z.object({
  kind: destinationKindSchema,
  url: destinationUrlSchema,
});

export interface ToolDestination {
  readonly kind: DestinationKind;
  readonly url: string;
}
