/**
 * Demo rows per module, added to demo-aviation.ts. Each file exports rows as
 * `{ [compcode]: { [entity]: rows[] } }`; references are written '@entity:field=value' and resolved
 * to keys at insert time; the seeder orders entities by those references (any order works here).
 */
import { logisticDemo } from './logistic.ts';
import { procurementDemo } from './procurement.ts';
import { maintenanceDemo } from './maintenance.ts';
import { maintenanceADemo } from './maintenance-a.ts';
import { maintenanceBDemo } from './maintenance-b.ts';
import { mroDemo } from './mro.ts';

export type DemoRows = Record<string, Record<string, Record<string, unknown>[]>>;

export const demoModules: DemoRows[] = [logisticDemo, procurementDemo, maintenanceDemo, maintenanceADemo, maintenanceBDemo, mroDemo];
