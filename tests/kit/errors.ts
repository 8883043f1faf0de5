// The API's one error shape, as a test expects it (shared/api.ts ApiError; functions/errors.ts makes it).
import { expect } from 'vitest';
import type { ApiError } from '../../shared/api.ts';

/** The answer is `status`, JSON, `{ error, message }` with a message to show (and `error` when given). */
export async function expectApiError(res: Pick<Response, 'status' | 'headers' | 'text'>, status: number, error?: string): Promise<ApiError> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ApiError;
  if (error) expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
