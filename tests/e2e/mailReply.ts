import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The documented command `npm run mail:reply` (scripts/mail-reply.ts) against a browser test's site and its
 * Appwrite stand-in: the prospect's answer posted to wrangler dev's /cdn-cgi/handler/email. Rejects (with the
 * command's code and output) when the Worker refused the message.
 */
export const mailReplyTo = (site: string, appwriteEndpoint: string) => (args: string[]) =>
  run(process.execPath, ['scripts/mail-reply.ts', '--url', site, ...args], { env: { ...process.env, APPWRITE_ENDPOINT: appwriteEndpoint } });
