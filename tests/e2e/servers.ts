// Addresses of the servers playwright.config.ts starts (dedicated ports, so the suite can run beside
// `npm start` on 8787 and its stand-ins on 8790-8793).
const port = Number(process.env.E2E_PORT ?? 8795);

export const ports = {
  site: port,
  formsubmit: port + 1,
  configuredSite: port + 2,
  configuredFormsubmit: port + 3,
  appwrite: port + 4,
  configuredAppwrite: port + 5,
  // The outbox and push stand-in of each server (+ 6 and + 7 are their Gemini Live emulators).
  outbox: port + 8,
  configuredOutbox: port + 9,
  // The WhatsApp stand-in of each server (Graph API, signed webhooks to that server, the customer's page).
  whatsapp: port + 10,
  configuredWhatsapp: port + 11,
};

/** The site as configured by .dev.vars.example: no analytics id, no scheduling widget. */
export const siteURL = `http://127.0.0.1:${ports.site}`;
export const formsubmitURL = `http://127.0.0.1:${ports.formsubmit}`;
/** What the site sent by e-mail and Web Push (tests/kit/outbox.ts reads it). */
export const outboxURL = `http://localhost:${ports.outbox}`;
/**
 * The WhatsApp stand-in of the first site (tests/kit/whatsapp.ts graphStandIn(whatsappURL): send as a
 * customer, read what the site sent). A test that opens its page sets `test.use({ baseURL: whatsappURL })`:
 * the browser then may reach it, and only it (browserOrigins).
 */
export const whatsappURL = `http://localhost:${ports.whatsapp}`;

/**
 * The same build with analytics and the scheduling widget configured, and without WhatsApp (no number: no
 * WhatsApp link anywhere, whatsapp-links.spec.ts).
 */
export const configuredVars = { ANALYTICS_ID: 'G-TEST123', BOOKING_URL: 'https://calendly.com/voltalabs/30min', WHATSAPP_NUMBER: '' } as const;
export const configuredSiteURL = `http://127.0.0.1:${ports.configuredSite}`;
export const configuredFormsubmitURL = `http://127.0.0.1:${ports.configuredFormsubmit}`;

/**
 * Origins the browser may reach while testing a site: the site itself and the local stand-ins the SPA
 * talks to directly (the Appwrite emulator). Anything else is aborted and fails the test. A test whose
 * baseURL is a stand-in's page (outbox, WhatsApp) may reach that stand-in instead of a site.
 */
export function browserOrigins(baseURL: string): string[] {
  const sitePort = Number(new URL(baseURL).port);
  const appwrite = sitePort === ports.configuredSite ? ports.configuredAppwrite : ports.appwrite;
  return [sitePort, appwrite].flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`, `ws://127.0.0.1:${p}`, `ws://localhost:${p}`]);
}
