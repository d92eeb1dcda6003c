/**
 * The plugins of the product, in the order their hooks run. Domain behaviour that metadata cannot
 * express lives here.
 */
import type { Plugin } from '../engine/src/plugins/host.ts';
import registration from './registration/index.ts';
import adminAccess from './admin-access/index.ts';
import requisition from './requisition/index.ts';
import stores from './stores/index.ts';
import airworthiness from './airworthiness/index.ts';
import procurement from './procurement/index.ts';
import maintenance from './maintenance/index.ts';
import mro from './mro/index.ts';
import records from './records/index.ts';
import transfer from './transfer/index.ts';
import webhooks from './webhooks/index.ts';
import reliability from './reliability/index.ts';
import './errors.ts';

export const plugins: Plugin[] = [registration, adminAccess, requisition, stores, procurement, airworthiness, maintenance, mro, records, transfer, webhooks, reliability];
