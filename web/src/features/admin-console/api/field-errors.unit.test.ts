import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from './field-errors';

const refusal = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Bad Request');

describe('the API’s field errors', () => {
  it('maps a validation 400 to a message per dotted path, the first one of a path kept', () => {
    const error = refusal(400, {
      message: 'Invalid request',
      code: 'validation_error',
      details: [
        { path: 'name.en', message: 'Required' },
        { path: 'features.es.2', message: 'Required' },
        { path: 'name.en', message: 'Too long' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ 'name.en': 'Required', 'features.es.2': 'Required' });
  });

  it('is null for any other failure, which the form shows as a whole', () => {
    expect(fieldErrorsOf(refusal(409, { message: 'Id taken', code: 'conflict' }))).toBeNull();
    expect(
      fieldErrorsOf(refusal(400, { message: 'Bad code', code: 'invalid_promotion_code' })),
    ).toBeNull();
    expect(fieldErrorsOf(refusal(400, 'not json'))).toBeNull();
    expect(fieldErrorsOf(new Error('offline'))).toBeNull();
  });
});
