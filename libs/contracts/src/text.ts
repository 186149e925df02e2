import { z } from 'zod';

/**
 * Text that crosses a service boundary ends up in logs, e-mails, HTML and terminals, where a
 * stray control character (NUL, ESC sequences, C1 controls) hides or forges content. Contracts
 * therefore refuse them at the edge: single-line text refuses every C0/C1 control and DEL;
 * multi-line text (ticket descriptions, message bodies) allows only tab, line feed and
 * carriage return. Both refuse half of a UTF-16 surrogate pair (`\p{Cs}` in unicode mode), which
 * JSON can carry but no UTF-8 database or mail can store.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}]*$/u;

export const SINGLE_LINE_CONTROL_MESSAGE = 'Must be a single line without control characters';
export const MULTI_LINE_CONTROL_MESSAGE = 'Must not contain control characters';

export interface TextOptions {
  /** Minimum length after trimming (when trimming); default 1, so text is never empty. */
  min?: number;
  max?: number;
  /**
   * Trim surrounding whitespace before the length checks. For browser requests only: event
   * schemas never transform, since what a producer appends is what consumers read.
   */
  trim?: boolean;
  minMessage?: string;
  maxMessage?: string;
  /** Message when the value is missing or not a string. */
  requiredMessage?: string;
  controlMessage?: string;
}

function text(pattern: RegExp, defaultControlMessage: string, options: TextOptions): z.ZodString {
  const { min = 1, max, trim = false, minMessage, maxMessage, requiredMessage } = options;
  let schema = requiredMessage ? z.string({ error: requiredMessage }) : z.string();
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, minMessage);
  if (max !== undefined) schema = schema.max(max, maxMessage);
  return schema.regex(pattern, options.controlMessage ?? defaultControlMessage);
}

/** A string on one line: names, titles, ids from providers, codes, reasons. */
export const singleLineText = (options: TextOptions = {}): z.ZodString =>
  text(SINGLE_LINE, SINGLE_LINE_CONTROL_MESSAGE, options);

/** A string that may span lines (tab, LF and CR allowed): descriptions, message bodies. */
export const multiLineText = (options: TextOptions = {}): z.ZodString =>
  text(MULTI_LINE, MULTI_LINE_CONTROL_MESSAGE, options);
