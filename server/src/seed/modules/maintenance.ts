import type { DemoRows } from './index.ts';

/** Demo rows of the maintenance module's screens (see index.ts for the format). */
export const maintenanceDemo: DemoRows = {};
