import type { validateForm } from '../../shared/forms/validate.ts';

// A form's validation (zod and the forms' schemas, about 21 KB gzipped) is fetched when a visitor first
// focuses a field or sends the form, not with the page: most visits to a form page never type into it
// (docs/decisions/0033-light-mode-and-data-budget.md). The same rules run again in the Worker on arrival.

let loading: Promise<typeof validateForm> | undefined;

/** The forms' validator, fetched once; a failed fetch is tried again on the next call. */
export function loadValidation(): Promise<typeof validateForm> {
  loading ??= import('../../shared/forms/validate.ts').then(
    (m) => m.validateForm,
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
