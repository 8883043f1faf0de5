// Public runtime configuration: what the Worker tells the SPA (docs/architecture.md §9: one build for every
// environment). Served at GET /api/config and embedded by the Worker into every HTML page.
export interface PublicConfig {
  siteUrl: string;
  assistantName: string;
  /** Google Analytics 4 measurement id; null: no analytics at all. */
  analyticsId: string | null;
  /** Scheduling widget URL (Calendly event); null: the booking request form is shown instead. */
  bookingUrl: string | null;
  /** Accounts (Appwrite web SDK); null: accounts are unavailable, the auth helpers do nothing and report success. */
  appwrite: AppwritePublicConfig | null;
  /** Voice input (/api/voice) can reach a Gemini Live endpoint; false: the microphone button is not offered. */
  voiceAvailable: boolean;
  /** VAPID public key (base64url) for staff devices' push subscriptions; null: push is not configured. */
  vapidPublicKey: string | null;
  /** The business WhatsApp number (digits) for the wa.me links; null: WhatsApp is not configured, no link is shown. */
  whatsappNumber: string | null;
}

export interface AppwritePublicConfig {
  /** The API endpoint, e.g. https://cloud.appwrite.io/v1 (no trailing slash). */
  endpoint: string;
  projectId: string;
  /** The product's database (default "main"); its collections are shared/appwrite/schema.ts. */
  databaseId: string;
}

export const CONFIG_META_NAME = 'app-config';
