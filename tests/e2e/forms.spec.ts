import type { Locator, Page } from '@playwright/test';
import { formDefinitions, requiredMessage, type FieldDef, type FormKind } from '../../shared/forms/index.ts';
import { routeForPath } from '../../shared/routes.ts';
import { formsubmitURL } from './servers.ts';
import { test, expect, gotoHydrated } from './fixtures.ts';

// The five forms end to end: the browser fills the real form, the Worker queues the submission, the
// queue consumer delivers it to the FormSubmit emulator, whose record we read back.

interface Received {
  token: string;
  fields: Record<string, string>;
  outcome: string;
}

const forms: { kind: FormKind; path: string; name: string; submit: string }[] = [
  { kind: 'contact', path: '/contact', name: 'Contact form', submit: 'Send message' },
  { kind: 'career', path: '/career-form', name: 'Job application', submit: 'Send application' },
  { kind: 'affiliate', path: '/affiliate-form', name: 'Partner application', submit: 'Send application' },
  { kind: 'seo-audit', path: '/services/seo-audit', name: 'SEO audit request', submit: 'Request my free audit' },
  { kind: 'booking', path: '/booking', name: 'Booking request', submit: 'Request a booking' },
];

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A valid value for each field, unique to this run so that the delivered e-mail can be found. */
function validValue(f: FieldDef, marker: string): string {
  const long = (base: string) => (base.length >= (f.min ?? 0) ? base : `${base} ${'More detail about the request. '.repeat(3)}`).slice(0, f.max);
  switch (f.type) {
    case 'email': return `e2e-${marker}@example.com`;
    case 'tel': return '+233 24 123 4567';
    case 'url': return `https://example.com/${marker}`;
    case 'select': return f.options![1] ?? f.options![0]!;
    case 'date': return inDays(7);
    case 'timezone': return 'Africa/Accra';
    case 'textarea': return long(`Automated end-to-end test ${marker}: we would like a fast, accessible website for our bakery in Accra.`);
    default:
      if (f.name === 'name') return `Ama Mensah ${marker}`;
      if (f.name === 'country') return 'Ghana';
      return long(`Test ${f.name} ${marker}`);
  }
}

const formOf = (page: Page, name: string) => page.getByRole('form', { name });

async function fill(form: Locator, f: FieldDef, value: string) {
  const field = form.getByLabel(f.label, { exact: true });
  if (f.type === 'select') await field.selectOption(value);
  else await field.fill(value);
}

async function received(request: import('@playwright/test').APIRequestContext): Promise<Received[]> {
  const res = await request.get(`${formsubmitURL}/__received`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Received[] | { received: Received[] };
  return Array.isArray(body) ? body : body.received;
}

test.describe('a valid submission reaches /success and is delivered to FormSubmit', () => {
  for (const f of forms) {
    test(`${f.kind} (${f.path})`, async ({ page, request }, testInfo) => {
      const def = formDefinitions[f.kind];
      const marker = `${f.kind}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
      const values = Object.fromEntries(def.fields.map((field) => [field.name, validValue(field, marker)]));

      await gotoHydrated(page, f.path);
      const form = formOf(page, f.name);
      await expect(form).toBeVisible();
      for (const field of def.fields) await fill(form, field, values[field.name]!);

      const posted = page.waitForResponse((r) => r.url().endsWith(`/api/forms/${f.kind}`) && r.request().method() === 'POST');
      await form.getByRole('button', { name: f.submit }).click();
      expect((await posted).status()).toBe(202);
      await expect(page).toHaveURL(/\/success$/);
      await expect(page).toHaveTitle(routeForPath('/success')!.title);
      await expect(page.locator('h1')).toBeVisible();

      // The queue consumer delivers asynchronously.
      let delivered: Received | undefined;
      await expect.poll(async () => {
        delivered = (await received(request)).find((r) => r.fields.email === values.email);
        return !!delivered;
      }, { timeout: 15_000, message: 'submission delivered to the FormSubmit emulator' }).toBe(true);
      for (const field of def.fields) expect(delivered!.fields[field.name], field.name).toBe(values[field.name]);
      expect(delivered!.fields._replyto).toBe(values.email);
      expect(delivered!.fields._subject).toBe(def.subject(values));
      expect(delivered!.outcome).toBe('ok');
    });
  }
});

test.describe('an empty submission shows errors next to the fields and sends nothing', () => {
  for (const f of forms) {
    test(`${f.kind} (${f.path})`, async ({ page, axe }) => {
      const def = formDefinitions[f.kind];
      const apiCalls: string[] = [];
      page.on('request', (r) => { if (r.url().includes('/api/forms/')) apiCalls.push(r.url()); });

      await gotoHydrated(page, f.path);
      const form = formOf(page, f.name);
      // Fields the page fills in for the visitor (the booking form's time zone) are emptied first.
      for (const field of def.fields) {
        if (field.type !== 'select') await form.getByLabel(field.label, { exact: true }).fill('');
      }
      await form.getByRole('button', { name: f.submit }).click();

      const required = def.fields.filter((x) => x.required);
      expect(required.length).toBeGreaterThan(0);
      for (const field of required) {
        const input = form.getByLabel(field.label, { exact: true });
        await expect(input, field.name).toHaveAttribute('aria-invalid', 'true');
        // The error text is linked to the field and sits next to it.
        await expect(input).toHaveAccessibleDescription(new RegExp(requiredMessage(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
        const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
        const errorIndex = texts.findIndex((t) => t.includes(requiredMessage(field)));
        expect(errorIndex, `error text of ${field.name} linked by aria-describedby`).toBeGreaterThanOrEqual(0);
        const errorEl = page.locator(`[id="${ids[errorIndex]}"]`);
        await expect(errorEl).toBeVisible();
        const [a, b] = [await input.boundingBox(), await errorEl.boundingBox()];
        expect(Math.abs(b!.y - (a!.y + a!.height)), `error of ${field.name} right below the field`).toBeLessThan(60);
      }
      for (const field of def.fields.filter((x) => !x.required)) {
        await expect(form.getByLabel(field.label, { exact: true }), field.name).not.toHaveAttribute('aria-invalid', 'true');
      }
      // A summary is announced and focus moves to the first invalid field.
      await expect(form.getByRole('alert')).toBeVisible();
      await expect(form.getByLabel(required[0]!.label, { exact: true })).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${f.path}$`));
      expect(apiCalls, 'nothing is sent').toEqual([]);

      if (f.kind === 'contact') await axe();
    });
  }

  test("the form's validation (zod and the schemas) is fetched with the first focus in the form, not with the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await gotoHydrated(page, '/contact');
    // The page's code and the app have all arrived: nothing is waiting to be fetched.
    await page.waitForLoadState('networkidle');
    const validation = (list: string[]) => list.filter((p) => /\/assets\/(validate|zodJitless)-[\w-]+\.js$/.test(p));
    expect(validation(scripts), 'with the page').toEqual([]);

    const form = formOf(page, 'Contact form');
    const email = form.getByLabel(formDefinitions.contact.fields.find((x) => x.name === 'email')!.label, { exact: true });
    await email.fill('not-an-email');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(validation(scripts).length, 'with the first focus').toBeGreaterThan(0);
  });

  test('a field marked wrong is cleared as the visitor corrects it', async ({ page }) => {
    const def = formDefinitions.contact;
    await gotoHydrated(page, '/contact');
    const form = formOf(page, 'Contact form');
    await form.getByRole('button', { name: 'Send message' }).click();
    const email = form.getByLabel(def.fields.find((x) => x.name === 'email')!.label, { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('not-an-email');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('ama@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});
