/**
 * The server under test, in its own process (so its memory can be sampled and the load generator
 * does not share its event loop): the app's own createServices + buildApp, listening on 127.0.0.1
 * on a free port. Prints one JSON line `{"port":…,"pid":…}` when ready; stops on SIGTERM or when
 * its parent goes away.
 *
 *   BENCH_TARGET='{"kind":"postgres","url":"postgres://…"}' node --import tsx bench/server.ts
 */
import { createServices } from '../server/src/boot.ts';
import { buildApp } from '../server/src/app.ts';
import { benchConfig, type Target } from './lib/target.ts';

const target = JSON.parse(process.env.BENCH_TARGET ?? '') as Target;
const services = await createServices(benchConfig(target));
const app = await buildApp(services);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port), pid: process.pid })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(0), 5000);
  force.unref();
  await app.close().catch(() => undefined);
  await services.database.close().catch(() => undefined);
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The runner holds our stdin open; when it exits (even killed), stdin ends and we stop too.
process.stdin.resume();
process.stdin.once('end', () => void stop());
