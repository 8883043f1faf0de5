import { z } from 'zod';

// The e-mail rules, each written once.

const emailFormat = z.email();

/**
 * A valid e-mail address: the rule of every form, the account pages, every address the chat takes (the
 * Worker checks it for chat leads, pricing requests, the AI's lead tool and live chats), erasure and the
 * mail headers (shared/mailHeaders.ts). One address only: "a@b.co, c@d.co" is not one.
 */
export const isEmailAddress = (value: string): boolean => emailFormat.safeParse(value).success;

/**
 * The chat's visible rule (docs/product.md §7): the same rule on what the visitor typed (surrounding
 * spaces ignored), so the widget never collects an address the Worker would refuse, nor one erasure
 * could not find.
 */
export const isChatEmail = (text: string): boolean => isEmailAddress(text.trim());
