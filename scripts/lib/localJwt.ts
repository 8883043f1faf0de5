// A local account's JWT as the SPA gets it: an e-mail session with the Appwrite emulator, then
// account.createJWT() (POST /account/jwts). For the benchmarks, which call the Worker as staff.
export async function localJwt(appwriteUrl: string, projectId: string, account: { email: string; password: string }): Promise<string> {
  const headers = { 'Content-Type': 'application/json', 'X-Appwrite-Project': projectId };
  const session = await fetch(`${appwriteUrl}/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email: account.email, password: account.password }) });
  if (!session.ok) throw new Error(`sign-in: HTTP ${session.status}`);
  const cookie = session.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const jwt = await fetch(`${appwriteUrl}/account/jwts`, { method: 'POST', headers: { ...headers, Cookie: cookie } });
  return ((await jwt.json()) as { jwt: string }).jwt;
}
