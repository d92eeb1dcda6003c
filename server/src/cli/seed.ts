/**
 * `npm run seed`: migrates and loads the demo data into DATABASE_URL or the embedded database in
 * DATA_DIR. Refuses when users already exist (it never overwrites data).
 */
import { loadConfig } from '../config.ts';
import { createServices } from '../boot.ts';
import { hasUsers, seedDemo } from '../seed/demo.ts';

const services = await createServices(loadConfig());
try {
  if (await hasUsers(services.database.db)) {
    console.error('The database already has users; the demo seed only loads into an empty database.');
    process.exitCode = 1;
  } else {
    const t = Date.now();
    await seedDemo(services.database.db, services.reg);
    console.log(`Demo data loaded in ${Date.now() - t} ms.`);
  }
} finally {
  await services.database.close();
}
