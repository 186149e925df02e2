import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { ValidationIssue } from '@mia/contracts';
import { API_ERROR_CODES } from '@mia/contracts';
import { HttpError } from './errors.js';

type RawIssue = z.core.$ZodRawIssue;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * Readable sentences for zod's built-in issues, naming the field. Messages written in a schema
 * (`z.string().min(6, 'Password must be at least 6 characters')`) take precedence over these.
 */
function friendlyMessage(issue: RawIssue, subject: string): string | undefined {
  const path = issue.path ?? [];
  const field = path.length > 0 ? path.map(String).join('.') : subject;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} is required`
        : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1
          ? `${field} must not be empty`
          : `${field} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} must have at least ${issue.minimum} item(s)`;
      return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} must have at most ${issue.maximum} item(s)`;
      return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `${field} must be a valid email address`
        : `${field} must be a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be one of ${quoteList(issue.values)}`;
    case 'unrecognized_keys':
      return `Unknown field(s) in ${field}: ${issue.keys.join(', ')}`;
    default:
      return `${field} is invalid`;
  }
}

export interface ValidateOptions {
  /** What the value is, for messages about the value as a whole. Default 'Input'. */
  subject?: string;
}

export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** One sentence per distinct problem, in schema order: what the web app shows in its toast. */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  const sentences = [
    ...new Set(issues.map((i) => capitalize(i.message.trim()).replace(/\.$/, ''))),
  ];
  return sentences.join('. ') || 'Invalid input';
}

/** Parses `value` or throws a 400 HttpError `{ message, code: 'validation_error', details }`. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  const subject = options.subject ?? 'Input';
  const result = schema.safeParse(value, { error: (issue) => friendlyMessage(issue, subject) });
  if (result.success) return result.data;
  const details = validationIssues(result.error);
  throw new HttpError(400, validationMessage(details), API_ERROR_CODES.validation, details);
}

/** Replaces req.body with the parsed value, or answers 400. */
export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, _res, next) => {
    req.body = validate(schema, req.body, { subject: 'Request body' });
    next();
  };
}
