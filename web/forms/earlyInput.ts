import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

// What a visitor types or chooses before the app has hydrated lives in the DOM only: the first render of a
// controlled field would write its state (empty) back over it. A form that adopts those values as it
// hydrates (useEarlyInput) can leave its fields to the browser alone until then (nativeUntil('main'),
// web/hydration/ready.tsx). docs/decisions/0009-first-paint-from-html.md.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The value the prerendered HTML gave a field. */
function prerendered(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
  }
  return field.defaultValue;
}

/** Calls `adopt` once, as the form mounts (in the commit that hydrates it), with those of the fields `names`
 * whose value is no longer the one the HTML gave them; not at all when there is none (a form the app
 * rendered). */
export function useEarlyInput(
  form: RefObject<HTMLFormElement | null>,
  names: readonly string[],
  adopt: (typed: Record<string, string>) => void,
) {
  const onMount = useEffectEvent(() => {
    const typed: Record<string, string> = {};
    for (const field of form.current?.elements ?? []) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) continue;
      if (!names.includes(field.name) || ['hidden', 'checkbox', 'radio', 'file'].includes(field.type)) continue;
      if (field.value !== prerendered(field)) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length) adopt(typed);
  });
  // A layout effect: state set here is rendered before the browser handles the next event, so a submit
  // right after hydration already sees the adopted values.
  useLayoutEffect(() => onMount(), []);
}
