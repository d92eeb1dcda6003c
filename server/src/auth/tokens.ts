/**
 * Access tokens (JWT, HS256, short-lived) and refresh tokens (opaque, stored hashed, rotated).
 * A refresh token is used once: using it again revokes its whole family (every token issued from
 * the same sign-in), since reuse means it was stolen or replayed. The signing secret is shared by
 * all server processes: JWT_SECRET, or one generated once and kept in sys_setting.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import { appError } from '../../../engine/src/errors.ts';

export type TokenScope = 'full' | 'pwchange';

export interface AccessClaims {
  sub: number;
  username: string;
  scope: TokenScope;
  /** The user's token generation when issued (users.token_gen); tokens of an older one are refused. */
  gen?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function sharedSecret(db: DB, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomBytes(48).toString('base64url');
  await db
    .insertInto('sys_setting')
    .values({ setting_key: 'jwt_secret', setting_value: fresh })
    .onConflict((oc) => oc.column('setting_key').doNothing())
    .execute();
  const row = await db.selectFrom('sys_setting').select('setting_value').where('setting_key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.setting_value as string);
}

export class TokenService {
  constructor(
    private readonly db: DB,
    private readonly secret: Uint8Array,
    private readonly accessSeconds: number,
    private readonly refreshDays: number,
  ) {}

  async signAccess(c: AccessClaims, seconds = this.accessSeconds): Promise<string> {
    return new SignJWT({ username: c.username, scope: c.scope, gen: c.gen ?? 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.sub))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(this.secret);
  }

  /** The secret imported once as an HMAC key (jose would import a raw secret on every call). */
  private key: Promise<CryptoKey> | undefined;
  /**
   * Tokens whose signature has been checked, with their claims and expiry: a signature under a
   * fixed secret is checked once per process instead of on every request (the expiry is still
   * checked every time, and everything else about the user is read fresh from the database).
   * Bounded; the oldest entry goes first.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  static readonly VERIFIED_CACHE = 5000;

  async verifyAccess(token: string): Promise<AccessClaims> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        throw appError('ERR_TOKEN_EXPIRED');
      }
      return hit.claims;
    }
    try {
      this.key ??= crypto.subtle.importKey('raw', new Uint8Array(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || typeof payload.username !== 'string') throw appError('ERR_AUTH_REQUIRED');
      const gen = typeof payload.gen === 'number' && Number.isSafeInteger(payload.gen) ? payload.gen : 0;
      const claims: AccessClaims = { sub, username: payload.username, scope: payload.scope === 'full' ? 'full' : 'pwchange', gen, iat: payload.iat };
      if (this.verified.size >= TokenService.VERIFIED_CACHE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, exp: payload.exp as number });
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw appError('ERR_TOKEN_EXPIRED');
      throw appError('ERR_AUTH_REQUIRED');
    }
  }

  /** Issues a refresh token in a new family (sign-in) or the given one (rotation). */
  async issueRefresh(userId: number, family?: string, db: DB = this.db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sys_refresh_token')
      .values({
        token_hash: sha256(token),
        family: family ?? randomBytes(16).toString('hex'),
        user_id: userId,
        expires_at: new Date(Date.now() + this.refreshDays * 86_400_000).toISOString(),
      })
      .execute();
    return token;
  }

  /**
   * Rotates a refresh token: marks it used and returns a new one of the same family with the user.
   * A token already used or revoked revokes its whole family and is refused.
   */
  async rotate(token: string): Promise<{ userId: number; refresh: string }> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw appError('ERR_REFRESH_INVALID');
    const h = sha256(token);
    const claimed = await this.db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable('sys_refresh_token')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', h)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .returning(['user_id', 'family'])
        .executeTakeFirst();
      if (!used) return null;
      const refresh = await this.issueRefresh(used.user_id as number, used.family as string, tx);
      return { userId: used.user_id as number, refresh };
    });
    if (claimed) return claimed;
    // Not claimable: unknown, expired, or reused. Reuse revokes the family (committed on its own).
    const row = await this.db.selectFrom('sys_refresh_token').select(['family']).where('token_hash', '=', h).executeTakeFirst();
    if (row) await this.revokeFamily(row.family as string);
    throw appError('ERR_REFRESH_INVALID');
  }

  async revokeFamily(family: string): Promise<void> {
    await this.db.updateTable('sys_refresh_token').set({ revoked_at: sql`now()` }).where('family', '=', family).where('revoked_at', 'is', null).execute();
  }

  /** The sign-in (family) and user a refresh token belongs to, if it is one of ours. */
  async familyOf(token: string): Promise<{ family: string; user_id: number } | undefined> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
    const row = await this.db.selectFrom('sys_refresh_token').select(['family', 'user_id']).where('token_hash', '=', sha256(token)).executeTakeFirst();
    return row ? { family: String(row.family), user_id: Number(row.user_id) } : undefined;
  }

}
