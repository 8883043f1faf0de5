import type { validateForm } from '../../shared/forms/validate.ts';
import type { submitForm } from './submitForm.ts';

// A form's validation (zod and the forms' schemas, about 21 KB gzipped) and its sending (the API client) are
// fetched when a visitor first focuses a field or sends the form, not with the page: most visits to a form
// page never type into it (docs/decisions/0033-light-mode-and-data-budget.md). The Worker checks again.

/** `load`, called once; a failed fetch is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

/** The forms' validator. */
export const loadValidation: () => Promise<typeof validateForm> = once(() => import('../../shared/forms/validate.ts').then((m) => m.validateForm));

/** What sends a form to the Worker. */
export const loadSubmit: () => Promise<typeof submitForm> = once(() => import('./submitForm.ts').then((m) => m.submitForm));
