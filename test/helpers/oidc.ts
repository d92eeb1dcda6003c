/**
 * A real OpenID provider inside the test run (oidc-provider by panva, v8: the major that supports
 * Node 20), on a free port of 127.0.0.1, with one client of the product. Its development
 * interactions are the provider's own login page: any login name signs in as that account (the
 * password is not checked), whose claims are sub = preferred_username = the login name, name and
 * email (<login>@idp.test). Consent is granted at once (loadExistingGrant), as a company's own
 * provider configured for its own application does.
 *
 *   const idp = await startProvider({ redirectUri: 'http://app.test/api/auth/oidc/callback' });
 *   const callback = await idp.signInAt(authorizationUrl, 'storekeeper');   // the redirect back, with code, state, iss
 *   await idp.close();
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows the provider's pages as a browser would (login name typed), up to the redirect back to the product; returns that address. */
  signInAt(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

export async function startProvider(opts: { redirectUri: string; postLogoutUri?: string; clientId?: string; clientSecret?: string }): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? 'aeroerp';
  const clientSecret = opts.clientSecret ?? 'a-client-secret-of-the-test-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: opts.postLogoutUri ? [opts.postLogoutUri] : [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, preferred_username: id, name: `${id} (IdP)`, email: `${id}@idp.test` }),
    }),
    loadExistingGrant: async (ctx) => {
      const existing = ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async signInAt(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const keep = (res: Response) => {
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          jar.set(pair.slice(0, i), pair.slice(i + 1));
        }
      };
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      let url = authorizationUrl;
      let body: string | undefined;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(opts.redirectUri)) return url;
        const res = await fetch(url, {
          method: body ? 'POST' : 'GET',
          redirect: 'manual',
          headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          body,
        });
        keep(res);
        body = undefined;
        const location = res.headers.get('location');
        if (location) {
          url = new URL(location, url).href;
          continue;
        }
        // the provider's login page: its form posts the login name
        const html = await res.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`the provider answered ${res.status} without a redirect or a form: ${html.slice(0, 300)}`);
        url = new URL(action, url).href;
        body = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
      }
      throw new Error('the provider did not send the browser back');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
