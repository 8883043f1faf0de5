import { z } from 'zod';

// The e-mail rules, each written once.

const emailFormat = z.email();

/**
 * A valid e-mail address: the rule of every form, the account pages, the chat's server-side checks and the
 * mail headers (shared/mailHeaders.ts).
 */
export const isEmailAddress = (value: string): boolean => emailFormat.safeParse(value).success;

/**
 * The chat's visible rule (docs/product.md §7): the address holds both '@' and '.'. Deliberately lenient
 * in the conversation; the server applies isEmailAddress where an address is used to send mail.
 */
export const isChatEmail = (text: string): boolean => text.includes('@') && text.includes('.');
