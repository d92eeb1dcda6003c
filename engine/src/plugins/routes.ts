/**
 * A plugin's own HTTP routes (issue 35 point 4: a plugin contributes its routes as a Fastify
 * plugin). The plugin knows Fastify's types and what the server hands it here, never the server's
 * internals: the engine's services, the caller of a request (its letters, user and company), the
 * action context of a request (the one action runner), and the server's one spreadsheet writer
 * and multipart spooler. The server registers every plugin's `routes` under /api (server/src/app.ts).
 *
 *   routes: (s) => async (app) => { app.get('/aircraft-mrequest/list', async (req) => listOf(s.caller(req))); },
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppAbility } from '../access/ability.ts';
import type { Repository, UserRef } from '../crud/repository.ts';
import type { DB } from '../db/database.ts';
import type { SpooledFile } from '../files/attachments.ts';
import type { Registry } from '../metadata/registry.ts';
import type { ActionContext } from './host.ts';

/** Who calls: their letters in the active company, their reference, and the company's code and currency. */
export interface RouteCaller {
  ability: AppAbility;
  user: UserRef;
  company: { compcode: string; currency: string };
}

export interface SpreadsheetOf {
  /** Download name without the .xlsx extension. */
  filename: string;
  sheet: string;
  columns: { header: string; key: string }[];
  rows: AsyncIterable<Record<string, unknown>[]>;
  total?: number;
}

export interface RouteServices {
  db: DB;
  reg: Registry;
  repo: Repository;
  /** The cap of a list's counted total (config). */
  listTotalCap: number;
  /** The signed-in caller of a request (the server's authentication has run). */
  caller(req: FastifyRequest): RouteCaller;
  /** The action context of the request's caller (runAction), joined to `tx` when given. */
  actionContext(req: FastifyRequest, tx?: DB): ActionContext;
  /** Answers with an xlsx streamed from the rows. */
  sendSpreadsheet(req: FastifyRequest, reply: FastifyReply, sheet: SpreadsheetOf): FastifyReply;
  /** Reads a multipart request, its files spooled to disk (each at most the attachment limit; larger: 413 `tooLarge`). */
  withUploads<T>(req: FastifyRequest, limits: { files: number; fields: number; fieldSize: number }, tooLarge: string, fn: (parts: { fields: Record<string, string>; files: SpooledFile[] }) => Promise<T>): Promise<T>;
}

/** A plugin's routes: a Fastify plugin built from the services the server hands it. */
export type PluginRoutes = (s: RouteServices) => FastifyPluginAsync;
